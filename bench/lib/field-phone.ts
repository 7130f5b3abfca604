// Issue 27, acceptance 4: the phone in the field. Two scenarios on the issue's link (400 ms round trip, 50 kB/s each
// way) with the page's CPU slowed 4×, a 390 × 844 touch phone, Arabic:
// - first visit: a new farmer signs in and lands on the farm map; the bytes of the first 60 s (page and service
//   worker) and the time until the app says "ready to use offline", then a check that the farm map opens offline;
// - total blocking time (Lighthouse's definition, from a DevTools trace) on the sign-in page and the farm map.
// The service worker's own fetches (its precache) are shaped like the page's, by e2e/src/field-link.ts (which the
// browser test of the first visit offline uses too).
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { phoneContext } from '../../e2e/src/browser.ts';
import {
  FIELD_LINK,
  launchFieldBrowser as launchShapedBrowser,
  linkConditions as conditions,
  shapePage as shapeLink,
  type FieldBrowser as ShapedBrowser,
  type WorkerAttach as Attached,
} from '../../e2e/src/field-link.ts';
import { t } from '../../e2e/src/i18n.ts';

export { FIELD_LINK };
export const FIELD_GOALS = { readyOfflineMs: 20_000, tbtMs: 300 } as const;
/** The window whose bytes are reported. */
export const BYTES_WINDOW_MS = 60_000;

/** One request as DevTools saw it, in ms since the visit began (the bench's clock, `Date.now()`). */
export interface Transfer {
  by: 'page' | 'worker';
  path: string;
  startMs: number;
  endMs: number | null;
  /** Encoded (on-the-wire) bytes, headers included; 0 for answers of the worker or of the HTTP cache. */
  bytes: number;
  fromServiceWorker: boolean;
  fromCache: boolean;
  failed: boolean;
}

