/**
 * Axis labels that cost no layout. recharts measures every candidate label in the DOM to pick the ones that fit
 * (`interval="preserveStartEnd"`: a forced layout per label, 52 labels for a year of acquisitions) and again every
 * word of each label it draws (its `Text`). On a phone with the farm map beside it that was the page's longest task
 * (issue 27 §2, docs/PERFORMANCE.md). The labels here are chosen by time, not by measuring, and drawn as plain
 * `<text>`; the axes get `interval={0}` (draw exactly these).
 */
import type { ReactElement } from 'react';

/**
 * At most `max` of `values` (sorted times), spread evenly in time: the first and the last always, the others the
 * nearest to evenly spaced times, none closer to a kept one than three quarters of that spacing (so labels of
 * about the same width never overlap where acquisitions bunch up).
 */
export function spreadTicks(values: readonly number[], max: number): number[] {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  if (sorted.length <= 2 || max <= 2) return sorted.length <= 1 ? sorted : [sorted[0]!, sorted.at(-1)!];
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  const step = (last - first) / (max - 1);
  const gap = step * 0.75;
  const kept = [first];
  for (let i = 1; i < max - 1; i++) {
    const target = first + step * i;
    let best = sorted[0]!;
    for (const v of sorted) if (Math.abs(v - target) < Math.abs(best - target)) best = v;
    if (best - kept.at(-1)! >= gap && last - best >= gap) kept.push(best);
  }
  kept.push(last);
  return kept;
}

interface TickProps {
  x?: number | string;
  y?: number | string;
  textAnchor?: 'start' | 'middle' | 'end' | 'inherit';
  payload?: { value: unknown };
}

/**
 * A label of `format(value)` at recharts' tick position. `dy` as recharts' own `Text` places it: "0.71em" under a
 * bottom axis' tick, "0.355em" centred on a left axis' tick.
 */
export function plainTick(
  format: (value: number) => string,
  dy: string,
  fill: string,
): (props: TickProps) => ReactElement {
  return function PlainTick({ x, y, textAnchor, payload }: TickProps) {
    return (
      <text
        x={x}
        y={y}
        dy={dy}
        textAnchor={textAnchor}
        fill={fill}
        fontSize={12}
        className="recharts-text recharts-cartesian-axis-tick-value"
      >
        {format(Number(payload?.value))}
      </text>
    );
  };
}
