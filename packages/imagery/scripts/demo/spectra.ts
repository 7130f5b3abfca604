/**
 * Reflectance spectra (0–1) of the demo's surfaces for the bands the catalog carries. Soil and canopy are
 * mixed linearly by fractional cover, which is solved from the NDVI a field should show — so the painted
 * NDVI is exactly the crop's, and NDMI, NDRE, NDWI… follow from physically sensible spectra.
 */
export const BAND_KEYS = ['blue', 'green', 'red', 'rededge1', 'nir', 'nir08', 'swir16'] as const;
export type BandKey = (typeof BAND_KEYS)[number];
export type Spectrum = Record<BandKey, number>;

export const SOIL: Spectrum = {
  blue: 0.12,
  green: 0.15,
  red: 0.2,
  rededge1: 0.22,
  nir: 0.235,
  nir08: 0.245,
  swir16: 0.33,
};
export const CANOPY: Spectrum = {
  blue: 0.03,
  green: 0.07,
  red: 0.03,
  rededge1: 0.12,
  nir: 0.45,
  nir08: 0.46,
  swir16: 0.16,
};
export const ASPHALT: Spectrum = {
  blue: 0.1,
  green: 0.11,
  red: 0.12,
  rededge1: 0.13,
  nir: 0.14,
  nir08: 0.145,
  swir16: 0.17,
};
export const WATER: Spectrum = {
  blue: 0.07,
  green: 0.08,
  red: 0.05,
  rededge1: 0.04,
  nir: 0.025,
  nir08: 0.022,
  swir16: 0.01,
};
export const CLOUD: Spectrum = {
  blue: 0.45,
  green: 0.46,
  red: 0.47,
  rededge1: 0.48,
  nir: 0.5,
  nir08: 0.5,
  swir16: 0.35,
};

/** Fractional cover giving the target NDVI for the soil–canopy mixture (closed form of the NDVI ratio). */
export function coverForNdvi(ndvi: number): number {
  const a = SOIL.nir - SOIL.red;
  const b = CANOPY.nir - SOIL.nir - (CANOPY.red - SOIL.red);
  const s = SOIL.nir + SOIL.red;
  const t = CANOPY.nir - SOIL.nir + (CANOPY.red - SOIL.red);
  return Math.max(-0.15, Math.min(1, (ndvi * s - a) / (b - ndvi * t)));
}

export function mix(a: Spectrum, b: Spectrum, f: number): Spectrum {
  const out = {} as Spectrum;
  for (const k of BAND_KEYS) out[k] = a[k] + (b[k] - a[k]) * f;
  return out;
}

/** Open water whose red is set so (nir − red)/(nir + red) equals the target (negative) NDVI. */
export function waterSpectrum(ndvi: number): Spectrum {
  return { ...WATER, red: (WATER.nir * (1 - ndvi)) / (1 + ndvi) };
}
