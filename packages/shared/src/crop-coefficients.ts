import type { Crop } from './organisations.ts';

/**
 * A parcel's crop coefficient on a day (issue 31 §2): FAO-56's single crop coefficient Kc (Allen et al., 1998,
 * Table 12) over the crop's four stages (Table 11, the Mediterranean rows where the table has one), with the
 * root depth and the depletion fraction p of Table 22, then lowered where the parcel's own NDVI says its canopy is
 * thinner than a full one — so a weak patch uses less water than the table says.
 *
 * The NDVI adjustment uses the linear relation between the basal crop coefficient and NDVI of Campos et al. (2010),
 * "Assessing satellite-based basal crop coefficients for irrigated grapes (Vitis vinifera L.)", Agricultural Water
 * Management 98, 45–54: Kcb = 1.44 NDVI − 0.10 (fitted on drip-irrigated vineyards of La Mancha, Spain).
 * That relation is applied to every crop here (the slope is close to the other published ones for field crops);
 * the rules say so, in KC_RULES.
 */

export type CropStage = 'initial' | 'development' | 'mid' | 'late' | 'off';

export interface CropWaterProfile {
  /** FAO-56 Table 12 (Kc ini, mid, end) and the row it comes from. */
  kcIni: number;
  kcMid: number;
  kcEnd: number;
  /** FAO-56 Table 17's basal Kcb at mid-season: the full canopy the NDVI relation is compared with. */
  kcbMid: number;
  /** FAO-56 Table 11: days of the initial, development, mid-season and late-season stages. */
  stages: readonly [number, number, number, number];
  /**
   * Annual crops count their stages from the sowing date; perennial ones from this month-day every year (the row of
   * Table 11), and outside their season they are dormant ('off', at Kc ini).
   */
  perennialStart?: `${number}-${number}`;
  /** FAO-56 Table 22: the smaller maximum rooting depth (m) and the depletion fraction p for ETc ≈ 5 mm/day. */
  rootDepth: number;
  p: number;
  /** Cereals: heading to flowering, the stage a supplemental irrigation matters most (the first days of mid-season). */
  cereal: boolean;
  /** The rows used, so an answer can name them. */
  source: string;
}

const WINTER_CEREAL_STAGES = [30, 140, 40, 30] as const; // Table 11, winter wheat, Nov, Mediterranean

/** Durum and soft wheat: one row of each table (winter wheat). */
const WINTER_WHEAT: CropWaterProfile = {
  kcIni: 0.7,
  kcMid: 1.15,
  kcEnd: 0.25,
  kcbMid: 1.1,
  stages: WINTER_CEREAL_STAGES,
  rootDepth: 1.5,
  p: 0.55,
  cereal: true,
  source: 'FAO-56 T12 winter wheat, non-frozen soils; T11 winter wheat, Mediterranean; T22 winter wheat',
};

/**
 * Our crops' rows. Barley and oats are sown with durum wheat in Algeria (November–December): Table 11 gives
 * Mediterranean lengths for winter wheat only, and they are used for all three. Date palms have no Table 11 row:
 * their Kc is almost flat (0.90–0.95) and the mid value holds all year. Fallow and "other" have no profile: no
 * advice is given for them.
 */
