import { describe, expect, it } from 'vitest';
import { availableWater, irrigationAdvice, runWaterBalance, SOIL_TEXTURES } from './water-balance.ts';

/**
 * The root-zone balance (FAO-56 chapter 8) against a table worked by hand, day by day, for a loam 1 m deep with
 * p = 0.5: TAW = 1000 × (0.25 − 0.12) × 1 = 130 mm, RAW = 65 mm, starting 50 mm below field capacity.
 *
 * | day | ET0 | Kc  | rain | irrig. | Pe | Ks                          | ETc      | DP     | Dr end   |
 * | 1   | 5   | 1.0 | 0    | 0      | 0  | 1                           | 5        | 0      | 55       |
 * | 2   | 6   | 1.1 | 0.8  | 0      | 0  | 1 (0.8 < 0.2 × 6: evaporated)| 6.6      | 0      | 61.6     |
 * | 3   | 6   | 1.1 | 0    | 0      | 0  | 1                           | 6.6      | 0      | 68.2     |
 * | 4   | 6   | 1.1 | 0    | 0      | 0  | (130 − 68.2) / 65 = 0.95077 | 6.27508  | 0      | 74.47508 |
 * | 5   | 4   | 1.1 | 10   | 30     | 10 | (130 − 74.47508) / 65       | 3.75861  | 0      | 38.23369 |
 * | 6   | 3   | 1.1 | 60   | 0      | 60 | 1                           | 3.3      | 18.46631 | 0      |
 */
const days = [
  { day: '2026-05-01', et0: 5, kc: 1.0, rain: 0, irrigation: 0 },
  { day: '2026-05-02', et0: 6, kc: 1.1, rain: 0.8, irrigation: 0 },
  { day: '2026-05-03', et0: 6, kc: 1.1, rain: 0, irrigation: 0 },
  { day: '2026-05-04', et0: 6, kc: 1.1, rain: 0, irrigation: 0 },
  { day: '2026-05-05', et0: 4, kc: 1.1, rain: 10, irrigation: 30 },
  { day: '2026-05-06', et0: 3, kc: 1.1, rain: 60, irrigation: 0 },
];
const zone = { texture: 'loam' as const, rootDepth: 1, depletionFraction: 0.5 };

describe('the root-zone water balance', () => {
  it('total and readily available water from the soil texture', () => {
    expect(SOIL_TEXTURES.loam).toEqual({ fieldCapacity: 0.25, wiltingPoint: 0.12 });
    const { taw, raw } = availableWater(zone);
    expect(taw).toBeCloseTo(130, 9);
    expect(raw).toBeCloseTo(65, 9);
  });

  it('follows the hand-worked table day by day', () => {
    const rows = runWaterBalance(zone, days, 50);
    const expected = [
      { pe: 0, ks: 1, etc: 5, dp: 0, dr: 55 },
      { pe: 0, ks: 1, etc: 6.6, dp: 0, dr: 61.6 },
      { pe: 0, ks: 1, etc: 6.6, dp: 0, dr: 68.2 },
      { pe: 0, ks: 0.950769, etc: 6.275077, dp: 0, dr: 74.475077 },
      { pe: 10, ks: 0.85423, etc: 3.75861, dp: 0, dr: 38.233686 },
      { pe: 60, ks: 1, etc: 3.3, dp: 18.466314, dr: 0 },
    ];
    expect(rows).toHaveLength(expected.length);
    rows.forEach((row, i) => {
      const e = expected[i]!;
      expect(row.effectiveRain, `day ${i + 1} Pe`).toBeCloseTo(e.pe, 5);
      expect(row.ks, `day ${i + 1} Ks`).toBeCloseTo(e.ks, 5);
      expect(row.etc, `day ${i + 1} ETc`).toBeCloseTo(e.etc, 5);
      expect(row.deepPercolation, `day ${i + 1} DP`).toBeCloseTo(e.dp, 5);
      expect(row.depletion, `day ${i + 1} Dr`).toBeCloseTo(e.dr, 5);
    });
  });

  it('advises irrigating once the depletion passes RAW: the refill depth and the hours of the system', () => {
    const rows = runWaterBalance(zone, days, 50);
    expect(irrigationAdvice(rows[2]!, 10_000, 50)).toMatchObject({ due: true });
    const before = irrigationAdvice(rows[1]!, 10_000, 50);
    expect(before.due).toBe(false);
    const advice = irrigationAdvice(rows[3]!, 10_000, 50);
    expect(advice.due).toBe(true);
    expect(advice.depthMm).toBeCloseTo(74.475077, 5);
    // 74.475 mm over 1 ha = 744.75 m³, at 50 m³/h and 90 % efficiency: 16.55 h.
    expect(advice.hours!).toBeCloseTo(744.75077 / 45, 4);
    expect(irrigationAdvice(rows[3]!, 10_000, null).hours).toBeNull();
  });

  it('never depletes beyond the total available water, nor starts outside it', () => {
    const dry = runWaterBalance(zone, [{ day: '2026-07-01', et0: 9, kc: 1.2, rain: 0, irrigation: 0 }], 500);
    expect(dry[0]!.ks).toBe(0);
    expect(dry[0]!.depletion).toBeCloseTo(130, 9);
  });
});