/** Records the Network events of one DevTools session (page or worker) as transfers. */
class TransferLog {
  readonly transfers = new Map<string, Transfer & { startTs: number }>();
  constructor(private readonly by: 'page' | 'worker') {}
  handle(method: string, params: Record<string, unknown>): void {
    const p = params as {
      requestId: string;
      timestamp: number;
      wallTime?: number;
      request?: { url: string };
      response?: { fromServiceWorker?: boolean; fromDiskCache?: boolean; fromPrefetchCache?: boolean };
      encodedDataLength?: number;
    };
    if (method === 'Network.requestWillBeSent' && p.request && p.wallTime !== undefined) {
      const url = new URL(p.request.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
      this.transfers.set(p.requestId, {
        by: this.by,
        path: url.pathname + url.search,
        startMs: p.wallTime * 1000,
        startTs: p.timestamp,
        endMs: null,
        bytes: 0,
        fromServiceWorker: false,
        fromCache: false,
        failed: false,
      });
      return;
    }
    const tr = this.transfers.get(p.requestId);
    if (!tr) return;
    if (method === 'Network.responseReceived' && p.response) {
      tr.fromServiceWorker = p.response.fromServiceWorker === true;
      tr.fromCache = p.response.fromDiskCache === true || p.response.fromPrefetchCache === true;
    } else if (method === 'Network.requestServedFromCache') {
      tr.fromCache = true;
    } else if (method === 'Network.loadingFinished' || method === 'Network.loadingFailed') {
      tr.endMs = tr.startMs + (p.timestamp - tr.startTs) * 1000;
      tr.failed = method === 'Network.loadingFailed';
      tr.bytes = tr.fromServiceWorker || tr.fromCache ? 0 : (p.encodedDataLength ?? 0);
    }
  }
  list(since: number): Transfer[] {
    return [...this.transfers.values()].map(({ startTs: _, ...tr }) => ({
      ...tr,
      startMs: Math.round(tr.startMs - since),
      endMs: tr.endMs === null ? null : Math.round(tr.endMs - since),
    }));
  }
}

/** A service worker target as the shaper attached to it, in ms since `since` of the report. */
export type WorkerAttach = Omit<Attached, 'at'> & { attachedMs: number };

export interface FieldBrowser extends ShapedBrowser {
  /** The workers' transfers. */
  worker: TransferLog;
}

/** The shaped browser of e2e/src/field-link.ts, the workers' Network events recorded. */
export async function launchFieldBrowser({ shapeWorkers = true } = {}): Promise<FieldBrowser> {
  const worker = new TransferLog('worker');
  const shaped = await launchShapedBrowser({ shapeWorkers, onWorkerNetwork: (m, p) => worker.handle(m, p) });
  return { ...shaped, worker };
}

/** The page's link and CPU, set before its first request; its Network events recorded. */
const shapePage = (ctx: BrowserContext, page: Page, log?: TransferLog) =>
  shapeLink(ctx, page, { cpu: true, onNetwork: log ? (m, p) => log.handle(m, p) : undefined });

async function phone(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  return phoneContext(browser, 'ar', baseUrl, [], { intercept: false });
}

const generateButton = (page: Page) =>
  page.locator('button:not([disabled])', { hasText: t('ar', 'farm:generate.button') }).first();

// ---------------------------------------------------------------------------------------------------------------
// First visit

export interface FirstVisit {
  /** ms since the visit began (the sign-in page asked): the sign-in form usable, the tap, the farm map usable. */
  signInUsableMs: number;
  signedInMs: number;
  farmMapUsableMs: number;
  /** The app's own marks: the worker registered, controlling the page, "ready to use offline" said (and shown). */
  registeredMs: number | null;
  controlledMs: number | null;
  readyMs: number | null;
  readyNoteShownMs: number | null;
  bytesIn60s: { page: number; worker: number; total: number };
  requestsIn60s: { page: number; worker: number };
  /** Still on the wire at 60 s (started, not finished). */
  inFlightAt60s: number;
  bytesUntilReady: number | null;
  /** The worker's fetches that crossed the network: how many, and their median and minimum duration. */
  workerFetches: { count: number; medianMs: number; minMs: number; bytes: number };
  workers: WorkerAttach[];
  /** After the window: network cut for page and worker, the farm map reopened. */
  offlineCheck: { farmMapTitle: boolean; notSignedOut: boolean };
  transfers: Transfer[];
}

const MARKS = `(() => {
  const marks = (window.__fieldMarks = {});
  const sw = navigator.serviceWorker;
  if (sw) {
    const register = sw.register.bind(sw);
    sw.register = (...args) => {
      marks.registeredAt = Date.now();
      return register(...args);
    };
    sw.addEventListener('controllerchange', () => {
      marks.controlledAt ??= Date.now();
    });
  }
  window.addEventListener('filaha:offline-ready', () => {
    marks.readyAt ??= Date.now();
  });
  new MutationObserver(() => {
    if (marks.noteAt === undefined && document.querySelector('[data-testid="offline-ready"]')) marks.noteAt = Date.now();
  }).observe(document, { subtree: true, childList: true });
})();`;

interface Marks {
  registeredAt?: number;
  controlledAt?: number;
  readyAt?: number;
  noteAt?: number;
}

export async function firstVisit(
  field: FieldBrowser,
  baseUrl: string,
  farmer: { email: string; password: string },
): Promise<FirstVisit> {
  const ctx = await phone(field.browser, baseUrl);
  try {
    await ctx.addInitScript(MARKS);
    const page = await ctx.newPage();
    const pageLog = new TransferLog('page');
    const cdp = await shapePage(ctx, page, pageLog);
    const t0 = Date.now();
    const since = (at: number) => at - t0;
    await page.goto(`${baseUrl}/auth/SignIn?next=${encodeURIComponent('/user/ferme-map')}`, {
      waitUntil: 'commit',
      timeout: 120_000,
    });
    const submit = page.locator('form button[type="submit"]:not([disabled])');
    await submit.waitFor({ timeout: 120_000 });
    const signInUsableMs = since(Date.now());
    await page.getByLabel(t('ar', 'auth:fields.email')).fill(farmer.email);
    await page.getByLabel(t('ar', 'auth:fields.password'), { exact: true }).fill(farmer.password);
    await submit.tap();
    const signedInMs = since(Date.now());
    await page.waitForURL((url) => url.pathname === '/user/ferme-map', { timeout: 120_000 });
    await generateButton(page).waitFor({ timeout: 120_000 });
    const farmMapUsableMs = since(Date.now());
    // Until the app says it is ready offline (at most 3 minutes), and at least the 60 s whose bytes are reported.
    await page
      .waitForFunction(() => (window as unknown as { __fieldMarks: Marks }).__fieldMarks.readyAt !== undefined, null, {
        timeout: 180_000,
        polling: 250,
      })
      .catch(() => {});
    const left = t0 + BYTES_WINDOW_MS + 2_000 - Date.now();
    if (left > 0) await page.waitForTimeout(left);
    const marks = (await page.evaluate('window.__fieldMarks')) as Marks;
    const transfers = [...pageLog.list(t0), ...field.worker.list(t0)].sort((a, b) => a.startMs - b.startMs);
    const within = (tr: Transfer, end: number) => tr.endMs !== null && tr.endMs <= end;
    const sum = (by: Transfer['by'], end: number) =>
      transfers.filter((tr) => tr.by === by && within(tr, end)).reduce((n, tr) => n + tr.bytes, 0);
    const wire = (tr: Transfer) => !tr.fromServiceWorker && !tr.fromCache;
    const readyMs = marks.readyAt === undefined ? null : since(marks.readyAt);
    const workerWire = transfers.filter((tr) => tr.by === 'worker' && wire(tr) && tr.endMs !== null && !tr.failed);
    const durations = workerWire.map((tr) => tr.endMs! - tr.startMs).sort((a, b) => a - b);

    // The network cut for the page and the worker; the farm map reopened from what the worker kept.
    await ctx.setOffline(true);
    await field.setWorkersOffline(true);
    await cdp.send('Network.emulateNetworkConditions', conditions(true));
    let farmMapTitle = false;
    try {
      await page.goto(`${baseUrl}/user/ferme-map`, { waitUntil: 'commit', timeout: 60_000 });
      await page.getByRole('heading', { level: 1, name: t('ar', 'farm:title') }).waitFor({ timeout: 60_000 });
      farmMapTitle = true;
    } catch {
      // Reported as failed.
    }
    const notSignedOut =
      new URL(page.url()).pathname === '/user/ferme-map' &&
      (await page.getByRole('heading', { name: t('ar', 'auth:signIn.title') }).count()) === 0;

    return {
      signInUsableMs,
      signedInMs,
      farmMapUsableMs,
      registeredMs: marks.registeredAt === undefined ? null : since(marks.registeredAt),
      controlledMs: marks.controlledAt === undefined ? null : since(marks.controlledAt),
      readyMs,
      readyNoteShownMs: marks.noteAt === undefined ? null : since(marks.noteAt),
      bytesIn60s: {
        page: sum('page', BYTES_WINDOW_MS),
        worker: sum('worker', BYTES_WINDOW_MS),
        total: sum('page', BYTES_WINDOW_MS) + sum('worker', BYTES_WINDOW_MS),
      },
      requestsIn60s: {
        page: transfers.filter((tr) => tr.by === 'page' && wire(tr) && tr.startMs <= BYTES_WINDOW_MS).length,
        worker: transfers.filter((tr) => tr.by === 'worker' && wire(tr) && tr.startMs <= BYTES_WINDOW_MS).length,
      },
      inFlightAt60s: transfers.filter(
        (tr) => tr.startMs <= BYTES_WINDOW_MS && (tr.endMs === null || tr.endMs > BYTES_WINDOW_MS),
      ).length,
      bytesUntilReady: readyMs === null ? null : sum('page', readyMs) + sum('worker', readyMs),
      workerFetches: {
        count: workerWire.length,
        medianMs: durations[Math.floor(durations.length / 2)] ?? 0,
        minMs: durations[0] ?? 0,
        bytes: workerWire.reduce((n, tr) => n + tr.bytes, 0),
      },
      workers: field.workers.map(({ at, ...w }) => ({ ...w, attachedMs: since(at) })),
      offlineCheck: { farmMapTitle, notSignedOut },
      transfers,
    };
  } finally {
    await ctx.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Total blocking time

export interface TbtScreen {
  key: 'signIn' | 'farmMap';
  label: string;
  path: string;
  signedIn: boolean;
  usable: { words: string };
}

export const TBT_SCREENS: TbtScreen[] = [
  { key: 'signIn', label: 'sign-in', path: '/auth/SignIn', signedIn: false, usable: { words: 'submit enabled' } },
  {
    key: 'farmMap',
    label: 'farm map (signed-in farmer)',
    path: '/user/ferme-map',
    signedIn: true,
    usable: { words: 'Generate enabled' },
  },
];

export interface LongTask {
  startMs: number;
  durationMs: number;
  /** Its part after FCP and within the window, less 50 ms (0 when under). */
  blockingMs: number;
  /** What took its time: the longest work inside it (script by file and function, layout, style, parse…). */
  what: string[];
}

export interface TbtRun {
  fcpMs: number;
  usableMs: number;
  /** The window's end: the trace's end (usable, then 5 s with no long task and ≤ 2 requests in flight). */
  windowEndMs: number;
  /** The end of the last long task (Lighthouse's TTI, when the quiet window follows it). */
  lastLongTaskEndMs: number;
  tbtMs: number;
  /** The same sum from the page's own `longtask` and `paint` observers (a check of the trace's figure). */
  tbtObserverMs: number;
  longTasks: LongTask[];
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    frame?: string;
    data?: {
      frames?: { frame: string; parent?: string; url: string }[];
      url?: string;
      functionName?: string;
      type?: string;
    };
  };
}

const OBSERVERS = `(() => {
  const o = (window.__tbt = { tasks: [], fcp: undefined });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) o.tasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') o.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
})();`;

/** Lighthouse's blocking time of one task clipped to [from, to]: its part in the window less 50 ms, if positive. */
export function blockingMs(start: number, duration: number, from: number, to: number): number {
  const end = start + duration;
  if (end < from || start > to) return 0;
  const clipped = Math.min(end, to) - Math.max(start, from);
  return clipped > 50 ? clipped - 50 : 0;
}

/** Work inside a task worth naming (DevTools timeline events). */
const WORK = new Set([
  'EvaluateScript',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'ParseHTML',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'PrePaint',
  'MajorGC',
  'MinorGC',
]);

const QUIET_MS = 5_000;
const TRACE_CAP_MS = 60_000;

export async function measureTbt(
  field: FieldBrowser,
  baseUrl: string,
  screen: TbtScreen,
  token: string,
): Promise<TbtRun> {
  const ctx = await phone(field.browser, baseUrl);
  try {
    if (screen.signedIn) await ctx.addInitScript((tk) => localStorage.setItem('Token', tk), token);
    await ctx.addInitScript(OBSERVERS);
    const page = await ctx.newPage();
    const cdp = await shapePage(ctx, page);
    let inFlight = 0;
    let busyNetworkAt = 0;
    const open = new Set<string>();
    cdp.on('Network.requestWillBeSent', (e) => {
      open.add(e.requestId);
      inFlight = open.size;
      if (inFlight > 2) busyNetworkAt = Date.now();
    });
    const done = (e: { requestId: string }) => {
      if (open.delete(e.requestId) && open.size === 2) busyNetworkAt = Date.now();
      inFlight = open.size;
    };
    cdp.on('Network.loadingFinished', done);
    cdp.on('Network.loadingFailed', done);
    // BENCH_CPU_PROFILE=<folder>: also a sampled CPU profile of the page (its timestamps on the trace's clock), to
    // say which functions fill the long tasks; the profiler's own cost makes that run's figures a little higher.
    const profileDir = process.env.BENCH_CPU_PROFILE;
    if (profileDir) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
      await cdp.send('Profiler.start');
    }
    await field.browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'loading',
        'blink.user_timing',
        '__metadata',
      ],
    });
    const t0 = Date.now();
    await page.goto(`${baseUrl}${screen.path}`, { waitUntil: 'commit', timeout: 120_000 });
    if (screen.key === 'farmMap') await generateButton(page).waitFor({ timeout: 120_000 });
    else await page.locator('form button[type="submit"]:not([disabled])').waitFor({ timeout: 120_000 });
    const usableAt = Date.now();
    // Quiet: 5 s with no long task and at most 2 requests in flight, after usable (at most 60 s after the start).
    for (;;) {
      await page.waitForTimeout(250);
      const lastTaskEnd = (await page.evaluate(
        `(() => { const t = window.__tbt.tasks.at(-1); return t ? performance.timeOrigin + t[0] + t[1] : 0; })()`,
      )) as number;
      const quietSince = Math.max(usableAt, lastTaskEnd, inFlight > 2 ? Date.now() : busyNetworkAt);
      if (Date.now() - quietSince >= QUIET_MS || Date.now() - t0 >= TRACE_CAP_MS) break;
    }
    const observed = (await page.evaluate('window.__tbt')) as { tasks: [number, number][]; fcp?: number };
    const trace = JSON.parse((await field.browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    if (profileDir) {
      const { profile } = await cdp.send('Profiler.stop');
      mkdirSync(profileDir, { recursive: true });
      const file = join(profileDir, `tbt-${screen.key}-${Date.now()}`);
      writeFileSync(`${file}.cpuprofile`, JSON.stringify(profile));
      writeFileSync(`${file}.trace.json`, JSON.stringify(trace));
    }
    const events = trace.traceEvents;
    // The page's main frame, its renderer's main thread and its navigation start, from the trace itself.
    const started = events.find((e) => e.name === 'TracingStartedInBrowser');
    const mainFrame = started?.args?.data?.frames?.find((f) => !f.parent)?.frame;
    const fcp = events.find((e) => e.name === 'firstContentfulPaint' && (!mainFrame || e.args?.frame === mainFrame));
    if (!fcp) throw new Error(`${screen.key}: no firstContentfulPaint in the trace`);
    const nav = events
      .filter((e) => e.name === 'navigationStart' && e.pid === fcp.pid && (!mainFrame || e.args?.frame === mainFrame))
      .filter((e) => e.ts <= fcp.ts)
      .at(-1);
    if (!nav) throw new Error(`${screen.key}: no navigationStart in the trace`);
    const ms = (ts: number) => (ts - nav.ts) / 1000;
    // Top-level tasks of that thread: `RunTask` (a `ThreadControllerImpl::RunTask` nests inside it and is the same
    // task), never one nested in another (a nested run loop).
    const onThread = events.filter((e) => e.ph === 'X' && e.pid === fcp.pid && e.tid === fcp.tid);
    const name = onThread.some((e) => e.name === 'RunTask') ? 'RunTask' : 'ThreadControllerImpl::RunTask';
    const all = onThread.filter((e) => e.name === name).sort((a, b) => a.ts - b.ts);
    const topLevel: TraceEvent[] = [];
    for (const e of all) {
      const parent = topLevel.at(-1);
      if (parent && e.ts < parent.ts + (parent.dur ?? 0)) continue;
      topLevel.push(e);
    }
    const tasks = topLevel.filter((e) => (e.dur ?? 0) >= 50_000);
    const fcpMs = ms(fcp.ts);
    const windowEndMs = Math.max(...events.filter((e) => e.pid === fcp.pid).map((e) => ms(e.ts + (e.dur ?? 0))));
    const inside = onThread.filter((e) => WORK.has(e.name));
    const describe = (task: TraceEvent) =>
      inside
        .filter((e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0))
        .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
        .slice(0, 3)
        .map((e) => {
          const d = e.args?.data;
          const file = d?.url ? d.url.split('/').pop()?.split('?')[0] : undefined;
          const detail = [d?.type, file, d?.functionName].filter(Boolean).join(' ');
          return `${e.name}${detail ? ` (${detail})` : ''} ${Math.round((e.dur ?? 0) / 1000)} ms`;
        });
    const longTasks = tasks.map((e) => {
      const startMs = ms(e.ts);
      const durationMs = (e.dur ?? 0) / 1000;
      return {
        startMs: Math.round(startMs),
        durationMs: Math.round(durationMs),
        blockingMs: blockingMs(startMs, durationMs, fcpMs, windowEndMs),
        what: describe(e),
      };
    });
    const obsFcp = observed.fcp ?? fcpMs;
    return {
      fcpMs: Math.round(fcpMs),
      usableMs: usableAt - t0,
      windowEndMs: Math.round(windowEndMs),
      lastLongTaskEndMs: Math.round(Math.max(0, ...longTasks.map((l) => l.startMs + l.durationMs))),
      tbtMs: Math.round(longTasks.reduce((n, l) => n + l.blockingMs, 0)),
      tbtObserverMs: Math.round(
        observed.tasks.reduce((n, [s, d]) => n + blockingMs(s, d, obsFcp, Number.POSITIVE_INFINITY), 0),
      ),
      longTasks,
    };
  } finally {
    await ctx.close();
  }
}

/**
 * The worker's own script (/sw.js) as the server sends it to a browser (brotli), status line and headers included:
 * the browser fetches it for the registration before the worker's DevTools target exists, so neither session sees it.
 */
export function workerScriptBytes(baseUrl: string): Promise<number> {
  return new Promise((ok, fail) => {
    const req = request(`${baseUrl}/sw.js`, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      let n = 0;
      res.on('data', (chunk: Buffer) => (n += chunk.length));
      res.on('end', () => {
        const head = Object.entries(res.headers).reduce((h, [k, v]) => h + k.length + String(v).length + 4, 17);
        ok(n + head);
      });
    });
    req.on('error', fail);
    req.end();
  });
}