export const CROP_WATER_PROFILES: Partial<Record<Crop, CropWaterProfile>> = {
  durum_wheat: WINTER_WHEAT,
  soft_wheat: WINTER_WHEAT,
  barley: {
    kcIni: 0.3,
    kcMid: 1.15,
    kcEnd: 0.25,
    kcbMid: 1.1,
    stages: WINTER_CEREAL_STAGES,
    rootDepth: 1.0,
    p: 0.55,
    cereal: true,
    source: 'FAO-56 T12 barley; T11 winter wheat, Mediterranean; T22 barley',
  },
  oats: {
    kcIni: 0.3,
    kcMid: 1.15,
    kcEnd: 0.25,
    kcbMid: 1.1,
    stages: WINTER_CEREAL_STAGES,
    rootDepth: 1.0,
    p: 0.55,
    cereal: true,
    source: 'FAO-56 T12 oats; T11 winter wheat, Mediterranean; T22 oats',
  },
  maize: {
    kcIni: 0.3,
    kcMid: 1.2,
    kcEnd: 0.35,
    kcbMid: 1.15,
    stages: [30, 40, 50, 30],
    rootDepth: 1.0,
    p: 0.55,
    cereal: false,
    source: 'FAO-56 T12 maize, grain (18 % moisture); T11 maize, Spain spring–summer; T22 maize, grain',
  },
  potato: {
    kcIni: 0.5,
    kcMid: 1.15,
    kcEnd: 0.75,
    kcbMid: 1.1,
    stages: [25, 30, 40, 30],
    rootDepth: 0.4,
    p: 0.35,
    cereal: false,
    source: 'FAO-56 T12 potato; T11 potato, semi-arid climate; T22 potato',
  },
  tomato: {
    kcIni: 0.6,
    kcMid: 1.15,
    kcEnd: 0.8,
    kcbMid: 1.1,
    stages: [30, 40, 45, 30],
    rootDepth: 0.7,
    p: 0.4,
    cereal: false,
    source: 'FAO-56 T12 tomato; T11 tomato, Mediterranean; T22 tomato',
  },
  onion: {
    kcIni: 0.7,
    kcMid: 1.05,
    kcEnd: 0.75,
    kcbMid: 0.95,
    stages: [15, 25, 70, 40],
    rootDepth: 0.3,
    p: 0.3,
    cereal: false,
    source: 'FAO-56 T12 onions, dry; T11 onion, dry, Mediterranean; T22 onions, dry',
  },
  citrus: {
    kcIni: 0.7,
    kcMid: 0.65,
    kcEnd: 0.7,
    kcbMid: 0.6,
    stages: [60, 90, 120, 95],
    perennialStart: '01-01',
    rootDepth: 1.2,
    p: 0.5,
    cereal: false,
    source: 'FAO-56 T12 citrus, no ground cover, 70 % canopy; T11 citrus, Mediterranean; T22 citrus, 70 % canopy',
  },
  olive: {
    kcIni: 0.65,
    kcMid: 0.7,
    kcEnd: 0.7,
    kcbMid: 0.65,
    stages: [30, 90, 60, 90],
    perennialStart: '03-01',
    rootDepth: 1.2,
    p: 0.65,
    cereal: false,
    source: 'FAO-56 T12 olives, 40–60 % ground cover; T11 olives, Mediterranean; T22 olives',
  },
  date_palm: {
    kcIni: 0.95,
    kcMid: 0.95,
    kcEnd: 0.95,
    kcbMid: 0.85,
    stages: [0, 0, 365, 0],
    perennialStart: '01-01',
    rootDepth: 1.5,
    p: 0.5,
    cereal: false,
    source: 'FAO-56 T12 date palms (mid value all year); T22 date palms',
  },
  vine: {
    kcIni: 0.3,
    kcMid: 0.7,
    kcEnd: 0.45,
    kcbMid: 0.65,
    stages: [30, 60, 40, 80],
    perennialStart: '04-01',
    rootDepth: 1.0,
    p: 0.45,
    cereal: false,
    source: 'FAO-56 T12 grapes, wine; T11 grapes, mid latitudes, wine; T22 grapes, wine',
  },
  fodder: {
    kcIni: 0.4,
    kcMid: 0.95,
    kcEnd: 0.9,
    kcbMid: 0.9,
    // Alfalfa's Table 11 row gives the first two stages only (the season runs on, cut after cut).
    stages: [10, 30, 325, 0],
    rootDepth: 1.0,
    p: 0.55,
    cereal: false,
    source: 'FAO-56 T12 alfalfa hay, averaged cutting effects; T11 alfalfa, total season; T22 alfalfa for hay',
  },
};

export const KC_RULES = {
  version: 1,
  source:
    'FAO-56 (Allen et al., 1998) Tables 11, 12, 17 and 22; NDVI: Kcb = 1.44 NDVI − 0.10 (Campos et al., 2010, ' +
    'Agric. Water Manage. 98:45–54), applied to every crop',
  ndviSlope: 1.44,
  ndviIntercept: -0.1,
  /** The NDVI lowers the coefficient by at most this much (a cloud-shadowed or partly bare median stays plausible). */
  minNdviFactor: 0.3,
  /** An NDVI point older than this many days is not used. */
  ndviMaxAgeDays: 20,
  /** Days of the mid-season, from its start, counted as heading to flowering for cereals. */
  cerealSensitiveDays: 30,
} as const;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/** The basal crop coefficient the canopy's NDVI implies (Campos et al., 2010), never below 0. */
export const kcbFromNdvi = (ndvi: number): number => Math.max(0, KC_RULES.ndviSlope * ndvi + KC_RULES.ndviIntercept);

