import { DEMO_AREA, DEMO_DATES, DEMO_FIELDS, DEMO_CLOUDY_DATE, type DemoCrop } from '@filaha/shared';
import { projectRings, flatRingsBBox, projector } from '../../src/geo/project.ts';
import { rasterizeRings, type PixelGrid } from '../../src/geo/rasterize.ts';
import { mulberry32, valueNoise } from './noise.ts';
import { ASPHALT, BAND_KEYS, CANOPY, CLOUD, SOIL, coverForNdvi, mix, waterSpectrum, type BandKey } from './spectra.ts';

export const DEMO_EPSG = 32631;

/** The 10 m grid over DEMO_AREA (+100 m), snapped to 60 m like the real Sentinel-2 tile grids. */
export function demoGrid(): PixelGrid {
  const rings = projectRings(
    [
      [
        [DEMO_AREA.west, DEMO_AREA.south],
        [DEMO_AREA.east, DEMO_AREA.south],
        [DEMO_AREA.east, DEMO_AREA.north],
        [DEMO_AREA.west, DEMO_AREA.north],
        [DEMO_AREA.west, DEMO_AREA.south],
      ],
    ],
    DEMO_EPSG,
  );
  const [minX, minY, maxX, maxY] = flatRingsBBox(rings);
  const x0 = Math.floor((minX - 100) / 60) * 60;
  const y0 = Math.ceil((maxY + 100) / 60) * 60;
  const width = Math.ceil((maxX + 100 - x0) / 60) * 6;
  const height = Math.ceil((y0 - (minY - 100)) / 60) * 6;
  return { x0, y0, resX: 10, resY: 10, width, height };
}

/** How each crop's vigour moves over the six demo dates (multiplies the field's peak NDVI). */
const VIGOUR: Record<DemoCrop, number[]> = {
  citrus: [1.0, 0.99, 1.0, 1.01, 1.0, 0.99],
  maize: [0.9, 0.94, 1.0, 1.0, 0.98, 0.94],
  vineyard: [1.04, 1.02, 1.0, 0.99, 0.96, 0.92],
  stubble: [1.05, 1.0, 1.0, 0.98, 0.97, 1.0],
  bare: [1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
  tomato: [1.1, 1.06, 1.0, 0.95, 0.88, 0.8],
  water: [1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
};

const BACKGROUND_NDVI = [0.55, 0.18, 0.1, 0.45, 0.14, 0.3];

interface Statics {
  grid: PixelGrid;
  /** −1 background, −2 road, else index into DEMO_FIELDS. */
  owner: Int16Array;
  baseNdvi: Float32Array;
  texture: Float32Array;
  fine: Float32Array;
}

export function paintStatics(): Statics {
  const grid = demoGrid();
  const { width, height } = grid;
  const random = mulberry32(20250814);
  const owner = new Int16Array(width * height).fill(-1);
  const baseNdvi = new Float32Array(width * height);
  // Background patchwork of blocks separated by bare tracks.
  for (let by = 0; by < height;) {
    const bh = 15 + Math.floor(random() * 16);
    for (let bx = 0; bx < width;) {
      const bw = 15 + Math.floor(random() * 26);
      const ndvi = BACKGROUND_NDVI[Math.floor(random() * BACKGROUND_NDVI.length)]! + (random() - 0.5) * 0.08;
      for (let y = by; y < Math.min(height, by + bh); y++) {
        for (let x = bx; x < Math.min(width, bx + bw); x++) {
          baseNdvi[y * width + x] = y === by || x === bx ? 0.1 : ndvi;
        }
      }
      bx += bw;
    }
    by += bh;
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
  return {
    grid,
    owner,
    baseNdvi,
    texture: valueNoise(width, height, 24, random),
    fine: valueNoise(width, height, 3, random),
  };
}

export interface PaintedDate {
  /** Reflectance per band at 10 m. */
  bands: Record<BandKey, Float32Array>;
  /** SCL class at 10 m (aggregated to 20 m by the writer). */
  scl: Uint8Array;
}

/** Cloud on the cloudy date: an irregular blob over the citrus and maize fields, its shadow to the NW. */
function cloudField(grid: PixelGrid, random: () => number): { cloud: Float32Array; shadow: Uint8Array } {
  const p = projector(DEMO_EPSG);
  const [cx, cy] = p.forward(2.9835, 36.6035);
  const wobble = valueNoise(grid.width, grid.height, 20, random);
  const cloud = new Float32Array(grid.width * grid.height);
  const shadow = new Uint8Array(grid.width * grid.height);
  const distance = (x: number, y: number, i: number) => Math.hypot((x - cx) / 900, (y - cy) / 650) + wobble[i]! * 0.15;
  const shift = { x: 380, y: -260 };
  for (let r = 0; r < grid.height; r++) {
    for (let c = 0; c < grid.width; c++) {
      const i = r * grid.width + c;
      const x = grid.x0 + (c + 0.5) * 10;
      const y = grid.y0 - (r + 0.5) * 10;
      const d = distance(x, y, i);
      if (d < 1) cloud[i] = d < 0.7 ? 1 : 0.5 + (1 - d) * (0.5 / 0.3);
      else if (distance(x + shift.x, y + shift.y, i) < 1) shadow[i] = 1;
    }
  }
  return { cloud, shadow };
}

export function paintDate(statics: Statics, date: string): PaintedDate {
  const dateIndex = DEMO_DATES.indexOf(date as (typeof DEMO_DATES)[number]);
  const { grid, owner, baseNdvi, texture, fine } = statics;
  const n = grid.width * grid.height;
  const random = mulberry32(1000 + dateIndex);
  const drift = valueNoise(grid.width, grid.height, 40, random);
  const bands = Object.fromEntries(BAND_KEYS.map((k) => [k, new Float32Array(n)])) as Record<BandKey, Float32Array>;
  const scl = new Uint8Array(n);
  const clouds = date === DEMO_CLOUDY_DATE ? cloudField(grid, random) : null;
  for (let i = 0; i < n; i++) {
    const who = owner[i]!;
    let spectrum;
    let cls: number;
    if (who === -2) {
      spectrum = ASPHALT;
      cls = 5;
    } else {
      const field = who >= 0 ? DEMO_FIELDS[who]! : null;
      const crop: DemoCrop | null = field ? field.crop : null;
      const vigour = crop ? VIGOUR[crop][dateIndex]! : 1;
      const peak = field ? field.ndvi : baseNdvi[i]!;
      if (crop === 'water') {
        spectrum = waterSpectrum(peak + 0.02 * fine[i]!);
        cls = 6;
      } else {
        // Quantised to 0.01 so texture comes in runs of equal values: the catalog stays a few MB.
        const ndvi = Math.round((peak * vigour + 0.04 * texture[i]! + 0.01 * drift[i]!) * 100) / 100;
        spectrum = mix(SOIL, CANOPY, coverForNdvi(ndvi));
        cls = ndvi > 0.4 ? 4 : 5;
      }
    }
    if (clouds && clouds.cloud[i]! > 0) {
      spectrum = mix(spectrum, CLOUD, clouds.cloud[i]!);
      cls = clouds.cloud[i]! >= 1 ? 9 : 8;
    } else if (clouds && clouds.shadow[i]) {
      spectrum = mix(spectrum, { blue: 0, green: 0, red: 0, rededge1: 0, nir: 0, nir08: 0, swir16: 0 }, 0.65);
      cls = 3;
    }
    for (const k of BAND_KEYS) bands[k][i] = spectrum[k];
    scl[i] = cls;
  }
  return { bands, scl };
}
