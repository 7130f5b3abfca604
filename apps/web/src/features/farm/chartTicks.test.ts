import { describe, expect, it } from 'vitest';
import { spreadTicks } from './chartTicks.tsx';

const DAY = 86_400_000;
const days = (...n: number[]) => n.map((d) => d * DAY);

describe('spreadTicks', () => {
  it('keeps the first and the last, and at most `max`, spread in time', () => {
    // A year of acquisitions every 5 days.
    const year = Array.from({ length: 73 }, (_, i) => i * 5 * DAY);
    const ticks = spreadTicks(year, 4);
    expect(ticks).toHaveLength(4);
    expect(ticks[0]).toBe(0);
    expect(ticks.at(-1)).toBe(360 * DAY);
    // Evenly: about 120 days apart, each an acquisition day.
    expect(ticks.map((t) => t / DAY)).toEqual([0, 120, 240, 360]);
  });

  it('never puts two labels closer than three quarters of the even spacing where acquisitions bunch up', () => {
    // Dense in spring, nothing in winter: the evenly spaced targets of winter fall on the same few days.
    const values = days(0, 5, 10, 15, 20, 25, 30, 200, 300);
    const ticks = spreadTicks(values, 6);
    const step = (300 * DAY) / 5;
    for (let i = 1; i < ticks.length; i++) expect(ticks[i]! - ticks[i - 1]!).toBeGreaterThanOrEqual(step * 0.75);
    expect(ticks[0]).toBe(0);
    expect(ticks.at(-1)).toBe(300 * DAY);
  });

  it('handles one, two and repeated values', () => {
    expect(spreadTicks([], 4)).toEqual([]);
    expect(spreadTicks(days(3, 3), 4)).toEqual(days(3));
    expect(spreadTicks(days(9, 1), 4)).toEqual(days(1, 9));
    expect(spreadTicks(days(1, 2, 3, 4, 5), 2)).toEqual(days(1, 5));
  });
});
