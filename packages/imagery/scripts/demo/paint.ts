import { DEMO_FIELDS, type DemoCrop } from '@filaha/shared';
import {
  BACKGROUND_KIND,
  DEMO_EPSG,
  DEMO_RANDOM_SEED,
  DEMO_SEASON_SEED,
  demoGrid,
  layoutDemoBlocks,
} from '../../src/demo-territory.ts';
import { projectRings, projector } from '../../src/geo/project.ts';
import { rasterizeRings, type PixelGrid } from '../../src/geo/rasterize.ts';
import { mulberry32, valueNoise } from './noise.ts';
import {
  ASPHALT,
  BAND_KEYS,
  CANOPY,
  CLOUD,
  SOIL,
  coverForNdvi,
  mix,
  waterSpectrum,
  type BandKey,
  type Spectrum,
} from './spectra.ts';
import {
  AUGUST_VIGOUR,
  BACKGROUND_CEREAL,
  DRYNESS,
  PATCH,
  PHENOLOGY,
  curve,
  dayOf,
  type Cloud,
  type SeasonDate,
} from './season.ts';

export { DEMO_EPSG, demoGrid };

/** Orchards and gardens of the background through the season (× their August NDVI). */
const PERENNIAL: ReadonlyArray<readonly [string, number]> = [
  ['2025-02-01', 0.95],
  ['2025-05-15', 1.03],
  ['2025-08-10', 1],
  ['2025-10-29', 0.97],
];

export interface Statics {
  grid: PixelGrid;
  /** −1 background, −2 road, else index into DEMO_FIELDS. */
  owner: Int16Array;
  /** Background NDVI in August. */
  baseNdvi: Float32Array;
  /** Background: index into BACKGROUND_NDVI of the pixel's block, −1 on the tracks between blocks. */
  blockKind: Int8Array;
  /** Background: days by which the pixel's block is ahead (+) or behind (−) the background cereal curve. */
  blockPhase: Int8Array;
  texture: Float32Array;
  fine: Float32Array;
  /** Strength 0–1 of the weaker patch (0 outside it). */
  patch: Float32Array;
}

export function paintStatics(): Statics {
  const grid = demoGrid();
  const { width, height } = grid;
  const random = mulberry32(DEMO_RANDOM_SEED);
  const owner = new Int16Array(width * height).fill(-1);
  const baseNdvi = new Float32Array(width * height);
  const blockKind = new Int8Array(width * height).fill(-1);
  const blockPhase = new Int8Array(width * height);
  // A separate stream for what the first catalog did not have, so `random` draws exactly what it drew then.
  const seasonRandom = mulberry32(DEMO_SEASON_SEED);
  // Background patchwork of blocks separated by bare tracks (the demo cooperative's parcels lie on them).
  for (const block of layoutDemoBlocks(grid, random, seasonRandom)) {
    for (let y = block.row; y < Math.min(height, block.row + block.height); y++) {
      for (let x = block.col; x < Math.min(width, block.col + block.width); x++) {
        const track = y === block.row || x === block.col;
        baseNdvi[y * width + x] = track ? 0.1 : block.ndvi;
        if (!track) {
          blockKind[y * width + x] = block.kind;
          blockPhase[y * width + x] = block.phase;
        }
      }
    }
  }
  // An east–west road between the citrus and maize fields, 14 m wide.
  const [, roadY] = projector(DEMO_EPSG).forward(3.0, 36.6039);
  for (let y = 0; y < height; y++) {
    const cy = grid.y0 - (y + 0.5) * 10;
    if (Math.abs(cy - roadY) > 7) continue;
    for (let x = 0; x < width; x++) owner[y * width + x] = -2;
  }
  DEMO_FIELDS.forEach((field, index) => {
    const mask = rasterizeRings(projectRings([field.ring], DEMO_EPSG), grid);
    for (let i = 0; i < mask.length; i++) if (mask[i]) owner[i] = index;
  });
  const texture = valueNoise(width, height, 24, random);
  const fine = valueNoise(width, height, 3, random);
  return { grid, owner, baseNdvi, blockKind, blockPhase, texture, fine, patch: patchStrength(grid, owner) };
}

