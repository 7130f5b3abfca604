import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '../../test/fetch.ts';
import { api } from './api.ts';
import { EARLY_MAX_AGE_MS, takeEarly } from './early.ts';

/** What the inline script of index.html leaves for the app: one early answer per path. */
function stash(path: string, answer: Promise<Response>, token: string | null = 'tk', at = Date.now()) {
  window.__filahaEarly = { ...window.__filahaEarly, [path]: { token, lang: 'ar', at, answer } };
}

beforeEach(() => {
  localStorage.setItem('Token', 'tk');
  document.documentElement.lang = 'ar';
});
afterEach(() => {
  delete window.__filahaEarly;
  localStorage.clear();
});

describe('early answers (index.html → lib/early.ts)', () => {
  it('gives an answer once, only to the same path asked the same way', () => {
    const answer = Promise.resolve(json(200, {}));
    stash('/parcelle', answer);
    expect(takeEarly('/parcelle', 'other-token', 'ar')).toBeNull();
    stash('/parcelle', answer);
    expect(takeEarly('/parcelle', 'tk', 'fr')).toBeNull();
    stash('/parcelle', answer);
    expect(takeEarly('/parcelle', 'tk', 'ar')).toBe(answer);
    expect(takeEarly('/parcelle', 'tk', 'ar')).toBeNull();
    expect(takeEarly('/users/profile', 'tk', 'ar')).toBeNull();
  });

  it('ignores an answer older than the page’s first screen', () => {
    stash('/parcelle', Promise.resolve(json(200, {})), 'tk', Date.now() - EARLY_MAX_AGE_MS - 1);
    expect(takeEarly('/parcelle', 'tk', 'ar')).toBeNull();
  });

  it('the API client uses the early answer instead of asking the network again', async () => {
    const { calls } = stubApi({ 'GET /api/parcelle': () => json(200, [{ id: 2 }]) });
    stash('/parcelle', Promise.resolve(json(200, [{ id: 1 }])));
    expect(await api.get('/parcelle')).toEqual({ ok: true, status: 200, data: [{ id: 1 }] });
    expect(calls).toHaveLength(0);
    // Taken once: the next read goes to the network.
    expect(await api.get('/parcelle')).toEqual({ ok: true, status: 200, data: [{ id: 2 }] });
    expect(calls).toHaveLength(1);
  });

  it('asks the network when the early request failed, and never uses it for a read asked without the token', async () => {
    const { calls } = stubApi({ 'GET /api/settings/public': () => json(200, { demoImagery: true }) });
    stash('/settings/public', Promise.reject(new TypeError('Failed to fetch')), null);
    expect(await api.get('/settings/public', { token: null })).toEqual({
      ok: true,
      status: 200,
      data: { demoImagery: true },
    });
    expect(calls).toHaveLength(1);
    stash('/settings/public', Promise.resolve(json(200, { demoImagery: false })), null);
    await api.get('/settings/public');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers.authorization).toBe('Bearer tk');
  });
});
