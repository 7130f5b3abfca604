import { ImageryError } from '../errors.ts';

/** A colour class [start, end) with an `rgb(r, g, b)` colour; the admin edits these (legende rows). */
export interface LegendInterval {
  start: number;
  end: number;
  color: string;
  label?: { fr: string; ar: string };
}

/** Parses rgb(r, g, b), rgba(r, g, b, a) and #rrggbb into [r, g, b, a] bytes. */
export function parseColor(color: string): [number, number, number, number] {
  const text = color.trim();
  const hex = text.match(/^#([0-9a-f]{6})$/i);
  if (hex) {
    const value = Number.parseInt(hex[1]!, 16);
    return [(value >> 16) & 255, (value >> 8) & 255, value & 255, 255];
  }
  const fn = text.match(/^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/i);
  if (!fn) throw new ImageryError('INVALID_INPUT', `Unsupported legend colour "${color}" (use rgb(r, g, b))`);
  const byte = (v: string) => Math.max(0, Math.min(255, Math.round(Number(v))));
  const alpha = fn[4] === undefined ? 255 : Math.round(Math.max(0, Math.min(1, Number(fn[4]))) * 255);
  return [byte(fn[1]!), byte(fn[2]!), byte(fn[3]!), alpha];
}

/**
 * Compiles a legend into value → RGBA. Values are first clamped to the index's natural range (EVI and
 * MSAVI can leave [−1, 1]; clamping is for colour only), then to the legend's own span so a value beyond
 * the first or last class still takes that class's colour. Intervals are [start, end); the top class is
 * closed so its upper bound is coloured too. A value in a gap between classes gets null (transparent).
 */
export function compileLegend(
  intervals: ReadonlyArray<LegendInterval>,
  range: readonly [number, number] = [-Infinity, Infinity],
): (value: number) => [number, number, number, number] | null {
  if (intervals.length === 0) throw new ImageryError('INVALID_INPUT', 'A legend needs at least one interval');
  const classes = intervals
    .map((i) => {
      if (!Number.isFinite(i.start) || !Number.isFinite(i.end) || i.end <= i.start) {
        throw new ImageryError('INVALID_INPUT', `Bad legend interval [${i.start}, ${i.end})`);
      }
      return { start: i.start, end: i.end, rgba: parseColor(i.color) };
    })
    .sort((a, b) => a.start - b.start);
  const low = classes[0]!.start;
  const high = Math.max(...classes.map((c) => c.end));
  return (value) => {
    let v = Math.min(range[1], Math.max(range[0], value));
    v = Math.min(high, Math.max(low, v));
    for (const c of classes) {
      if (v >= c.start && (v < c.end || (v === high && c.end === high))) return c.rgba;
    }
    return null;
  };
}
