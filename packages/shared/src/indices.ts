// The index registry: what the imagery engine computes, the seed writes and the web shows, written once. Without
// zod: the web reads it on screens that validate nothing.

/** One colour class of a default legend: [start, end), an 'rgb(r, g, b)' colour and its meaning in both languages. */
export interface IndexLegendClass {
  readonly start: number;
  readonly end: number;
  readonly color: string;
  readonly label: { readonly fr: string; readonly ar: string };
}

/**
 * The formula of an index, by name; the engine (@filaha/imagery) holds the arithmetic. `normalizedDifference`
 * is (b0 − b1)/(b0 + b1) over the index's two bands in order; the others take the bands in the order listed.
 */
export type IndexFormulaId = 'normalizedDifference' | 'msavi2' | 'evi' | 'savi';

export interface IndexEntry {
  readonly code: string;
  /** Display names: French (the seeded `indices.name`, e.g. 'Indice NDVI') and Arabic. */
  readonly names: { readonly fr: string; readonly ar: string };
  /** The scientific name, as the literature writes it. */
  readonly scientificName: string;
  /** STAC asset keys the formula reads, in the order it takes them. */
  readonly bands: readonly string[];
  readonly formula: IndexFormulaId;
  /** Natural range, used to clamp values for colouring only. */
  readonly range: readonly [number, number];
  /**
   * Default legend: seeded for the seeded indices, added to an index the back office creates, and used by the
   * engine when the database holds no legend for the index.
   */
  readonly legend: readonly IndexLegendClass[];
}

/** The index codes the imagery engine computes: the back office offers these and the API refuses any other. */
export const ENGINE_INDEX_CODES = ['NDVI', 'NDMI', 'NDWI', 'NDRE', 'MSAVI', 'EVI', 'SAVI', 'GNDVI'] as const;
export type EngineIndexCode = (typeof ENGINE_INDEX_CODES)[number];

const cls = (start: number, end: number, color: string, fr: string, ar: string): IndexLegendClass => ({
  start,
  end,
  color,
  label: { fr, ar },
});

const BARE = 'rgb(165, 81, 42)';
const SPARSE = 'rgb(240, 210, 60)';
const MODERATE = 'rgb(140, 200, 80)';
const DENSE = 'rgb(26, 120, 50)';

/**
 * A four-class vegetation legend cut at t1 < t2 < t3 (bare or water, sparse or stressed, moderate, dense), for the
 * indices whose scale differs from NDVI's: for the same canopy SAVI and EVI read lower and GNDVI higher.
 */
function vegetationLegend(t1: number, t2: number, t3: number): readonly IndexLegendClass[] {
  return [
    cls(-1, t1, BARE, 'Eau ou sol nu', 'ماء أو تربة عارية'),
    cls(t1, t2, SPARSE, 'Végétation clairsemée ou stressée', 'غطاء نباتي متفرق أو مجهد'),
    cls(t2, t3, MODERATE, 'Végétation modérée', 'غطاء نباتي متوسط'),
    cls(t3, 1, DENSE, 'Végétation dense et saine', 'غطاء نباتي كثيف وسليم'),
  ];
}

const entry = (
  code: EngineIndexCode,
  ar: string,
  scientificName: string,
  bands: readonly string[],
  formula: IndexFormulaId,
  legend: readonly IndexLegendClass[],
): IndexEntry => ({
  code,
  names: { fr: `Indice ${code}`, ar },
  scientificName,
  bands,
  formula,
  range: [-1, 1],
  legend,
});

/*
 * The thresholds are typical ranges for field crops, not crop- or stage-specific calibrations; an agronomist may
 * refine them per deployment in the back office. Sources beside each legend.
 */
