/**
 * The offline demo area in the Mitidja plain (UTM 31N). The imagery generator paints these fields into the
 * bundled demo catalog and the database seed gives two of them to the demo farmer, so both stay in step.
 * Polygons are GeoJSON rings: [longitude, latitude], closed.
 */
export const DEMO_AREA = { west: 2.96, south: 36.58, east: 3.02, north: 36.63 } as const;

export type DemoCrop = 'citrus' | 'maize' | 'vineyard' | 'stubble' | 'bare' | 'tomato' | 'water';

export interface DemoField {
  key: string;
  nameFr: string;
  nameAr: string;
  crop: DemoCrop;
  /** Target NDVI at the peak date; the generator varies it per date and within the field. */
  ndvi: number;
  ring: Array<[number, number]>;
}

export const DEMO_FIELDS: ReadonlyArray<DemoField> = [
  {
    key: 'citrus',
    nameFr: "Verger d'agrumes — Boufarik",
    nameAr: 'بستان الحمضيات — بوفاريك',
    crop: 'citrus',
    ndvi: 0.72,
    ring: [
      [2.975, 36.6],
      [2.98, 36.6],
      [2.98, 36.6035],
      [2.975, 36.6035],
      [2.975, 36.6],
    ],
  },
  {
    key: 'maize',
    nameFr: 'Maïs irrigué — Oued El Alleug',
    nameAr: 'ذرة مسقية — وادي العلايق',
    crop: 'maize',
    ndvi: 0.8,
    ring: [
      [2.986, 36.605],
      [2.992, 36.6042],
      [2.993, 36.608],
      [2.9868, 36.6088],
      [2.986, 36.605],
    ],
  },
  {
    key: 'vineyard',
    nameFr: 'Vignoble',
    nameAr: 'كروم العنب',
    crop: 'vineyard',
    ndvi: 0.42,
    ring: [
      [2.995, 36.595],
      [3.001, 36.595],
      [3.001, 36.599],
      [2.995, 36.599],
      [2.995, 36.595],
    ],
  },
  {
    key: 'stubble',
    nameFr: 'Chaume de blé',
    nameAr: 'بقايا حصاد القمح',
    crop: 'stubble',
    ndvi: 0.16,
    ring: [
      [2.97, 36.61],
      [2.979, 36.61],
      [2.979, 36.615],
      [2.97, 36.615],
      [2.97, 36.61],
    ],
  },
  {
    key: 'bare',
    nameFr: 'Sol nu labouré',
    nameAr: 'تربة عارية محروثة',
    crop: 'bare',
    ndvi: 0.08,
    ring: [
      [3.003, 36.61],
      [3.01, 36.61],
      [3.01, 36.614],
      [3.003, 36.614],
      [3.003, 36.61],
    ],
  },
  {
    key: 'tomato',
    nameFr: 'Tomate de plein champ',
    nameAr: 'طماطم حقلية',
    crop: 'tomato',
    ndvi: 0.6,
    ring: [
      [2.983, 36.59],
      [2.989, 36.59],
      [2.989, 36.593],
      [2.983, 36.593],
      [2.983, 36.59],
    ],
  },
  {
    key: 'reservoir',
    nameFr: "Retenue d'eau",
    nameAr: 'حوض مائي',
    crop: 'water',
    ndvi: -0.35,
    ring: [
      [3.006, 36.596],
      [3.0095, 36.596],
      [3.0095, 36.5985],
      [3.006, 36.5985],
      [3.006, 36.596],
    ],
  },
];

/** The demo farmer's two parcels (SPEC: "two parcels in the Mitidja plain"). */
export const DEMO_FARMER_FIELD_KEYS = ['citrus', 'maize'] as const;

/** Acquisition dates of the demo catalog; 2025-08-17 carries a cloud and its shadow over part of the area. */
export const DEMO_DATES = ['2025-08-10', '2025-08-12', '2025-08-15', '2025-08-17', '2025-08-20', '2025-08-25'] as const;
export const DEMO_CLOUDY_DATE = '2025-08-17';
