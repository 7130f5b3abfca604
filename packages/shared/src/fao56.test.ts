import { describe, expect, it } from 'vitest';
import {
  actualVapourPressure,
  atmosphericPressure,
  dayOfYear,
  extraterrestrialRadiation,
  psychrometricConstant,
  referenceEt0,
  saturationVapourPressure,
  solarRadiationFromSunshine,
  vapourPressureSlope,
  windAt2m,
} from './fao56.ts';

/**
 * FAO-56 (Allen et al., 1998), chapters 3 and 4: the equations against the paper's worked examples, each figure as
 * the paper prints it. The paper rounds each intermediate before the next step, so a figure may differ from the
 * unrounded chain by one unit of its last printed digit: that is the tolerance.
 */
const near = (value: number, printed: number, digits: number) =>
  expect(Math.abs(value - printed)).toBeLessThanOrEqual(10 ** -digits + 1e-12);

describe('FAO-56 Penman–Monteith', () => {
  it('example 2: atmospheric pressure and the psychrometric constant at 1,800 m', () => {
    const p = atmosphericPressure(1800);
    near(p, 81.8, 1);
    near(psychrometricConstant(p), 0.054, 3);
  });

  it('example 3: saturation vapour pressure (Tmax 24.5 °C, Tmin 15 °C)', () => {
    near(saturationVapourPressure(24.5), 3.075, 3);
    near(saturationVapourPressure(15), 1.705, 3);
    near((saturationVapourPressure(24.5) + saturationVapourPressure(15)) / 2, 2.39, 2);
  });

  it('example 5: actual vapour pressure from RH max and min (Tmin 18, Tmax 25, RHmax 82 %, RHmin 54 %)', () => {
    near(actualVapourPressure({ rhMax: 82, rhMin: 54 }, 25, 18), 1.7, 2);
  });

  it('examples 8 and 9: extraterrestrial radiation and daylight hours at 20° S on 3 September', () => {
    const j = dayOfYear('2025-09-03');
    expect(j).toBe(246);
    const { ra, daylightHours } = extraterrestrialRadiation(-20, j);
    near(ra, 32.2, 1);
    near(daylightHours, 11.7, 1);
  });

  it('example 14: wind at 2 m from 3.2 m/s measured at 10 m', () => {
    near(windAt2m(3.2, 10), 2.4, 1);
  });

  it('example 18: ET0 of 6 July in Uccle (Brussels), 3.9 mm/day, and each intermediate the paper prints', () => {
    const latitude = 50 + 48 / 60;
    const { ra, daylightHours } = extraterrestrialRadiation(latitude, dayOfYear('2025-07-06'));
    near(ra, 41.09, 2);
    near(daylightHours, 16.1, 1);
    const rs = solarRadiationFromSunshine(9.25, ra, daylightHours);
    near(rs, 22.07, 2);
    const r = referenceEt0({
      day: '2025-07-06',
      latitude,
      altitude: 100,
      tMax: 21.5,
      tMin: 12.3,
      humidity: { rhMax: 84, rhMin: 63 },
      wind: 10 / 3.6,
      windHeight: 10,
      solarRadiation: rs,
    });
    near(r.tMean, 16.9, 1);
    near(r.delta, 0.122, 3);
    near(r.pressure, 100.1, 1);
    near(r.gamma, 0.0666, 4);
    near(r.u2, 2.078, 3);
    near(r.es, 1.997, 3);
    near(r.ea, 1.409, 3);
    near(r.rso, 30.9, 1);
    near(r.rns, 16.99, 2);
    near(r.rnl, 3.71, 2);
    near(r.rn, 13.28, 2);
    near(r.et0, 3.9, 1);
  });

  it('a dew point gives the vapour pressure at that temperature; never a negative ET0', () => {
    expect(actualVapourPressure({ dewPoint: 12 }, 30, 10)).toBe(saturationVapourPressure(12));
    near(vapourPressureSlope(25), 0.189, 3);
    const cold = referenceEt0({
      day: '2025-01-10',
      latitude: 36.6,
      altitude: 50,
      tMax: 4,
      tMin: 1,
      humidity: { rhMean: 100 },
      wind: 0.5,
      windHeight: 10,
      solarRadiation: 1,
    });
    expect(cold.et0).toBeGreaterThanOrEqual(0);
  });
});
