import { LIMITS } from '@filaha/shared';
import type { QuotaExhaustedBody } from '@filaha/shared/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../test/fetch.ts';
import { ContractMismatch, contractMismatches } from '../../lib/client.ts';
import { generateImage, toFailure } from './farmApi.ts';

const BODY: QuotaExhaustedBody = {
  code: 'QUOTA_EXHAUSTED',
  error: 'm',
  title: 't',
  message: 'm',
  message_ar: 'ع',
  message_fr: 'f',
  indicator_info: { indicators_used: 2, indicators_limit: 2 },
};

const REQUEST = {
  indexCode: 'NDVI',
  indexId: 3,
  parcelId: 4,
  userId: 5,
  startDate: '2025-08-14',
  endDate: '2025-08-19',
};

describe('the 429 limit payload', () => {
  // The mismatch provoked on purpose below is this file's, not a failure of the test (test/setup.ts).
  afterEach(() => void contractMismatches.splice(0));

  it('keeps every field of a well-formed body', () => {
    expect(toFailure(BODY)).toEqual({ kind: 'quota', payload: BODY });
  });

  it('comes from the image route through the contract client, with the request the route declares', async () => {
    localStorage.setItem('Token', 'jwt.farmer');
    const { calls } = stubApi({ 'POST /api/images/NDVI': () => json(429, { ...BODY, extra: true }) });
    expect(await generateImage(REQUEST)).toEqual({ ok: false, failure: { kind: 'quota', payload: BODY } });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/images/NDVI',
      body: {
        startDate: '2025-08-14',
        endDate: '2025-08-19',
        width: LIMITS.imageSize,
        height: LIMITS.imageSize,
        user_id: 5,
        indice_id: 3,
        parcelle_id: 4,
      },
    });
    expect(calls[0]!.headers).toMatchObject({
      authorization: 'Bearer jwt.farmer',
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(contractMismatches).toEqual([]);
  });

  it('refuses, in tests, a 429 without the fields its contract declares (the modal would lose its counter)', async () => {
    stubApi({
      'POST /api/images/NDVI': () => json(429, { code: 'QUOTA_EXHAUSTED', message_fr: 3, message_ar: 'ع' }),
    });
    const failure = generateImage(REQUEST);
    await expect(failure).rejects.toBeInstanceOf(ContractMismatch);
    await expect(failure).rejects.toThrow(/QUOTA_EXHAUSTED without the body its contract declares.*message_fr/);
    expect(contractMismatches).toHaveLength(1);
  });
});
