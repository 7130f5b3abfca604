import { eq, sellerSubscriptions } from '@filaha/db';
import { factories } from '@filaha/db/testing';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { addYears, algiersToday } from '../../core/time.ts';

const t = useTestApp();

type Headers = Record<string, string>;
const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers = {},
  payload?: Record<string, unknown>,
) => t.current.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const codeOf = (res: { body: string }) => json<{ code: string }>(res).code;

interface SubscriptionOut {
  id: number;
  sellerAbonnementId: number;
  userId: number;
  dateDebut: string;
  dateFin: string;
  etat: string;
  nbPost: number;
  remainingPosts: number | null;
  remainingDays: number;
  sellerabonnement: { nameAbonnement: string; price: number; nbPost: number | null; isLimited: boolean };
}
interface Current {
  hasActiveSubscription: boolean;
  data: SubscriptionOut | null;
}

const isoDaysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('POST /api/sellerAbonnementUser', () => {
  it("creates the caller's subscription actif from today to one year later, ignoring the client's dates and state", async () => {
    const seller = await t.current.createUser({ role: 'Seller' });
    const plan = (await factories.createSellerPlan(t.current.database, { postLimit: 4 })).sellerPlan;
    const res = await send('POST', '/api/sellerAbonnementUser', seller.headers, {
      sellerAbonnementId: plan.id,
      dateDebut: '2001-01-01',
      dateFin: '2001-01-02',
      etat: 'désactivé',
    });
    expect(res.statusCode).toBe(201);
    const today = algiersToday();
    const { sellerAbonnementUser } = json<{ sellerAbonnementUser: SubscriptionOut }>(res);
    expect(sellerAbonnementUser).toMatchObject({
      sellerAbonnementId: plan.id,
      userId: seller.user.id,
      dateDebut: today,
      dateFin: addYears(today, 1),
      etat: 'actif',
      nbPost: 0,
      remainingPosts: 4,
    });
    expect(sellerAbonnementUser.remainingDays).toBeGreaterThanOrEqual(364);
    expect(sellerAbonnementUser.remainingDays).toBeLessThanOrEqual(367);
  });

  it('lets a farmer (User) take a seller plan; refuses investors, managers and anonymous callers', async () => {
    const plan = (await factories.createSellerPlan(t.current.database)).sellerPlan;
    const farmer = await t.current.createUser({ role: 'User' });
    expect(
      (await send('POST', '/api/sellerAbonnementUser', farmer.headers, { sellerAbonnementId: plan.id })).statusCode,
    ).toBe(201);
    for (const role of ['Investor', 'Manager'] as const) {
      const { headers } = await t.current.createUser({ role });
      expect(
        (await send('POST', '/api/sellerAbonnementUser', headers, { sellerAbonnementId: plan.id })).statusCode,
      ).toBe(403);
    }
    expect((await send('POST', '/api/sellerAbonnementUser', {}, { sellerAbonnementId: plan.id })).statusCode).toBe(401);
  });

  it('refuses a second purchase while one is active (409), and replaces one past its end date', async () => {
    const seller = await t.current.createUser({ role: 'Seller' });
    const plan = (await factories.createSellerPlan(t.current.database)).sellerPlan;
    const first = await send('POST', '/api/sellerAbonnementUser', seller.headers, { sellerAbonnementId: plan.id });
    expect(first.statusCode).toBe(201);
    const second = await send('POST', '/api/sellerAbonnementUser', seller.headers, { sellerAbonnementId: plan.id });
    expect(second.statusCode).toBe(409);
    expect(json(second)).toMatchObject({ code: 'CONFLICT', issues: [{ code: 'subscription_open' }] });

    const firstId = json<{ sellerAbonnementUser: SubscriptionOut }>(first).sellerAbonnementUser.id;
    const db = t.current.database.db;
    await db
      .update(sellerSubscriptions)
      .set({ startDate: '2020-01-01', endDate: '2021-01-01' })
      .where(eq(sellerSubscriptions.id, firstId));
    const renewed = await send('POST', '/api/sellerAbonnementUser', seller.headers, { sellerAbonnementId: plan.id });
    expect(renewed.statusCode).toBe(201);
    const [old] = await db.select().from(sellerSubscriptions).where(eq(sellerSubscriptions.id, firstId));
    expect(old?.state).toBe('désactivé');
  });

  it('answers 400 for an unknown plan', async () => {
    const seller = await t.current.createUser({ role: 'Seller' });
    const res = await send('POST', '/api/sellerAbonnementUser', seller.headers, { sellerAbonnementId: 99_999_999 });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ issues: [{ path: 'sellerAbonnementId' }] });
  });
});

