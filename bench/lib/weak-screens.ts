// Issue 13 §4: three screens on a weak connection (400 kbps down and up, 400 ms round trip, CPU slowed 4×),
// cold (a new browser context: empty HTTP cache, no service worker) and warm (a second visit in the same
// context once the service worker controls it; the worker's own fetches are throttled too). Per screen: when its
// title is visible, when it is usable, and how many requests the page made before it was usable.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../e2e/src/browser.ts';
import { BLOCKED_HOSTS_ARG } from '../../e2e/src/field-link.ts';
import { t } from '../../e2e/src/i18n.ts';

/** Internet map tiles (not served by the platform, unreachable here) refused at once: BLOCKED_HOSTS_ARG. */
export function launchWeakBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, BLOCKED_HOSTS_ARG],
  });
}

export const WEAK_PROFILE = { downKbps: 400, upKbps: 400, rttMs: 400, cpuSlowdown: 4 } as const;

export const GOALS = { coldTitleMs: 4000, coldUsableMs: 6000, coldRequests: 15, warmMs: 1500 } as const;

export interface Screen {
  key: 'farmMap' | 'marketplace' | 'signIn';
  label: string;
  path: string;
  /** Signed in as the demo farmer (token in localStorage, as the app keeps it) or signed out. */
  signedIn: boolean;
  /** The screen's h1, in Arabic (the default language the bench loads). */
  title: string;
  /** What "usable" means on this screen, in words (the doc) and as a selector that must match. */
  usable: { words: string; selector: string; text?: string };
}

export const SCREENS: Screen[] = [
  {
    key: 'farmMap',
    label: 'index map (farm map of the demo farmer, first parcel)',
    path: '/user/ferme-map',
    signedIn: true,
    title: t('ar', 'farm:title'),
    // The Generate button enabled: parcels, indices and the requests left are known.
    usable: {
      words: 'the Generate button enabled',
      selector: 'button:not([disabled])',
      text: t('ar', 'farm:generate.button'),
    },
  },
  {
    key: 'marketplace',
    label: 'marketplace (signed-in farmer)',
    path: '/user/marketplace',
    signedIn: true,
    title: t('ar', 'marketplace:list.title'),
    usable: { words: 'the first product card shown', selector: '[data-testid="product-grid"] h2' },
  },
  {
    key: 'signIn',
    label: 'sign-in',
    path: '/auth/SignIn',
    signedIn: false,
    title: t('ar', 'auth:signIn.title'),
    usable: { words: "the form's submit button enabled", selector: 'form button[type="submit"]:not([disabled])' },
  },
];

export interface Visit {
  titleMs: number;
  usableMs: number;
  /** Checks (DOM changes, every 50 ms) between the title's first showing and usable that found it gone: 0 is right. */
  titleLost: number;
  /** The document and every resource the page started before it was usable (Resource Timing). */
  requestsBeforeUsable: number;
  /** Of those, answered by the service worker. */
  fromServiceWorker: number;
  bytesBeforeUsable: number;
  /** Requests before usable by kind: JS/CSS files, API calls, fonts and images, other (the document, failed tiles). */
  kinds: { code: number; api: number; media: number; other: number };
  /** Every request started before usable, in start order (ms since navigation start): where the chains are. */
  timeline?: { path: string; startMs: number; endMs: number; bytes: number; fromServiceWorker: boolean }[];
}

/**
 * Records, from the page itself, the first frame where the title (the h1 with the expected text) is visible
 * and the first where the usable selector matches; both in ms since navigation start.
 */
function installProbe(ctx: BrowserContext, screen: Screen) {
  // A string, not a function: tsx compiles named arrow functions with a `__name` helper the page does not have.
  const args = JSON.stringify({ title: screen.title, selector: screen.usable.selector, text: screen.usable.text });
  return ctx.addInitScript(`(() => {
    const { title, selector, text } = ${args};
    const marks = {};
    window.__screen = marks;
    // Painted: a box, and neither it nor an ancestor hidden (display, visibility, opacity: the app's root is
    // visibility:hidden while index.html's loading frame is up).
    function visible(el) {
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    }
    function check() {
      const h1 = Array.from(document.querySelectorAll('h1')).find((h) => h.textContent.trim() === title && visible(h));
      if (marks.titleMs === undefined) {
        if (h1) marks.titleMs = performance.now();
      } else if (!h1 && marks.usableMs === undefined) {
        // The title went away again before the screen was usable (a frame swapped for an empty one): counted.
        marks.titleLost = (marks.titleLost || 0) + 1;
      }
      if (marks.usableMs === undefined) {
        const el = Array.from(document.querySelectorAll(selector)).find(
          (e) => text === undefined || e.textContent.trim() === text,
        );
        if (visible(el)) marks.usableMs = performance.now();
      }
      if (marks.titleMs !== undefined && marks.usableMs !== undefined) {
        observer.disconnect();
        clearInterval(timer);
      }
    }
    // Checked at most once per frame, at the start of the frame that paints the change: after a DOM change, and
    // every 50 ms (layout-only changes). Checking on every change instead forced a layout each time (the
    // visibility test needs one): on the 4x slower CPU that was a third of a second of the farm map's start, a
    // cost of the probe, not of the page.
    let queued = false;
    function schedule() {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        check();
      });
    }
    const observer = new MutationObserver(schedule);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const timer = setInterval(schedule, 50);
  })();`);
}

async function throttle(ctx: BrowserContext, page: Page) {
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: WEAK_PROFILE.rttMs,
    downloadThroughput: (WEAK_PROFILE.downKbps * 1000) / 8,
    uploadThroughput: (WEAK_PROFILE.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: WEAK_PROFILE.cpuSlowdown });
  return cdp;
}

