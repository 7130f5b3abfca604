import { describe, expect, it } from 'vitest';
import { indicesFree, plansFree } from './assignment.ts';

const plans = [
  { id: 1, nameAbonnement: 'Basic' },
  { id: 2, nameAbonnement: 'Standard' },
  { id: 3, nameAbonnement: 'Premium' },
];
const indices = [
  { id: 10, indiceName: 'Indice NDVI' },
  { id: 11, indiceName: 'Indice NDMI' },
  { id: 12, indiceName: 'Indice NDWI' },
];
const links = [
  { AbonnementId: 1, IndiceId: 10 },
  { AbonnementId: 2, IndiceId: 10 },
  { AbonnementId: 2, IndiceId: 11 },
];

describe('plan ↔ index assignment choices (SPEC §5)', () => {
  it('offers every plan until an index is chosen', () => {
    expect(plansFree(plans, links, '')).toEqual(plans);
    expect(plansFree(plans, links, undefined)).toEqual(plans);
  });

  it('excludes the plans that already have the chosen index (select values are strings)', () => {
    expect(plansFree(plans, links, '10').map((p) => p.id)).toEqual([3]);
    expect(plansFree(plans, links, 11).map((p) => p.id)).toEqual([1, 3]);
    expect(plansFree(plans, links, '12').map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it('and the other way: excludes the indices the chosen plan already has', () => {
    expect(indicesFree(indices, links, '2').map((i) => i.id)).toEqual([12]);
    expect(indicesFree(indices, links, 1).map((i) => i.id)).toEqual([11, 12]);
    expect(indicesFree(indices, links, '3').map((i) => i.id)).toEqual([10, 11, 12]);
    expect(indicesFree(indices, links, 'x').map((i) => i.id)).toEqual([10, 11, 12]);
  });
});
