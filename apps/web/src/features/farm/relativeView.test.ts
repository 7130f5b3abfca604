import { describe, expect, it } from 'vitest';
import {
  percentileOf,
  RAMP_STOPS,
  rampColor,
  rampGradient,
  rampPosition,
  relativePixels,
  relativeRange,
} from './relativeView.ts';

describe('relative view', () => {
  it('p2–p98 of the valid values only (NaN is masked), linear between ranks', () => {
    const data = new Float32Array(101).map((_, i) => i / 100);
    data[5] = Number.NaN;
    const range = relativeRange(data)!;
    // 100 valid values from 0 to 1 without 0.05: p2 at rank 1.98 → 0.01 + 0.98 × 0.01; p98 at rank 97.02.
    expect(range.low).toBeCloseTo(0.0198, 5);
    expect(range.high).toBeCloseTo(0.9802, 5);
    expect(relativeRange(new Float32Array([Number.NaN]))).toBeNull();
    expect(percentileOf([1, 2, 3, 4, 5], 50)).toBe(3);
  });

  it('a flat field stretches nothing: the middle of the ramp', () => {
    expect(rampPosition(0.7, { low: 0.7, high: 0.7 })).toBe(0.5);
    expect(rampPosition(0.6, { low: 0.68, high: 0.75 })).toBe(0);
    expect(rampPosition(0.715, { low: 0.68, high: 0.75 })).toBeCloseTo(0.5, 6);
    expect(rampPosition(0.9, { low: 0.68, high: 0.75 })).toBe(1);
  });

  it('a continuous ramp from the first stop to the last', () => {
    expect(rampColor(0)).toEqual([...RAMP_STOPS[0]!]);
    expect(rampColor(1)).toEqual([...RAMP_STOPS.at(-1)!]);
    expect(rampColor(0.5)).toEqual([...RAMP_STOPS[2]!]);
    const between = rampColor(0.125);
    expect(between).not.toEqual([...RAMP_STOPS[0]!]);
    expect(between).not.toEqual([...RAMP_STOPS[1]!]);
    expect(rampGradient('to left')).toMatch(/^linear-gradient\(to left, rgb\(215, 48, 39\) 0%/);
  });

  it('pixels: masked stay transparent, others opaque ramp colours, NW corner first', () => {
    const grid = {
      width: 2,
      height: 1,
      bounds: [
        [0, 0],
        [1, 1],
      ] as [[number, number], [number, number]],
      data: new Float32Array([Number.NaN, 0.5]),
    };
    const px = relativePixels(grid, { low: 0, high: 1 });
    expect([...px]).toEqual([0, 0, 0, 0, ...rampColor(0.5), 255]);
  });
});