export const INDEX_REGISTRY: Readonly<Record<EngineIndexCode, IndexEntry>> = {
  /**
   * Rouse et al. 1974: water and non-vegetated surfaces below 0, bare soil about 0–0.2, sparse or stressed cover
   * 0.2–0.4, moderate 0.4–0.6, dense green canopies above 0.6.
   */
  NDVI: entry('NDVI', 'مؤشر NDVI', 'Normalized Difference Vegetation Index', ['nir', 'red'], 'normalizedDifference', [
    cls(-1, 0, 'rgb(128, 118, 105)', 'Eau ou surface non végétale', 'ماء أو سطح غير نباتي'),
    cls(0, 0.2, BARE, 'Sol nu', 'تربة عارية'),
    cls(0.2, 0.4, SPARSE, 'Végétation clairsemée ou stressée', 'غطاء نباتي متفرق أو مجهد'),
    cls(0.4, 0.6, MODERATE, 'Végétation modérée', 'غطاء نباتي متوسط'),
    cls(0.6, 1, DENSE, 'Végétation dense et saine', 'غطاء نباتي كثيف وسليم'),
  ]),
  /** Gao 1996 (NIR against SWIR 1.6 µm): negative for dry vegetation and bare soil, rising with canopy water. */
  NDMI: entry('NDMI', 'مؤشر NDMI', 'Normalized Difference Moisture Index', ['nir', 'swir16'], 'normalizedDifference', [
    cls(-1, 0, 'rgb(222, 203, 164)', 'Sec', 'جاف'),
    cls(0, 0.2, 'rgb(173, 216, 230)', 'Humidité faible', 'رطوبة ضعيفة'),
    cls(0.2, 0.4, 'rgb(70, 130, 200)', 'Humidité bonne', 'رطوبة جيدة'),
    cls(0.4, 1, 'rgb(8, 48, 140)', 'Humidité élevée', 'رطوبة مرتفعة'),
  ]),
  /** McFeeters 1996: open water above 0, land below. */
  NDWI: entry(
    'NDWI',
    'مؤشر NDWI',
    'Normalized Difference Water Index (McFeeters)',
    ['green', 'nir'],
    'normalizedDifference',
    [
      cls(-1, 0, 'rgb(150, 160, 120)', 'Terre', 'يابسة'),
      cls(0, 0.2, 'rgb(120, 190, 220)', 'Sol humide', 'تربة رطبة'),
      cls(0.2, 1, 'rgb(20, 80, 200)', 'Eau libre', 'مياه مكشوفة'),
    ],
  ),
  /**
   * Barnes et al. 2000: NIR against the red edge, which keeps responding to chlorophyll where NDVI saturates; with
   * Sentinel-2 B8/B5 bare soil reads under about 0.2, healthy closed canopies about 0.35–0.6.
   */
  NDRE: entry('NDRE', 'مؤشر NDRE', 'Normalized Difference Red Edge', ['nir', 'rededge1'], 'normalizedDifference', [
    cls(-1, 0.2, BARE, 'Chlorophylle faible', 'يخضور ضعيف'),
    cls(0.2, 0.35, SPARSE, 'Chlorophylle modérée', 'يخضور متوسط'),
    cls(0.35, 0.5, MODERATE, 'Chlorophylle bonne', 'يخضور جيد'),
    cls(0.5, 1, DENSE, 'Chlorophylle très élevée', 'يخضور مرتفع جدا'),
  ]),
  /**
   * MSAVI2 (Qi et al. 1994), for low cover: below 0.2 bare soil, 0.2–0.4 emergence, 0.4–0.6 developing canopy,
   * above 0.6 a dense canopy better followed with NDVI or NDRE.
   */
  MSAVI: entry('MSAVI', 'مؤشر MSAVI', 'Modified Soil-Adjusted Vegetation Index (MSAVI2)', ['nir', 'red'], 'msavi2', [
    cls(-1, 0.2, BARE, 'Sol nu', 'تربة عارية'),
    cls(0.2, 0.4, SPARSE, 'Couvert en développement', 'غطاء في طور النمو'),
    cls(0.4, 0.6, MODERATE, 'Couvert installé', 'غطاء مستقر'),
    cls(0.6, 1, DENSE, 'Couvert dense', 'غطاء كثيف'),
  ]),
  /** Huete et al. 2002: green vegetation about 0.2–0.8 without NDVI's saturation; bare soil near or under 0.1. */
  EVI: entry(
    'EVI',
    'مؤشر EVI',
    'Enhanced Vegetation Index',
    ['nir', 'red', 'blue'],
    'evi',
    vegetationLegend(0.1, 0.3, 0.5),
  ),
  /** SAVI with L = 0.5 (Huete 1988): partial covers read about two thirds of NDVI. */
  SAVI: entry(
    'SAVI',
    'مؤشر SAVI',
    'Soil-Adjusted Vegetation Index (L = 0.5)',
    ['nir', 'red'],
    'savi',
    vegetationLegend(0.15, 0.25, 0.4),
  ),
  /** Gitelson et al. 1996: GNDVI reads higher than NDVI on bare ground (sand ≈ 0.2–0.3), canopies 0.6–0.8. */
  GNDVI: entry(
    'GNDVI',
    'مؤشر GNDVI',
    'Green Normalized Difference Vegetation Index',
    ['nir', 'green'],
    'normalizedDifference',
    vegetationLegend(0.3, 0.45, 0.6),
  ),
};
