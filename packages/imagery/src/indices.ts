import { INDEX_REGISTRY, indexCodeFromName, type IndexFormulaId } from '@filaha/shared';
import { UnknownIndexError } from './errors.ts';
import type { LegendInterval } from './output/legend.ts';

/**
 * A vegetation index as data: the asset keys it reads (in the order the formula takes them), the formula
 * on reflectances (0–1), the natural range used to clamp values for colouring only, and a default legend.
 * Adding an index is adding one entry to INDEX_REGISTRY (@filaha/shared) and, for a new formula, to FORMULAS.
 */
export interface IndexDefinition {
  code: string;
  name: string;
  bands: readonly string[];
  /** Returns NaN (→ masked pixel) when the formula is undefined, e.g. a zero denominator. */
  formula: (...reflectances: number[]) => number;
  range: readonly [number, number];
  legend: readonly LegendInterval[];
}

/** (a − b)/(a + b), NaN when a + b = 0. */
export function normalizedDifference(a: number, b: number): number {
  const sum = a + b;
  return sum === 0 ? Number.NaN : (a - b) / sum;
}

const ratio = (numerator: number, denominator: number) => (denominator === 0 ? Number.NaN : numerator / denominator);

/** The arithmetic of each formula of the registry (@filaha/shared INDEX_REGISTRY names them), on reflectances 0–1. */
const FORMULAS: Readonly<Record<IndexFormulaId, (...reflectances: number[]) => number>> = {
  normalizedDifference: (a, b) => normalizedDifference(a!, b!),
  /** MSAVI2 (Qi et al. 1994, Remote Sensing of Environment 48), closed form; NaN where the root is undefined. */
  msavi2: (nir, red) => {
    const a = 2 * nir! + 1;
    const discriminant = a * a - 8 * (nir! - red!);
    return discriminant < 0 ? Number.NaN : (a - Math.sqrt(discriminant)) / 2;
  },
  /** EVI (Huete et al. 2002) with the MODIS coefficients. */
  evi: (nir, red, blue) => ratio(2.5 * (nir! - red!), nir! + 6 * red! - 7.5 * blue! + 1),
  /** SAVI with L = 0.5 (Huete 1988). */
  savi: (nir, red) => ratio(1.5 * (nir! - red!), nir! + red! + 0.5),
};

/**
 * The engine's view of the registry (@filaha/shared INDEX_REGISTRY: code, bands, formula, range, default legend,
 * names): the formula as a function. The default legend is used when the database holds no legend rows for the
 * index; the seeded and admin-edited legends take precedence.
 */
export const INDICES: Readonly<Record<string, IndexDefinition>> = Object.fromEntries(
  Object.values(INDEX_REGISTRY).map((entry) => [
    entry.code,
    {
      code: entry.code,
      name: entry.scientificName,
      bands: entry.bands,
      formula: FORMULAS[entry.formula],
      range: entry.range,
      legend: entry.legend,
    },
  ]),
);

export const INDEX_CODES = Object.keys(INDICES);

/** The registry key for a name (the shared normalisation); the earlier product's MSAVI2 is MSAVI. */
function registryKey(name: string): string {
  const key = indexCodeFromName(name);
  return key === 'MSAVI2' ? 'MSAVI' : key;
}

/** The index a code or name denotes, or undefined when the engine cannot compute it. */
export function findIndex(name: string): IndexDefinition | undefined {
  const key = registryKey(name);
  return Object.hasOwn(INDICES, key) ? INDICES[key] : undefined;
}

/**
 * Finds an index by code, tolerant of the earlier product's names ('Indice NDVI', 'ndvi', 'MSAVI2').
 */
export function getIndex(name: string): IndexDefinition {
  const found = findIndex(name);
  if (!found) throw new UnknownIndexError(name);
  return found;
}
