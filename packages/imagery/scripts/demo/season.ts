/**
 * Parameters of the demo season (February–October 2025): which satellite flew on which date, the clouds, each
 * crop's NDVI through the season and the weaker patch. The dates themselves are in @filaha/shared
 * (DEMO_DATES, DEMO_PARTLY_CLOUDED_DATES, DEMO_OVERCAST_DATES, DEMO_PATCH) so tests and the seed can name them.
 *
 * The six August dates of the first demo catalog (DEMO_AUGUST_DATES) keep their item ids, platforms, offsets,
 * seeds and vigour table: their pixels are the same bytes as before the season existed.
 */
import {
  DEMO_AUGUST_DATES,
  DEMO_CLOUDY_DATE,
  DEMO_DATES,
  DEMO_OVERCAST_DATES,
  DEMO_PARTLY_CLOUDED_DATES,
  DEMO_PATCH,
  type DemoCrop,
} from '@filaha/shared';

export type Cloud =
  | { kind: 'none' }
  | { kind: 'overcast' }
  /** A cloud centred on lon/lat (radii in metres), its shadow displaced by `shadow` metres (east, north). */
  | { kind: 'partial'; lon: number; lat: number; rx: number; ry: number; shadow: { x: number; y: number } };

export interface SeasonDate {
  date: string;
  /** Index in DEMO_AUGUST_DATES for the six dates of the first catalog (same seeds, same vigour), else −1. */
  legacy: number;
  platform: 'sentinel-2a' | 'sentinel-2b' | 'sentinel-2c';
  /** `earthsearch:boa_offset_applied`: true → DN = reflectance × 10000; false → baseline 05.11 with DN + 1000. */
  offsetApplied: boolean;
  /** Seconds after 10:40 UTC of the acquisition time. */
  second: number;
  seed: number;
  cloud: Cloud;
}

/** The first catalog's cloud: over the citrus and maize fields, its shadow to the north-west. */
export const AUGUST_CLOUD: Cloud = {
  kind: 'partial',
  lon: 2.9835,
  lat: 36.6035,
  rx: 900,
  ry: 650,
  shadow: { x: -380, y: 260 },
};

const PARTIAL_CLOUDS: Record<string, Cloud> = {
  // Winter and spring rain fronts, autumn's first storms. None over the wheat between its peak and its harvest
  // (a half-hidden wheat parcel would put a false step into its curve).
  '2025-02-21': { kind: 'partial', lon: 3.004, lat: 36.601, rx: 1100, ry: 800, shadow: { x: -300, y: 250 } },
  '2025-03-13': { kind: 'partial', lon: 2.972, lat: 36.616, rx: 700, ry: 500, shadow: { x: -350, y: 240 } },
  '2025-04-02': { kind: 'partial', lon: 2.99, lat: 36.6, rx: 800, ry: 650, shadow: { x: -380, y: 260 } },
  '2025-05-12': { kind: 'partial', lon: 2.986, lat: 36.588, rx: 600, ry: 450, shadow: { x: -250, y: 180 } },
  [DEMO_CLOUDY_DATE]: AUGUST_CLOUD,
  '2025-09-24': { kind: 'partial', lon: 3.006, lat: 36.612, rx: 750, ry: 550, shadow: { x: -320, y: 220 } },
  '2025-10-09': { kind: 'partial', lon: 2.999, lat: 36.594, rx: 900, ry: 600, shadow: { x: -400, y: 280 } },
};

function cloudOf(date: string): Cloud {
  if ((DEMO_OVERCAST_DATES as readonly string[]).includes(date)) return { kind: 'overcast' };
  if ((DEMO_PARTLY_CLOUDED_DATES as readonly string[]).includes(date)) {
    const cloud = PARTIAL_CLOUDS[date];
    if (!cloud) throw new Error(`No cloud drawn for ${date}`);
    return cloud;
  }
  return { kind: 'none' };
}

