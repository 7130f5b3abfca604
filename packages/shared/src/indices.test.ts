import { describe, expect, it } from 'vitest';
import { indexCodeFromName } from './index-names.ts';
import { ENGINE_INDEX_CODES, INDEX_REGISTRY } from './indices.ts';

describe('index registry', () => {
  it('holds exactly the engine codes, each under its own code, named in both languages', () => {
    expect(Object.keys(INDEX_REGISTRY)).toEqual([...ENGINE_INDEX_CODES]);
    for (const [key, entry] of Object.entries(INDEX_REGISTRY)) {
      expect(entry.code).toBe(key);
      expect(entry.names.fr).toBe(`Indice ${key}`);
      expect(entry.names.ar).toMatch(/[\u0600-\u06ff]/);
      expect(indexCodeFromName(entry.names.fr)).toBe(key);
    }
  });

  it('gives a normalised difference exactly two bands and every index a contiguous legend over its range', () => {
    for (const entry of Object.values(INDEX_REGISTRY)) {
      if (entry.formula === 'normalizedDifference') expect(entry.bands, entry.code).toHaveLength(2);
      expect(entry.legend[0]!.start, entry.code).toBe(entry.range[0]);
      expect(entry.legend.at(-1)!.end, entry.code).toBe(entry.range[1]);
      entry.legend.slice(1).forEach((c, n) => expect(c.start, entry.code).toBe(entry.legend[n]!.end));
    }
  });

  it('matches names the SPEC way: without the Indice prefix, spaces and case', () => {
    expect(indexCodeFromName(' Indice  ndvi ')).toBe('NDVI');
    expect(indexCodeFromName('indice nd re')).toBe('NDRE');
    expect(indexCodeFromName('MSAVI2')).toBe('MSAVI2');
  });
});
