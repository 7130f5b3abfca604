import { DEMO_FIELDS, DEMO_PATCH, referenceEt0 } from '@filaha/shared';
import { describe, expect, it } from 'vitest';
import { cellOf, leapIndex } from './grid.ts';
import {
  createSyntheticWeatherSource,
  DEMO_DRY_SPELL,
  DEMO_SIROCCO,
  SYNTHETIC_HISTORY_FROM,
  syntheticCovers,
} from './synthetic.ts';
import type { WeatherDay } from './types.ts';

/** The demo area's synthetic weather season (issue 31 §1): deterministic, a wet winter, the April dry spell. */
describe('synthetic demo weather', () => {
  const source = createSyntheticWeatherSource();
  const wheat = DEMO_FIELDS.find((f) => f.key === DEMO_PATCH.field)!;
  const cell = cellOf(wheat.ring[0]![0], wheat.ring[0]![1]);
  const total = (days: WeatherDay[], from: string, to: string) =>
    days.filter((d) => d.date >= from && d.date <= to).reduce((s, d) => s + d.rain, 0);

  it('covers the cells of the demo fields and nothing far from them', () => {
    for (const field of DEMO_FIELDS) {
      for (const [lon, lat] of field.ring) expect(syntheticCovers(cellOf(lon, lat))).toBe(true);
    }
    expect(syntheticCovers(cellOf(3.06, 36.75))).toBe(false); // Algiers
    expect(syntheticCovers(cellOf(5.41, 36.19))).toBe(false); // Sétif
  });

  it('gives the same numbers on every call', async () => {
    const [a] = await source.history([cell], SYNTHETIC_HISTORY_FROM, '2025-08-31');
    const [b] = await createSyntheticWeatherSource().history([cell], SYNTHETIC_HISTORY_FROM, '2025-08-31');
    expect(a).toEqual(b);
    expect(a!.days).toHaveLength(365);
    const climate = await source.climate(cell, 1990, 2020);
    expect(await createSyntheticWeatherSource().climate(cell, 1990, 2020)).toEqual(climate);
  });

  it('rains in winter, not from late March to the end of April, and blows hot and dry before the 22 April drop', async () => {
    const [season] = await source.history([cell], SYNTHETIC_HISTORY_FROM, '2025-08-31');
    const days = season!.days;
    const winter = total(days, '2024-12-01', '2025-02-28');
    expect(winter).toBeGreaterThan(180);
    expect(days.filter((d) => d.date >= '2024-12-01' && d.date <= '2025-02-28' && d.rain >= 1).length).toBeGreaterThan(
      15,
    );
    expect(total(days, DEMO_DRY_SPELL.from, DEMO_DRY_SPELL.to)).toBe(0);
    expect(DEMO_DRY_SPELL.from < DEMO_PATCH.date && DEMO_PATCH.date < DEMO_DRY_SPELL.to).toBe(true);
    expect(DEMO_SIROCCO.to < DEMO_PATCH.date).toBe(true);
    // Summer is dry too.
    expect(total(days, '2025-06-01', '2025-08-31')).toBeLessThan(40);

    const et0 = (d: WeatherDay) =>
      referenceEt0({
        day: d.date,
        latitude: cell.lat,
        altitude: season!.elevation,
        tMax: d.tMax,
        tMin: d.tMin,
        humidity: { rhMax: d.rhMax!, rhMin: d.rhMin! },
        wind: d.wind10m,
        windHeight: 10,
        solarRadiation: d.radiation,
      }).et0;
    const mean = (from: string, to: string) => {
      const sel = days.filter((d) => d.date >= from && d.date <= to);
      return sel.reduce((s, d) => s + et0(d), 0) / sel.length;
    };
    const sirocco = days.filter((d) => d.date >= DEMO_SIROCCO.from && d.date <= DEMO_SIROCCO.to);
    expect(sirocco.every((d) => d.tMax >= 28 && d.rhMin! <= 20)).toBe(true);
    // The crop's demand doubles while the soil dries: about 2 mm/day in early March, 7 in the sirocco week.
    expect(mean('2025-03-01', '2025-03-14')).toBeLessThan(3);
    expect(mean(DEMO_SIROCCO.from, DEMO_SIROCCO.to)).toBeGreaterThan(6);
    expect(mean('2025-07-01', '2025-07-31')).toBeGreaterThan(5);
    // Labelled: no provider ET0 (nothing here is observed), plausible ranges.
    for (const d of days) {
      expect(d.providerEt0).toBeNull();
      expect(d.tMin).toBeLessThan(d.tMax);
      expect(d.rhMin!).toBeLessThanOrEqual(d.rhMax!);
      expect(d.radiation).toBeGreaterThan(3);
    }
  });

  it("marks today and the following days as forecast (Algiers' day)", async () => {
    // 23:30 UTC is already the next day in Algiers (UTC+1).
    const [recent] = await source.recent([cell], {
      pastDays: 3,
      forecastDays: 7,
      now: new Date('2026-11-29T23:30:00Z'),
    });
    expect(recent!.days.map((d) => d.date)).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(recent!.days.filter((d) => d.forecast).map((d) => d.date)[0]).toBe('2026-11-30');
  });

  it('has a 1990–2020 climatology in which the 2024–25 season to 20 April is below normal', async () => {
    const climate = await source.climate(cell, 1990, 2020);
    expect(climate.years).toHaveLength(31);
    const from = leapIndex('09-01');
    const to = leapIndex('04-20');
    const normals = climate.years
      .slice(1)
      .map(
        (y, i) =>
          climate.years[i]!.rain.slice(from).reduce((s, v) => s + v, 0) +
          y.rain.slice(0, to + 1).reduce((s, v) => s + v, 0),
      )
      .sort((a, b) => a - b);
    const median = (normals[14]! + normals[15]!) / 2;
    expect(median).toBeGreaterThan(420);
    expect(median).toBeLessThan(650);
    const [season] = await source.history([cell], SYNTHETIC_HISTORY_FROM, '2025-04-20');
    const rain = total(season!.days, SYNTHETIC_HISTORY_FROM, '2025-04-20');
    expect(rain).toBeLessThan(median);
    expect(rain).toBeGreaterThan(0.5 * median);
  });
});
