import type { PolygonGeometry } from '@filaha/db';
import { DEFAULT_MASKED_SCL_CLASSES } from '@filaha/imagery';
import { describe, expect, it } from 'vitest';
import { seriesBasis } from './season.points.ts';

/**
 * Issue 28 §1: the basis of stored season points names every setting a point depends on. The masked SCL classes
 * were missing, so a deployment that changed them reused points computed with the old mask.
 */
const FIELD: PolygonGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [3.01, 36.7],
      [3.02, 36.7],
      [3.02, 36.71],
      [3.01, 36.7],
    ],
  ],
};
const SETTINGS = { minValidFraction: 0.6, cloudBufferM: 20 };

describe('seriesBasis', () => {
  it('changes when the masked SCL classes change', () => {
    const usual = seriesBasis(FIELD, { ...SETTINGS, maskClasses: DEFAULT_MASKED_SCL_CLASSES });
    // SCL 2 (dark area pixels) is the class the design keeps configurable.
    expect(seriesBasis(FIELD, { ...SETTINGS, maskClasses: [...DEFAULT_MASKED_SCL_CLASSES, 2] })).not.toBe(usual);
    expect(seriesBasis(FIELD, { ...SETTINGS, maskClasses: DEFAULT_MASKED_SCL_CLASSES.slice(1) })).not.toBe(usual);
  });

  it('reads unset classes as the engine default, in any order', () => {
    const usual = seriesBasis(FIELD, { ...SETTINGS, maskClasses: DEFAULT_MASKED_SCL_CLASSES });
    expect(seriesBasis(FIELD, SETTINGS)).toBe(usual);
    expect(seriesBasis(FIELD, { ...SETTINGS, maskClasses: [...DEFAULT_MASKED_SCL_CLASSES].reverse() })).toBe(usual);
  });

  it('still changes with the geometry, the minimum valid fraction and the cloud buffer', () => {
    const usual = seriesBasis(FIELD, SETTINGS);
    expect(seriesBasis(FIELD, { ...SETTINGS, minValidFraction: 0.5 })).not.toBe(usual);
    expect(seriesBasis(FIELD, { ...SETTINGS, cloudBufferM: 0 })).not.toBe(usual);
    const moved: PolygonGeometry = { ...FIELD, coordinates: [FIELD.coordinates[0]!.map(([x, y]) => [x! + 0.001, y!])] };
    expect(seriesBasis(moved, SETTINGS)).not.toBe(usual);
  });
});
