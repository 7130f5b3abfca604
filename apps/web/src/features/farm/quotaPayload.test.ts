import { describe, expect, it } from 'vitest';
import { toFailure } from './farmApi.ts';

describe('the 429 limit payload, read field by field', () => {
  it('keeps every field of a well-formed body', () => {
    const body = {
      code: 'QUOTA_EXHAUSTED',
      error: 'm',
      title: 't',
      message: 'm',
      message_ar: 'ع',
      message_fr: 'f',
      indicator_info: { indicators_used: 2, indicators_limit: 2 },
    };
    expect(toFailure(429, body)).toEqual({ kind: 'quota', payload: body });
  });

  it('leaves out what is missing or of another type, so the modal falls back to its own text', () => {
    const failure = toFailure(429, {
      code: 'QUOTA_EXHAUSTED',
      message_fr: 3,
      message_ar: 'ع',
      indicator_info: { indicators_used: '2', indicators_limit: 2 },
      extra: true,
    });
    expect(failure).toEqual({ kind: 'quota', payload: { code: 'QUOTA_EXHAUSTED', message_ar: 'ع' } });
  });
});
