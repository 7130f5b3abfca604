import { DEMO_FIELDS } from '@filaha/shared';
import { describe, expect, it } from 'vitest';
import { DEMO_EPSG, demoGrid } from '../src/demo-territory.ts';
import { projectRings } from '../src/geo/project.ts';
import { rasterizeRings } from '../src/geo/rasterize.ts';
import { DEMO_CATALOG_PATH, computeSeries, createCatalog, demoTerritoryParcels } from '../src/index.ts';

/**
 * The demo cooperative's parcels (issue 30 §5) lie on the demo imagery's background blocks: each covers pixels of
 * its own, none of a demo field, and the engine measures on the catalog the crop each is given.
 */
const parcels = demoTerritoryParcels();
const polygon = (ring: Array<[number, number]>) => ({ type: 'Polygon' as const, coordinates: [ring] });

describe('the demo cooperative’s parcels', () => {
  it('are about 2,000, the same on every call, with distinct names', () => {
    expect(parcels.length).toBeGreaterThan(1800);
    expect(parcels.length).toBeLessThan(2200);
    expect(demoTerritoryParcels()).toEqual(parcels);
    expect(new Set(parcels.map((p) => p.name)).size).toBe(parcels.length);
  });

  it('cover pixels of their own, never a demo field’s, each at least 0.3 ha', () => {
    const grid = demoGrid();
    const owner = new Int32Array(grid.width * grid.height).fill(-1);
    for (const field of DEMO_FIELDS) {
      const mask = rasterizeRings(projectRings([field.ring], DEMO_EPSG), grid);
      for (let i = 0; i < mask.length; i++) if (mask[i]) owner[i] = -2;
    }
    parcels.forEach((p, k) => {
      const mask = rasterizeRings(projectRings([p.ring], DEMO_EPSG), grid);
      let count = 0;
      for (let i = 0; i < mask.length; i++) {
        if (!mask[i]) continue;
        expect(owner[i], `${p.name} pixel ${i}`).toBe(-1);
        owner[i] = k;
        count++;
      }
      expect(count, p.name).toBeGreaterThanOrEqual(30);
    });
  });

  it('are measured as their crops by the engine on the demo catalog (mid-April, mid-August)', async () => {
    const catalog = createCatalog({ catalogPath: DEMO_CATALOG_PATH });
    const sample = parcels.filter((_, i) => i % 97 === 0);
    expect(new Set(sample.map((p) => p.crop)).size).toBe(6);
    for (const p of sample) {
      const { points } = await computeSeries({
        catalog,
        geometry: polygon(p.ring),
        index: 'NDVI',
        from: '2025-04-17',
        to: '2025-08-10',
      });
      const april = points.find((q) => q.date === '2025-04-17')!.stats.median!;
      const august = points.find((q) => q.date === '2025-08-10')!.stats.median!;
      if (p.crop === 'durum_wheat' || p.crop === 'barley') {
        // A cereal: green in April, stubble in August.
        expect(april, p.name).toBeGreaterThan(0.55);
        expect(august, p.name).toBeLessThan(0.25);
      } else if (p.crop === 'fallow') {
        expect(Math.max(april, august), p.name).toBeLessThan(0.2);
      } else {
        // Orchards and vines: green all season, citrus the greenest.
        expect(Math.abs(april - august), p.name).toBeLessThan(0.1);
        expect(august, p.name).toBeGreaterThan(p.crop === 'citrus' ? 0.45 : 0.2);
      }
    }
  }, 120_000);
});