export interface StageOnDay {
  stage: CropStage;
  /** Days since the start of the season (sowing, or the perennial's start). */
  day: number;
  /** Kc from the table on that day: flat in the initial and mid stages, linear between (FAO-56 eq. 66). */
  kc: number;
  /** Kcb of a full canopy on that day (Table 17's mid value scaled like Kc), what the NDVI is compared with. */
  kcbFull: number;
  /** Cereals, heading to flowering. */
  sensitive: boolean;
}

/** The season's start for `day`: the sowing date of an annual, this year's (or last year's) start of a perennial. */
function seasonStart(profile: CropWaterProfile, day: string, sowing: string | null): string | null {
  if (!profile.perennialStart) return sowing;
  const year = Number(day.slice(0, 4));
  const thisYear = `${year}-${profile.perennialStart}`;
  return thisYear <= day ? thisYear : `${year - 1}-${profile.perennialStart}`;
}

/** The crop's stage and table coefficient on `day`; null without a profile or (annual crops) before sowing. */
export function stageOn(crop: Crop, day: string, sowing: string | null): StageOnDay | null {
  const profile = CROP_WATER_PROFILES[crop];
  if (!profile) return null;
  const start = seasonStart(profile, day, sowing);
  if (!start) return null;
  const n = dayNumber(day) - dayNumber(start);
  if (n < 0) return null;
  const [ini, dev, mid, late] = profile.stages;
  const scale = profile.kcbMid / profile.kcMid;
  const at = (stage: CropStage, kc: number, sensitive = false): StageOnDay => ({
    stage,
    day: n,
    kc,
    kcbFull: kc * scale,
    sensitive,
  });
  if (n < ini) return at('initial', profile.kcIni);
  if (n < ini + dev) return at('development', profile.kcIni + ((n - ini) / dev) * (profile.kcMid - profile.kcIni));
  if (n < ini + dev + mid)
    return at('mid', profile.kcMid, profile.cereal && n - ini - dev < KC_RULES.cerealSensitiveDays);
  if (n < ini + dev + mid + late)
    return at('late', profile.kcMid + ((n - ini - dev - mid) / late) * (profile.kcEnd - profile.kcMid));
  // After the season: an annual is harvested (no crop, no advice); a perennial rests at its initial value.
  return profile.perennialStart ? at('off', profile.kcIni) : null;
}

export interface CropCoefficient extends StageOnDay {
  /** The table's Kc on that day. */
  kcTable: number;
  /** What the parcel's NDVI implied (null when no recent point was given or the stage is initial or off). */
  kcbNdvi: number | null;
  /** The factor applied (1 when the NDVI is not used or says the canopy is full). */
  ndviFactor: number;
  /** The Kc used: the table's, times the factor. */
  kc: number;
  rootDepth: number;
  /** FAO-56's p adjusted for the day's ETc (p + 0.04 (5 − ETc), within 0.1–0.8) by the caller; here the table's. */
  p: number;
  source: string;
}

/**
 * Kc on `day`, adjusted by the parcel's NDVI when a recent one is known: the canopy's Kcb (Campos et al., 2010)
 * against a full canopy's Kcb at that stage; only ever lowered, and not in the initial stage (the soil's evaporation
 * dominates there) nor while a perennial rests.
 */
export function cropCoefficient(
  crop: Crop,
  day: string,
  sowing: string | null,
  ndvi?: { value: number; date: string } | null,
): CropCoefficient | null {
  const profile = CROP_WATER_PROFILES[crop];
  const stage = stageOn(crop, day, sowing);
  if (!profile || !stage) return null;
  const age = ndvi ? dayNumber(day) - dayNumber(ndvi.date) : Infinity;
  const usable =
    ndvi && age >= 0 && age <= KC_RULES.ndviMaxAgeDays && stage.stage !== 'initial' && stage.stage !== 'off';
  const kcbNdvi = usable ? kcbFromNdvi(ndvi.value) : null;
  const ndviFactor =
    kcbNdvi === null || stage.kcbFull <= 0 ? 1 : Math.min(1, Math.max(KC_RULES.minNdviFactor, kcbNdvi / stage.kcbFull));
  return {
    ...stage,
    kcTable: stage.kc,
    kcbNdvi,
    ndviFactor,
    kc: stage.kc * ndviFactor,
    rootDepth: profile.rootDepth,
    p: profile.p,
    source: profile.source,
  };
}

/** FAO-56's depletion fraction adjusted for the day's crop water use (Table 22's note): p + 0.04 (5 − ETc), 0.1–0.8. */
export const adjustedDepletionFraction = (p: number, etc: number): number =>
  Math.min(0.8, Math.max(0.1, p + 0.04 * (5 - etc)));
