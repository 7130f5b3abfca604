import { join } from 'node:path';
import { expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { artifactsDir, rawKeysOnPage, saveScreenshot } from '../src/browser.ts';
import { t, type Lang } from '../src/i18n.ts';

/** Helpers of the phone tests (compare, phone-map, season-curve, alerts): the demo farmer, sign-in, screenshots. */
export const DEMO_FARMER = { email: 'farmer@demo.filaha.dz', password: 'demo-farmer-2025' };

/**
 * A screenshot taker for e2e/artifacts/`folder`: each shot first checks that no raw translation key shows, then
 * saves the viewport only, as the phone shows it (what is in it was seen without scrolling).
 */
export function phoneShots(folder: string): (page: Page, name: string) => Promise<void> {
  const shots = join(artifactsDir, folder);
  return async (page, name) => {
    expect(await rawKeysOnPage(page)).toEqual([]);
    await saveScreenshot(page, join(shots, `${name}.png`), false);
  };
}

/**
 * Signs the demo farmer in through the sign-in page with a finger (tap) and waits for the farmer's pages.
 * `timeout`: for the first page only, when the platform may still be busy starting.
 */
export async function signInDemoFarmer(page: Page, lang: Lang, options: { timeout?: number } = {}): Promise<void> {
  const { timeout } = options;
  await page.goto(`${inject('baseUrl')}/auth/SignIn`, timeout === undefined ? undefined : { timeout });
  await page.getByRole('heading', { name: t(lang, 'auth:signIn.title') }).waitFor({ timeout });
  await page.getByLabel(t(lang, 'auth:fields.email')).fill(DEMO_FARMER.email);
  await page.getByLabel(t(lang, 'auth:fields.password'), { exact: true }).fill(DEMO_FARMER.password);
  await page.getByRole('button', { name: t(lang, 'auth:signIn.submit') }).tap();
  await page.waitForURL((url) => url.pathname.startsWith('/user/'));
}

/** From the farmer's landing page to the farm map (where sign-in does not already lead), its title shown. */
export async function openFarmMap(page: Page, lang: Lang): Promise<void> {
  if (!page.url().includes('/user/ferme-map')) await page.goto(`${inject('baseUrl')}/user/ferme-map`);
  await page.getByRole('heading', { level: 1, name: t(lang, 'farm:title') }).waitFor();
}

/** A call of the API from the page, with its signed-in token (localStorage `Token`): status and JSON body. */
export async function pageApi<T>(
  page: Page,
  path: string,
  method = 'GET',
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ([p, m, b]) => {
      const res = await fetch(`/api${p}`, {
        method: m,
        headers: {
          authorization: `Bearer ${localStorage.getItem('Token') ?? ''}`,
          ...(b === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
    },
    [path, method, body] as const,
  ) as Promise<{ status: number; body: T }>;
}
