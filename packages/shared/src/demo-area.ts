/**
 * The offline demo area in the Mitidja plain (UTM 31N). The imagery generator paints these fields into the
 * bundled demo catalog and the database seed gives two of them to the demo farmer, so both stay in step.
 * Polygons are GeoJSON rings: [longitude, latitude], closed.
 */
export const DEMO_AREA = { west: 2.96, south: 36.58, east: 3.02, north: 36.63 } as const;

export type DemoCrop = 'citrus' | 'maize' | 'vineyard' | 'wheat' | 'bare' | 'tomato' | 'water';

export interface DemoField {
  key: string;
  nameFr: string;
  nameAr: string;
  crop: DemoCrop;
  /**
   * NDVI in mid-August 2025 (the demo's reference window, 2025-08-14 → 2025-08-19); the generator follows the
   * crop's season from it (scripts/demo/season.ts) and varies it within the field.
   */
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
    // Winter wheat of the 2024–25 season: green from February, at its peak in April, harvested in late June,
    // stubble in August.
    key: 'wheat',
    nameFr: 'Blé dur — Mouzaïa',
    nameAr: 'قمح صلب — موزاية',
    crop: 'wheat',
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

/** The demo farmer's parcels: two orchards/row crops and the wheat of the season (SPEC: "parcels in the Mitidja plain"). */
export const DEMO_FARMER_FIELD_KEYS = ['citrus', 'maize', 'wheat'] as const;

/** First and last acquisition of the demo season. */
export const DEMO_SEASON = { from: '2025-02-01', to: '2025-10-29' } as const;

function seasonDates(): string[] {
  const dates: string[] = [];
  // One acquisition every 5 days (the Sentinel-2 revisit of one relative orbit with two satellites)…
  for (let t = Date.parse(DEMO_SEASON.from); t <= Date.parse(DEMO_SEASON.to); t += 5 * 86_400_000)
    dates.push(new Date(t).toISOString().slice(0, 10));
  // …and two more from the neighbouring orbit in August (the tile sits in the overlap of two orbits).
  dates.push('2025-08-12', '2025-08-17');
  return dates.sort();
}

/**
 * Acquisition dates of the demo catalog (synthetic imagery): every 5 days from 2025-02-01 to 2025-10-29, plus
 * 2025-08-12 and 2025-08-17 — 57 dates. The six August dates of the first demo catalog are among them with the
 * same pixels (DEMO_AUGUST_DATES).
 */
export const DEMO_DATES: ReadonlyArray<string> = seasonDates();

/** The six dates of the first demo catalog (August 2025), painted exactly as before the season was added. */
export const DEMO_AUGUST_DATES = [
  '2025-08-10',
  '2025-08-12',
  '2025-08-15',
  '2025-08-17',
  '2025-08-20',
  '2025-08-25',
] as const;

/** 2025-08-17 carries a cloud and its shadow over part of the area (the citrus parcel is hidden). */
export const DEMO_CLOUDY_DATE = '2025-08-17';

/** Dates on which a cloud (and its shadow) hides part of the area. */
export const DEMO_PARTLY_CLOUDED_DATES = [
  '2025-02-21',
  '2025-03-13',
  '2025-04-02',
  '2025-05-12',
  DEMO_CLOUDY_DATE,
  '2025-09-24',
  '2025-10-09',
] as const;

/** Dates on which the whole area is under cloud (no parcel visible). */
export const DEMO_OVERCAST_DATES = ['2025-02-11', '2025-03-08', '2025-03-23', '2025-10-19'] as const;

/**
 * The weaker patch: from `date` on, part of the wheat parcel (waterlogged low ground) falls well below the rest of
 * the field, a clear drop since `previousDate` (the previous clear acquisition), then ripens early; after the
 * harvest nothing is left of it.
 */
export const DEMO_PATCH = { field: 'wheat', date: '2025-04-22', previousDate: '2025-04-17' } as const;
