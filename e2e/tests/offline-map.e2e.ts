import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { artifactsDir, launchBrowser, rawKeysOnPage, PHONE, phoneContext, saveScreenshot } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';

/**
 * Issue 13 §1: the maps without internet tiles. On a 390 × 844 touch phone with every request that is not to
 * this machine blocked, the farm map shows the bundled fallback base map (Algeria's outline, the wilaya seats
 * named in the page's language) and a notice in that language; no failed tile shows as a broken image. The
 * admin parcel map too, with the imagery catalog's coverage drawn where it opens. Screenshots in e2e/artifacts.
 */
const baseUrl = inject('baseUrl');
const FARMER = { email: 'farmer@demo.filaha.dz', password: 'demo-farmer-2025' };
const ADMIN = { email: 'admin@demo.filaha.dz', password: 'demo-admin-2025' };
const shots = join(artifactsDir, 'offline-map');
/** The seat nearest the demo area, in both languages (wilaya 09). */
const BLIDA = { ar: 'البليدة', fr: 'Blida' } as const;

async function signIn(page: Page, lang: Lang, account: { email: string; password: string }) {
  await page.goto(`${baseUrl}/auth/SignIn`);
  await page.getByRole('heading', { name: t(lang, 'auth:signIn.title') }).waitFor();
  await page.getByLabel(t(lang, 'auth:fields.email')).fill(account.email);
  await page.getByLabel(t(lang, 'auth:fields.password'), { exact: true }).fill(account.password);
  await page.getByRole('button', { name: t(lang, 'auth:signIn.submit') }).tap();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}

async function shot(page: Page, name: string) {
  expect(await rawKeysOnPage(page)).toEqual([]);
  await saveScreenshot(page, join(shots, `${name}.png`), false);
}

/**
 * The fallback layer and the notice inside `map`: the outline drawn, the seats named in `lang` (and not in the
 * other language), the notice's words and direction, and every failed tile hidden (no broken image).
 */
