import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Acquisition, Catalog } from '../../src/index.ts';
import { clearScl, paintScl, standardDn, withOffset } from './scenes.ts';
import { GRID, lonLatOf, writeScene } from './synthetic.ts';

/**
 * The synthetic catalog shared by the engine tests (a temp folder of items + COGs):
 *  06-10 A clear (SCL 2 "dark area" block inside the parcel), flag true
 *  06-12 B left half clouded (SCL 9) though the tile says 2 % cloud
 *  06-15 C parcel clear, clouds elsewhere (tile says 70 %), flag false + baseline 05.11 → DN + 1000,
 *        and a block where red = nir = reflectance 0 (zero denominator)
 *  06-15 D same acquisition from an overlapping tile whose footprint misses half the parcel (red + 300)
 *  07-20 E clear · 08-01 F all cloud (SCL 8)
 *  09-01/03/05 G1 flag true, G2 flag false + 05.11 (DN + 1000), G3 baseline 02.14 no flag: same surface
 */
export const IDS = {
  A: 'S2A_31SFA_20250610_0_L2A',
  B: 'S2B_31SFA_20250612_0_L2A',
  C: 'S2A_31SFA_20250615_0_L2A',
  D: 'S2A_31SGA_20250615_0_L2A',
  E: 'S2B_31SFA_20250720_0_L2A',
  F: 'S2A_31SFA_20250801_0_L2A',
  G1: 'S2A_31SFA_20250901_0_L2A',
  G2: 'S2B_31SFA_20250903_0_L2A',
  G3: 'S2A_31SFA_20250905_0_L2A',
} as const;

/** 10 m block (cols/rows) where scene C has red = nir = 1000 DN (reflectance 0 after the offset). */
export const ZERO_BLOCK = { c0: 40, r0: 40, c1: 44, r1: 44 };
/** 10 m block (cols/rows) of SCL class 2 in scene A. */
export const DARK_BLOCK = { c0: 50, r0: 60, c1: 60, r1: 70 };

export interface SyntheticCatalog {
  dir: string;
  dn: Record<keyof typeof IDS, Record<string, Uint16Array>>;
  scl: Record<keyof typeof IDS, Uint8Array>;
}

export async function buildSyntheticCatalog(): Promise<SyntheticCatalog> {
  const dir = await mkdtemp(path.join(tmpdir(), 'imagery-synthetic-'));
  const base = standardDn();
  const dn = {} as SyntheticCatalog['dn'];
  const scl = {} as SyntheticCatalog['scl'];
  const t = (day: string) => `${day}T10:40:00.000Z`;

  dn.A = base;
  scl.A = paintScl(clearScl(), GRID, 2, DARK_BLOCK.c0, DARK_BLOCK.r0, DARK_BLOCK.c1, DARK_BLOCK.r1);
  await writeScene(dir, {
    id: IDS.A,
    datetime: t('2025-06-10'),
    dn: dn.A,
    scl: scl.A,
    offsetApplied: true,
    baseline: '05.11',
  });

  dn.B = base;
  scl.B = paintScl(clearScl(), GRID, 9, 0, 0, 64, 128);
  await writeScene(dir, {
    id: IDS.B,
    datetime: t('2025-06-12'),
    platform: 'sentinel-2b',
    dn: dn.B,
    scl: scl.B,
    offsetApplied: true,
    baseline: '05.11',
    cloudCover: 2,
  });

  dn.C = withOffset(base, 1000);
  for (let r = ZERO_BLOCK.r0; r < ZERO_BLOCK.r1; r++) {
    for (let c = ZERO_BLOCK.c0; c < ZERO_BLOCK.c1; c++) {
      dn.C.red![r * GRID.width + c] = 1000;
      dn.C.nir![r * GRID.width + c] = 1000;
    }
  }
  scl.C = paintScl(paintScl(clearScl(), GRID, 9, 110, 0, 128, 128), GRID, 9, 0, 115, 128, 128);
  await writeScene(dir, {
    id: IDS.C,
    datetime: t('2025-06-15'),
    dn: dn.C,
    scl: scl.C,
    offsetApplied: false,
    baseline: '05.11',
    cloudCover: 70,
  });

  dn.D = { ...base, red: base.red!.map((v) => v + 300) };
  scl.D = clearScl();
  const half = GRID.x0 + 640;
  const y1 = GRID.y0 - GRID.height * 10;
  const eastHalf = [
    lonLatOf(GRID, half, y1),
    lonLatOf(GRID, GRID.x0 + 1280, y1),
    lonLatOf(GRID, GRID.x0 + 1280, GRID.y0),
    lonLatOf(GRID, half, GRID.y0),
  ];
  await writeScene(dir, {
    id: IDS.D,
    datetime: '2025-06-15T10:40:03.000Z',
    dn: dn.D,
    scl: scl.D,
    offsetApplied: true,
    baseline: '05.11',
    footprint: [...eastHalf, eastHalf[0]!],
  });

  dn.E = base;
  scl.E = clearScl();
  await writeScene(dir, {
    id: IDS.E,
    datetime: t('2025-07-20'),
    platform: 'sentinel-2b',
    dn: dn.E,
    scl: scl.E,
    offsetApplied: true,
    baseline: '05.11',
  });

  dn.F = base;
  scl.F = clearScl().fill(8);
  await writeScene(dir, {
    id: IDS.F,
    datetime: t('2025-08-01'),
    dn: dn.F,
    scl: scl.F,
    offsetApplied: true,
    baseline: '05.11',
    cloudCover: 100,
  });

  dn.G1 = base;
  dn.G2 = withOffset(base, 1000);
  dn.G3 = base;
  scl.G1 = scl.G2 = scl.G3 = clearScl();
  await writeScene(dir, {
    id: IDS.G1,
    datetime: t('2025-09-01'),
    dn: dn.G1,
    scl: scl.G1,
    offsetApplied: true,
    baseline: '05.11',
  });
  await writeScene(dir, {
    id: IDS.G2,
    datetime: t('2025-09-03'),
    platform: 'sentinel-2b',
    dn: dn.G2,
    scl: scl.G2,
    offsetApplied: false,
    baseline: '05.11',
  });
  await writeScene(dir, {
    id: IDS.G3,
    datetime: t('2025-09-05'),
    dn: dn.G3,
    scl: scl.G3,
    offsetApplied: null,
    baseline: '02.14',
  });
  return { dir, dn, scl };
}

/** Every acquisition of a catalog over the synthetic year (2025), by id. */
export async function acquisitionsById(catalog: Catalog): Promise<Record<string, Acquisition>> {
  const all = await catalog.search({ start: '2025-01-01', end: '2025-12-31' });
  return Object.fromEntries(all.map((a) => [a.id, a]));
}