describe('GET /api/sellerAbonnementUser/current', () => {
  it('answers false with no data when the caller never subscribed', async () => {
    const seller = await t.current.createUser({ role: 'Seller' });
    expect(json(await send('GET', '/api/sellerAbonnementUser/current', seller.headers))).toEqual({
      hasActiveSubscription: false,
      data: null,
    });
  });

  it('gives remaining posts and the rounded-up days to the end date', async () => {
    const seller = await t.current.createUser({ role: 'Seller' });
    const { sellerSubscription } = await factories.createSellerSubscription(t.current.database, {
      userId: seller.user.id,
      postLimit: 5,
      postsUsed: 2,
    });
    await t.current.database.db
      .update(sellerSubscriptions)
      .set({ endDate: isoDaysFromNow(10) })
      .where(eq(sellerSubscriptions.id, sellerSubscription.id));
    const res = await send('GET', '/api/sellerAbonnementUser/current', seller.headers);
    expect(res.statusCode).toBe(200);
    const body = json<Current>(res);
    expect(body.hasActiveSubscription).toBe(true);
    // Midnight UTC of the end date is between 9 and 10 days away: rounded up, 10.
    expect(body.data).toMatchObject({
      id: sellerSubscription.id,
      nbPost: 2,
      remainingPosts: 3,
      remainingDays: 10,
      etat: 'actif',
    });
    expect(body.data?.sellerabonnement).toMatchObject({ nbPost: 5, isLimited: true });
  });

  it('reports a deactivated or ended subscription as not active, with its data', async () => {
    const seller = await t.current.createUser({ role: 'Seller' });
    const { sellerSubscription } = await factories.createSellerSubscription(t.current.database, {
      userId: seller.user.id,
      state: 'désactivé',
    });
    const body = json<Current>(await send('GET', '/api/sellerAbonnementUser/current', seller.headers));
    expect(body).toMatchObject({
      hasActiveSubscription: false,
      data: { id: sellerSubscription.id, etat: 'désactivé', remainingPosts: null },
    });

    const other = await t.current.createUser({ role: 'Seller' });
    const ended = await factories.createSellerSubscription(t.current.database, { userId: other.user.id });
    await t.current.database.db
      .update(sellerSubscriptions)
      .set({ startDate: '2020-01-01', endDate: isoDaysFromNow(-3) })
      .where(eq(sellerSubscriptions.id, ended.sellerSubscription.id));
    // Three days and some hours ago, rounded up: 4.
    const endedBody = json<Current>(await send('GET', '/api/sellerAbonnementUser/current', other.headers));
    expect(endedBody).toMatchObject({ hasActiveSubscription: false, data: { etat: 'actif', remainingDays: 4 } });
  });

  it('needs a token', async () => {
    expect((await send('GET', '/api/sellerAbonnementUser/current')).statusCode).toBe(401);
  });
});

describe('admin management of seller subscriptions', () => {
  it('lists all with the plan and the user for admins and managers only', async () => {
    const seller = await t.current.createUser({ role: 'Seller' });
    const { sellerSubscription } = await factories.createSellerSubscription(t.current.database, {
      userId: seller.user.id,
    });
    for (const role of ['Admin', 'Manager'] as const) {
      const { headers } = await t.current.createUser({ role });
      const list = json<Array<SubscriptionOut & { User: { email: string } }>>(
        await send('GET', '/api/sellerAbonnementUser', headers),
      );
      const row = list.find((s) => s.id === sellerSubscription.id);
      expect(row?.User.email).toBe(seller.user.email);
      expect(row?.sellerabonnement.nameAbonnement).toBeTruthy();
    }
    expect((await send('GET', '/api/sellerAbonnementUser', seller.headers)).statusCode).toBe(403);
  });

  it('toggles etat (admin, manager), refuses a second actif with 409, deletes (admin only)', async () => {
    const admin = await t.current.createUser({ role: 'Admin' });
    const manager = await t.current.createUser({ role: 'Manager' });
    const seller = await t.current.createUser({ role: 'Seller' });
    const { sellerSubscription: first } = await factories.createSellerSubscription(t.current.database, {
      userId: seller.user.id,
    });
    const url = `/api/sellerAbonnementUser/${first.id}`;

    expect((await send('PUT', url, seller.headers, { etat: 'désactivé' })).statusCode).toBe(403);
    const off = await send('PUT', url, manager.headers, { etat: 'désactivé' });
    expect(off.statusCode).toBe(200);
    expect(json(off)).toMatchObject({ sellerAbonnementUser: { etat: 'désactivé' } });

    const { sellerSubscription: second } = await factories.createSellerSubscription(t.current.database, {
      userId: seller.user.id,
    });
    const clash = await send('PUT', url, admin.headers, { etat: 'actif' });
    expect(clash.statusCode).toBe(409);
    expect(json(clash)).toMatchObject({ issues: [{ code: 'other_active' }] });
    expect((await send('PUT', url, admin.headers, { etat: 'bogus' })).statusCode).toBe(400);

    expect((await send('DELETE', `/api/sellerAbonnementUser/${second.id}`, manager.headers)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/sellerAbonnementUser/${second.id}`, admin.headers)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/sellerAbonnementUser/${second.id}`, admin.headers)).statusCode).toBe(404);
    expect(codeOf(await send('PUT', '/api/sellerAbonnementUser/99999999', admin.headers, { etat: 'actif' }))).toBe(
      'NOT_FOUND',
    );
  });
});
