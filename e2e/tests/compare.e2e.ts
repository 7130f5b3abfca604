import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { launchBrowser, seriousA11yViolations, PHONE, phoneContext } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';
import { DEMO_FARMER, openFarmMap, phoneShots, signInDemoFarmer } from './phone.support.ts';

/**
 * Issue 15 §2 "Screen" on a phone: 390 × 844, touch, nothing but this machine reachable (internet tiles
 * refused), in Arabic and French. The demo farmer opens the farm map's compare mode on a parcel: the two dates
 * default to the pair behind the parcel's latest alert, else the last two clear acquisitions of the growing
 * season (found through the app, not written here), the change map arrives with its before/after swipe (before
 * on the left in French, on the right in Arabic), its diverging legend and its statistics, which the screen shows as the
 * API answered them. Viewport screenshots in e2e/artifacts/compare.
 */
const baseUrl = inject('baseUrl');
const shot = phoneShots('compare');

interface ChangeAnswer {
  changeId: number;
  stats: Record<'mean' | 'median' | 'p25' | 'p75' | 'min' | 'max' | 'std' | 'count', number>;
  threshold: number;
  fellFraction: number;
  earlier: { scene: { datetime: string } };
  later: { scene: { datetime: string } };
}

/** A share as the app writes it (Intl percent, ar-DZ or fr-FR), computed by the page's own Intl. */
const percent = (page: Page, lang: Lang, fraction: number) =>
  page.evaluate(
    ([f, locale]) =>
      new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(f).replace(/\u200e/g, ''),
    [fraction, lang === 'ar' ? 'ar-DZ' : 'fr-FR'] as const,
  );
const number = (page: Page, lang: Lang, value: number) =>
  page.evaluate(
    ([v, locale]) => new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(v).replace(/\u200e/g, ''),
    [value, lang === 'ar' ? 'ar-DZ' : 'fr-FR'] as const,
  );

/** The demo farmer's session token, asked by the test itself. */
async function farmerToken(): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(DEMO_FARMER),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

interface AlertDates {
  id: number;
  parcelId: number;
  date: string;
  previousDate?: string | null;
}

