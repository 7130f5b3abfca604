import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, ownAddress, rawKeysOnPage, screenshot } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';
import { ADMIN, baseUrl, call, demoParcelAndNdvi, generate, login } from './farmer-journey.support.ts';

/**
 * Issue 13 §3, acceptance 2: the demo farmer, on a phone-sized screen, generates a result online; the network is
 * cut; the app reloads and opens (service worker), shows the last result marked as saved — on the parcel page and
 * on the farm map itself —; a service request typed offline is kept, shown as pending, and sent exactly once when
 * the network returns (checked on the server).
 */
const FARMER = { email: 'farmer@demo.filaha.dz', password: 'demo-farmer-2025' };
const PHONE = { width: 390, height: 844 };

async function shot(page: Page, lang: Lang, step: string) {
  expect(await rawKeysOnPage(page)).toEqual([]);
  await screenshot(page, `offline/${lang}-${step}`);
}

/** Whether the page's map shows its result image, loaded and decoded. */
const overlayDrawn = (page: Page) =>
  page.evaluate(() => {
    const img = document.querySelector<HTMLImageElement>('img.leaflet-image-layer');
    return img ? img.complete && img.naturalWidth > 0 : false;
  });

/** Whether the service worker's runtime cache holds an answer whose URL contains `part`. */
const cached = (page: Page, cacheName: string, part: string) =>
  page.evaluate(
    async ([name, p]) => {
      const cache = await caches.open(name);
      return (await cache.keys()).some((r) => r.url.includes(p));
    },
    [cacheName, part] as const,
  );

/**
 * The worker installs after the first load (precaching the build) and takes control of the page. An install that
 * failed (a file missing while the build is being replaced) is retried by the browser at the next load.
 */
async function controlledByWorker(page: Page) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 45_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.reload();
    }
  }
}

