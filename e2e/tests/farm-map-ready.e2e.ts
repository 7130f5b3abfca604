import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, phoneContext, scrollIntoView } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t } from '../src/i18n.ts';
import { openFarmMap, phoneShots, signInDemoFarmer } from './phone.support.ts';

/**
 * Issue 27 §2, acceptance 2 and 3 on a phone (390 × 844, touch), in Arabic and French: the farm map opened fresh
 * has a parcel chosen and Generate enabled without any tap, and the keyboard's focus follows the screen — walking
 * Tab through the page, each focused element of the farm map sits at or below the one before (reading order; DOM
 * order = visual order, WCAG 2.4.3). Viewport screenshots in e2e/artifacts/farm-map-ready.
 */
const baseUrl = inject('baseUrl');
const shot = phoneShots('farm-map-ready');

interface Stop {
  inside: boolean;
  top: number;
  what: string;
  role: string | null;
  testId: string | null;
}

/** Where the focused element sits in the document (its top, scroll included) and whether it is the farm map's. */
const focused = (page: Page) =>
  page.evaluate((): Stop | null => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const box = el.getBoundingClientRect();
    const what = `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}`;
    return {
      inside: !!el.closest('section[aria-labelledby="page-title"]'),
      top: box.top + window.scrollY,
      what,
      role: el.getAttribute('role'),
      testId: el.getAttribute('data-testid'),
    };
  });

describe.skipIf(!hasChromium)('the farm map ready to tap on a phone (390 × 844, touch)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const lang of ['ar', 'fr'] as const) {
    it(
      `opens on a parcel with Generate ready, and Tab follows the screen, in ${lang}`,
      { timeout: 180_000 },
      async () => {
        const ctx = await phoneContext(browser, lang, baseUrl);
        const page = await ctx.newPage();
        await signInDemoFarmer(page, lang);
        await openFarmMap(page, lang);

        // No tap: a parcel is chosen and Generate is enabled once the window over it is known.
        const select = page.getByLabel(t(lang, 'farm:parcels.select'), { exact: true });
        await expect.poll(() => select.inputValue(), { timeout: 30_000 }).toMatch(/^\d+$/);
        const generate = page.getByRole('button', { name: t(lang, 'farm:generate.button') });
        await expect.poll(() => generate.isEnabled(), { timeout: 60_000 }).toBe(true);
        expect(await page.getByTestId('farm-generate-hint').count()).toBe(0);
        expect(await page.getByTestId('farm-period-summary').textContent()).toContain('2025');
        await shot(page, `${lang}-01-ready`);

        // The whole screen is there, the season curve included, before walking it. The curve's chart is drawn once
        // it comes near the screen: the farmer scrolls down to it.
        await scrollIntoView(page.getByTestId('season-curve'));
        await page.getByTestId('season-point').first().waitFor({ timeout: 90_000 });

        // Walk Tab from the top of the page until focus leaves the farm map after having entered it.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page
          .locator('h1')
          .first()
          .evaluate((h: HTMLElement) => {
            h.tabIndex = -1;
            h.focus();
          });
        const stops: Stop[] = [];
        for (let i = 0; i < 150; i++) {
          await page.keyboard.press('Tab');
          const stop = await focused(page);
          if (!stop?.inside) {
            if (stops.length > 0) break;
            continue;
          }
          stops.push(stop);
        }
        // The form, the map, the result's panels, the indices, the parcels, the season curve: all reached.
        expect(stops.length).toBeGreaterThan(10);
        expect(stops.some((s) => s.what.startsWith('select'))).toBe(true);
        // The curve: one tab stop, a slider (its acquisitions are not targets of their own), beside its two buttons.
        expect(stops.filter((s) => s.role === 'slider').length).toBe(1);
        expect(stops.filter((s) => s.testId === 'season-previous' || s.testId === 'season-next').length).toBe(2);
        // Reading order: never back up the page (a few pixels' slack for items of one row, centred on it).
        const backwards = stops.flatMap((s, i) => (i > 0 && s.top < stops[i - 1]!.top - 4 ? [[stops[i - 1], s]] : []));
        expect(backwards).toEqual([]);
        await ctx.close();
      },
    );
  }
});