/** The weaker patch: a wobbly ellipse with a soft edge, inside the patch's field only. */
function patchStrength(grid: PixelGrid, owner: Int16Array): Float32Array {
  const fieldIndex = DEMO_FIELDS.findIndex((f) => f.key === PATCH.field);
  const strength = new Float32Array(grid.width * grid.height);
  const wobble = valueNoise(grid.width, grid.height, 12, mulberry32(20250422));
  const [cx, cy] = projector(DEMO_EPSG).forward(PATCH.lon, PATCH.lat);
  for (let r = 0; r < grid.height; r++) {
    for (let c = 0; c < grid.width; c++) {
      const i = r * grid.width + c;
      if (owner[i] !== fieldIndex) continue;
      const x = grid.x0 + (c + 0.5) * 10;
      const y = grid.y0 - (r + 0.5) * 10;
      const d = Math.hypot((x - cx) / PATCH.rx, (y - cy) / PATCH.ry) + wobble[i]! * 0.12;
      strength[i] = d < 0.8 ? 1 : d < 1 ? (1 - d) / 0.2 : 0;
    }
  }
  return strength;
}

export interface PaintedDate {
  /** Reflectance per band at 10 m. */
  bands: Record<BandKey, Float32Array>;
  /** SCL class at 10 m (aggregated to 20 m by the writer). */
  scl: Uint8Array;
}

/** A partial cloud: an irregular blob (opaque core, thinner edge) and its shadow. */
function cloudField(
  grid: PixelGrid,
  random: () => number,
  cloud: Extract<Cloud, { kind: 'partial' }>,
): { cloud: Float32Array; shadow: Uint8Array } {
  const p = projector(DEMO_EPSG);
  const [cx, cy] = p.forward(cloud.lon, cloud.lat);
  const wobble = valueNoise(grid.width, grid.height, 20, random);
  const opacity = new Float32Array(grid.width * grid.height);
  const shadow = new Uint8Array(grid.width * grid.height);
  const distance = (x: number, y: number, i: number) =>
    Math.hypot((x - cx) / cloud.rx, (y - cy) / cloud.ry) + wobble[i]! * 0.15;
  const shift = { x: -cloud.shadow.x, y: -cloud.shadow.y };
  for (let r = 0; r < grid.height; r++) {
    for (let c = 0; c < grid.width; c++) {
      const i = r * grid.width + c;
      const x = grid.x0 + (c + 0.5) * 10;
      const y = grid.y0 - (r + 0.5) * 10;
      const d = distance(x, y, i);
      if (d < 1) opacity[i] = d < 0.7 ? 1 : 0.5 + (1 - d) * (0.5 / 0.3);
      else if (distance(x + shift.x, y + shift.y, i) < 1) shadow[i] = 1;
    }
  }
  return { cloud: opacity, shadow };
}

/** Overcast: cloud everywhere, thick (SCL 9) with thinner stretches (SCL 8). */
function overcastField(grid: PixelGrid, random: () => number): { cloud: Float32Array; shadow: Uint8Array } {
  const texture = valueNoise(grid.width, grid.height, 30, random);
  const opacity = new Float32Array(grid.width * grid.height);
  for (let i = 0; i < opacity.length; i++) opacity[i] = Math.min(1, 0.93 + 0.12 * texture[i]!);
  return { cloud: opacity, shadow: new Uint8Array(opacity.length) };
}

/** Spectra of the soil–canopy mixture by NDVI hundredth (−100…100), per canopy dryness tenth: the hot loop's table. */
const mixtures = new Map<number, Spectrum[]>();
function mixtureTable(dryTenths: number): Spectrum[] {
  let table = mixtures.get(dryTenths);
  if (!table) {
    const canopy = dryTenths === 0 ? CANOPY : { ...CANOPY, swir16: CANOPY.swir16 + 0.012 * dryTenths };
    table = [];
    for (let k = -100; k <= 100; k++) table.push(mix(SOIL, canopy, coverForNdvi(k / 100)));
    mixtures.set(dryTenths, table);
  }
  return table;
}

/** Field-level NDVI of each demo field on a date outside the six August dates. */
function fieldLevel(crop: DemoCrop, date: string): number {
  return crop === 'water' ? 0 : curve(PHENOLOGY[crop], date);
}