/**
 * The page's throttling (above) does not reach the service worker: what it fetches itself (a navigation, a
 * network-first read) would cross an unthrottled network, and the warm figures would flatter. So the worker
 * gets the same network conditions, through a browser-level DevTools session attached to it (not flattened:
 * Playwright's session sends to its own target only). Its CPU cannot be slowed (DevTools refuses it for
 * workers); the page's is.
 */
async function throttleServiceWorkers(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  const workers = targetInfos.filter((t) => t.type === 'service_worker');
  let id = 0;
  const pending = new Map<number, (reply: { error?: { message: string } }) => void>();
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const reply = JSON.parse(event.message) as { id?: number; error?: { message: string } };
    if (reply.id !== undefined) pending.get(reply.id)?.(reply);
  });
  for (const worker of workers) {
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
    const send = (method: string, params: object) =>
      new Promise<void>((resolve, reject) => {
        const n = ++id;
        pending.set(n, (reply) => (reply.error ? reject(new Error(`${method}: ${reply.error.message}`)) : resolve()));
        void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: n, method, params }) });
      });
    await send('Network.enable', {});
    await send('Network.emulateNetworkConditions', {
      offline: false,
      latency: WEAK_PROFILE.rttMs,
      downloadThroughput: (WEAK_PROFILE.downKbps * 1000) / 8,
      uploadThroughput: (WEAK_PROFILE.upKbps * 1000) / 8,
    });
  }
  // The session stays open for the browser's life: detaching would lift the conditions.
  return workers.length;
}

async function visit(ctx: BrowserContext, url: string): Promise<Visit> {
  const page = await ctx.newPage();
  const cdp = await throttle(ctx, page);
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    await page.waitForFunction(
      () => {
        const m = (window as unknown as { __screen?: { titleMs?: number; usableMs?: number } }).__screen;
        return m?.titleMs !== undefined && m.usableMs !== undefined;
      },
      undefined,
      { timeout: 120_000, polling: 250 },
    );
    return (await page.evaluate(`(() => {
      const m = window.__screen;
      const before = performance.getEntriesByType('resource').filter((e) => e.startTime < m.usableMs);
      const nav = performance.getEntriesByType('navigation')[0];
      const count = (test) => before.filter((e) => test(new URL(e.name).pathname)).length;
      const code = count((p) => /\\.(js|css)$/.test(p));
      const api = count((p) => p.startsWith('/api/'));
      const media = count((p) => /\\.(woff2?|png|svg|webp|jpe?g)$/.test(p));
      return {
        titleMs: Math.round(m.titleMs),
        usableMs: Math.round(m.usableMs),
        titleLost: m.titleLost || 0,
        requestsBeforeUsable: before.length + 1,
        fromServiceWorker: before.filter((e) => e.workerStart > 0).length + (nav && nav.workerStart > 0 ? 1 : 0),
        bytesBeforeUsable: before.reduce((n, e) => n + e.transferSize, 0) + (nav ? nav.transferSize : 0),
        kinds: { code, api, media, other: before.length + 1 - code - api - media },
        timeline: before.map((e) => ({
          path: new URL(e.name).pathname,
          startMs: Math.round(e.startTime),
          endMs: Math.round(e.responseEnd),
          bytes: e.transferSize,
          fromServiceWorker: e.workerStart > 0,
        })),
      };
    })()`)) as Visit;
  } finally {
    await cdp.detach().catch(() => {});
    await page.close();
  }
}

/**
 * One cold visit; then, unthrottled, the service worker installed and one visit it serves; then one warm visit.
 */
export async function measureScreen(
  browser: Browser,
  baseUrl: string,
  screen: Screen,
  farmerToken: string,
): Promise<{ cold: Visit; warm: Visit }> {
  const ctx = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'ar-DZ',
    serviceWorkers: 'allow',
  });
  try {
    await ctx.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'ar');
    });
    if (screen.signedIn) await ctx.addInitScript((tk) => localStorage.setItem('Token', tk), farmerToken);
    await installProbe(ctx, screen);
    const url = `${baseUrl}${screen.path}`;
    const cold = await visit(ctx, url);
    // The app registers its service worker after load; the precache downloads, then it takes control of the
    // next visit. Waited for on an unthrottled page (the precache is not what is measured).
    const page = await ctx.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.evaluate(`new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no service worker after 180 s')), 180000);
      navigator.serviceWorker.ready.then(() => { clearTimeout(timer); resolve(); });
    })`);
    // A warm start is a visit after one the worker served: the farmer has used the app before, so the worker
    // holds the screen's kept answers too. One such visit (unthrottled, until the screen is usable and its reads
    // are done) before the measured one.
    await page.reload({ waitUntil: 'load', timeout: 120_000 });
    if (!(await page.evaluate('!!navigator.serviceWorker.controller')))
      throw new Error(`${screen.key}: the worker does not control the page after a reload`);
    await page.waitForFunction(
      () => (window as unknown as { __screen?: { usableMs?: number } }).__screen?.usableMs !== undefined,
      undefined,
      { timeout: 120_000, polling: 250 },
    );
    await page.waitForTimeout(2000);
    await page.close();
    if ((await throttleServiceWorkers(browser)) === 0) throw new Error(`${screen.key}: no service worker to throttle`);
    const warm = await visit(ctx, url);
    if (warm.fromServiceWorker === 0)
      throw new Error(`${screen.key}: the warm visit was not served by the service worker`);
    return { cold, warm };
  } finally {
    await ctx.close();
  }
}