const LEGACY_PLATFORMS = ['sentinel-2a', 'sentinel-2b', 'sentinel-2c'] as const;

/** Every acquisition of the season, in date order. */
export const SEASON: ReadonlyArray<SeasonDate> = DEMO_DATES.map((date, index) => {
  const legacy = (DEMO_AUGUST_DATES as readonly string[]).indexOf(date);
  if (legacy >= 0) {
    return {
      date,
      legacy,
      platform: LEGACY_PLATFORMS[legacy % 3]!,
      offsetApplied: legacy % 2 === 0,
      second: 11 + legacy,
      seed: 1000 + legacy,
      cloud: cloudOf(date),
    };
  }
  // Sentinel-2C took over from 2A in January 2025 and flies 180° from 2B: they alternate on the 5-day rhythm.
  const days = Math.round((Date.parse(date) - Date.parse(DEMO_DATES[0]!)) / 86_400_000);
  return {
    date,
    legacy: -1,
    platform: (days / 5) % 2 === 0 ? 'sentinel-2b' : 'sentinel-2c',
    offsetApplied: index % 2 === 0,
    second: 20 + (index % 37),
    seed: 5000 + index,
    cloud: cloudOf(date),
  };
});

/** How each crop's vigour moved over the first catalog's six August dates (multiplies the field's August NDVI). */
export const AUGUST_VIGOUR: Record<DemoCrop, number[]> = {
  citrus: [1.0, 0.99, 1.0, 1.01, 1.0, 0.99],
  maize: [0.9, 0.94, 1.0, 1.0, 0.98, 0.94],
  vineyard: [1.04, 1.02, 1.0, 0.99, 0.96, 0.92],
  wheat: [1.05, 1.0, 1.0, 0.98, 0.97, 1.0],
  bare: [1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
  tomato: [1.1, 1.06, 1.0, 0.95, 0.88, 0.8],
  water: [1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
};

type Knots = ReadonlyArray<readonly [string, number]>;

/**
 * Field-level NDVI through the season outside the six August dates (linear between knots, flat beyond). The
 * August knots sit on the August values (field NDVI × AUGUST_VIGOUR) so the curves join them smoothly. Drops
 * from one acquisition to the next stay under 0.08 (0.10 is the drop alert's default), so on the demo farmer's
 * fields only the weaker patch raises a drop alert — even across an overcast date.
 */
export const PHENOLOGY: Record<Exclude<DemoCrop, 'water'>, Knots> = {
  // Evergreen: a small spring flush.
  citrus: [
    ['2025-02-01', 0.7],
    ['2025-04-15', 0.72],
    ['2025-06-01', 0.74],
    ['2025-07-15', 0.73],
    ['2025-08-05', 0.72],
    ['2025-08-30', 0.72],
    ['2025-10-29', 0.71],
  ],
  // Irrigated grain maize: winter fallow, seedbed in April, sown in mid-May, tasselling in mid-August, dries down
  // in September, harvested in mid-October.
  maize: [
    ['2025-02-01', 0.2],
    ['2025-04-07', 0.21],
    ['2025-04-17', 0.16],
    ['2025-04-27', 0.13],
    ['2025-05-22', 0.14],
    ['2025-06-01', 0.2],
    ['2025-06-21', 0.4],
    ['2025-07-11', 0.58],
    ['2025-07-31', 0.68],
    ['2025-08-05', 0.7],
    ['2025-08-30', 0.73],
    ['2025-09-09', 0.66],
    ['2025-09-29', 0.43],
    ['2025-10-09', 0.32],
    ['2025-10-14', 0.25],
    ['2025-10-29', 0.24],
  ],
  // Vines: inter-row grass in winter, bud burst in late March, full leaf in July, harvest in late August, leaf
  // colour in October.
  vineyard: [
    ['2025-02-01', 0.2],
    ['2025-03-25', 0.22],
    ['2025-05-10', 0.34],
    ['2025-06-20', 0.45],
    ['2025-07-15', 0.46],
    ['2025-08-05', 0.445],
    ['2025-08-30', 0.37],
    ['2025-09-20', 0.32],
    ['2025-10-29', 0.26],
  ],
  // Rain-fed durum wheat sown in November: tillering in February, heading in April, ripe in mid-June, harvested
  // around 24 June, stubble afterwards.
  wheat: [
    ['2025-02-01', 0.38],
    ['2025-02-16', 0.44],
    ['2025-03-08', 0.56],
    ['2025-03-28', 0.7],
    ['2025-04-12', 0.8],
    ['2025-04-27', 0.82],
    ['2025-05-07', 0.79],
    ['2025-05-17', 0.7],
    ['2025-05-27', 0.58],
    ['2025-06-06', 0.46],
    ['2025-06-16', 0.34],
    ['2025-06-21', 0.28],
    ['2025-06-26', 0.21],
    ['2025-07-31', 0.18],
    ['2025-08-05', 0.17],
    ['2025-08-30', 0.16],
    ['2025-10-29', 0.17],
  ],
  // A ploughed field: a few spring weeds, ploughed again in May.
  bare: [
    ['2025-02-01', 0.11],
    ['2025-04-10', 0.14],
    ['2025-05-05', 0.09],
    ['2025-08-05', 0.08],
    ['2025-10-29', 0.09],
  ],
  // Field tomato: ploughed in winter, planted out in late April, picked July–August, pulled out in September.
  tomato: [
    ['2025-02-01', 0.14],
    ['2025-04-20', 0.13],
    ['2025-05-20', 0.28],
    ['2025-06-10', 0.46],
    ['2025-07-01', 0.6],
    ['2025-07-20', 0.67],
    ['2025-08-05', 0.67],
    ['2025-08-30', 0.43],
    ['2025-09-20', 0.3],
    ['2025-10-05', 0.22],
    ['2025-10-29', 0.2],
  ],
};

/** Canopy dryness 0–1 (raises the canopy's SWIR, lowers NDMI at the same NDVI): the rain-fed vines late in summer. */
export const DRYNESS: Partial<Record<DemoCrop, Knots>> = {
  vineyard: [
    ['2025-06-15', 0],
    ['2025-07-31', 0.5],
    ['2025-09-15', 0.8],
    ['2025-10-15', 0.3],
  ],
};

/** Cereal curve of the background's low blocks (summer fallow after a cereal): green in spring, dry by July. */
export const BACKGROUND_CEREAL: Knots = [
  ['2025-02-01', 0.36],
  ['2025-03-20', 0.62],
  ['2025-04-20', 0.76],
  ['2025-05-20', 0.6],
  ['2025-06-15', 0.3],
  ['2025-07-05', 0],
];

/**
 * The weaker patch in the wheat: from DEMO_PATCH.date its NDVI is the field's minus `drop` (×strength at its soft
 * edge), never above `ceiling` ahead of the rest; after the harvest it is stubble like the rest.
 */
export const PATCH = {
  field: DEMO_PATCH.field,
  from: DEMO_PATCH.date,
  until: '2025-06-24',
  /** Centre and radii (metres) of the patch, in the south-east of the wheat parcel (its low ground). */
  lon: 2.9765,
  lat: 36.6113,
  rx: 330,
  ry: 230,
  drop: 0.4,
} as const;

export function dayOf(date: string): number {
  return Date.parse(date) / 86_400_000;
}

/** Linear interpolation between knots (flat before the first and after the last). */
export function curve(knots: Knots, date: string): number {
  const d = dayOf(date);
  if (d <= dayOf(knots[0]![0])) return knots[0]![1];
  for (let k = 1; k < knots.length; k++) {
    const [date1, v1] = knots[k]!;
    const [date0, v0] = knots[k - 1]!;
    if (d <= dayOf(date1)) return v0 + ((v1 - v0) * (d - dayOf(date0))) / (dayOf(date1) - dayOf(date0));
  }
  return knots[knots.length - 1]![1];
}
