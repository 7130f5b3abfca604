import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { repoRoot } from './platform.ts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];
export const artifactsDir = join(repoRoot, 'e2e', 'artifacts');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A fresh context (empty storage) whose pages start in the given language. */
export async function newContext(
  browser: Browser,
  lang: 'ar' | 'fr',
  viewport = { width: 1280, height: 900 },
): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport, locale: lang === 'ar' ? 'ar-DZ' : 'fr-FR' });
  await ctx.addInitScript((l) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', l);
  }, lang);
  return ctx;
}

let visitors = 0;
/**
 * Gives a context a client address of its own (X-Forwarded-For, which the suite's platform trusts from 127.0.0.1):
 * a route with a per-address limit of its own (service requests: 5 an hour) then counts this visitor alone, not
 * every test of the suite, which all come from 127.0.0.1 (a single browser run of every file sent 6 and failed).
 */
export async function ownAddress(ctx: BrowserContext): Promise<void> {
  visitors += 1;
  await ctx.setExtraHTTPHeaders({ 'X-Forwarded-For': `203.0.113.${(visitors % 254) + 1}` });
}

/**
 * Screenshots are for people to look at (e2e/artifacts/). E2E_SCREENSHOTS=0 skips them (`.ci/run` does: CI keeps no
 * artifacts, and a full-page PNG of a 2× phone page costs the loaded machine about a second); no test reads them.
 */
export const screenshotsOn = process.env.E2E_SCREENSHOTS !== '0';

/** Saves a screenshot under e2e/artifacts/ (the whole page, or the viewport only), unless E2E_SCREENSHOTS=0. */
export async function saveScreenshot(page: Page, file: string, fullPage: boolean): Promise<void> {
  if (!screenshotsOn) return;
  mkdirSync(dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const file = join(artifactsDir, `${name}.png`);
  await saveScreenshot(page, file, true);
  return file;
}

/** axe-core on the current page; returns the serious and critical violations only. */
export async function seriousA11yViolations(
  page: Page,
): Promise<Array<{ id: string; impact: string; nodes: string[] }>> {
  // Colour transitions (e.g. the sidebar's active item after a client-side navigation) would be measured
  // half-way and report a contrast the user never reads. Wait until no finite animation has run for two
  // checks in a row, 200 ms apart (longer than our transitions), since a class can flip just after a check;
  // looping animations (skeletons, the partner marquee) never end and are ignored.
  const running = () =>
    page.evaluate(
      () =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length,
    );
  for (let quiet = 0, tries = 0; quiet < 2 && tries < 50; tries++) {
    quiet = (await running()) === 0 ? quiet + 1 : 0;
    await page.waitForTimeout(quiet < 2 ? 200 : 0);
  }
  // Legacy mode: axe runs whole in the page. The default runs it per frame, then opens a new page to merge the
  // frames' results: 40 % of the check's CPU on a 2-core machine (public.e2e.ts, 14 checks: 57 → 34 core-seconds,
  // measured 2026-11-29), for frames the app does not have (no iframe in apps/web).
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact ?? '', nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

function flatKeys(obj: unknown, prefix = ''): string[] {
  if (!obj || typeof obj !== 'object') return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => flatKeys(v, prefix ? `${prefix}.${k}` : k));
}

let localeKeys: Set<string> | undefined;
/** Every key of the web app's locale files, with and without its namespace. */
export function allLocaleKeys(): Set<string> {
  if (localeKeys) return localeKeys;
  const dir = join(repoRoot, 'apps/web/src/i18n/locales/fr');
  const keys = new Set<string>();
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const ns = f.replace(/\.json$/, '');
    for (const k of flatKeys(JSON.parse(readFileSync(join(dir, f), 'utf8')))) {
      if (k.includes('.')) keys.add(k);
      keys.add(`${ns}.${k}`);
      keys.add(`${ns}:${k}`);
    }
  }
  localeKeys = keys;
  return keys;
}

/** Visible words of the page that are raw translation keys (should be none). */
export async function rawKeysOnPage(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const keys = allLocaleKeys();
  const tokens = text.match(/[A-Za-z_][\w-]*(?:[.:][\w-]+)+/g) ?? [];
  return [...new Set(tokens.filter((t) => keys.has(t)))];
}

/** The phone profile of the field checks: 390 × 844 CSS pixels. */
export const PHONE = { width: 390, height: 844 };

/**
 * A phone context (touch, mobile viewport, the language set before the first page) that reaches only `baseUrl`'s
 * host: every other request — the internet map tiles first — is refused, and its URL pushed to `blocked`. With
 * `intercept: false` nothing is routed (a service worker's requests bypass Playwright's routing, and the tests of
 * the worker need it to see every request); then requests off this machine simply fail (no internet).
 */
export async function phoneContext(
  browser: Browser,
  lang: 'ar' | 'fr',
  baseUrl: string,
  blocked: string[] = [],
  { intercept = true } = {},
): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
    locale: lang === 'ar' ? 'ar-DZ' : 'fr-FR',
  });
  await ctx.addInitScript((l) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', l);
  }, lang);
  if (!intercept) return ctx;
  const local = new URL(baseUrl).host;
  await ctx.route(
    () => true,
    async (route) => {
      const url = new URL(route.request().url());
      if (url.host === local) return route.continue();
      blocked.push(url.href);
      return route.abort('blockedbyclient');
    },
  );
  return ctx;
}

/**
 * What a page sent and heard that a failing step may need to be understood (writes, failed requests, the console,
 * the network's comings and goings): `note` adds a line, `text` gives the last ones. Only read on a failure.
 */
export function pageLog(page: Page, keep = 40): { note: (line: string) => void; text: () => string } {
  const lines: string[] = [];
  const started = Date.now();
  const note = (line: string) => {
    lines.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${line}`);
    if (lines.length > keep) lines.shift();
  };
  page.on('console', (m) => note(`console.${m.type()} ${m.text().slice(0, 200)}`));
  page.on('request', (r) => r.method() !== 'GET' && note(`→ ${r.method()} ${r.url()}`));
  page.on('response', (r) => r.request().method() !== 'GET' && note(`← ${r.status()} ${r.url()}`));
  page.on('requestfailed', (r) => note(`✗ ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  return { note, text: () => lines.join('\n') };
}

/**
 * Scrolls an element into view, again if the page drew it anew meanwhile (a chart drawn a second time when its
 * second answer arrives): Playwright's scrollIntoViewIfNeeded fails at once on an element detached while it waited
 * for it to be stable. Any other failure, or a third detachment, is thrown.
 */
export async function scrollIntoView(locator: Locator): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await locator.scrollIntoViewIfNeeded();
      return;
    } catch (error) {
      if (attempt === 3 || !String(error).includes('not attached to the DOM')) throw error;
    }
  }
}
