import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { ownAddress, pageLog, phoneContext, rawKeysOnPage, screenshot } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { launchFieldBrowser, linkConditions, shapePage, type FieldBrowser } from '../src/field-link.ts';
import { t, type Lang } from '../src/i18n.ts';
import { ADMIN, baseUrl, call, demoParcelAndNdvi, generate, login } from './farmer-journey.support.ts';

/**
 * Issue 27 §1, acceptance 1: offline never signs a farmer out, from the first visit, on the field link. A 390 × 844
 * touch phone whose page **and** service worker are on the link (400 ms round trip, 50 kB/s each way;
 * e2e/src/field-link.ts shapes the worker from its first instruction). A new farmer signs in, lands on the farm map
 * (a parcel chosen, Generate enabled), orders a map, opens the parcel page; the page registers its worker when the
 * farm map is usable, so the sign-in and the farm map's reads are made before the worker controls the page (checked).
 * The network is cut for the page and the worker as soon as the parcel page shows its data and the app has said it
 * is ready offline, and how long after the first paint that was is printed (the scenario: within 15 s; the
 * time is the bench's to measure — bench:web's "first visit" — not a test's to assert). Then the farm map and the
 * parcel page open again: still signed in, the saved result, the season curve and the alert rules marked as saved;
 * a service request typed offline is sent once when the network returns (on the same link), still signed in.
 */
const FARMER = { email: 'farmer@demo.filaha.dz', password: 'demo-farmer-2025' };

/** A 390 × 844 touch phone in `lang` on the field link; no request routed (the worker must see every request). */
async function fieldPhone(
  field: FieldBrowser,
  lang: Lang,
): Promise<{ ctx: BrowserContext; page: Page; link: CDPSession }> {
  const ctx = await phoneContext(field.browser, lang, baseUrl, [], { intercept: false });
  await ownAddress(ctx);
  await ctx.addInitScript(() => {
    const w = window as unknown as { __firstPaint?: number };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        if (e.name === 'first-paint') w.__firstPaint ??= performance.timeOrigin + e.startTime;
    }).observe({ type: 'paint', buffered: true });
  });
  const page = await ctx.newPage();
  const link = await shapePage(ctx, page);
  return { ctx, page, link };
}

/** Cuts (or gives back, on the same link) the network of the page and of its worker. */
async function network(ctx: BrowserContext, field: FieldBrowser, link: CDPSession, online: boolean) {
  await ctx.setOffline(!online);
  await link.send('Network.emulateNetworkConditions', linkConditions(!online));
  await field.setWorkersOffline(!online);
}

const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/** Whether the worker's runtime cache holds an answer whose URL contains `part`. */
const cached = (page: Page, cacheName: string, part: string) =>
  page.evaluate(async ([name, p]) => (await (await caches.open(name)).keys()).some((r) => r.url.includes(p)), [
    cacheName,
    part,
  ] as const);

