import { UnknownIndexError } from './errors.ts';
import type { LegendInterval } from './output/legend.ts';

/**
 * A vegetation index as data: the asset keys it reads (in the order the formula takes them), the formula
 * on reflectances (0–1), the natural range used to clamp values for colouring only, and a default legend.
 * Adding an index is adding one entry to INDICES.
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

const VEGETATION_LEGEND: readonly LegendInterval[] = [
  { start: -1, end: 0, color: 'rgb(140, 120, 100)', label: { fr: 'Eau ou sol nu', ar: 'ماء أو تربة عارية' } },
  { start: 0, end: 0.2, color: 'rgb(191, 94, 60)', label: { fr: 'Sol nu', ar: 'تربة عارية' } },
  {
    start: 0.2,
    end: 0.4,
    color: 'rgb(240, 220, 80)',
    label: { fr: 'Végétation clairsemée ou stressée', ar: 'غطاء نباتي متفرق أو مجهد' },
  },
  { start: 0.4, end: 0.6, color: 'rgb(145, 207, 96)', label: { fr: 'Végétation modérée', ar: 'غطاء نباتي متوسط' } },
  {
    start: 0.6,
    end: 1,
    color: 'rgb(26, 150, 65)',
    label: { fr: 'Végétation dense et saine', ar: 'غطاء نباتي كثيف وسليم' },
  },
];

const MOISTURE_LEGEND: readonly LegendInterval[] = [
  { start: -1, end: 0, color: 'rgb(230, 215, 180)', label: { fr: 'Sec', ar: 'جاف' } },
  { start: 0, end: 0.2, color: 'rgb(198, 219, 239)', label: { fr: 'Humidité faible', ar: 'رطوبة ضعيفة' } },
  { start: 0.2, end: 0.4, color: 'rgb(107, 174, 214)', label: { fr: 'Humidité moyenne', ar: 'رطوبة متوسطة' } },
  { start: 0.4, end: 1, color: 'rgb(8, 81, 156)', label: { fr: 'Humidité élevée', ar: 'رطوبة عالية' } },
];

const WATER_LEGEND: readonly LegendInterval[] = [
  { start: -1, end: 0, color: 'rgb(150, 170, 130)', label: { fr: 'Terre', ar: 'يابسة' } },
  { start: 0, end: 0.2, color: 'rgb(160, 210, 230)', label: { fr: 'Humide', ar: 'رطب' } },
  { start: 0.2, end: 1, color: 'rgb(30, 100, 200)', label: { fr: 'Eau libre', ar: 'مياه مكشوفة' } },
];

export const INDICES: Readonly<Record<string, IndexDefinition>> = {
  NDVI: {
    code: 'NDVI',
    name: 'Normalized Difference Vegetation Index',
    bands: ['nir', 'red'],
    formula: (nir, red) => normalizedDifference(nir!, red!),
    range: [-1, 1],
    legend: VEGETATION_LEGEND,
  },
  NDMI: {
    code: 'NDMI',
    name: 'Normalized Difference Moisture Index',
    bands: ['nir', 'swir16'],
    formula: (nir, swir16) => normalizedDifference(nir!, swir16!),
    range: [-1, 1],
    legend: MOISTURE_LEGEND,
  },
  NDWI: {
    code: 'NDWI',
    name: 'Normalized Difference Water Index (McFeeters)',
    bands: ['green', 'nir'],
    formula: (green, nir) => normalizedDifference(green!, nir!),
    range: [-1, 1],
    legend: WATER_LEGEND,
  },
  NDRE: {
    code: 'NDRE',
    name: 'Normalized Difference Red Edge',
    bands: ['nir', 'rededge1'],
    formula: (nir, rededge1) => normalizedDifference(nir!, rededge1!),
    range: [-1, 1],
    legend: VEGETATION_LEGEND,
  },
  MSAVI: {
    code: 'MSAVI',
    name: 'Modified Soil-Adjusted Vegetation Index (MSAVI2)',
    bands: ['nir', 'red'],
    formula: (nir, red) => {
      const a = 2 * nir! + 1;
      const discriminant = a * a - 8 * (nir! - red!);
      return discriminant < 0 ? Number.NaN : (a - Math.sqrt(discriminant)) / 2;
    },
    range: [-1, 1],
    legend: VEGETATION_LEGEND,
  },
  EVI: {
    code: 'EVI',
    name: 'Enhanced Vegetation Index',
    bands: ['nir', 'red', 'blue'],
    formula: (nir, red, blue) => ratio(2.5 * (nir! - red!), nir! + 6 * red! - 7.5 * blue! + 1),
    range: [-1, 1],
    legend: VEGETATION_LEGEND,
  },
  SAVI: {
    code: 'SAVI',
    name: 'Soil-Adjusted Vegetation Index (L = 0.5)',
    bands: ['nir', 'red'],
    formula: (nir, red) => ratio(1.5 * (nir! - red!), nir! + red! + 0.5),
    range: [-1, 1],
    legend: VEGETATION_LEGEND,
  },
  GNDVI: {
    code: 'GNDVI',
    name: 'Green Normalized Difference Vegetation Index',
    bands: ['nir', 'green'],
    formula: (nir, green) => normalizedDifference(nir!, green!),
    range: [-1, 1],
    legend: VEGETATION_LEGEND,
  },
};

export const INDEX_CODES = Object.keys(INDICES);

/**
 * Finds an index by code, tolerant of the earlier product's names ('Indice NDVI', 'ndvi', 'MSAVI2').
 */
export function getIndex(name: string): IndexDefinition {
  const key = name
    .replace(/^\s*indice\s*/i, '')
    .replace(/\s+/g, '')
    .toUpperCase();
  const found = INDICES[key] ?? (key === 'MSAVI2' ? INDICES.MSAVI : undefined);
  if (!found) throw new UnknownIndexError(name);
  return found;
}
