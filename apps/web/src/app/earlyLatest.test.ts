import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '../../test/fetch.ts';
import { pathOf } from '../lib/client.ts';
import { lastParcelKey } from '../features/farm/lastParcel.ts';

/**
 * index.html's first inline script (the screen's early reads, build/route-preload.ts): on the farm map opened on
 * a parcel, the latest acquisition is asked for the index the screen opens on (NDVI at once when the link names
 * none, else as soon as the plan's indices arrive), by the very path the page asks it (features/farm/farmApi.ts, through lib/client.ts) — else lib/early.ts
 * would not hand it over and the read would be paid twice.
 */
function runHeadScript(table: unknown) {
  const html = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
  const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .find((s) => s.includes('/*route-preload*/'));
  if (!script) throw new Error('index.html has no route-preload script');
  new Function(script.replace(/\/\*route-preload\*\/\s*\{\}/, JSON.stringify(table)))();
}

// A token whose subject is user 7 (the script reads the subject only).
const TOKEN = `x.${btoa(JSON.stringify({ sub: 7 }))}.y`;
const FARM_MAP = { f: [], l: {}, r: [['^/user/ferme-map/?$', [], [], ['/indice/{uid}/indices', '/parcelle'], 1, 1]] };
const INDICES = [
  { indiceId: 2, code: 'ndmi', indiceName: 'NDMI' },
  { indiceId: 3, code: 'NDVI', indiceName: 'NDVI' },
];

async function open(url: string, indices: unknown = INDICES) {
  window.history.replaceState(null, '', url);
  localStorage.setItem('Token', TOKEN);
  localStorage.setItem('lang', 'fr');
  stubApi({ 'GET /api/indice/7/indices': () => json(200, indices), 'GET /api/parcelle': () => json(200, []) });
  runHeadScript(FARM_MAP);
  const stash = window.__filahaEarly!;
  // The chained read starts once the indices' answer is read.
  await stash['/indice/7/indices']!.answer;
  await new Promise((resolve) => setTimeout(resolve, 0));
  return Object.keys(stash);
}

/** The farm map at `url`, signed in; the plan's indices answer only when the returned function is called. */
function openWithIndicesHeld(url: string): () => void {
  window.history.replaceState(null, '', url);
  localStorage.setItem('Token', TOKEN);
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  stubApi({
    'GET /api/indice/7/indices': async () => {
      await held;
      return json(200, INDICES);
    },
    'GET /api/parcelle': () => json(200, []),
  });
  return answer;
}

const latestPath = (parcelId: number, index: string) =>
  pathOf('/images/latest-acquisition', { query: { parcelId, index } });

afterEach(() => {
  localStorage.clear();
  delete window.__filahaEarly;
});

