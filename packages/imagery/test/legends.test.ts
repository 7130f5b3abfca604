import { ENGINE_INDEX_CODES } from '@filaha/shared';
import { describe, expect, it } from 'vitest';
import { compileLegend, findIndex, getIndex, INDEX_CODES, INDICES, type IndexDefinition } from '../src/index.ts';

/** Typical surface reflectances (0–1) per Sentinel-2 band: a dry sandy soil and a dense, healthy crop. */
const SAND = { blue: 0.2, green: 0.23, red: 0.3, rededge1: 0.33, nir: 0.36, swir16: 0.45 };
const DENSE_CROP = { blue: 0.03, green: 0.08, red: 0.04, rededge1: 0.17, nir: 0.45, swir16: 0.2 };
const VEGETATION = ['NDVI', 'NDRE', 'MSAVI', 'EVI', 'SAVI', 'GNDVI'];

function valueOf(index: IndexDefinition, reflectances: Record<string, number>): number {
  return index.formula(...index.bands.map((b) => reflectances[b]!));
}

/** Position of the class holding `value` ([start, end), the top class closed). */
function classOf(index: IndexDefinition, value: number): number {
  const last = index.legend.length - 1;
  return index.legend.findIndex((c, n) => value >= c.start && (value < c.end || (n === last && value === c.end)));
}

describe('default legends', () => {
  it('are one per index: no index reuses another index’s legend or thresholds', () => {
    const thresholds = INDEX_CODES.map((code) => JSON.stringify(INDICES[code]!.legend.map((c) => [c.start, c.end])));
    expect(new Set(thresholds).size).toBe(INDEX_CODES.length);
    expect(new Set(INDEX_CODES.map((code) => INDICES[code]!.legend)).size).toBe(INDEX_CODES.length);
  });

  for (const code of INDEX_CODES) {
    it(`${code}: increasing, contiguous classes covering the index range, labelled in French and Arabic`, () => {
      const { legend, range } = INDICES[code]!;
      expect(legend.length).toBeGreaterThanOrEqual(3);
      expect(legend[0]!.start).toBe(range[0]);
      expect(legend.at(-1)!.end).toBe(range[1]);
      legend.forEach((c, n) => {
        expect(c.end, `${code} class ${n}`).toBeGreaterThan(c.start);
        if (n > 0) expect(c.start, `${code} class ${n}`).toBe(legend[n - 1]!.end);
        expect(c.label?.fr.trim()).toBeTruthy();
        expect(c.label?.ar).toMatch(/[\u0600-\u06ff]/);
      });
      const colour = compileLegend(legend, range);
      for (let v = range[0]; v <= range[1]; v += 0.01) expect(colour(v), `${code} at ${v}`).not.toBeNull();
    });
  }

  it('paints bare sand in the lowest classes and a dense crop in the top ones, for each vegetation index', () => {
    for (const code of VEGETATION) {
      const index = INDICES[code]!;
      expect(classOf(index, valueOf(index, SAND)), `${code} sand`).toBeLessThanOrEqual(1);
      expect(classOf(index, valueOf(index, DENSE_CROP)), `${code} crop`).toBeGreaterThanOrEqual(
        index.legend.length - 2,
      );
    }
  });

  it('reads GNDVI 0.26 (bare sand) as bare ground and a healthy crop’s NDRE (0.45) above "moderate"', () => {
    const gndvi = INDICES.GNDVI!;
    expect(gndvi.legend[classOf(gndvi, 0.26)]!.label?.fr).toBe('Eau ou sol nu');
    const ndre = INDICES.NDRE!;
    expect(classOf(ndre, 0.45)).toBeGreaterThanOrEqual(2);
    expect(ndre.legend[classOf(ndre, 0.45)]!.label?.fr).not.toMatch(/modérée/i);
  });
});

describe('findIndex', () => {
  it('the codes the back office offers (@filaha/shared ENGINE_INDEX_CODES) are exactly the registry', () => {
    expect([...ENGINE_INDEX_CODES]).toEqual(INDEX_CODES);
  });

  it('knows the engine codes and the earlier names, and nothing else', () => {
    expect(findIndex('Indice NDVI')?.code).toBe('NDVI');
    expect(findIndex(' gndvi ')?.code).toBe('GNDVI');
    expect(findIndex('MSAVI2')?.code).toBe('MSAVI');
    for (const name of ['LAI', 'NDVI2', '', 'Indice', 'CONSTRUCTOR', '__PROTO__', 'toString']) {
      expect(findIndex(name), name).toBeUndefined();
    }
    expect(() => getIndex('LAI')).toThrow(/LAI/);
  });
});
