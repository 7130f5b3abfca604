import { describe, expect, it } from 'vitest';
import {
  bboxPolygon,
  bboxesOverlap,
  geometryBBox,
  geometryRings,
  pointInRings,
  ringsContain,
  ringsIntersect,
  type MultiPolygonGeometry,
  type ParcelGeometry,
  type PolygonGeometry,
} from './geometry.ts';

const square = (west: number, south: number, east: number, north: number): PolygonGeometry =>
  bboxPolygon([west, south, east, north]);

describe('geometry helpers', () => {
  it('flattens the rings of a polygon (holes included) and of every part of a multipolygon', () => {
    const withHole: PolygonGeometry = {
      type: 'Polygon',
      coordinates: [square(0, 0, 4, 4).coordinates[0]!, square(1, 1, 2, 2).coordinates[0]!],
    };
    expect(geometryRings(withHole)).toHaveLength(2);
    const parts: MultiPolygonGeometry = {
      type: 'MultiPolygon',
      coordinates: [withHole.coordinates, square(10, 10, 11, 11).coordinates],
    };
    expect(geometryRings(parts)).toHaveLength(3);
    expect(geometryBBox(parts)).toEqual([0, 0, 11, 11]);
    expect(() => geometryRings({ type: 'Point', coordinates: [0, 0] } as unknown as ParcelGeometry)).toThrow(TypeError);
  });

  it('tests points by the even-odd rule: a hole is outside', () => {
    const rings = [square(0, 0, 4, 4).coordinates[0]!, square(1, 1, 2, 2).coordinates[0]!];
    expect(pointInRings(0.5, 0.5, rings)).toBe(true);
    expect(pointInRings(1.5, 1.5, rings)).toBe(false);
    expect(pointInRings(5, 5, rings)).toBe(false);
  });

  it('finds shared area through a vertex inside or crossing edges, and none between apart or touching-box shapes', () => {
    const a = geometryRings(square(0, 0, 2, 2));
    expect(ringsIntersect(a, geometryRings(square(1, 1, 3, 3)))).toBe(true);
    // A cross: no vertex of either lies inside the other, only the edges cross.
    expect(ringsIntersect(geometryRings(square(0, 1, 3, 2)), geometryRings(square(1, 0, 2, 3)))).toBe(true);
    expect(ringsIntersect(a, geometryRings(square(5, 5, 6, 6)))).toBe(false);
    // Overlapping bounding boxes, no shared area: a triangle beyond the square's north-east corner.
    const triangle: PolygonGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [3.5, 1],
          [3.5, 3.5],
          [1, 3.5],
          [3.5, 1],
        ],
      ],
    };
    expect(bboxesOverlap(geometryBBox(triangle), geometryBBox(square(0, 0, 2, 2)))).toBe(true);
    expect(ringsIntersect(a, geometryRings(triangle))).toBe(false);
  });

  it('contains a shape whose every vertex lies inside', () => {
    const outer = geometryRings(square(0, 0, 10, 10));
    expect(ringsContain(outer, geometryRings(square(1, 1, 2, 2)))).toBe(true);
    expect(ringsContain(outer, geometryRings(square(9, 9, 11, 11)))).toBe(false);
  });
});