async function expectFallback(map: Locator, lang: Lang) {
  await map.locator('path.filaha-basemap-outline').waitFor({ state: 'attached', timeout: 20_000 });
  const labels = map.locator('.filaha-seat-label');
  await expect.poll(() => labels.count()).toBe(58);
  expect(await map.locator('.filaha-seat-label', { hasText: BLIDA[lang] }).count()).toBe(1);
  expect(await map.locator('.filaha-seat-label', { hasText: BLIDA[lang === 'ar' ? 'fr' : 'ar'] }).count()).toBe(0);
  const notice = map.getByTestId('basemap-notice');
  await notice.waitFor({ timeout: 20_000 });
  expect(await notice.textContent()).toBe(t(lang, 'common:basemap.unavailable'));
  expect(await notice.getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
  const box = (await notice.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  // No broken image: a tile that failed is hidden (or shows the transparent pixel), never a broken icon.
  const broken = await map.locator('img.leaflet-tile').evaluateAll(
    (tiles) =>
      tiles.filter((img) => {
        const el = img as HTMLImageElement;
        const hidden = getComputedStyle(el).visibility === 'hidden' || el.src.startsWith('data:');
        return el.complete && el.naturalWidth === 0 && !hidden;
      }).length,
  );
  expect(broken).toBe(0);
}

/** The map's zoom, as Leaflet's zoom proxy holds it (its scale is 2^(zoom − 1)). */
function zoomOf(map: Locator): Promise<number> {
  return map.locator('.leaflet-proxy').evaluate((el) => {
    const scale = /scale\(([^)]+)\)/.exec((el as HTMLElement).style.transform)?.[1];
    return scale ? Math.log2(Number(scale)) + 1 : Number.NaN;
  });
}

/** Zooms out with the map's own button (a finger's way) down to `target`, one tap once the last one took. */
async function zoomOutTo(map: Locator, lang: Lang, target: number) {
  const button = map.getByRole('button', { name: t(lang, 'farm:map.zoomOut') });
  for (let taps = 0; taps < 80 && (await zoomOf(map)) > target; taps++) {
    const before = await zoomOf(map);
    await button.tap();
    // A tap that lands while the previous zoom still animates may be dropped: the next one goes again.
    await expect
      .poll(() => zoomOf(map), { timeout: 3_000 })
      .toBeLessThan(before)
      .catch(() => undefined);
  }
  expect(await zoomOf(map)).toBeLessThanOrEqual(target);
}

/** The seat names a person sees on the map: shown, and inside the map's box. */
function seatsInView(map: Locator): Promise<string[]> {
  return map.evaluate((root) => {
    const box = root.getBoundingClientRect();
    return Array.from(root.querySelectorAll<HTMLElement>('.filaha-seat-label'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
      })
      .map((el) => el.textContent ?? '');
  });
}

/** The element's box lies inside the map's box (what a person sees, not just what is in the page). */
describe.skipIf(!hasChromium)('maps without internet tiles (390 × 844, touch, internet blocked)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const lang of ['ar', 'fr'] as const) {
    // Zooming out tap by tap, each tap waiting for the last one to take, takes about a minute: a wide margin.
    it(`the farm map shows the fallback base map and the notice, in ${lang}`, { timeout: 300_000 }, async () => {
      const blocked: string[] = [];
      const ctx = await phoneContext(browser, lang, baseUrl, blocked);
      const page = await ctx.newPage();
      await signIn(page, lang, FARMER);
      if (!page.url().includes('/user/ferme-map')) await page.goto(`${baseUrl}/user/ferme-map`);
      await page.getByRole('heading', { level: 1, name: t(lang, 'farm:title') }).waitFor();
      const map = page.getByRole('region', { name: t(lang, 'farm:map.label') });
      await map.scrollIntoViewIfNeeded();
      await expectFallback(map, lang);
      // Tiles were asked for and refused: the notice is about them, not a guess.
      expect(blocked.some((u) => u.includes('arcgisonline.com'))).toBe(true);
      await shot(page, `${lang}-farm-map`);

      // Zoomed out to the region: the seats around the demo area are named on the map, in the page's language.
      await zoomOutTo(map, lang, 9); // the region around the parcels, some 100 km across
      await shot(page, `${lang}-farm-map-region`);
      await expect.poll(() => seatsInView(map), { timeout: 10_000 }).not.toEqual([]);
      const named = await seatsInView(map);
      const arabic = /[\u0600-\u06FF]/;
      expect(
        named.every((name) => arabic.test(name) === (lang === 'ar')),
        named.join(', '),
      ).toBe(true);
      await ctx.close();
    });

    it(`the admin parcel map opens on the parcels with the coverage, fallback and notice, in ${lang}`, async () => {
      const blocked: string[] = [];
      const ctx = await phoneContext(browser, lang, baseUrl, blocked);
      const page = await ctx.newPage();
      await signIn(page, lang, ADMIN);
      await page.goto(`${baseUrl}/admin/Parcelle`);
      await page.getByRole('heading', { level: 1, name: t(lang, 'admin:parcels.title') }).waitFor();
      const map = page.getByTestId('admin-parcel-map');
      await map.scrollIntoViewIfNeeded();
      await expectFallback(map, lang);
      // It opens where the parcels are: the 0.1° cell holding the most of them (the demo area on a fresh platform;
      // other browser tests sharing this server may have drawn more elsewhere, so any drawn parcel in view counts).
      const parcels = map.locator('path.admin-parcel-other');
      await parcels.first().waitFor({ state: 'attached', timeout: 20_000 });
      const mapBox = (await map.boundingBox())!;
      const boxes = await parcels.evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        }),
      );
      const inView = boxes.filter(
        (a) =>
          a.width > 0 &&
          a.x >= mapBox.x &&
          a.y >= mapBox.y &&
          a.x + a.width <= mapBox.x + mapBox.width &&
          a.y + a.height <= mapBox.y + mapBox.height,
      );
      expect(inView.length).toBeGreaterThan(0);
      // The catalog's coverage is drawn (dashed) on the map.
      await map.locator('path.admin-coverage').waitFor({ state: 'attached', timeout: 20_000 });
      await shot(page, `${lang}-admin-map`);
      await ctx.close();
    });
  }
});
