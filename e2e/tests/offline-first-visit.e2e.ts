import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, ownAddress, pageLog, phoneContext, rawKeysOnPage, screenshot } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';
import { ADMIN, baseUrl, call, demoParcelAndNdvi, generate, login } from './farmer-journey.support.ts';

/**
 * Issue 27 §1, acceptance 1: offline never signs a farmer out, from the first visit. On a weak link the service
 * worker takes control about a minute after the first paint, so a farmer who signs in, orders a map and opens the
 * parcel does all of it before the worker controls the page. Here that is made certain, not left to timing: the
 * page's `navigator.serviceWorker.register` is held until the parcel page has shown its data (asserted with no
 * controller), then let go; the app says it is ready offline; the network of the page and of the worker is cut
 * (`context.setOffline`, which the worker obeys; no `route`, which the worker would bypass). The farm map and the
 * parcel page open again: still signed in, the saved result, the season curve and the alert rules marked as saved;
 * a service request typed offline is sent once when the network returns, and the farmer is still signed in.
 */
const FARMER = { email: 'farmer@demo.filaha.dz', password: 'demo-farmer-2025' };

/**
 * A 390 × 844 touch phone in `lang`, no request routed (the worker must see every request), whose worker's
 * registration waits for the test (`filaha-test:register`), as on a weak link it comes late.
 */
async function phone(browser: Browser, lang: Lang): Promise<BrowserContext> {
  const ctx = await phoneContext(browser, lang, baseUrl, [], { intercept: false });
  await ctx.addInitScript(() => {
    const w = window as unknown as { __swLetGo?: boolean };
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (this: ServiceWorkerContainer, ...args) {
      return new Promise((resolve, reject) => {
        const go = () => register.apply(this, args).then(resolve, reject);
        if (w.__swLetGo) go();
        else window.addEventListener('filaha-test:register', go, { once: true });
      });
    };
  });
  return ctx;
}

const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/** Whether the worker's runtime cache holds an answer whose URL contains `part`. */
const cached = (page: Page, cacheName: string, part: string) =>
  page.evaluate(async ([name, p]) => (await (await caches.open(name)).keys()).some((r) => r.url.includes(p)), [
    cacheName,
    part,
  ] as const);

describe.skipIf(!hasChromium)('offline from the first visit (issue 27 §1)', () => {
  let browser: Browser;
  let adminToken: string;
  let parcelId: number;
  let ndviId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await login(ADMIN.email, ADMIN.password);
    ({ parcelId, ndviId } = await demoParcelAndNdvi(await login(FARMER.email, FARMER.password)));
  });
  afterAll(async () => browser?.close());

  for (const lang of ['ar', 'fr'] as const) {
    it(`keeps the farmer signed in and the first visit readable offline (${lang})`, { timeout: 300_000 }, async () => {
      const ctx = await phone(browser, lang);
      await ownAddress(ctx);
      try {
        const page = await ctx.newPage();
        const log = pageLog(page);
        // Sign in, order a map, open the parcel: all before the worker controls the page.
        await page.goto(`${baseUrl}/auth/SignIn`);
        await page.getByLabel(t(lang, 'auth:fields.email')).fill(FARMER.email);
        await page.getByLabel(t(lang, 'auth:fields.password'), { exact: true }).fill(FARMER.password);
        await page.getByRole('button', { name: t(lang, 'auth:signIn.submit') }).tap();
        await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
        await page.goto(`${baseUrl}/user/ferme-map?parcel=${parcelId}&index=${ndviId}&start=2025-08-14&end=2025-08-19`);
        await page.getByRole('heading', { level: 1, name: t(lang, 'farm:title') }).waitFor();
        expect((await generate(page, lang)).status).toBe(200);
        await page.locator('[data-testid="farm-stats"]').first().waitFor();

        await page.goto(`${baseUrl}/user/ferme-map/${parcelId}`);
        const stats = page.locator('[data-testid="farm-stats"]');
        await stats.waitFor();
        const onlineStats = await stats.textContent();
        const curve = page.getByTestId('season-curve');
        await curve.getByTestId('season-point').first().waitFor({ state: 'attached' });
        const rules = page.getByTestId('alert-rules');
        await rules.waitFor();
        expect(await controlled(page)).toBe(false);
        expect(await page.evaluate(() => caches.keys())).toEqual([]);

        // The worker comes: the page hands it the visit's reads, and says once that the app is ready offline.
        await page.evaluate(() => {
          (window as unknown as { __swLetGo?: boolean }).__swLetGo = true;
          window.dispatchEvent(new Event('filaha-test:register'));
        });
        const ready = page.getByTestId('offline-ready');
        await ready.waitFor({ timeout: 90_000 });
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
        await ctx.setOffline(true);
        await page.goto(`${baseUrl}/user/ferme-map`);
        await page.getByRole('heading', { level: 1, name: t(lang, 'farm:title') }).waitFor();
        await page.getByText(t(lang, 'common:offline.banner')).waitFor();
        expect(new URL(page.url()).pathname).toBe('/user/ferme-map');
        expect(await page.getByRole('heading', { name: t(lang, 'auth:signIn.title') }).count()).toBe(0);
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
        await ctx.setOffline(false);
        await page
          .getByText(t(lang, 'common:outbox.sent', { date: '' }).split('(')[0]!.trim())
          .waitFor({ timeout: 60_000 })
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
        await stats.waitFor();
        expect(new URL(page.url()).pathname).toBe(`/user/ferme-map/${parcelId}`);
      } finally {
        await ctx.close();
      }
    });
  }
});
