import {
  DEMO_FARMER_FIELD_KEYS,
  DEMO_FIELDS,
  DEMO_OVERCAST_DATES,
  DEMO_PATCH,
  DEMO_SEASON,
  type DemoField,
} from '@filaha/shared';
import { describe, expect, it } from 'vitest';
import { DEMO_CATALOG_PATH, computeSeries, createCatalog, readBandStack, type SeriesResult } from '../src/index.ts';

/**
 * The demo season (February–October 2025), measured with the engine on the generated catalog: each crop's curve,
 * and the weaker patch that makes the drop alert fire on the demo farm.
 */
const catalog = createCatalog({ catalogPath: DEMO_CATALOG_PATH });
const field = (key: string): DemoField => DEMO_FIELDS.find((f) => f.key === key)!;
const polygon = (f: DemoField) => ({ type: 'Polygon' as const, coordinates: [f.ring] });
const curves = new Map<string, Promise<SeriesResult>>();
const season = (key: string, index = 'NDVI') => {
  const id = `${key} ${index}`;
  if (!curves.has(id))
    curves.set(
      id,
      computeSeries({ catalog, geometry: polygon(field(key)), index, from: DEMO_SEASON.from, to: DEMO_SEASON.to }),
    );
  return curves.get(id)!;
};
const means = async (key: string, index = 'NDVI') =>
  new Map((await season(key, index)).points.map((p) => [p.date, p.stats.mean!]));
const inMonths = (values: Map<string, number>, months: string[]) =>
  [...values].filter(([d]) => months.includes(d.slice(5, 7))).map(([, v]) => v);
const max = (v: number[]) => Math.max(...v);
const min = (v: number[]) => Math.min(...v);

/** Per-pixel NDVI of a parcel on one date (same grid for every date: one tile, one CRS). */
async function ndviPixels(f: DemoField, date: string): Promise<Float64Array> {
  const [item] = await catalog.search({ geometry: polygon(f), start: date, end: date });
  const stack = await readBandStack(catalog.reader, item!, ['red', 'nir'], polygon(f), { scl: false });
  const { red, nir } = stack.bands;
  return Float64Array.from(stack.inParcel, (inside, i) =>
    inside ? (nir![i]! - red![i]!) / (nir![i]! + red![i]!) : Number.NaN,
  );
}

describe('demo season phenology', () => {
  it('wheat greens up from February, peaks in April, ripens and is harvested in June; overcast dates skipped', async () => {
    const wheat = await means('wheat');
    const series = await season('wheat');
    expect(series.skipped.map((s) => s.date)).toEqual(expect.arrayContaining([...DEMO_OVERCAST_DATES]));
    expect(series.skipped.every((s) => s.reason === 'CLOUDY')).toBe(true);
    const peak = [...wheat].reduce((a, b) => (b[1] > a[1] ? b : a));
    expect(peak[0].slice(0, 7)).toBe('2025-04');
    expect(peak[1]).toBeGreaterThan(0.75);
    expect(wheat.get('2025-02-01')!).toBeLessThan(0.45);
    expect(max(inMonths(wheat, ['07', '08', '09', '10']))).toBeLessThan(0.25);
    // Green-up: rising from one clear acquisition to the next until the peak.
    const rising = [...wheat].filter(([d]) => d <= peak[0]).map(([, v]) => v);
    expect(rising.every((v, k) => k === 0 || v >= rising[k - 1]! - 0.015)).toBe(true);
  });

  it('irrigated maize is sown in spring and peaks in summer; citrus stays green; the vines have their leaf season', async () => {
    const maize = await means('maize');
    expect(max(inMonths(maize, ['02', '03', '04', '05']))).toBeLessThan(0.3);
    expect(max(inMonths(maize, ['08']))).toBeGreaterThan(0.75);
    expect(min(inMonths(maize, ['10']))).toBeLessThan(0.3); // harvested
    const citrus = [...(await means('citrus')).values()];
    expect(max(citrus) - min(citrus)).toBeLessThan(0.08);
    expect(min(citrus)).toBeGreaterThan(0.6);
    const vines = await means('vineyard');
    expect(max(inMonths(vines, ['02', '03']))).toBeLessThan(0.25);
    expect(min(inMonths(vines, ['06', '07']))).toBeGreaterThan(0.4);
    // Rain-fed vines dry out late in summer: NDMI falls while NDVI is still that of a leafy vineyard.
    const vinesNdmi = await means('vineyard', 'NDMI');
    expect(max(inMonths(vinesNdmi, ['06']))).toBeGreaterThan(0.1);
    expect(max(inMonths(vinesNdmi, ['09']))).toBeLessThan(0.02);
    expect(min(inMonths(vines, ['09']))).toBeGreaterThan(0.3);
    // The irrigated maize does not: its NDMI follows its canopy.
    expect(min(inMonths(await means('maize', 'NDMI'), ['08']))).toBeGreaterThan(0.3);
  });
});

describe('the weaker patch (DEMO_PATCH)', () => {
  it('is in a demo farmer field, on a clear date following a clear date', async () => {
    expect(DEMO_FARMER_FIELD_KEYS).toContain(DEMO_PATCH.field);
    const points = (await season(DEMO_PATCH.field)).points.map((p) => p.date);
    const at = points.indexOf(DEMO_PATCH.date);
    expect(at).toBeGreaterThan(0);
    expect(points[at - 1]).toBe(DEMO_PATCH.previousDate);
  });

  it('falls by more than 0.15 NDVI on at least a quarter of the parcel, and the parcel mean by more than 0.10', async () => {
    const f = field(DEMO_PATCH.field);
    const before = await ndviPixels(f, DEMO_PATCH.previousDate);
    const after = await ndviPixels(f, DEMO_PATCH.date);
    const inside = before.filter((v) => !Number.isNaN(v)).length;
    let fell = 0;
    for (let i = 0; i < before.length; i++) if (after[i]! - before[i]! < -0.15) fell++;
    expect(inside).toBeGreaterThan(1000);
    expect(fell / inside).toBeGreaterThan(0.25);
    const wheat = await means(DEMO_PATCH.field);
    expect(wheat.get(DEMO_PATCH.previousDate)! - wheat.get(DEMO_PATCH.date)!).toBeGreaterThan(0.1);
  });

  it('is the only drop of more than 0.10 between consecutive clear acquisitions on the demo farmer parcels', async () => {
    const drops: string[] = [];
    for (const key of DEMO_FARMER_FIELD_KEYS) {
      const points = (await season(key)).points;
      for (let k = 1; k < points.length; k++) {
        if (points[k - 1]!.stats.mean! - points[k]!.stats.mean! > 0.1) drops.push(`${key} ${points[k]!.date}`);
      }
    }
    expect(drops).toEqual([`${DEMO_PATCH.field} ${DEMO_PATCH.date}`]);
  });
});