describe("the farm map's early latest acquisition (index.html)", () => {
  it('asks it for the NDVI index by default, by the path the page asks, with the token and language', async () => {
    const keys = await open('/user/ferme-map?parcel=5');
    expect(keys).toContain(latestPath(5, 'NDVI'));
    const early = window.__filahaEarly![latestPath(5, 'NDVI')]!;
    expect(early.token).toBe(TOKEN);
    expect(early.lang).toBe('fr');
    expect((await early.answer).status).toBe(404); // the stub's answer: the request went out
  });

  it("asks it for the link's own index", async () => {
    expect(await open('/user/ferme-map?parcel=5&index=2')).toContain(latestPath(5, 'NDMI'));
  });

  it('asks NDVI at once, before the indices have arrived, when the link names no index', async () => {
    const answer = openWithIndicesHeld('/user/ferme-map?parcel=5');
    runHeadScript(FARM_MAP);
    expect(Object.keys(window.__filahaEarly!)).toContain(latestPath(5, 'NDVI'));
    answer();
    await window.__filahaEarly!['/indice/7/indices']!.answer;
    await new Promise((resolve) => setTimeout(resolve, 0));
    // NDVI was the right guess: nothing more is asked.
    expect(Object.keys(window.__filahaEarly!).filter((k) => k.startsWith('/images/'))).toEqual([latestPath(5, 'NDVI')]);
  });

  it("asks the plan's first index too when the plan has no NDVI", async () => {
    const keys = await open('/user/ferme-map?parcel=5', [{ indiceId: 2, code: 'ndmi', indiceName: 'NDMI' }]);
    expect(keys.filter((k) => k.startsWith('/images/'))).toEqual([latestPath(5, 'NDVI'), latestPath(5, 'NDMI')]);
  });

  it('without a parcel in the link, asks it over the parcel this user last chose (issue 27 §2)', async () => {
    localStorage.setItem(lastParcelKey(7), '9');
    expect(await open('/user/ferme-map')).toContain(latestPath(9, 'NDVI'));
    // Another user's choice is not this one's.
    localStorage.clear();
    localStorage.setItem(lastParcelKey(8), '9');
    expect((await open('/user/ferme-map')).filter((k) => k.startsWith('/images/'))).toEqual([]);
  });

  it('asks nothing more without a parcel, with dates of the link, or when the indices have no code', async () => {
    const latest = (keys: string[]) => keys.filter((k) => k.startsWith('/images/'));
    expect(latest(await open('/user/ferme-map'))).toEqual([]);
    expect(latest(await open('/user/ferme-map?parcel=5&start=2025-03-01&end=2025-03-06'))).toEqual([]);
    expect(latest(await open('/user/ferme-map?parcel=5&index=4', [{ indiceId: 4, indiceName: 'NDVI' }]))).toEqual([]);
  });
});

/**
 * The screen's code files (index.html, `startCode`): they wait for the main script (files fetched together share a
 * weak connection's bandwidth) or, when the screen has first reads, for those to answer, whichever comes first. A
 * browser sends at most six requests at once to one server: while the reads are out, more files would only queue
 * behind them; once they have answered, the files no longer wait a whole round trip after the main script.
 */
describe("the screen's code files (index.html)", () => {
  const FILES = ['/assets/page.js', '/assets/page.css'];
  const preloaded = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="preload"]')]
      .map((l) => new URL(l.href).pathname)
      .filter((p) => FILES.includes(p));
  const realObserver = window.PerformanceObserver;

  afterEach(() => {
    window.PerformanceObserver = realObserver;
    document.head.querySelectorAll('link[rel$="preload"]').forEach((l) => l.remove());
  });

  /** The main script never arrives during the test (a Resource Timing observer that reports nothing). */
  function mainNeverArrives() {
    window.PerformanceObserver = class {
      observe() {}
      disconnect() {}
    } as unknown as typeof PerformanceObserver;
  }

  it('start once the first reads have answered, before the main script has arrived', async () => {
    mainNeverArrives();
    const answer = openWithIndicesHeld('/user/ferme-map');
    runHeadScript({
      ...FARM_MAP,
      m: '/assets/index-main.js',
      f: FILES,
      r: [[FARM_MAP.r[0]![0], [0, 1], [], ...FARM_MAP.r[0]!.slice(3)]],
    });
    await window.__filahaEarly!['/parcelle']!.answer;
    await new Promise((resolve) => setTimeout(resolve, 0));
    // One read is still out: the files wait.
    expect(preloaded()).toEqual([]);
    answer();
    await window.__filahaEarly!['/indice/7/indices']!.answer;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloaded().sort()).toEqual([...FILES].sort());
  });

  it('wait for the main script on a screen without first reads', async () => {
    mainNeverArrives();
    window.history.replaceState(null, '', '/auth/SignIn');
    stubApi({});
    runHeadScript({ f: FILES, l: {}, m: '/assets/index-main.js', r: [['^/auth/SignIn/?$', [0, 1], [], [], 0, 0]] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(preloaded()).toEqual([]);
  });
});
