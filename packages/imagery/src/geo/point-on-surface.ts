import type { FlatRing } from './geometry.ts';

/** Interior intervals [x0, x1] of the even-odd filled rings along the horizontal line at y. */
function intervalsAt(rings: ReadonlyArray<FlatRing>, y: number): Array<[number, number]> {
  const crossings: number[] = [];
  for (const { xs, ys } of rings) {
    const n = xs.length;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const yi = ys[i]!;
      const yj = ys[j]!;
      if (yi > y !== yj > y) crossings.push(xs[i]! + ((y - yi) * (xs[j]! - xs[i]!)) / (yj - yi));
    }
  }
  crossings.sort((a, b) => a - b);
  const out: Array<[number, number]> = [];
  for (let k = 0; k + 1 < crossings.length; k += 2) out.push([crossings[k]!, crossings[k + 1]!]);
  return out;
}

/**
 * A point guaranteed to lie inside the (even-odd filled) rings, unlike the bbox centre or the centroid of a
 * concave or multi-part parcel. Horizontal lines strictly between two consecutive distinct vertex heights
 * cross the same edges, so one line per such band (at its middle, never through a vertex) is tried; the
 * answer is the middle of the widest interior interval found, preferring the band holding the bbox's middle
 * height (the usual case costs one scan). Null only for rings without area.
 */
export function pointOnSurface(rings: ReadonlyArray<FlatRing>): [number, number] | null {
  const heights = [...new Set(rings.flatMap((ring) => Array.from(ring.ys)))].sort((a, b) => a - b);
  if (heights.length < 2) return null;
  const mid = (heights[0]! + heights[heights.length - 1]!) / 2;
  let k = 0;
  while (k + 2 < heights.length && heights[k + 1]! <= mid) k++;
  const order = [
    k,
    ...heights
      .slice(0, -1)
      .map((_, i) => i)
      .filter((i) => i !== k),
  ];
  let best: [number, number] | null = null;
  let bestWidth = 0;
  for (const band of order) {
    const y = (heights[band]! + heights[band + 1]!) / 2;
    for (const [a, b] of intervalsAt(rings, y)) {
      if (b - a > bestWidth) {
        bestWidth = b - a;
        best = [(a + b) / 2, y];
      }
    }
    if (best && band === k) return best;
  }
  return best;
}
