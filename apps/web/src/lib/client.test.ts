import type { RouteData } from '@filaha/shared/contracts';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { json, reply, stubApi, stubContracts } from '../../test/fetch.ts';
import { call, ContractMismatch, contractMismatches, pathOf, request, type RouteFailure } from './client.ts';
import { ApiAnswerError } from './queries.ts';

const PARCEL: RouteData<'GET /parcelle/:id'> = {
  id: 4,
  parcelleId: 4,
  identifiantU: 'Oliveraie',
  userId: 9,
  bWS: 3,
  bWN: 3.01,
  bES: 36.5,
  bEN: 36.51,
  geom: {
    type: 'Polygon',
    coordinates: [
      [
        [3, 36.5],
        [3.01, 36.5],
        [3.01, 36.51],
        [3, 36.5],
      ],
    ],
  },
  culture: null,
  areaHa: 99.5,
  createdAt: '2025-03-01T08:00:00.000Z',
};

describe('the contract client', () => {
  // The mismatches these tests provoke on purpose are theirs, not a failure of the test (test/setup.ts).
  afterEach(() => void contractMismatches.splice(0));

  it('fills path parameters and appends the defined query fields', () => {
    expect(pathOf('/parcelle/:id', { params: { id: 12 } })).toBe('/parcelle/12');
    expect(pathOf('/x/:a/:b', { params: { a: 'é/1', b: 2 } })).toBe('/x/%C3%A9%2F1/2');
    expect(pathOf('/parcelle', { query: { userId: 3, other: undefined, empty: '' } })).toBe('/parcelle?userId=3');
    expect(pathOf('/parcelle', {})).toBe('/parcelle');
    expect(() => pathOf('/parcelle/:id', { params: {} })).toThrow(/missing :id/);
  });

  it('sends what the route needs and returns the answer the contract allows', async () => {
    const { calls } = stubContracts({ 'GET /parcelle/:id': () => reply(200, PARCEL) });
    expect(await call('GET /parcelle/:id', { params: { id: 4 } })).toEqual(PARCEL);
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/parcelle/4' });
    expect(contractMismatches).toEqual([]);
  });

  it('refuses, in tests, an answer its contract does not allow, and names the route and the field', async () => {
    stubApi({ 'GET /api/parcelle/4': () => json(200, { ...PARCEL, areaHa: '99,5' }) });
    const failure = call('GET /parcelle/:id', { params: { id: 4 } });
    await expect(failure).rejects.toBeInstanceOf(ContractMismatch);
    await expect(failure).rejects.toThrow(/GET \/parcelle\/:id .*areaHa/);
    expect(contractMismatches).toHaveLength(1);
  });

  it('refuses a success status the contract does not list', async () => {
    stubApi({ 'POST /api/parcelle': () => json(200, { message: 'ok', parcelle: PARCEL }) });
    await expect(request('POST /parcelle', { body: { identifiantU: 'Oliveraie' } })).rejects.toThrow(
      /answered 200, a status/,
    );
  });

  it('returns a 4xx as a value (request) or throws it as an ApiAnswerError (call), unchecked', async () => {
    stubApi({ 'DELETE /api/parcelle/4': () => json(409, { code: 'IN_USE', message: 'used' }) });
    const result = await request('DELETE /parcelle/:id', { params: { id: 4 } });
    expect(result).toEqual({ ok: false, status: 409, error: { code: 'IN_USE', message: 'used' } });
    await expect(call('DELETE /parcelle/:id', { params: { id: 4 } })).rejects.toBeInstanceOf(ApiAnswerError);
    expect(contractMismatches).toEqual([]);
  });

  it('types a 4xx by the error bodies its route declares, a union on `code`, and keeps their fields', async () => {
    const noScene = {
      code: 'NO_SCENE',
      message: 'none',
      nearestDates: ['2025-08-10'],
      nearestBefore: '2025-08-10',
      nearestAfter: null,
    };
    stubApi({ 'POST /api/images/NDVI': () => json(404, noScene) });
    const result = await request('POST /images/:indexName', {
      params: { indexName: 'NDVI' },
      body: { startDate: '2025-08-14', endDate: '2025-08-19', parcelle_id: 4 },
    });
    expect(result).toEqual({ ok: false, status: 404, error: noScene });
    if (result.ok || result.error.code !== 'NO_SCENE') throw new Error('a NO_SCENE answer was expected');
    expectTypeOf(result.error.nearestDates).toEqualTypeOf<string[]>();
    expectTypeOf(result.error.nearestBefore).toEqualTypeOf<string | null>();
    expect(contractMismatches).toEqual([]);
  });

  it('refuses, in tests, a declared error code answered without its fields', async () => {
    stubApi({ 'POST /api/stock/movements': () => json(409, { code: 'STOCK_NEGATIVE', message: 'Stock négatif' }) });
    const failure = request('POST /stock/movements', {
      body: { itemId: 1, direction: 'out', kind: 'sale', quantity: 3, date: '2025-08-14' },
    });
    await expect(failure).rejects.toBeInstanceOf(ContractMismatch);
    await expect(failure).rejects.toThrow(/POST \/stock\/movements answered STOCK_NEGATIVE without the body .*issues/);
  });
});

describe('the error bodies, as types', () => {
  type ImageFailure = RouteFailure<'POST /images/:indexName'>;
  it('gives the declared codes their fields and the others none', () => {
    expectTypeOf<Extract<ImageFailure, { code: 'QUOTA_EXHAUSTED' }>['indicator_info']>().toEqualTypeOf<{
      indicators_used: number;
      indicators_limit: number;
    }>();
    expectTypeOf<Extract<ImageFailure, { code: 'ALL_CLOUDY' }>['validFraction']>().toEqualTypeOf<number>();
    // Narrowed on `code` as a screen does: a code without a declared body has no such fields.
    const plain = (failure: ImageFailure) => {
      if (failure.code !== 'FORBIDDEN') return;
      // @ts-expect-error FORBIDDEN's answer carries no nearest dates
      return failure.nearestDates;
    };
    // A code only some routes declare a body for is plain elsewhere (the marketplace's 403 QUOTA_EXHAUSTED).
    const publication = (failure: RouteFailure<'POST /publications/add'>) => {
      if (failure.code !== 'QUOTA_EXHAUSTED') return;
      // @ts-expect-error no limit-modal payload on this route
      return failure.indicator_info;
    };
    expect([plain, publication]).toHaveLength(2);
    // Every failure keeps what the transport adds (a 429's wait).
    expectTypeOf<ImageFailure['retryAfterSeconds']>().toEqualTypeOf<number | undefined>();
  });
});