export function paintDate(statics: Statics, acquisition: SeasonDate): PaintedDate {
  const { date, legacy } = acquisition;
  const { grid, owner, baseNdvi, blockKind, blockPhase, texture, fine, patch } = statics;
  const n = grid.width * grid.height;
  const random = mulberry32(acquisition.seed);
  const drift = valueNoise(grid.width, grid.height, 40, random);
  const bands = Object.fromEntries(BAND_KEYS.map((k) => [k, new Float32Array(n)])) as Record<BandKey, Float32Array>;
  const scl = new Uint8Array(n);
  const clouds =
    acquisition.cloud.kind === 'partial'
      ? cloudField(grid, random, acquisition.cloud)
      : acquisition.cloud.kind === 'overcast'
        ? overcastField(grid, random)
        : null;
  // Per field: its level on this date (the first catalog's formula on its six dates) and its canopy table.
  const levels = DEMO_FIELDS.map((f) =>
    legacy >= 0 ? f.ndvi * AUGUST_VIGOUR[f.crop][legacy]! : fieldLevel(f.crop, date),
  );
  const tables = DEMO_FIELDS.map((f) => {
    const dryness = legacy >= 0 || !DRYNESS[f.crop] ? 0 : curve(DRYNESS[f.crop]!, date);
    return mixtureTable(Math.round(dryness * 10));
  });
  const canopy = mixtureTable(0);
  const patchOn = legacy < 0 && dayOf(date) >= dayOf(PATCH.from) && dayOf(date) < dayOf(PATCH.until);
  // Background: orchards scale with the season, cereal blocks follow the cereal curve shifted by their phase.
  const perennial = legacy >= 0 ? 1 : curve(PERENNIAL, date);
  const cereal = new Float32Array(25);
  for (let phase = -12; phase <= 12; phase++) {
    const shifted = new Date((dayOf(date) + phase) * 86_400_000).toISOString().slice(0, 10);
    cereal[phase + 12] = curve(BACKGROUND_CEREAL, shifted);
  }
  const none = { blue: 0, green: 0, red: 0, rededge1: 0, nir: 0, nir08: 0, swir16: 0 };
  for (let i = 0; i < n; i++) {
    const who = owner[i]!;
    let spectrum: Spectrum;
    let cls: number;
    if (who === -2) {
      spectrum = ASPHALT;
      cls = 5;
    } else {
      const field = who >= 0 ? DEMO_FIELDS[who]! : null;
      if (field?.crop === 'water') {
        spectrum = waterSpectrum(field.ndvi + 0.02 * fine[i]!);
        cls = 6;
      } else {
        let level: number;
        if (field) {
          level = levels[who]!;
          if (patchOn && patch[i]! > 0) level = Math.max(level - PATCH.drop * patch[i]!, Math.min(level, 0.2));
        } else {
          level = baseNdvi[i]!;
          const kind = blockKind[i]!;
          if (legacy < 0 && kind >= 0) {
            const how = BACKGROUND_KIND[kind];
            if (how === 'perennial') level *= perennial;
            else if (how === 'cereal') level = Math.max(level, cereal[blockPhase[i]! + 12]!);
          }
        }
        // Quantised to 0.01 so texture comes in runs of equal values: the catalog stays small.
        const hundredths = Math.round((level + 0.04 * texture[i]! + 0.01 * drift[i]!) * 100);
        const clamped = Math.max(-100, Math.min(100, hundredths));
        spectrum = (field ? tables[who]! : canopy)[clamped + 100]!;
        cls = hundredths / 100 > 0.4 ? 4 : 5;
      }
    }
    if (clouds && clouds.cloud[i]! > 0) {
      spectrum = mix(spectrum, CLOUD, clouds.cloud[i]!);
      cls = clouds.cloud[i]! >= 1 ? 9 : 8;
    } else if (clouds && clouds.shadow[i]) {
      spectrum = mix(spectrum, none, 0.65);
      cls = 3;
    }
    for (const k of BAND_KEYS) bands[k][i] = spectrum[k];
    scl[i] = cls;
  }
  return { bands, scl };
}
