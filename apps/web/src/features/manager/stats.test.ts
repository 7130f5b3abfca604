import { describe, expect, it } from 'vitest';
import type { FarmerSubscription, SellerSubscription, UserRow } from '../admin/types.ts';
import {
  farmerSubscriptionFigures,
  pendingActivations,
  publicationsPerCategory,
  requestsPerIndex,
  sellerSubscriptionFigures,
  usersByRole,
  usersByWilaya,
} from './stats.ts';

const sub = (
  id: number,
  etat: 'actif' | 'désactivé',
  activated: string | null,
  date = `2025-0${id}-01`,
): FarmerSubscription => ({
  id,
  abn_id: 1,
  user_id: id,
  date_abonnement: date,
  durée: 12,
  etat,
  date_activation: activated,
  abonnement: {
    id: 1,
    nameAbonnement: 'Standard',
    nameAbonnementAr: '',
    nameClient: 'x',
    nameClientAr: '',
    prices: '1',
  },
  User: { id, email: `u${id}@filaha.dz`, userName: `u${id}` },
});

describe('manager dashboard figures', () => {
  it('counts users per role (every role listed) and per wilaya (busiest first)', () => {
    const users: UserRow[] = [
      { id: 1, roleName: 'User', wilaya: 9 },
      { id: 2, roleName: 'User', wilaya: 16 },
      { id: 3, roleName: 'Seller', wilaya: 9 },
      { id: 4, roleName: 'Admin', wilaya: 16 },
      { id: 5, roleName: 'User', wilaya: 9 },
      { id: 6, roleName: 'Manager', wilaya: null },
    ].map((u) => ({
      userName: `u${u.id}`,
      email: `u${u.id}@example.dz`,
      phoneNumber: null,
      role_id: 0,
      created_at: '',
      ...u,
    }));
    expect(usersByRole(users)).toEqual([
      { key: 'Admin', count: 1 },
      { key: 'User', count: 3 },
      { key: 'Manager', count: 1 },
      { key: 'Investor', count: 0 },
      { key: 'Seller', count: 1 },
    ]);
    expect(usersByWilaya(users)).toEqual([
      { key: 9, count: 3 },
      { key: 16, count: 2 },
    ]);
  });

  it('splits farmer subscriptions into pending (never activated), active and suspended', () => {
    const list = [
      sub(1, 'actif', '2025-01-02'),
      sub(2, 'désactivé', null),
      sub(3, 'désactivé', '2025-03-02'),
      sub(4, 'désactivé', null, '2025-01-15'),
    ];
    expect(farmerSubscriptionFigures(list)).toEqual({ pending: 2, active: 1, suspended: 1 });
    expect(pendingActivations(list).map((s) => s.id)).toEqual([4, 2]);
  });

  it('counts seller subscriptions by whether they are really active (actif and not ended)', () => {
    const seller = (isActive: boolean) => ({ isActive }) as SellerSubscription;
    expect(sellerSubscriptionFigures([seller(true), seller(false), seller(true)])).toEqual({ active: 2, inactive: 1 });
  });

  it('sums the requests used and granted per index over all subscriptions', () => {
    const u = (code: string, used: number, total: number) => ({
      indice_id: code.length,
      indiceName: `Indice ${code}`,
      code,
      nbreq_total: total,
      nbreq_used: used,
      nbreq_restante: total - used,
    });
    expect(requestsPerIndex([[u('NDVI', 2, 6), u('NDMI', 0, 6)], [u('NDVI', 5, 10)], []])).toEqual([
      { code: 'NDVI', name: 'Indice NDVI', used: 7, total: 16 },
      { code: 'NDMI', name: 'Indice NDMI', used: 0, total: 6 },
    ]);
  });

  it('counts publications per seller category, sellers without a role apart', () => {
    const p = (id: number, role: { id: number; roleName: string; roleNameAr: string } | null) => ({
      id,
      seller: { sellerRole: role },
    });
    const farmer = { id: 1, roleName: 'Agriculteur', roleNameAr: 'فلاح' };
    const supplier = { id: 2, roleName: 'Fournisseur', roleNameAr: 'مورّد' };
    expect(publicationsPerCategory([p(1, farmer), p(2, supplier), p(3, farmer), p(4, null)])).toEqual([
      { id: 1, fr: 'Agriculteur', ar: 'فلاح', count: 2 },
      { id: 0, fr: '', ar: '', count: 1 },
      { id: 2, fr: 'Fournisseur', ar: 'مورّد', count: 1 },
    ]);
  });
});
