import { factories } from '@filaha/db/testing';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { kit } from '../plans/test-kit.ts';
import type { RequestsPerMonth } from '@filaha/shared/contracts';
import { lastMonths } from './stats.ts';

const t = useTestApp();
const k = kit(t);
const db = () => t.current.database.db;

/** One charged request: an index_results row created at `at`. */
async function charge(userId: number, parcelId: number, code: 'NDVI' | 'NDMI', at: Date) {
  await factories.createIndexResult(db(), {
    userId,
    parcelId,
    indexId: await factories.indexIdByCode(db(), code),
    sceneDatetime: at,
    createdAt: at,
  });
}

const countOf = (answer: RequestsPerMonth, code: string, month: string) =>
  answer.series.find((s) => s.code === code)?.counts[answer.months.indexOf(month)] ?? 0;

describe('GET /api/stats/requests-per-month', () => {
  it('counts the charged requests per index and month, zero months included', async () => {
    const admin = await k.as('Admin');
    const farmer = await k.as('User');
    const { parcel } = await factories.createParcel(db(), { userId: farmer.id });
    const months = lastMonths(3);
    const ask = async () =>
      json<RequestsPerMonth>(await k.get('/api/stats/requests-per-month?months=3', admin.headers));
    const before = await ask();
    expect(before.months).toEqual(months);

    const now = new Date();
    const twoMonthsAgo = new Date(now.getTime() - 62 * 86_400_000);
    await charge(farmer.id, parcel.id, 'NDVI', now);
    await charge(farmer.id, parcel.id, 'NDVI', now);
    await charge(farmer.id, parcel.id, 'NDMI', now);
    await charge(farmer.id, parcel.id, 'NDVI', twoMonthsAgo);
    // Older than the period: not counted.
    await charge(farmer.id, parcel.id, 'NDVI', new Date(now.getTime() - 200 * 86_400_000));

    const after = await ask();
    const delta = (code: string, month: string) => countOf(after, code, month) - countOf(before, code, month);
    const current = months[2]!;
    const old = lastMonths(3, twoMonthsAgo)[2]!;
    expect(delta('NDVI', current)).toBe(2);
    expect(delta('NDMI', current)).toBe(1);
    expect(delta('NDVI', old)).toBe(1);
    for (const s of after.series) expect(s.counts).toHaveLength(3);
  });

  it('is for staff only and checks the period', async () => {
    const manager = await k.as('Manager');
    expect((await k.get('/api/stats/requests-per-month', manager.headers)).statusCode).toBe(200);
    expect((await k.get('/api/stats/requests-per-month', (await k.as('User')).headers)).statusCode).toBe(403);
    expect((await k.get('/api/stats/requests-per-month')).statusCode).toBe(401);
    expect((await k.get('/api/stats/requests-per-month?months=99', manager.headers)).statusCode).toBe(400);
  });

  it('labels the last months in order across a year boundary', () => {
    expect(lastMonths(3, new Date('2026-02-10T12:00:00Z'))).toEqual(['2025-12', '2026-01', '2026-02']);
  });
});
