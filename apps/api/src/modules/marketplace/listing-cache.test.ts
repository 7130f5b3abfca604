import { describe, expect, it } from 'vitest';
import { createListingCache } from './listing-cache.ts';

/** A counter the test moves by hand, and a page "query" that counts its calls. */
function setup(options: { maxChars?: number } = {}) {
  const state = {
    version: '1' as string | null,
    reads: 0,
    queries: 0,
    readDelay: null as Promise<void> | null,
  };
  const cache = createListingCache({
    readVersion: async () => {
      state.reads += 1;
      const v = state.version;
      if (state.readDelay) await state.readDelay;
      return v;
    },
    ...options,
  });
  const page = (key: string, body = `{"page":"${key}"}`) =>
    cache.get(key, async () => {
      state.queries += 1;
      return `${body}#${state.queries}`;
    });
  return { state, cache, page };
}

describe('listing cache', () => {
  it('answers a page from memory while the counter is unchanged, with one counter read per request', async () => {
    const { state, page } = setup();
    const first = await page('a');
    expect(await page('a')).toBe(first);
    expect(await page('a')).toBe(first);
    expect(state.queries).toBe(1);
    expect(state.reads).toBe(3);
  });

  it('queries again once the counter moved (a write committed anywhere)', async () => {
    const { state, page } = setup();
    const before = await page('a');
    state.version = '2';
    const after = await page('a');
    expect(after).not.toBe(before);
    expect(state.queries).toBe(2);
  });

  it('keeps one entry per query key', async () => {
    const { state, page } = setup();
    await page('a');
    await page('b');
    await page('a');
    expect(state.queries).toBe(2);
  });

  it('shares one counter read and one page query among concurrent requests', async () => {
    const { state, page } = setup();
    const bodies = await Promise.all(Array.from({ length: 20 }, () => page('a')));
    expect(new Set(bodies).size).toBe(1);
    expect(state.queries).toBe(1);
    expect(state.reads).toBe(1);
  });

  it('does not let a counter read that started before touch() vouch for later requests', async () => {
    const { state, cache, page } = setup();
    await page('a');
    let release!: () => void;
    state.readDelay = new Promise<void>((resolve) => (release = resolve));
    const during = page('a'); // its read sees version 1 and waits
    state.version = '2';
    cache.touch(); // a write committed and was answered meanwhile
    state.readDelay = null;
    const after = page('a'); // must read the counter again, not join the old read
    release();
    await during;
    expect(await after).toMatch(/#2$/);
    expect(state.reads).toBe(3);
  });

  it('does not cache a failed query, nor anything while the counter is missing or unreadable', async () => {
    const { state, cache } = setup();
    let fail = true;
    const flaky = () =>
      cache.get('a', async () => {
        state.queries += 1;
        if (fail) throw new Error('db down');
        return 'ok';
      });
    await expect(flaky()).rejects.toThrow('db down');
    fail = false;
    expect(await flaky()).toBe('ok');
    expect(state.queries).toBe(2);

    const missing = setup();
    missing.state.version = null;
    await missing.page('a');
    await missing.page('a');
    expect(missing.state.queries).toBe(2);

    const broken = createListingCache({ readVersion: () => Promise.reject(new Error('no table')) });
    let n = 0;
    const compute = async () => String(++n);
    expect(await broken.get('a', compute)).toBe('1');
    expect(await broken.get('a', compute)).toBe('2');
  });

  it('stays within its memory bound, dropping the least recently used page first', async () => {
    const { state, cache, page } = setup({ maxChars: 100 });
    const body = 'x'.repeat(38); // 40 characters with the "#n" suffix
    await page('a', body);
    await page('b', body);
    await page('a', body); // a is now the most recent
    await page('c', body); // 120 > 100: b goes
    expect(cache.stats().entries).toBe(2);
    expect(cache.stats().chars).toBeLessThanOrEqual(100);
    const queries = state.queries;
    await page('a', body);
    expect(state.queries).toBe(queries);
    await page('b', body);
    expect(state.queries).toBe(queries + 1);
  });
});
