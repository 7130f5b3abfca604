import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, PHONE, phoneContext, scrollIntoView, seriousA11yViolations } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';
import { pageApi as api, phoneShots, signInDemoFarmer } from './phone.support.ts';

/**
 * Issue 31, acceptance 4 (the water card and "I irrigated"): on a 390 × 844 touch phone, nothing but this machine
 * reachable, in Arabic and in French, the demo farmer opens the citrus orchard (drip, 12 m³/h, loam: the seed's
 * DEMO_FARMER_WATER) and reads its water card — the day's advice over the demo area's synthetic weather (labelled so),
 * the next 6 days as bars, the rain against normal — then records an irrigation in two taps ("I irrigated", then
 * "Save" with the hours it proposes or 2 h) and sees it recorded; the card is read anew with it. Screenshots in
 * e2e/artifacts/water.
 */
const baseUrl = inject('baseUrl');
const shot = phoneShots('water');
const ORCHARD = "Verger d'agrumes — Boufarik";

interface ParcelRow {
  id: number;
  identifiantU: string;
}
interface Water {
  missing: string[];
  irrigations: Array<{ id: number; date: string; depthMm: number }>;
}

describe.skipIf(!hasChromium)("the parcel's water card on a phone (390 × 844, touch)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const lang of ['ar', 'fr'] as const satisfies Lang[]) {
    it(
      `the demo farmer reads the orchard's advice and records an irrigation in two taps, in ${lang}`,
      { timeout: 180_000 },
      async () => {
        const blocked: string[] = [];
        const ctx = await phoneContext(browser, lang, baseUrl, blocked);
        const page = await ctx.newPage();
        await signInDemoFarmer(page, lang);
        const parcels = await api<ParcelRow[]>(page, '/parcelle');
        const orchard = parcels.body.find((p) => p.identifiantU === ORCHARD);
        expect(orchard, 'the demo orchard').toBeDefined();
        // The weather of the demo cells is filled by the start-up weather job: wait for it (a minute at most).
        await expect
          .poll(async () => (await api<Water>(page, `/parcelle/${orchard!.id}/water`)).body.missing, {
            timeout: 90_000,
          })
          .not.toContain('weather');
        const before = new Set(
          (await api<Water>(page, `/parcelle/${orchard!.id}/water`)).body.irrigations.map((i) => i.id),
        );

        await page.goto(`${baseUrl}/user/ferme-map/${orchard!.id}`);
        const card = page.getByTestId('water-card');
        await card.getByRole('heading', { name: t(lang, 'farm:water.title') }).waitFor();
        await scrollIntoView(card);
        await card.getByTestId('water-advice').waitFor();
        await expect.poll(() => card.getByText(t(lang, 'farm:water.synthetic')).isVisible()).toBe(true);
        expect(await card.getByTestId('water-plan').locator('li').count()).toBe(6);
        expect(await card.getByTestId('water-drought').isVisible()).toBe(true);
        // Nothing wider than the phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        await shot(page, `${lang}-card`);

        // Two taps: "I irrigated", then save (the hours it proposes, else 2 h of the drip).
        await card.getByRole('button', { name: t(lang, 'farm:water.irrigated') }).tap();
        const amount = card.getByLabel(t(lang, 'farm:water.hoursLabel'));
        await amount.waitFor();
        if ((await amount.inputValue()) === '') await amount.fill('2');
        await shot(page, `${lang}-irrigate`);
        await card.getByRole('button', { name: t(lang, 'farm:water.confirm'), exact: true }).tap();
        await card.getByRole('status').waitFor();
        const after = (await api<Water>(page, `/parcelle/${orchard!.id}/water`)).body.irrigations;
        const added = after.filter((i) => !before.has(i.id));
        expect(added).toHaveLength(1);
        const last = card.getByTestId('water-last-irrigation');
        await expect
          .poll(() => last.innerText(), { timeout: 30_000 })
          .toContain(
            await page.evaluate(
              ([d, locale]) =>
                new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
                  Date.parse(`${d}T00:00:00Z`),
                ),
              [added[0]!.date, lang === 'ar' ? 'ar-DZ' : 'fr-FR'] as const,
            ),
          );
        await shot(page, `${lang}-recorded`);

        expect(await seriousA11yViolations(page)).toEqual([]);
        expect(blocked.filter((u) => !u.includes('tile'))).toEqual([]);
        // Leave the orchard as it was for the other tests.
        const removed = await api(page, `/parcelle/${orchard!.id}/irrigations/${added[0]!.id}`, 'DELETE');
        expect(removed.status).toBe(200);
        await ctx.close();
      },
    );
  }
});
