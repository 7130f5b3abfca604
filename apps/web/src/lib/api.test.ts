import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/fetch.ts';
import { ApiFailure, api } from './api.ts';

describe('API client', () => {
  it('sends the bearer token and the current language, never the token in the URL', async () => {
    localStorage.setItem('Token', 'abc.def');
    document.documentElement.lang = 'fr';
    const { calls } = stubApi({ 'GET /api/users/profile': () => json(200, { userName: 'A' }) });
    const result = await api.get('/users/profile');
    expect(result).toEqual({ ok: true, status: 200, data: { userName: 'A' } });
    expect(calls[0]?.headers.authorization).toBe('Bearer abc.def');
    expect(calls[0]?.headers['accept-language']).toBe('fr');
    expect(calls[0]?.url).not.toContain('abc.def');
    document.documentElement.lang = 'ar';
  });

  it('returns 4xx answers as values with the error shape', async () => {
    stubApi({
      'POST /api/auth/register': () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'bad',
          issues: [{ path: 'phone_number', code: 'x', message: 'validation.phone' }],
        }),
    });
    const result = await api.post('/auth/register', {});
    expect(result).toEqual({
      ok: false,
      status: 400,
      error: {
        code: 'VALIDATION_FAILED',
        message: 'bad',
        issues: [{ path: 'phone_number', code: 'x', message: 'validation.phone' }],
      },
    });
  });

  it('throws a typed failure for a 5xx answer and for a lost connection', async () => {
    stubApi({ 'GET /api/health': () => json(503, { code: 'INTERNAL', message: 'down' }) });
    await expect(api.get('/health')).rejects.toMatchObject({ name: 'ApiFailure', kind: 'server', status: 503 });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/health')).rejects.toBeInstanceOf(ApiFailure);
    await expect(api.get('/health')).rejects.toMatchObject({ kind: 'network' });
  });

  it('gives up after 10 seconds', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const pending = api.get('/slow');
    const check = expect(pending).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(10_000);
    await check;
  });

  it('reports a 401 on a token-carrying call so the session can end', async () => {
    localStorage.setItem('Token', 'old');
    stubApi({ 'GET /api/users': () => json(401, { code: 'TOKEN_EXPIRED', message: 'expired' }) });
    const seen = vi.fn();
    window.addEventListener('filaha:unauthenticated', seen);
    const result = await api.get('/users');
    window.removeEventListener('filaha:unauthenticated', seen);
    expect(result.ok).toBe(false);
    expect(seen).toHaveBeenCalledTimes(1);
  });
});