/** The demo farmer's alerts (GET /api/alerts, what the bell and compare mode read), asked by the test itself. */
async function farmerAlerts(): Promise<AlertDates[]> {
  const res = await fetch(`${baseUrl}/api/alerts?limit=100`, {
    headers: { Authorization: `Bearer ${await farmerToken()}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { alerts: AlertDates[] }).alerts;
}

interface SeriesAnswer {
  minValidFraction: number;
  points: Array<{ date: string; median: number | null; validFraction: number }>;
}

/**
 * The pair compare mode should open on (issue 27 §2), from the parcel's alerts and its NDVI curve as the API gave
 * them: the newest alert comparing two clear acquisitions (DROP/PARTIAL_DROP: previousDate → date), else the last
 * two clear acquisitions of the growing season (median ≥ 0.3, the alert rules' canopy threshold), else the last
 * two clear ones.
 */
function expectedPair(alerts: AlertDates[], parcelId: number, series: SeriesAnswer): [string, string] {
  const clear = series.points.filter((p) => p.median !== null && p.validFraction >= series.minValidFraction);
  const dates = new Set(clear.map((p) => p.date));
  const pairs = alerts
    .filter((a) => a.parcelId === parcelId && a.previousDate)
    .map((a) => ({ id: a.id, earlier: a.previousDate!.slice(0, 10), later: a.date.slice(0, 10) }))
    .filter((a) => a.earlier < a.later && dates.has(a.earlier) && dates.has(a.later))
    .sort((a, b) => (a.later === b.later ? b.id - a.id : a.later < b.later ? 1 : -1));
  if (pairs[0]) return [pairs[0].earlier, pairs[0].later];
  const growing = clear.filter((p) => p.median! >= 0.3).map((p) => p.date);
  const chosen = growing.length >= 2 ? growing : clear.map((p) => p.date);
  return [chosen.at(-2)!, chosen.at(-1)!];
}

/** The catalog's latest acquisition over a parcel (free), asked by the test itself as the demo farmer. */
async function latestAcquisition(parcelId: string): Promise<{ date: string | null }> {
  const token = await farmerToken();
  // A cold catalog search on a loaded machine may miss the API's deadline (503 CATALOG_UNAVAILABLE): asked again.
  let last = { status: 0, body: {} as { date?: string | null } };
  await expect
    .poll(
      async () => {
        const res = await fetch(`${baseUrl}/api/images/latest-acquisition?parcelId=${parcelId}&index=NDVI`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        last = { status: res.status, body: (await res.json()) as { date?: string | null } };
        return last.status;
      },
      { timeout: 90_000, interval: 2_000 },
    )
    .toBe(200);
  return { date: last.body.date ?? null };
}

describe.skipIf(!hasChromium)('compare two dates on a phone (390 × 844, touch)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const lang of ['ar', 'fr'] as const) {
    it(
      `the demo farmer compares two dates of a parcel and reads the change, in ${lang}`,
      { timeout: 240_000 },
      async () => {
        const blocked: string[] = [];
        const ctx = await phoneContext(browser, lang, baseUrl, blocked);
        const page = await ctx.newPage();

        // The NDVI curves the page is given (compare mode reads its dates from the parcel's one).
        const curves: Response[] = [];
        page.on('response', (r) => {
          if (r.url().includes('/series?') && r.url().includes('index=NDVI')) curves.push(r);
        });
        await signInDemoFarmer(page, lang);
        await openFarmMap(page, lang);

        // The first parcel of the demo farmer, then compare mode.
        const select = page.getByLabel(t(lang, 'farm:parcels.select'), { exact: true });
        await expect.poll(() => select.locator('option').count(), { timeout: 30_000 }).toBeGreaterThan(1);
        const parcelId = await select.locator('option').nth(1).getAttribute('value');
        await select.selectOption(parcelId!);
        const latest = await latestAcquisition(parcelId!);
        expect(latest.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

        const toggle = page.getByRole('button', { name: t(lang, 'farm:compare.enter') });
        await toggle.scrollIntoViewIfNeeded();
        await toggle.tap();
        const mode = page.getByTestId('compare-mode');
        await mode.getByRole('heading', { level: 2, name: t(lang, 'farm:compare.title') }).waitFor();

        // Defaults: two clear acquisitions of the season curve, the later one no later than the catalog's latest:
        // the pair behind the parcel's latest alert, else the last two of the growing season (never the bare soil
        // after a harvest).
        const earlier = mode.getByTestId('compare-earlier');
        const later = mode.getByTestId('compare-later');
        // Settled: the dates and the alerts both answered (until then a date list shows its first option, not the
        // default pair) and the pair filled in, so Compare is ready.
        const loading = mode.getByText(t(lang, 'farm:compare.loadingDates'));
        const run = mode.getByRole('button', { name: t(lang, 'farm:compare.run', { index: 'NDVI' }) });
        await expect
          .poll(async () => (await loading.count()) === 0 && (await run.isEnabled()), { timeout: 90_000 })
          .toBe(true);
        expect(await earlier.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const [first, second] = [await earlier.inputValue(), await later.inputValue()];
        expect(first < second).toBe(true);
        expect(second <= latest.date!).toBe(true);
        const curve = curves.find(
          (r) => r.url().includes(`/parcelle/${parcelId}/series?`) && r.url().includes(`to=${latest.date}`),
        );
        expect(curve?.status()).toBe(200);
        const series = (await curve!.json()) as SeriesAnswer;
        expect([first, second]).toEqual(expectedPair(await farmerAlerts(), Number(parcelId), series));
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        await shot(page, `${lang}-01-dates`);

        // One request: the change between those two acquisitions.
        const answered = page.waitForResponse((r) => r.url().includes('/change') && r.request().method() === 'POST', {
          timeout: 120_000,
        });
        await run.scrollIntoViewIfNeeded();
        await run.tap();
        const response = await answered;
        expect(response.status()).toBe(200);
        const sent = response.request().postDataJSON() as {
          earlier: { startDate: string };
          later: { startDate: string };
        };
        expect([sent.earlier.startDate, sent.later.startDate]).toEqual([first, second]);
        const answer = (await response.json()) as ChangeAnswer;
        expect(answer.earlier.scene.datetime.slice(0, 10)).toBe(first);
        expect(answer.later.scene.datetime.slice(0, 10)).toBe(second);

        const result = mode.getByTestId('compare-result');
        await result.waitFor();
        // The before/after swipe: both dates' overlays loaded, the divider follows the slider.
        const swipe = result.getByTestId('compare-swipe');
        await swipe.scrollIntoViewIfNeeded();
        for (const cls of ['compare-before', 'compare-after']) {
          await expect
            .poll(
              () =>
                swipe.locator(`img.${cls}`).evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
              { timeout: 60_000 },
            )
            .toBeGreaterThan(0);
        }
        // Before and after in reading order: the earlier date on the left in French, on the right in Arabic, where
        // the slider runs right to left; its value is the share of the map showing the earlier date, so 25 puts
        // the divider a quarter of the way in from the before side (25 % from the left in French, 75 % in Arabic).
        const beforeSide = lang === 'ar' ? 'right' : 'left';
        expect(await swipe.getAttribute('data-before-side')).toBe(beforeSide);
        const [beforeLabel, afterLabel] = [
          (await swipe.getByTestId('compare-before-label').boundingBox())!,
          (await swipe.getByTestId('compare-after-label').boundingBox())!,
        ];
        expect(beforeLabel.x < afterLabel.x).toBe(beforeSide === 'left');
        const slider = swipe.getByTestId('compare-slider');
        expect(await slider.getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        await slider.fill('25');
        const divider = swipe.getByTestId('compare-divider');
        await expect
          .poll(() => divider.evaluate((el: HTMLElement) => el.style.left))
          .toBe(lang === 'ar' ? '75%' : '25%');
        await shot(page, `${lang}-02-swipe`);

        // The change map and its diverging legend.
        await expect
          .poll(
            () =>
              result
                .locator('img.farm-overlay')
                .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
            { timeout: 60_000 },
          )
          .toBeGreaterThan(0);
        expect(await result.getByTestId('compare-legend').locator('li').count()).toBe(9);

        // The statistics as the API answered them, and the share that fell by more than 0.1.
        const stats = result.getByTestId('compare-stats');
        await stats.scrollIntoViewIfNeeded();
        for (const key of ['mean', 'median', 'p25', 'p75', 'min', 'max', 'std', 'count'] as const) {
          expect(Number(await stats.getByTestId(`compare-stat-${key}`).getAttribute('data-value'))).toBe(
            answer.stats[key],
          );
        }
        expect(answer.threshold).toBe(0.1);
        const fell = await stats.getByTestId('compare-fell').textContent();
        expect(fell).toBe(
          t(lang, 'farm:compare.fell', {
            share: await percent(page, lang, answer.fellFraction),
            threshold: await number(page, lang, 0.1),
          }),
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await shot(page, `${lang}-03-stats`);

        // Nothing but this machine was asked (the internet tiles were refused, the map still works).
        expect(blocked.every((url) => !url.startsWith(baseUrl))).toBe(true);
        await ctx.close();
      },
    );
  }
});
