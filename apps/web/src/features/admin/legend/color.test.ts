import { describe, expect, it } from 'vitest';
import { LegendInput } from '@filaha/shared';
import { DEFAULT_LEGEND_COLOR, hexToRgb, rgbToHex } from './color.ts';
import { layoutRamp, overlaps } from './ramp.ts';

describe('legend colour picker ↔ rgb string', () => {
  it("turns the picker's #rrggbb into the rgb(r, g, b) the API stores", () => {
    expect(hexToRgb('#1a9641')).toBe('rgb(26, 150, 65)');
    expect(hexToRgb('#FFFFFF')).toBe('rgb(255, 255, 255)');
    expect(hexToRgb('#000000')).toBe(DEFAULT_LEGEND_COLOR);
    expect(hexToRgb('not a colour')).toBe('rgb(0, 0, 0)');
  });

  it('reads an rgb string back into the picker, with or without spaces', () => {
    expect(rgbToHex('rgb(26, 150, 65)')).toBe('#1a9641');
    expect(rgbToHex('rgb(0,0,255)')).toBe('#0000ff');
    expect(rgbToHex('hsl(1, 2%, 3%)')).toBe('#000000');
  });

  it('round-trips, and what it sends passes the shared legend schema', () => {
    for (const hex of ['#d7191c', '#fdae61', '#a6d96a', '#1a9641', '#000000']) {
      expect(rgbToHex(hexToRgb(hex))).toBe(hex);
      const parsed = LegendInput.safeParse({
        intervalDeb: 0,
        intervalFin: 0.2,
        color: hexToRgb(hex),
        descriptionLeg: 'x',
        indiceId: 1,
      });
      expect(parsed.success).toBe(true);
    }
    expect(DEFAULT_LEGEND_COLOR).toBe('rgb(0, 0, 0)');
  });
});

describe('legend ramp preview', () => {
  it('treats intervals as [start, end): touching classes do not overlap', () => {
    expect(overlaps({ intervalDeb: 0, intervalFin: 0.2 }, { intervalDeb: 0.2, intervalFin: 0.4 })).toBe(false);
    expect(overlaps({ intervalDeb: 0, intervalFin: 0.3 }, { intervalDeb: 0.2, intervalFin: 0.4 })).toBe(true);
    expect(overlaps({ intervalDeb: 0.1, intervalFin: 0.15 }, { intervalDeb: 0, intervalFin: 1 })).toBe(true);
  });

  it('places each class on one bar from the smallest start to the largest end', () => {
    const { min, max, segments } = layoutRamp([
      { intervalDeb: 0.5, intervalFin: 1 },
      { intervalDeb: -1, intervalFin: 0 },
      { intervalDeb: 2, intervalFin: 1 },
    ]);
    expect([min, max]).toEqual([-1, 1]);
    expect(segments.map((s) => [s.start, s.width])).toEqual([
      [0, 50],
      [75, 25],
    ]);
  });
});
