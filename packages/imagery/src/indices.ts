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

/*
 * Default legends, one per index (used when the database holds no legend rows for the index; the seeded and
 * admin-edited legends take precedence). Each index has its own thresholds because the indices do not share a
 * scale: for the same canopy, SAVI, MSAVI and EVI read lower than NDVI and GNDVI reads higher (bare sand gives
 * GNDVI ≈ 0.25 but NDVI ≈ 0.1). The thresholds are typical ranges for field crops, not crop- or
 * stage-specific calibrations; an agronomist may refine them per deployment in the back office.
 * Intervals are [start, end) over the index's range; labels in French and Arabic.
 */

const BARE = 'rgb(165, 81, 42)';
const SPARSE = 'rgb(240, 210, 60)';
const MODERATE = 'rgb(140, 200, 80)';
const DENSE = 'rgb(26, 120, 50)';

const BARE_OR_WATER = { fr: 'Eau ou sol nu', ar: 'ماء أو تربة عارية' };
const SPARSE_OR_STRESSED = { fr: 'Végétation clairsemée ou stressée', ar: 'غطاء نباتي متفرق أو مجهد' };
const MODERATE_VEGETATION = { fr: 'Végétation modérée', ar: 'غطاء نباتي متوسط' };
const DENSE_VEGETATION = { fr: 'Végétation dense et saine', ar: 'غطاء نباتي كثيف وسليم' };

/** A four-class vegetation legend: bare/water, sparse or stressed, moderate, dense, cut at t1 < t2 < t3. */
function vegetationLegend(t1: number, t2: number, t3: number): readonly LegendInterval[] {
  return [
    { start: -1, end: t1, color: BARE, label: BARE_OR_WATER },
    { start: t1, end: t2, color: SPARSE, label: SPARSE_OR_STRESSED },
    { start: t2, end: t3, color: MODERATE, label: MODERATE_VEGETATION },
    { start: t3, end: 1, color: DENSE, label: DENSE_VEGETATION },
  ];
}

/**
 * NDVI (Rouse et al. 1974, "Monitoring vegetation systems in the Great Plains with ERTS"): water and
 * non-vegetated surfaces below 0, bare soil about 0–0.2, sparse or stressed cover 0.2–0.4, moderate
 * 0.4–0.6, dense green canopies above 0.6 — the widely used agronomic reading of NDVI.
 */
const NDVI_LEGEND: readonly LegendInterval[] = [
  { start: -1, end: 0, color: 'rgb(140, 120, 100)', label: BARE_OR_WATER },
  { start: 0, end: 0.2, color: 'rgb(191, 94, 60)', label: { fr: 'Sol nu', ar: 'تربة عارية' } },
  { start: 0.2, end: 0.4, color: 'rgb(240, 220, 80)', label: SPARSE_OR_STRESSED },
  { start: 0.4, end: 0.6, color: 'rgb(145, 207, 96)', label: MODERATE_VEGETATION },
  { start: 0.6, end: 1, color: 'rgb(26, 150, 65)', label: DENSE_VEGETATION },
];

/**
 * NDRE (Barnes et al. 2000, "Coincident detection of crop water stress, nitrogen status and canopy density
 * using ground based multispectral data", Proc. 5th Int. Conf. on Precision Agriculture): NIR against the
 * red edge, which keeps responding to chlorophyll where NDVI saturates. With Sentinel-2 B8/B5 it runs well
 * below NDVI: bare soil under about 0.2, healthy closed crop canopies about 0.35–0.6. Same thresholds as the
 * seeded NDRE legend (packages/db/src/seed/indices.ts).
 */
const NDRE_LEGEND: readonly LegendInterval[] = [
  { start: -1, end: 0.2, color: BARE, label: { fr: 'Chlorophylle faible', ar: 'يخضور ضعيف' } },
  { start: 0.2, end: 0.35, color: SPARSE, label: { fr: 'Chlorophylle modérée', ar: 'يخضور متوسط' } },
  { start: 0.35, end: 0.5, color: MODERATE, label: { fr: 'Chlorophylle bonne', ar: 'يخضور جيد' } },
  { start: 0.5, end: 1, color: DENSE, label: { fr: 'Chlorophylle très élevée', ar: 'يخضور مرتفع جدا' } },
];

/**
 * MSAVI2 (Qi et al. 1994, "A modified soil adjusted vegetation index", Remote Sensing of Environment 48):
 * meant for low cover, where soil shows between plants. Growth-stage reading used by agronomic guides
 * (e.g. EOS Data Analytics' MSAVI guide): below 0.2 bare soil, 0.2–0.4 emergence, 0.4–0.6 developing
 * canopy, above 0.6 a dense canopy better followed with NDVI or NDRE. Same thresholds as the seeded
 * MSAVI legend.
 */
