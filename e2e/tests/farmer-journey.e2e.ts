import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t } from '../src/i18n.ts';
import {
  a11y,
  ADMIN,
  baseUrl,
  call,
  DESKTOP,
  field,
  generate,
  heading,
  hoverRawValue,
  login,
  main,
  readNumber,
  register,
  setPeriod,
  shot,
} from './farmer-journey.support.ts';

/**
 * Issue 4, acceptance 1: a new farmer's whole journey, in Arabic and in French — register, choose an offer,
 * wait for activation, generate NDVI, read the real value under the cursor, open the history, spend the
 * quota until the limit modal, and see the usage bar at 100 %. Screenshots of every step in e2e/artifacts.
 */
describe.skipIf(!hasChromium)('farmer journey: subscription → index map → history → quota', () => {
  let browser: Browser;
  let adminToken: string;
  let indexIds: Record<string, number>;

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await login(ADMIN.email, ADMIN.password);
    const indices = await call<Array<{ id: number; code: string }>>('GET', '/indice');
    indexIds = Object.fromEntries(indices.data.map((i) => [i.code, i.id]));
    expect(indexIds.NDVI).toBeTypeOf('number');
  });
  afterAll(async () => browser?.close());

  for (const lang of ['ar', 'fr'] as const) {
    it(`a new farmer in ${lang}`, { timeout: 600_000 }, async () => {
      // A plan with few requests, so the quota runs out within the test (the seeded plans grant 6 to 30).
      const planName = `E2E Quota ${lang.toUpperCase()} ${Date.now()}`;
      const plan = await call<{ id: number }>('POST', '/abonnement', adminToken, {
        nameAbonnement: planName,
        nameClient: 'Parcours de bout en bout',
        prices: '1000',
      });
      expect(plan.status).toBe(201);
      for (const [code, n] of [
        ['NDVI', 2],
        ['NDMI', 1],
      ] as const)
        expect(
          (
            await call('POST', '/abonnementIndice', adminToken, {
              AbonnementId: plan.data.id,
              IndiceId: indexIds[code],
              nombre_de_requete: n,
            })
          ).status,
        ).toBe(201);

      const ctx = await newContext(browser, lang, DESKTOP);
      const page = await ctx.newPage();
      const email = `journey.${lang}.${Date.now()}@e2e.filaha.dz`;
      await register(page, lang, email, lang === 'ar' ? 'مراد الفلاح' : 'Mourad Fellah');
      const token = (await page.evaluate(() => localStorage.getItem('Token'))) ?? '';
      const me = await call<{ id: number }>('GET', '/users/profile', token);

      // No subscription yet: restricted access.
      await page.goto(`${baseUrl}/user/ferme-map`);
      await heading(page, t(lang, 'farm:access.restrictedTitle')).waitFor();
      await a11y(page);
      await shot(page, lang, '02-restricted');

      // Pick the offer on the subscription screen.
      await main(page)
        .getByRole('link', { name: t(lang, 'farm:access.subscribe') })
        .click();
      await page.waitForURL('**/user/Abonnement');
      await page.getByLabel(t(lang, 'subscription:offers.choose', { name: planName })).check();
      await shot(page, lang, '03-offer');
      await page.getByRole('button', { name: t(lang, 'subscription:offers.submit') }).click();
      // The request is confirmed on the subscription screen, which the farmer does not leave.
      await page.getByTestId('plan-request').waitFor();
      expect(page.url()).toContain('/user/Abonnement');

      // Pending until an administrator activates it.
      await page.goto(`${baseUrl}/user/ferme-map`);
      await heading(page, t(lang, 'farm:access.pendingTitle')).waitFor();
      await a11y(page);
      await shot(page, lang, '04-pending');
      const status = await call<Array<{ id: number; etat: string }>>(
        'GET',
        `/abonnementUser/user/${me.data.id}/status`,
        adminToken,
      );
      expect(status.data[0]?.etat).toBe('désactivé');
      expect((await call('PUT', `/abonnementUser/${status.data[0]?.id}`, adminToken, { etat: 'actif' })).status).toBe(
        200,
      );

      // Two parcels in the demo area (there is no farmer parcel form; the API is the way in).
      const parcels: Record<string, number> = {};
      for (const key of ['vineyard', 'tomato']) {
        const f = field(key);
        const res = await call<{ parcelle: { id: number } }>('POST', '/parcelle', token, {
          identifiantU: lang === 'ar' ? f.nameAr : f.nameFr,
          geom: { type: 'Polygon', coordinates: [f.ring] },
        });
        expect(res.status).toBe(201);
        parcels[key] = res.data.parcelle.id;
      }

      // The three columns, mirrored in Arabic; the map stays LTR inside.
      await page.goto(`${baseUrl}/user/ferme-map`);
      await heading(page, t(lang, 'farm:title')).waitFor();
      expect(await page.getByRole('radio', { name: /NDVI/ }).isChecked()).toBe(true);
      const [indicesBox, mapBox, infoBox] = await Promise.all(
        ['indices', 'map', 'info'].map((c) => page.locator(`[data-column="${c}"]`).boundingBox()),
      );
      expect(indicesBox && mapBox && infoBox).toBeTruthy();
      if (lang === 'ar') expect(indicesBox!.x).toBeGreaterThan(mapBox!.x + mapBox!.width - 1);
      else expect(indicesBox!.x + indicesBox!.width).toBeLessThan(mapBox!.x + 1);
      if (lang === 'ar') expect(infoBox!.x + infoBox!.width).toBeLessThan(mapBox!.x + 1);
      else expect(infoBox!.x).toBeGreaterThan(mapBox!.x + mapBox!.width - 1);
      expect(await page.locator('.leaflet-container').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      expect(await page.getByRole('region', { name: t(lang, 'farm:map.label') }).getAttribute('dir')).toBe('ltr');
      // Opened fresh, on the first parcel (the vineyard), with Generate ready and no tap (issue 27 §2).
      const select = page.getByLabel(t(lang, 'farm:parcels.select'), { exact: true });
      await expect.poll(() => select.inputValue()).toBe(String(parcels.vineyard));
      const generateButton = page.getByRole('button', { name: t(lang, 'farm:generate.button') });
      await expect.poll(() => generateButton.isEnabled(), { timeout: 60_000 }).toBe(true);
      await a11y(page);
      await shot(page, lang, '05-three-columns');

      // NDVI on the default window over the vineyard.
      // The window opens on the latest 6 days over the parcel (the demo season's last acquisition: 29 October)…
      await expect.poll(() => page.getByLabel(t(lang, 'farm:period.end')).inputValue()).toBe('2025-10-29');
      expect(await page.getByLabel(t(lang, 'farm:period.start')).inputValue()).toBe('2025-10-23');
      // …and the journey goes on over the SPEC's demo window.
      await setPeriod(page, lang, '2025-08-14', '2025-08-19');
      const first = await generate(page, lang);
      expect(first.status).toBe(200);
      const stats = page.getByTestId('farm-stats');
      await stats.waitFor();
      const result = first.data as {
        valuesUrl: string;
        imageUrl: string;
        downloadUrl: string;
        stats: { mean: number };
        bounds: [[number, number], [number, number]];
      };
      expect(readNumber((await stats.locator('dd').first().textContent()) ?? '')).toBeCloseTo(result.stats.mean, 3);
      expect(await page.getByTestId('farm-legend').locator('li').count()).toBeGreaterThanOrEqual(4);

      // The overlay sits over the parcel: its box covers the parcel outline's box.
      const overlay = page.locator('img.farm-overlay');
      await expect
        .poll(() => overlay.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      expect(Number(await overlay.evaluate((img) => getComputedStyle(img).opacity))).toBeCloseTo(0.85, 2);
      const outline = await page.locator(`path.farm-parcel-${parcels.vineyard}`).boundingBox();
      const imgBox = await overlay.boundingBox();
      expect(outline && imgBox).toBeTruthy();
      expect(imgBox!.x).toBeLessThanOrEqual(outline!.x + 3);
      expect(imgBox!.y).toBeLessThanOrEqual(outline!.y + 3);
      expect(imgBox!.x + imgBox!.width).toBeGreaterThanOrEqual(outline!.x + outline!.width - 3);
      expect(imgBox!.y + imgBox!.height).toBeGreaterThanOrEqual(outline!.y + outline!.height - 3);
      expect(imgBox!.width).toBeLessThan(outline!.width * 1.5);
      await a11y(page);
      await shot(page, lang, '06-ndvi-result');

      // The value under the cursor is the raw value at that point (zoomed in so a 10 m cell spans many pixels).
      const hovered = await hoverRawValue(page, lang, overlay, result.valuesUrl);
      expect(hovered.expected).not.toBeNull();
      expect(hovered.shown).toBe(hovered.expected);
      expect(readNumber(hovered.text)).toBeCloseTo(hovered.expected!, 3);
      await shot(page, lang, '07-hover-value');

      // Both downloads answer.
      for (const [name, type] of [
        ['farm:download.image', 'image/png'],
        ['farm:download.values', 'image/tiff'],
      ] as const) {
        const href = await page.getByRole('link', { name: t(lang, name) }).getAttribute('href');
        const res = await fetch(`${baseUrl}${href}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain(type);
      }

      // A window without imagery (before the demo season, which has an acquisition every 5 days from 1 February):
      // the nearest acquisition day, one click to use it (not charged).
      await setPeriod(page, lang, '2025-01-24', '2025-01-29');
      const none = await generate(page, lang);
      expect(none.status).toBe(404);
      const nearest = String(none.data.nearestAfter);
      expect(nearest).toBe('2025-02-01');
      await page.getByText(t(lang, 'farm:scene.noSceneTitle')).waitFor();
      await shot(page, lang, '08-no-scene');
      await page
        .getByRole('button', { name: new RegExp(t(lang, 'farm:scene.useDay', { date: '' }).trim()) })
        .last()
        .click();
      expect(await page.getByLabel(t(lang, 'farm:period.start')).inputValue()).toBe(nearest);

      // The parcel page, then its NDVI history with the new entry and its chart point.
      await page
        .locator('[data-column="indices"]')
        .getByRole('link', { name: new RegExp(field('vineyard')[lang === 'ar' ? 'nameAr' : 'nameFr']) })
        .click();
      await page.waitForURL(`**/user/ferme-map/${parcels.vineyard}`);
      await page.getByTestId('farm-stats').waitFor();
      await a11y(page);
      await shot(page, lang, '09-parcel');
      await page.getByRole('link', { name: t(lang, 'farm:parcel.history', { index: 'NDVI' }) }).click();
      await page.waitForURL(`**/user/historique/${indexIds.NDVI}/${parcels.vineyard}`);
      await page.getByTestId('farm-history-entry').first().waitFor();
      expect(await page.getByTestId('farm-history-entry').count()).toBe(1);
      await expect
        .poll(() => page.locator('[data-testid="farm-history-chart"] .recharts-line-dots .recharts-dot').count())
        .toBe(1);
      await a11y(page);
      await shot(page, lang, '10-history');

      // Spend the rest: NDMI (another index) on this page, then NDVI's last request elsewhere (another tab, another
      // phone) while this page still counts one left: the race the limit modal is for.
      await page.goto(`${baseUrl}/user/ferme-map?parcel=${parcels.vineyard}`);
      await page.getByRole('radio', { name: /NDMI/ }).check();
      expect((await generate(page, lang)).status).toBe(200);
      await page.getByRole('radio', { name: /NDVI/ }).check();
      const elsewhere = await call('POST', '/images/NDVI', token, {
        startDate: '2025-08-14',
        endDate: '2025-08-19',
        width: 2048,
        height: 2048,
        indice_id: indexIds.NDVI,
        parcelle_id: parcels.tomato,
      });
      expect(elsewhere.status).toBe(200);
      await setPeriod(page, lang, '2025-08-20', '2025-08-25');
      expect((await generate(page, lang)).status).toBe(429);
      const modal = page.getByRole('alertdialog', { name: t(lang, 'farm:limit.title') });
      await modal.waitFor();
      expect(await modal.getByTestId('farm-limit-counter').textContent()).toContain('2 / 2');
      expect(await modal.getAttribute('aria-modal')).toBe('true');
      expect(await modal.evaluate((el) => getComputedStyle(el).direction)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await a11y(page);
      await shot(page, lang, '11-limit-modal');
      await modal.getByRole('button', { name: t(lang, 'common:actions.ok') }).click();
      await modal.waitFor({ state: 'detached' });
      // The page now knows: Generate is disabled, saying why.
      await expect
        .poll(() => page.getByRole('button', { name: t(lang, 'farm:generate.button') }).isDisabled())
        .toBe(true);
      await page.getByText(t(lang, 'farm:generate.hints.noRequestsLeft', { index: 'NDVI', total: 2 })).waitFor();

      // The subscription screen shows the NDVI usage at 100 %.
      await page.goto(`${baseUrl}/user/Abonnement`);
      const bar = page.getByRole('progressbar', {
        name: t(lang, 'subscription:usage.barLabel', { name: 'Indice NDVI' }),
      });
      const details = page.getByRole('button', { name: t(lang, 'subscription:card.showDetails') }).first();
      await Promise.race([bar.waitFor(), details.waitFor()]);
      if (!(await bar.isVisible())) await details.click();
      await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe('100');
      await shot(page, lang, '12-usage-full');

      // Mobile (375 px): the columns stack, the map keeps working.
      await page.setViewportSize({ width: 375, height: 812 });
      for (const [path, step] of [
        ['/user/ferme-map', '13-mobile-index-map'],
        [`/user/ferme-map/${parcels.vineyard}`, '14-mobile-parcel'],
        [`/user/historique/${indexIds.NDVI}/${parcels.vineyard}`, '15-mobile-history'],
      ] as const) {
        await page.goto(`${baseUrl}${path}`);
        await page.locator('main h1').first().waitFor();
        await page.waitForTimeout(400);
        await shot(page, lang, step);
      }
      await ctx.close();
    });
  }
});
