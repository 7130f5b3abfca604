import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';

/** lib/webfont.ts: the Arabic webfont is fetched after the page settles, on Arabic pages only, and remembered. */

function fakeFonts(answer: () => Promise<unknown[]>) {
  const load = vi.fn((_font: string, _text?: string) => answer());
  Object.defineProperty(document, 'fonts', { configurable: true, value: { load } });
  return load;
}

async function freshModule() {
  vi.resetModules();
  return import('./webfont.ts');
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Each test's startWebfont listens to the shared i18n: stopped after it, so a later test's switch wakes none. */
const stops: Array<() => void> = [];

afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  document.documentElement.removeAttribute('data-webfont');
  Reflect.deleteProperty(document, 'fonts');
});

describe('webfont', () => {
  it('on an Arabic page: fetches both weights once settled, then switches to them and remembers it', async () => {
    await i18n.changeLanguage('ar');
    const load = fakeFonts(() => Promise.resolve([{}]));
    const { startWebfont, WEBFONT_KEY } = await freshModule();
    expect(document.documentElement.hasAttribute('data-webfont')).toBe(false);
    stops.push(startWebfont());
    await flush();
    expect(load.mock.calls.map((c) => c[0])).toEqual(['400 1em "Noto Kufi Arabic"', '700 1em "Noto Kufi Arabic"']);
    expect(document.documentElement.hasAttribute('data-webfont')).toBe(true);
    expect(localStorage.getItem(WEBFONT_KEY)).toBe('1');
  });

  it("waits for what it is told to wait for (a first visit: the worker's install of the offline core)", async () => {
    await i18n.changeLanguage('ar');
    const load = fakeFonts(() => Promise.resolve([{}]));
    const { startWebfont } = await freshModule();
    let installed: () => void = () => {};
    const install = new Promise<void>((resolve) => (installed = resolve));
    stops.push(startWebfont(() => install));
    await flush();
    expect(load).not.toHaveBeenCalled();
    installed();
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(document.documentElement.hasAttribute('data-webfont')).toBe(true);
  });

  it('on a French page fetches nothing, until the reader switches to Arabic', async () => {
    await i18n.changeLanguage('fr');
    const load = fakeFonts(() => Promise.resolve([{}]));
    const { startWebfont } = await freshModule();
    stops.push(startWebfont());
    await flush();
    expect(load).not.toHaveBeenCalled();
    await i18n.changeLanguage('ar');
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(document.documentElement.hasAttribute('data-webfont')).toBe(true);
  });

  it('offline (the fetch fails) or no face found: the system font stays and a later call tries again', async () => {
    await i18n.changeLanguage('ar');
    let answer: () => Promise<unknown[]> = () => Promise.reject(new Error('offline'));
    const load = fakeFonts(() => answer());
    const { loadWebfont, WEBFONT_KEY } = await freshModule();
    await loadWebfont();
    expect(document.documentElement.hasAttribute('data-webfont')).toBe(false);
    answer = () => Promise.resolve([]);
    await loadWebfont();
    expect(document.documentElement.hasAttribute('data-webfont')).toBe(false);
    expect(localStorage.getItem(WEBFONT_KEY)).toBeNull();
    answer = () => Promise.resolve([{}]);
    await loadWebfont();
    expect(document.documentElement.hasAttribute('data-webfont')).toBe(true);
    expect(load).toHaveBeenCalledTimes(6);
  });
});