const MSAVI_LEGEND: readonly LegendInterval[] = [
  { start: -1, end: 0.2, color: BARE, label: { fr: 'Sol nu', ar: 'تربة عارية' } },
  { start: 0.2, end: 0.4, color: SPARSE, label: { fr: 'Couvert en développement', ar: 'غطاء في طور النمو' } },
  { start: 0.4, end: 0.6, color: MODERATE, label: { fr: 'Couvert installé', ar: 'غطاء مستقر' } },
  { start: 0.6, end: 1, color: DENSE, label: { fr: 'Couvert dense', ar: 'غطاء كثيف' } },
];

/**
 * EVI (Huete et al. 2002, "Overview of the radiometric and biophysical performance of the MODIS vegetation
 * indices", Remote Sensing of Environment 83): green vegetation spans about 0.2–0.8 and EVI does not
 * saturate like NDVI; bare soil and desert stay near or under 0.1. A moderate canopy (NDVI ≈ 0.5) gives
 * EVI ≈ 0.3, a dense crop ≈ 0.6–0.7.
 */
const EVI_LEGEND = vegetationLegend(0.1, 0.3, 0.5);

/**
 * SAVI with L = 0.5 (Huete 1988, "A soil-adjusted vegetation index (SAVI)", Remote Sensing of Environment
 * 25): the soil term lowers the values of partial covers compared with NDVI (about two thirds of NDVI over
 * cropland reflectances): bare soil under about 0.15, sparse cover to 0.25, moderate to 0.4, dense above.
 */
const SAVI_LEGEND = vegetationLegend(0.15, 0.25, 0.4);

/**
 * GNDVI (Gitelson, Kaufman & Merzlyak 1996, "Use of a green channel in remote sensing of global vegetation
 * from EOS-MODIS", Remote Sensing of Environment 58): soils reflect less green than red, so GNDVI reads
 * higher than NDVI on bare ground — dry soil and sand give about 0.2–0.3 — while green canopies reach
 * 0.6–0.8. Bare ground therefore runs to 0.3, sparse cover to 0.45, moderate to 0.6, dense above.
 */
const GNDVI_LEGEND = vegetationLegend(0.3, 0.45, 0.6);

/**
 * NDMI (Gao 1996, "NDWI—A normalized difference water index for remote sensing of vegetation liquid water
 * from space", Remote Sensing of Environment 58; NIR against SWIR 1.6 µm): negative for dry vegetation and
 * bare soil, rising with canopy water content.
 */
const MOISTURE_LEGEND: readonly LegendInterval[] = [
  { start: -1, end: 0, color: 'rgb(230, 215, 180)', label: { fr: 'Sec', ar: 'جاف' } },
  { start: 0, end: 0.2, color: 'rgb(198, 219, 239)', label: { fr: 'Humidité faible', ar: 'رطوبة ضعيفة' } },
  { start: 0.2, end: 0.4, color: 'rgb(107, 174, 214)', label: { fr: 'Humidité moyenne', ar: 'رطوبة متوسطة' } },
  { start: 0.4, end: 1, color: 'rgb(8, 81, 156)', label: { fr: 'Humidité élevée', ar: 'رطوبة عالية' } },
];

/** NDWI (McFeeters 1996, International Journal of Remote Sensing 17): open water above 0, land below. */
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
    legend: NDVI_LEGEND,
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
    legend: NDRE_LEGEND,
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
    legend: MSAVI_LEGEND,
  },
  EVI: {
    code: 'EVI',
    name: 'Enhanced Vegetation Index',
    bands: ['nir', 'red', 'blue'],
    formula: (nir, red, blue) => ratio(2.5 * (nir! - red!), nir! + 6 * red! - 7.5 * blue! + 1),
    range: [-1, 1],
    legend: EVI_LEGEND,
  },
  SAVI: {
    code: 'SAVI',
    name: 'Soil-Adjusted Vegetation Index (L = 0.5)',
    bands: ['nir', 'red'],
    formula: (nir, red) => ratio(1.5 * (nir! - red!), nir! + red! + 0.5),
    range: [-1, 1],
    legend: SAVI_LEGEND,
  },
  GNDVI: {
    code: 'GNDVI',
    name: 'Green Normalized Difference Vegetation Index',
    bands: ['nir', 'green'],
    formula: (nir, green) => normalizedDifference(nir!, green!),
    range: [-1, 1],
    legend: GNDVI_LEGEND,
  },
};

export const INDEX_CODES = Object.keys(INDICES);

/** The registry key for a name: without the 'Indice' prefix, spaces and case; MSAVI2 is MSAVI. */
function registryKey(name: string): string {
  const key = name
    .replace(/^\s*indice\s*/i, '')
    .replace(/\s+/g, '')
    .toUpperCase();
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