describe.skipIf(!hasChromium)('offline and installable', () => {
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

  it('under the worker, a page gets the app shell from the precache at once; "/" still asks the network', async () => {
    const ctx = await newContext(browser, 'fr', PHONE);
    try {
      const page = await ctx.newPage();
      await page.goto(`${baseUrl}/auth/SignIn`);
      await controlledByWorker(page);
      // An answer's Date header says when the server sent it: the precached shell's is from the worker's install.
      await page.waitForTimeout(2100);
      const asked = Date.now() - 1000;
      const sentAt = (response: Awaited<ReturnType<Page['goto']>>) => Date.parse(response?.headers().date ?? '');

      const signUp = await page.goto(`${baseUrl}/auth/SignUp`);
      await page.getByRole('heading', { level: 1, name: t('fr', 'auth:signUp.title') }).waitFor();
      expect(signUp?.fromServiceWorker()).toBe(true);
      expect(sentAt(signUp)).toBeLessThan(asked);

      // The home page is pre-rendered per language: the worker asks the server for it.
      const home = await page.goto(`${baseUrl}/`);
      await page.locator('h1').first().waitFor();
      expect(home?.fromServiceWorker()).toBe(true);
      expect(sentAt(home)).toBeGreaterThanOrEqual(asked);
    } finally {
      await ctx.close();
    }
  });

  it('serves an installable manifest: names, Arabic RTL, theme colour, 192 and 512 PNG icons, maskable', async () => {
    const res = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      lang: string;
      dir: string;
      display: string;
      start_url: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({ lang: 'ar', dir: 'rtl', display: 'standalone', start_url: '/' });
    expect(manifest.name).toContain('Filaha');
    expect(manifest.name).toContain('فلاحة');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    for (const size of ['192x192', '512x512']) {
      for (const purpose of ['any', 'maskable']) {
        const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === purpose);
        expect(icon, `${size} ${purpose}`).toBeTruthy();
        const png = await fetch(`${baseUrl}${icon?.src}`);
        expect(png.headers.get('content-type')).toBe('image/png');
        const bytes = new Uint8Array(await png.arrayBuffer());
        // PNG signature, then the IHDR width.
        expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
        const width = new DataView(bytes.buffer).getUint32(16);
        expect(`${width}x${width}`).toBe(size);
      }
    }
  });

  for (const lang of ['ar', 'fr'] as const) {
    it(
      `opens without a network, shows the saved result, sends an offline request once (${lang})`,
      {
        timeout: 300_000,
      },
      async () => {
        const ctx = await newContext(browser, lang, PHONE);
        await ownAddress(ctx);
        try {
          const page = await ctx.newPage();
          await page.goto(`${baseUrl}/auth/SignIn`);
          await page.getByLabel(t(lang, 'auth:fields.email')).fill(FARMER.email);
          await page.getByLabel(t(lang, 'auth:fields.password'), { exact: true }).fill(FARMER.password);
          await page.getByRole('button', { name: t(lang, 'auth:signIn.submit') }).click();
          await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
          await controlledByWorker(page);

          // Online: the farm map, and a result on the demo window.
          await page.goto(
            `${baseUrl}/user/ferme-map?parcel=${parcelId}&index=${ndviId}&start=2025-08-14&end=2025-08-19`,
          );
          await page.getByRole('heading', { level: 1, name: t(lang, 'farm:title') }).waitFor();
          const result = await generate(page, lang);
          expect(result.status).toBe(200);
          await page.locator('[data-testid="farm-stats"]').first().waitFor();

          // The parcel's page shows the latest result (PNG on the map, statistics).
          await page.goto(`${baseUrl}/user/ferme-map/${parcelId}`);
          const stats = page.locator('[data-testid="farm-stats"]');
          await stats.waitFor();
          const onlineStats = await stats.textContent();
          await expect.poll(() => cached(page, 'filaha-api', '/api/request/image?'), { timeout: 30_000 }).toBe(true);
          await expect.poll(() => cached(page, 'filaha-files', '/api/files/'), { timeout: 30_000 }).toBe(true);
          expect(await page.getByTestId('saved-on').count()).toBe(0);
          // The latest result is asked once more just before the network drops (a refetch): the kept answer now
          // carries a newly signed image URL (signatures change every second) whose file was never fetched. The
          // worker keeps files by path, so the copy already kept is the one drawn below.
          const resultPath = await page.evaluate(async () => {
            const keys = await (await caches.open('filaha-api')).keys();
            return keys.map((r) => new URL(r.url)).find((u) => u.pathname === '/api/request/image')!.href;
          });
          await page.waitForTimeout(1100);
          const imageUrls = await page.evaluate(async (url) => {
            const seen = (await (await caches.open('filaha-api')).match(url))!;
            const before = ((await seen.json()) as { imageUrl: string }).imageUrl;
            const token = localStorage.getItem('Token')!;
            const answer = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
            return [before, ((await answer.json()) as { imageUrl: string }).imageUrl];
          }, resultPath);
          expect(imageUrls[1]).not.toBe(imageUrls[0]);
          await expect
            .poll(() =>
              page.evaluate(
                async (url) => (await (await (await caches.open('filaha-api')).match(url))!.json()).imageUrl,
                resultPath,
              ),
            )
            .toBe(imageUrls[1]);

          // No network: the app opens again from the worker, marked as saved.
          await ctx.setOffline(true);
          await page.reload();
          await stats.waitFor();
          expect(await stats.textContent()).toBe(onlineStats);
          await page.getByText(t(lang, 'common:offline.banner')).waitFor();
          const savedOn = await page.getByTestId('saved-on').textContent();
          expect(savedOn).toContain(t(lang, 'common:offline.savedOn', { date: '' }).replace(/\.$/, '').trim());
          expect(savedOn).toMatch(/2\d{3}/);
          // The latest result's note (the season curve and the alert rules carry their own below it).
          expect(await page.getByTestId('saved-copy').first().textContent()).toContain(
            t(lang, 'common:offline.savedCopy', { date: '' }).trim(),
          );
          // The result's PNG is drawn from the kept copy.
          await expect.poll(() => overlayDrawn(page)).toBe(true);
          await shot(page, lang, '01-saved-result');

          // The farm map itself, still offline: the last result of the parcel × index, marked as saved.
          await page.goto(`${baseUrl}/user/ferme-map?parcel=${parcelId}&index=${ndviId}`);
          await page.getByRole('heading', { level: 1, name: t(lang, 'farm:title') }).waitFor();
          const note = page.locator('[data-testid="farm-saved-result"][data-state="shown"]');
          await note.waitFor();
          const savedLabel = t(lang, 'farm:savedResult.savedOn', { date: '' }).split('(')[0]!.trim();
          expect(await note.getByTestId('saved-copy').textContent()).toContain(savedLabel);
          expect(await note.getByTestId('saved-copy').textContent()).toMatch(/2\d{3}/);
          await page.locator('[data-testid="farm-stats"]').first().waitFor();
          await expect.poll(() => overlayDrawn(page)).toBe(true);
          await shot(page, lang, '01b-farm-map-saved-result');

          // A service request typed without a network: kept, pending, not sent.
          const message = `Demande hors ligne ${lang} ${Date.now()}`;
          await page.goto(`${baseUrl}/user/service-offert`);
          const submit = page.getByRole('button', { name: t(lang, 'services:form.submit') });
          await submit.waitFor();
          await expect.poll(() => page.getByLabel(t(lang, 'services:form.email')).inputValue()).toBe(FARMER.email);
          // The demo account has no phone number: the form needs one.
          await page.getByLabel(t(lang, 'services:form.phone')).fill('0550123456');
          await page.getByLabel(t(lang, 'services:form.message')).fill(message);
          await submit.click();
          await page.getByText(t(lang, 'common:outbox.pending')).waitFor();
          expect(await submit.isEnabled()).toBe(true);
          await shot(page, lang, '02-pending-request');
          const sentBefore = await call<Array<{ message: string }>>('GET', '/service-requests', adminToken);
          expect(sentBefore.data.filter((r) => r.message === message)).toHaveLength(0);

          // The network returns: sent once, shown as sent.
          await ctx.setOffline(false);
          await page.getByText(t(lang, 'common:outbox.sent', { date: '' }).split('(')[0]!.trim()).waitFor();
          expect(await page.getByText(t(lang, 'common:outbox.pending')).count()).toBe(0);
          await shot(page, lang, '03-request-sent');
          // A reload (which replays anything still kept) and another flap of the network send nothing more.
          await page.reload();
          await submit.waitFor();
          await ctx.setOffline(true);
          await ctx.setOffline(false);
          const after = await call<Array<{ message: string; userId: number | null }>>(
            'GET',
            '/service-requests',
            adminToken,
          );
          const mine = after.data.filter((r) => r.message === message);
          expect(mine).toHaveLength(1);
          expect(await page.evaluate(() => localStorage.getItem('filaha:outbox'))).toBeNull();
        } finally {
          await ctx.close();
        }
      },
    );
  }
});
