import { WILAYAS } from '@filaha/shared';
import { describe, expect, it } from 'vitest';
import { BORDER_PAIRS, capitalDistanceKm, distancesFrom, neighboursOf, WILAYA_COUNT } from './wilaya-geo.ts';

describe('wilaya geography', () => {
  it('covers the 58 wilayas, each with at least one neighbour, symmetrically', () => {
    expect(WILAYA_COUNT).toBe(WILAYAS.length);
    for (const w of WILAYAS) {
      const around = neighboursOf(w.id);
      expect(around.length, w.fr).toBeGreaterThan(0);
      for (const n of around) expect(neighboursOf(n), `${w.fr} ↔ ${n}`).toContain(w.id);
    }
    expect(neighboursOf(0)).toEqual([]);
    expect(neighboursOf(59)).toEqual([]);
  });

  it('lists each border once and never a wilaya with itself', () => {
    const keys = BORDER_PAIRS.map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(BORDER_PAIRS.every(([a, b]) => a !== b && a >= 1 && b >= 1 && a <= 58 && b <= 58)).toBe(true);
  });

  it('has plausible capitals: neighbours are closer than 1000 km, known distances match', () => {
    for (const [a, b] of BORDER_PAIRS) expect(capitalDistanceKm(a, b), `${a}-${b}`).toBeLessThan(1000);
    // Alger–Oran ≈ 360 km, Alger–Constantine ≈ 320 km, Alger–Tamanrasset ≈ 1500 km as the crow flies.
    expect(capitalDistanceKm(16, 31)).toBeGreaterThan(330);
    expect(capitalDistanceKm(16, 31)).toBeLessThan(390);
    expect(capitalDistanceKm(16, 25)).toBeGreaterThan(290);
    expect(capitalDistanceKm(16, 25)).toBeLessThan(350);
    expect(capitalDistanceKm(16, 11)).toBeGreaterThan(1400);
    expect(capitalDistanceKm(16, 16)).toBe(0);
    expect(distancesFrom(16)).toHaveLength(58);
    expect(distancesFrom(null).every((d) => d === 0)).toBe(true);
  });

  it('knows the usual borders', () => {
    expect(neighboursOf(16)).toEqual([9, 35, 42]);
    expect(neighboursOf(31)).toEqual([22, 27, 29, 46]);
    expect(neighboursOf(56)).toEqual([11, 33]);
  });
});