describe.skipIf(!hasChromium)('offline from the first visit, on the field link (issue 27 §1)', () => {
  let adminToken: string;

  beforeAll(async () => {
    adminToken = await login(ADMIN.email, ADMIN.password);
    // A platform that has served before (as in the field), not one whose catalog reads are still cold: the parcels'
    // latest acquisition asked once, as the farm map will ask it.
    const farmer = await login(FARMER.email, FARMER.password);
    const { parcelId } = await demoParcelAndNdvi(farmer);
    const latest = await call('GET', `/images/latest-acquisition?parcelId=${parcelId}&index=NDVI`, farmer);
    expect(latest.status).toBe(200);
  });

  let field: FieldBrowser | undefined;
  afterAll(async () => field?.close());

  for (const lang of ['ar', 'fr'] as const) {
    it(`keeps the farmer signed in and the first visit readable offline (${lang})`, { timeout: 300_000 }, async () => {
      await field?.close();
      field = await launchFieldBrowser();
      const { ctx, page, link } = await fieldPhone(field, lang);
      try {
        const log = pageLog(page);
        // Sign in; the farm map opens on a parcel with Generate enabled, before the worker controls the page.
        await page.goto(`${baseUrl}/auth/SignIn?next=${encodeURIComponent('/user/ferme-map')}`, { timeout: 120_000 });
        const signIn = page.locator('form button[type="submit"]:not([disabled])');
        await signIn.waitFor({ timeout: 120_000 });
        const firstPaint = await page.evaluate(() => (window as unknown as { __firstPaint?: number }).__firstPaint);
        expect(firstPaint).toBeGreaterThan(0);
        await page.getByLabel(t(lang, 'auth:fields.email')).fill(FARMER.email);
        await page.getByLabel(t(lang, 'auth:fields.password'), { exact: true }).fill(FARMER.password);
        await signIn.tap();
        await page.waitForURL((url) => url.pathname === '/user/ferme-map', { timeout: 120_000 });
        await page.getByRole('heading', { level: 1, name: t(lang, 'farm:title') }).waitFor({ timeout: 120_000 });
        await page
          .locator('button:not([disabled])', { hasText: t(lang, 'farm:generate.button') })
          .first()
          .waitFor({ timeout: 120_000 });
        expect(await controlled(page)).toBe(false);

        // Order a map of the chosen parcel, then open that parcel's page from the list.
        expect((await generate(page, lang)).status).toBe(200);
        await page.locator('[data-testid="farm-stats"]').first().waitFor({ timeout: 120_000 });
        const chosen = page.locator('li', { has: page.locator('button[aria-pressed="true"]') });
        await chosen.getByRole('link').tap();
        await page.waitForURL((url) => /^\/user\/ferme-map\/\d+$/.test(url.pathname), { timeout: 120_000 });
        const parcelId = Number(new URL(page.url()).pathname.split('/').pop());
        const stats = page.locator('[data-testid="farm-stats"]');
        await stats.waitFor({ timeout: 120_000 });
        const onlineStats = await stats.textContent();
        const curve = page.getByTestId('season-curve');
        await curve.getByTestId('season-point').first().waitFor({ state: 'attached', timeout: 120_000 });
        const rules = page.getByTestId('alert-rules');
        await rules.waitFor({ timeout: 120_000 });

        // The app says once that it is ready offline; the visit's reads, made before it took control, are kept.
        const ready = page.getByTestId('offline-ready');
        await ready.waitFor({ timeout: 120_000 });
        expect(await ready.textContent()).toBe(t(lang, 'common:offline.ready'));
        expect(await controlled(page)).toBe(true);
        for (const part of [
          '/api/users/profile',
          `/api/parcelle/${parcelId}/series?`,
          `/api/parcelle/${parcelId}/alert-rules`,
          '/api/images/latest-acquisition?',
          '/api/request/image?',
        ])
          expect(await cached(page, 'filaha-api', part), part).toBe(true);
        expect(await cached(page, 'filaha-files', '/api/files/')).toBe(true);

        // No network, for the page and the worker.
        const cutAfterPaintMs = Date.now() - firstPaint!;
        console.info(
          `offline-first-visit (${lang}): network cut ${(cutAfterPaintMs / 1000).toFixed(1)} s after the first paint`,
        );
        log.note(`network cut ${cutAfterPaintMs} ms after the first paint`);
        await network(ctx, field, link, false);
        await page.goto(`${baseUrl}/user/ferme-map`);
        await page.getByRole('heading', { level: 1, name: t(lang, 'farm:title') }).waitFor();
        await page.getByText(t(lang, 'common:offline.banner')).waitFor();
        expect(new URL(page.url()).pathname).toBe('/user/ferme-map');
        expect(await page.getByRole('heading', { name: t(lang, 'auth:signIn.title') }).count()).toBe(0);
        // The farm map shows the parcel's saved result itself.
        const note = page.locator('[data-testid="farm-saved-result"][data-state="shown"]');
        await note.waitFor();
        expect(await note.getByTestId('saved-copy').textContent()).toMatch(/2\d{3}/);
        await page.locator('[data-testid="farm-stats"]').first().waitFor();
        await screenshot(page, `offline-first-visit/${lang}-01-farm-map`);

        await page.goto(`${baseUrl}/user/ferme-map/${parcelId}`);
        await stats.waitFor();
        expect(await stats.textContent()).toBe(onlineStats);
        expect(new URL(page.url()).pathname).toBe(`/user/ferme-map/${parcelId}`);
        const savedCopy = t(lang, 'common:offline.savedCopy', { date: '' }).trim();
        await curve.getByTestId('season-point').first().waitFor({ state: 'attached' });
        expect(await curve.getByTestId('season-error').count()).toBe(0);
        expect(await curve.getByTestId('saved-copy').textContent()).toContain(savedCopy);
        expect(await rules.getByTestId('saved-copy').textContent()).toContain(savedCopy);
        expect(await page.getByTestId('saved-copy').first().textContent()).toMatch(/2\d{3}/);
        expect(await rawKeysOnPage(page)).toEqual([]);
        await screenshot(page, `offline-first-visit/${lang}-02-parcel`);

        // A service request typed offline: kept, shown as pending, then sent once when the network returns.
        const message = `Demande du premier jour ${lang} ${Date.now()}`;
        await page.goto(`${baseUrl}/user/service-offert`);
        const submit = page.getByRole('button', { name: t(lang, 'services:form.submit') });
        await submit.waitFor();
        await expect.poll(() => page.getByLabel(t(lang, 'services:form.email')).inputValue()).toBe(FARMER.email);
        // The demo account has no phone number: the form needs one.
        await page.getByLabel(t(lang, 'services:form.phone')).fill('0550123456');
        await page.getByLabel(t(lang, 'services:form.message')).fill(message);
        await submit.tap();
        await page.getByText(t(lang, 'common:outbox.pending')).waitFor();
        const before = await call<Array<{ message: string }>>('GET', '/service-requests', adminToken);
        expect(before.data.filter((r) => r.message === message)).toHaveLength(0);

        // Back online without a reload: sent once (a first attempt that meets the network still coming back is
        // retried within seconds), and the farmer is still signed in.
        log.note('network back');
        await network(ctx, field, link, true);
        await page
          .getByText(t(lang, 'common:outbox.sent', { date: '' }).split('(')[0]!.trim())
          .waitFor({ timeout: 120_000 })
          .catch(async (error: Error) => {
            // A rare failure (about 1 run in 5 with the whole suite in one run): what the page sent and heard, and
            // what it still keeps, first in the message (a CI log keeps the first lines of each failure).
            const state = await page.evaluate(() => ({
              onLine: navigator.onLine,
              outbox: localStorage.getItem('filaha:outbox'),
              shown: document.querySelector('main')?.textContent?.slice(0, 300),
            }));
            console.error(`outbox step failed (${lang}): ${JSON.stringify(state)}\n${log.text()}`);
            const last = log.text().split('\n').slice(-6).join(' ; ');
            throw new Error(`not sent: onLine ${state.onLine}, kept ${state.outbox ?? 'none'}; ${last}`, {
              cause: error,
            });
          });
        const sent = await call<Array<{ message: string }>>('GET', '/service-requests', adminToken);
        expect(sent.data.filter((r) => r.message === message)).toHaveLength(1);
        expect(await page.evaluate(() => localStorage.getItem('Token'))).not.toBeNull();
        expect(new URL(page.url()).pathname).toBe('/user/service-offert');
        await page.goto(`${baseUrl}/user/ferme-map/${parcelId}`);
        await stats.waitFor({ timeout: 120_000 });
        expect(new URL(page.url()).pathname).toBe(`/user/ferme-map/${parcelId}`);
      } finally {
        await ctx.close();
      }
    });
  }
});
