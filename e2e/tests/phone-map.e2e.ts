import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { decodeValuesGrid, valueAt } from '@filaha/imagery/values-grid';
import { launchBrowser, seriousA11yViolations, PHONE, phoneContext } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t } from '../src/i18n.ts';
import { openFarmMap, phoneShots, signInDemoFarmer } from './phone.support.ts';

/**
 * Issue 13 §2 / acceptance 1 on a phone: 390 × 844, touch, every request that is not to this machine blocked
 * (no internet tiles), in Arabic and French. The demo farmer signs in, reaches the farm map, picks a parcel in
 * the folded form, taps Generate, sees the map and its statistics without scrolling, taps the map and reads the
 * real value there (the values grid's, inside the statistics' range). Viewport screenshots in e2e/artifacts.
 */
const baseUrl = inject('baseUrl');
const shot = phoneShots('phone-map');

/** The element's box lies entirely inside the phone's screen at the current scroll position. */
async function inViewport(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  if (!box) return false;
  return box.y >= 0 && box.x >= 0 && box.y + box.height <= PHONE.height && box.x + box.width <= PHONE.width;
}

const readNumber = (text: string) => Number(/-?\d+(?:[.,]\d+)?/.exec(text)?.[0]?.replace(',', '.'));

describe.skipIf(!hasChromium)('the farm map on a phone (390 × 844, touch, offline tiles)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const lang of ['ar', 'fr'] as const) {
    it(`the demo farmer generates and reads a value with a finger, in ${lang}`, { timeout: 180_000 }, async () => {
      const blocked: string[] = [];
      const ctx = await phoneContext(browser, lang, baseUrl, blocked);
      const page = await ctx.newPage();

      await signInDemoFarmer(page, lang);
      await openFarmMap(page, lang);

      // The farm map: the form folded into a bar above the map; the map in the first screen.
      const form = page.getByTestId('farm-form');
      await form.waitFor();
      expect(await form.getAttribute('data-folded')).toBe('true');
      expect(await page.getByLabel(t(lang, 'farm:period.start')).count()).toBe(0);
      const map = page.getByRole('region', { name: t(lang, 'farm:map.label') });
      const mapBox = (await map.boundingBox())!;
      expect(mapBox.y).toBeLessThan(PHONE.height);
      expect(mapBox.width).toBeGreaterThan(PHONE.width - 60);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      // Opened fresh (issue 27 §2): on the first parcel, the window the latest one over it (the demo catalog's last
      // day), Generate ready without any tap.
      const select = page.getByLabel(t(lang, 'farm:parcels.select'), { exact: true });
      const parcelId = await select.locator('option').nth(1).getAttribute('value');
      expect(await select.inputValue()).toBe(parcelId);
      const generateButton = page.getByRole('button', { name: t(lang, 'farm:generate.button') });
      await expect.poll(() => generateButton.isEnabled(), { timeout: 20_000 }).toBe(true);
      // The window of the demo catalog's last acquisition (not the last 6 days, which it does not cover).
      await expect
        .poll(async () => (await page.getByTestId('farm-period-summary').textContent()) ?? '', { timeout: 60_000 })
        .toContain('2025');
      expect(await generateButton.isEnabled()).toBe(true);
      await shot(page, `${lang}-01-folded-form`);

      // Tap Generate.
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/images/NDVI') && r.request().method() === 'POST', {
          timeout: 60_000,
        }),
        generateButton.tap(),
      ]);
      expect(answer.status()).toBe(200);
      const result = (await answer.json()) as {
        valuesUrl: string;
        stats: { min: number; max: number; mean: number };
        dateDebut: string;
        dateFin: string;
      };
      // The demo season's last acquisition (2025-10-29) and the 6 days up to it.
      expect([result.dateDebut, result.dateFin]).toEqual(['2025-10-23', '2025-10-29']);

      // The result comes into view by itself: the map with its image and the statistics, without scrolling.
      const stats = page.getByTestId('farm-stats');
      await stats.waitFor();
      const overlay = page.locator('img.farm-overlay');
      await expect
        .poll(() => overlay.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      await expect.poll(() => inViewport(map), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => inViewport(stats), { timeout: 10_000 }).toBe(true);
      expect(await inViewport(overlay)).toBe(true);
      expect(readNumber((await stats.locator('dd').first().textContent()) ?? '')).toBeCloseTo(result.stats.mean, 3);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, `${lang}-02-result-in-view`);

      // A tap on the image: the real value at that point (the values grid's), with its class.
      const grid = decodeValuesGrid(await (await fetch(`${baseUrl}${result.valuesUrl}`)).arrayBuffer());
      const box = (await overlay.boundingBox())!;
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      const tip = page.getByTestId('farm-value-tooltip');
      await tip.waitFor();
      const shown = Number(await tip.getAttribute('data-value'));
      const at = { lat: Number(await tip.getAttribute('data-lat')), lng: Number(await tip.getAttribute('data-lng')) };
      expect(valueAt(grid, at.lng, at.lat)).toBe(shown);
      expect(shown).toBeGreaterThanOrEqual(result.stats.min);
      expect(shown).toBeLessThanOrEqual(result.stats.max);
      const text = (await tip.textContent()) ?? '';
      expect(readNumber(text.replace(/^[^:]*:/, ''))).toBeCloseTo(shown, 3);
      expect(await tip.getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await tip.getByTestId('farm-value-swatch').waitFor();
      // The tooltip stays on the map, inside the screen.
      const tipBox = (await tip.boundingBox())!;
      const mapNow = (await map.boundingBox())!;
      expect(tipBox.x).toBeGreaterThanOrEqual(mapNow.x);
      expect(tipBox.x + tipBox.width).toBeLessThanOrEqual(mapNow.x + mapNow.width);
      expect(tipBox.y + tipBox.height).toBeLessThanOrEqual(PHONE.height);
      await shot(page, `${lang}-03-tap-value`);

      // The relative view: its own legend (the parcel's p2–p98), the value under the finger unchanged.
      await page.getByRole('radio', { name: t(lang, 'farm:relative.relative') }).tap();
      const relative = page.getByTestId('farm-relative-legend');
      await relative.waitFor();
      const low = Number(await relative.getAttribute('data-low'));
      const high = Number(await relative.getAttribute('data-high'));
      expect(low).toBeGreaterThanOrEqual(result.stats.min);
      expect(high).toBeLessThanOrEqual(result.stats.max);
      expect(low).toBeLessThan(high);
      expect(await overlay.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      await relative.scrollIntoViewIfNeeded();
      await shot(page, `${lang}-04-relative`);

      // The history chart on the phone (one image so far): the tooltip inside the screen, right to left in Arabic,
      // and no axis label cut at the chart's edge. The band's contrast is checked in HistoryChart.test.ts.
      const indices = (await (await fetch(`${baseUrl}/api/indice`)).json()) as Array<{ id: number; code: string }>;
      const ndvi = indices.find((i) => i.code === 'NDVI')!.id;
      await page.goto(`${baseUrl}/user/historique/${ndvi}/${parcelId}`);
      const chart = page.getByTestId('farm-history-chart');
      await chart.locator('.farm-history-dot').first().waitFor();
      await chart.scrollIntoViewIfNeeded();
      const chartBox = (await chart.boundingBox())!;
      for (const tick of await chart.locator('.recharts-cartesian-axis-tick text').all()) {
        const b = (await tick.boundingBox())!;
        expect(b.x).toBeGreaterThanOrEqual(chartBox.x - 0.5);
        expect(b.x + b.width).toBeLessThanOrEqual(chartBox.x + chartBox.width + 0.5);
      }
      const dot = (await chart.locator('.farm-history-dot').first().boundingBox())!;
      await page.touchscreen.tap(dot.x + dot.width / 2, dot.y + dot.height / 2);
      const chartTip = chart.locator('.recharts-tooltip-wrapper .recharts-default-tooltip');
      await chartTip.waitFor();
      const chartTipBox = (await chartTip.boundingBox())!;
      expect(chartTipBox.x).toBeGreaterThanOrEqual(0);
      expect(chartTipBox.x + chartTipBox.width).toBeLessThanOrEqual(PHONE.width);
      expect(await chartTip.evaluate((el) => getComputedStyle(el).direction)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, `${lang}-05-history-chart`);

      // Nothing left this machine: every blocked request was to the internet (tiles), none was needed.
      expect(blocked.every((u) => !u.startsWith(baseUrl))).toBe(true);
      await ctx.close();
    });
  }
});
