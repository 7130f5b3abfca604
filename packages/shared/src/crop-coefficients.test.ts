import { describe, expect, it } from 'vitest';
import {
  adjustedDepletionFraction,
  CROP_WATER_PROFILES,
  cropCoefficient,
  kcbFromNdvi,
  KC_RULES,
  stageOn,
} from './crop-coefficients.ts';
import { CROPS } from './organisations.ts';

describe('crop coefficients (FAO-56 Tables 11, 12, 22)', () => {
  it('durum wheat sown on 15 November: stages of the Mediterranean winter wheat row (30/140/40/30 days)', () => {
    const sowing = '2025-11-15';
    // Initial: Kc ini 0.7 (winter wheat, non-frozen soils).
    expect(stageOn('durum_wheat', '2025-11-20', sowing)).toMatchObject({ stage: 'initial', day: 5, kc: 0.7 });
    // Development, half-way (day 30 + 70): 0.7 + 0.5 × (1.15 − 0.7) (FAO-56 eq. 66).
    const half = stageOn('durum_wheat', '2026-02-23', sowing)!;
    expect(half.stage).toBe('development');
    expect(half.day).toBe(100);
    expect(half.kc).toBeCloseTo(0.925, 12);
    // Mid-season from day 170 (2 May 2026): 1.15; heading to flowering its first 30 days.
    expect(stageOn('durum_wheat', '2026-05-04', sowing)).toMatchObject({ stage: 'mid', kc: 1.15, sensitive: true });
    expect(stageOn('durum_wheat', '2026-06-05', sowing)).toMatchObject({ stage: 'mid', sensitive: false });
    // Late season from day 210 to 240, down to 0.25; harvested after it: no coefficient.
    const late = stageOn('durum_wheat', '2026-06-28', sowing)!;
    expect(late.stage).toBe('late');
    expect(late.kc).toBeCloseTo(1.15 + (15 / 30) * (0.25 - 1.15), 12);
    expect(stageOn('durum_wheat', '2026-07-20', sowing)).toBeNull();
    // Before sowing, or without a sowing date: nothing to say.
    expect(stageOn('durum_wheat', '2025-11-01', sowing)).toBeNull();
    expect(stageOn('durum_wheat', '2025-12-01', null)).toBeNull();
  });

  it('perennials count from their Table 11 start each year and rest outside their season', () => {
    // Olives: from 1 March, 30/90/60/90 days (270), then at Kc ini until the next March.
    expect(stageOn('olive', '2026-03-10', null)).toMatchObject({ stage: 'initial', kc: 0.65 });
    expect(stageOn('olive', '2026-07-15', null)).toMatchObject({ stage: 'mid', kc: 0.7 });
    expect(stageOn('olive', '2027-01-10', null)).toMatchObject({ stage: 'off', kc: 0.65 });
    expect(stageOn('olive', '2027-02-28', null)!.day).toBe(364);
    // Citrus: a whole year from 1 January; its mid value is below its initial one (Table 12: 0.70, 0.65, 0.70).
    expect(stageOn('citrus', '2026-07-01', null)).toMatchObject({ stage: 'mid', kc: 0.65 });
    // Date palms: the mid value all year.
    expect(stageOn('date_palm', '2026-12-31', null)).toMatchObject({ stage: 'mid', kc: 0.95 });
  });

  it('every crop but fallow and "other" has a profile whose stages and values are in FAO-56 ranges', () => {
    for (const crop of CROPS) {
      const profile = CROP_WATER_PROFILES[crop];
      if (crop === 'fallow' || crop === 'other') {
        expect(profile).toBeUndefined();
        continue;
      }
      expect(profile, crop).toBeDefined();
      for (const kc of [profile!.kcIni, profile!.kcMid, profile!.kcEnd]) expect(kc).toBeGreaterThan(0.2);
      expect(profile!.kcbMid).toBeLessThanOrEqual(profile!.kcMid);
      expect(profile!.stages.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(365);
      expect(profile!.p).toBeGreaterThanOrEqual(0.3);
      expect(profile!.p).toBeLessThanOrEqual(0.65);
    }
  });
});

describe('the NDVI adjustment (Campos et al., 2010: Kcb = 1.44 NDVI − 0.10)', () => {
  it('is the cited relation', () => {
    for (const ndvi of [0.1, 0.35, 0.5, 0.84]) expect(kcbFromNdvi(ndvi)).toBeCloseTo(1.44 * ndvi - 0.1, 12);
    expect(kcbFromNdvi(0.02)).toBe(0);
    expect(KC_RULES.source).toContain('Campos');
  });

  it('lowers the Kc of a weak patch, never raises a full canopy, and ignores old or initial-stage points', () => {
    const sowing = '2025-11-15';
    const day = '2026-05-10'; // mid-season: Kc 1.15, full canopy Kcb 1.10
    const full = cropCoefficient('durum_wheat', day, sowing, { value: 0.85, date: '2026-05-05' })!;
    expect(full.kcbNdvi).toBeCloseTo(1.124, 12);
    expect(full.ndviFactor).toBe(1);
    expect(full.kc).toBeCloseTo(1.15, 12);
    // A weak patch: NDVI 0.45 → Kcb 0.548, half a full canopy's 1.10 → Kc 1.15 × 0.548 / 1.10.
    const weak = cropCoefficient('durum_wheat', day, sowing, { value: 0.45, date: '2026-05-05' })!;
    expect(weak.ndviFactor).toBeCloseTo(0.548 / 1.1, 12);
    expect(weak.kc).toBeCloseTo((1.15 * 0.548) / 1.1, 12);
    expect(weak.kcTable).toBe(1.15);
    // Bare-looking (cloud shadow): the factor stops at its floor.
    expect(cropCoefficient('durum_wheat', day, sowing, { value: 0.1, date: '2026-05-05' })!.ndviFactor).toBe(
      KC_RULES.minNdviFactor,
    );
    // A point older than 20 days, or one from the future, is not used.
    for (const date of ['2026-04-10', '2026-05-20'])
      expect(cropCoefficient('durum_wheat', day, sowing, { value: 0.45, date })!.kcbNdvi).toBeNull();
    // Initial stage: the soil's evaporation, not the canopy.
    expect(cropCoefficient('durum_wheat', '2025-11-25', sowing, { value: 0.2, date: '2025-11-24' })).toMatchObject({
      kcbNdvi: null,
      ndviFactor: 1,
      kc: 0.7,
    });
  });

  it("adjusts p for the day's crop water use (FAO-56 Table 22's note)", () => {
    expect(adjustedDepletionFraction(0.55, 5)).toBeCloseTo(0.55, 12);
    expect(adjustedDepletionFraction(0.55, 8)).toBeCloseTo(0.43, 12);
    expect(adjustedDepletionFraction(0.55, 1)).toBeCloseTo(0.71, 12);
    expect(adjustedDepletionFraction(0.65, 0)).toBe(0.8);
    expect(adjustedDepletionFraction(0.3, 15)).toBe(0.1);
  });
});
