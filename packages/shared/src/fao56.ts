/**
 * Reference evapotranspiration by the FAO Penman–Monteith equation, daily (issue 31 §2): FAO Irrigation and Drainage
 * Paper 56, Allen, Pereira, Raes and Smith (1998), chapter 3 (meteorological data) and chapter 4 (equation 6). Every
 * intermediate the paper names is returned with the result, so anyone can check a figure against its worked examples
 * or recompute it from the inputs. Units are the paper's: °C, kPa, m s⁻¹, MJ m⁻² day⁻¹, mm day⁻¹.
 */

/** Solar constant, MJ m⁻² min⁻¹ (eq. 21). */
const GSC = 0.082;
/** Stefan–Boltzmann constant, MJ K⁻⁴ m⁻² day⁻¹ (eq. 39). */
const SIGMA = 4.903e-9;
/** Albedo of the grass reference crop (eq. 38). */
const ALBEDO = 0.23;

/** Saturation vapour pressure at temperature `t` (°C), kPa (eq. 11). */
export const saturationVapourPressure = (t: number): number => 0.6108 * Math.exp((17.27 * t) / (t + 237.3));

/** Slope of the saturation vapour pressure curve at `t` (°C), kPa °C⁻¹ (eq. 13). */
export const vapourPressureSlope = (t: number): number => (4098 * saturationVapourPressure(t)) / (t + 237.3) ** 2;

/** Atmospheric pressure at `altitude` m above sea level, kPa (eq. 7). */
export const atmosphericPressure = (altitude: number): number => 101.3 * ((293 - 0.0065 * altitude) / 293) ** 5.26;

/** Psychrometric constant at pressure `p` (kPa), kPa °C⁻¹ (eq. 8). */
export const psychrometricConstant = (p: number): number => 0.000665 * p;

/** Wind speed at 2 m from a speed measured at `height` m, m s⁻¹ (eq. 47). */
export const windAt2m = (speed: number, height: number): number =>
  height === 2 ? speed : (speed * 4.87) / Math.log(67.8 * height - 5.42);

/** Day of the year, 1–366, of a YYYY-MM-DD day. */
export function dayOfYear(day: string): number {
  const t = Date.parse(`${day}T00:00:00Z`);
  return Math.round((t - Date.UTC(new Date(t).getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

/** Extraterrestrial radiation Ra (MJ m⁻² day⁻¹) and daylight hours N at `latitude` (degrees) on day `j` (eqs. 21–25, 34). */
export function extraterrestrialRadiation(latitude: number, j: number): { ra: number; daylightHours: number } {
  const phi = (latitude * Math.PI) / 180;
  const dr = 1 + 0.033 * Math.cos(((2 * Math.PI) / 365) * j);
  const delta = 0.409 * Math.sin(((2 * Math.PI) / 365) * j - 1.39);
  // Beyond the polar circles the sun may not rise or set: the argument is clamped (the paper's note to eq. 25).
  const ws = Math.acos(Math.min(1, Math.max(-1, -Math.tan(phi) * Math.tan(delta))));
  const ra =
    ((24 * 60) / Math.PI) *
    GSC *
    dr *
    (ws * Math.sin(phi) * Math.sin(delta) + Math.cos(phi) * Math.cos(delta) * Math.sin(ws));
  return { ra, daylightHours: (24 / Math.PI) * ws };
}

/** Solar radiation from sunshine hours by the Angström formula with the paper's default coefficients (eq. 35). */
export const solarRadiationFromSunshine = (sunshineHours: number, ra: number, daylightHours: number): number =>
  (0.25 + (0.5 * sunshineHours) / daylightHours) * ra;

/** How the actual vapour pressure is known, best first (the paper's order of preference, eqs. 14, 17, 19). */
export type Humidity = { dewPoint: number } | { rhMax: number; rhMin: number } | { rhMean: number };

export interface DailyWeather {
  /** YYYY-MM-DD (for the day of the year). */
  day: string;
  /** Degrees, north positive. */
  latitude: number;
  /** Metres above sea level. */
  altitude: number;
  tMax: number;
  tMin: number;
  humidity: Humidity;
  /** Wind speed, m s⁻¹, measured at `windHeight` m (10 m for most weather services). */
  wind: number;
  windHeight: number;
  /** Incoming shortwave (solar) radiation, MJ m⁻² day⁻¹. */
  solarRadiation: number;
}

export interface Et0Result {
  /** Reference evapotranspiration, mm day⁻¹ (eq. 6), never below 0. */
  et0: number;
  tMean: number;
  delta: number;
  pressure: number;
  gamma: number;
  u2: number;
  es: number;
  ea: number;
  ra: number;
  rso: number;
  rns: number;
  rnl: number;
  rn: number;
}

/** Actual vapour pressure, kPa (eq. 14 from the dew point, 17 from RH max and min, 19 from the mean RH). */
export function actualVapourPressure(humidity: Humidity, tMax: number, tMin: number): number {
  if ('dewPoint' in humidity) return saturationVapourPressure(humidity.dewPoint);
  if ('rhMax' in humidity)
    return (
      ((saturationVapourPressure(tMin) * humidity.rhMax) / 100 +
        (saturationVapourPressure(tMax) * humidity.rhMin) / 100) /
      2
    );
  return ((humidity.rhMean / 100) * (saturationVapourPressure(tMax) + saturationVapourPressure(tMin))) / 2;
}

/** Daily reference evapotranspiration ET0 by FAO Penman–Monteith (eq. 6), soil heat flux G = 0 for a day (eq. 42). */
export function referenceEt0(w: DailyWeather): Et0Result {
  const tMean = (w.tMax + w.tMin) / 2;
  const delta = vapourPressureSlope(tMean);
  const pressure = atmosphericPressure(w.altitude);
  const gamma = psychrometricConstant(pressure);
  const u2 = windAt2m(w.wind, w.windHeight);
  const es = (saturationVapourPressure(w.tMax) + saturationVapourPressure(w.tMin)) / 2;
  const ea = actualVapourPressure(w.humidity, w.tMax, w.tMin);
  const { ra } = extraterrestrialRadiation(w.latitude, dayOfYear(w.day));
  const rso = (0.75 + 2e-5 * w.altitude) * ra;
  const rns = (1 - ALBEDO) * w.solarRadiation;
  // Relative shortwave radiation limited to ≤ 1 (eq. 39's note).
  const relative = rso > 0 ? Math.min(1, w.solarRadiation / rso) : 1;
  const rnl =
    ((SIGMA * ((w.tMax + 273.16) ** 4 + (w.tMin + 273.16) ** 4)) / 2) *
    (0.34 - 0.14 * Math.sqrt(ea)) *
    (1.35 * relative - 0.35);
  const rn = rns - rnl;
  const et0 = (0.408 * delta * rn + gamma * (900 / (tMean + 273)) * u2 * (es - ea)) / (delta + gamma * (1 + 0.34 * u2));
  return { et0: Math.max(0, et0), tMean, delta, pressure, gamma, u2, es, ea, ra, rso, rns, rnl, rn };
}
