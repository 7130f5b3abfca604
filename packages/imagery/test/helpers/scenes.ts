import { GRID, patternDn, polygonFromUtm, type SceneGrid } from './synthetic.ts';

/** Digital numbers of a standard synthetic scene (reflectance × 10000, no offset), per asset key. */
export function standardDn(grid: SceneGrid = GRID): Record<string, Uint16Array> {
  const w = grid.width;
  const h = grid.height;
  return {
    blue: patternDn(w, h, 400, 1, 0, 20),
    green: patternDn(w, h, 900, 1, 1, 30),
    red: patternDn(w, h, 600, 3, 2, 40),
    nir: patternDn(w, h, 2500, -4, 6, 100),
    rededge1: patternDn(w / 2, h / 2, 1500, 7, 3, 50),
    nir08: patternDn(w / 2, h / 2, 2600, -3, 5, 0),
    swir16: patternDn(w / 2, h / 2, 1800, 5, -2, 60),
  };
}

export function withOffset(dn: Record<string, Uint16Array>, offset: number): Record<string, Uint16Array> {
  return Object.fromEntries(Object.entries(dn).map(([k, v]) => [k, v.map((x) => x + offset)]));
}

export function clearScl(grid: SceneGrid = GRID): Uint8Array {
  return new Uint8Array((grid.width / 2) * (grid.height / 2)).fill(4);
}

/** A five-sided parcel (≈ 60 ha) well inside the synthetic grid, with slanted edges. */
export const PARCEL_UTM: Array<[number, number]> = [
  [GRID.x0 + 205, GRID.y0 - 153],
  [GRID.x0 + 948, GRID.y0 - 297],
  [GRID.x0 + 1003, GRID.y0 - 1004],
  [GRID.x0 + 352, GRID.y0 - 1101],
  [GRID.x0 + 151, GRID.y0 - 598],
];
export const PARCEL = polygonFromUtm(GRID, PARCEL_UTM);

/** Marks the 20 m SCL pixels whose 10 m-equivalent columns/rows fall in [c0,c1)×[r0,r1) (10 m units). */
export function paintScl(
  scl: Uint8Array,
  grid: SceneGrid,
  cls: number,
  c0: number,
  r0: number,
  c1: number,
  r1: number,
): Uint8Array {
  const w = grid.width / 2;
  for (let r = Math.floor(r0 / 2); r < Math.ceil(r1 / 2); r++)
    for (let c = Math.floor(c0 / 2); c < Math.ceil(c1 / 2); c++) scl[r * w + c] = cls;
  return scl;
}
