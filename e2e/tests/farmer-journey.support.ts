import { expect, inject } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_FIELDS } from '@filaha/shared';
import { decodeValuesGrid, valueAt, type ValuesGrid } from '@filaha/imagery/values-grid';
import { rawKeysOnPage, screenshot, seriousA11yViolations } from '../src/browser.ts';
import { t, type Lang } from '../src/i18n.ts';

/** Helpers of farmer-journey.e2e.ts: API calls as the admin or the farmer, form steps, map geometry. */
export const baseUrl = inject('baseUrl');
export const PASSWORD = 'Mitidja-2025!';
export const ADMIN = { email: 'admin@demo.filaha.dz', password: 'demo-admin-2025' };
export const DESKTOP = { width: 1440, height: 1000 };

export type Json = Record<string, unknown>;
export interface Answer<T> {
  status: number;
  data: T;
}

export async function call<T = Json>(method: string, path: string, token?: string, body?: unknown): Promise<Answer<T>> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, data: (text ? JSON.parse(text) : undefined) as T };
}

export async function login(email: string, password: string): Promise<string> {
  const res = await call<{ token: string }>('POST', '/auth/login', undefined, { email, password });
  expect(res.status).toBe(200);
  return res.data.token;
}

/** The demo farmer's first parcel and NDVI's id (the offline tests' result). */
export async function demoParcelAndNdvi(farmerToken: string): Promise<{ parcelId: number; ndviId: number }> {
  const parcels = await call<Array<{ id: number }>>('GET', '/parcelle', farmerToken);
  expect(parcels.status).toBe(200);
  const parcelId = parcels.data[0]?.id ?? 0;
  expect(parcelId).toBeGreaterThan(0);
  const indices = await call<Array<{ id: number; code: string }>>('GET', '/indice');
  const ndviId = indices.data.find((i) => i.code === 'NDVI')?.id ?? 0;
  expect(ndviId).toBeGreaterThan(0);
  return { parcelId, ndviId };
}

export const field = (key: string) => {
  const f = DEMO_FIELDS.find((d) => d.key === key);
  if (!f) throw new Error(`no demo field ${key}`);
  return f;
};

export async function shot(page: Page, lang: Lang, step: string) {
  expect(await rawKeysOnPage(page)).toEqual([]);
  await screenshot(page, `farmer-journey/${lang}-${step}`);
}

export async function a11y(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
export const main = (page: Page) => page.getByRole('main');

export async function register(page: Page, lang: Lang, email: string, name: string) {
  await page.goto(`${baseUrl}/auth/SignUp`);
  await page.getByLabel(t(lang, 'auth:signUp.userName')).fill(name);
  await page.getByLabel(t(lang, 'auth:fields.email')).fill(email);
  await page.getByLabel(t(lang, 'auth:signUp.phone')).fill('0550123456');
  await page.getByLabel(t(lang, 'auth:fields.password'), { exact: true }).fill(PASSWORD);
  await page.getByLabel(t(lang, 'auth:signUp.confirmPassword')).fill(PASSWORD);
  await page.getByLabel(t(lang, 'auth:signUp.wilaya')).selectOption('9');
  await page.getByLabel(t(lang, 'auth:signUp.role')).selectOption({ label: t(lang, 'auth:signUp.roles.farmer') });
  await shot(page, lang, '01-sign-up');
  await page.getByRole('button', { name: t(lang, 'auth:signUp.submit') }).click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.textContent()).toContain(t(lang, 'auth:signUp.successTitle'));
  await dialog.getByRole('button').click();
  await page.waitForURL('**/auth/SignIn');
  // The sign-in form is a lazy chunk: wait for it, or the fields of the leaving sign-up form get the text.
  await heading(page, t(lang, 'auth:signIn.title')).waitFor();
  await page.getByLabel(t(lang, 'auth:fields.email')).fill(email);
  await page.getByLabel(t(lang, 'auth:fields.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t(lang, 'auth:signIn.submit') }).click();
  // Without a deep link a farmer lands on their farm map.
  await page.waitForURL('**/user/ferme-map');
}

/** Clicks generate and returns the API's answer (status and body). */
export async function generate(page: Page, lang: Lang): Promise<Answer<Json>> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/images/') && r.request().method() === 'POST', {
      timeout: 60_000,
    }),
    page.getByRole('button', { name: t(lang, 'farm:generate.button') }).click(),
  ]);
  return { status: response.status(), data: (await response.json()) as Json };
}

export async function setPeriod(page: Page, lang: Lang, start: string, end: string) {
  // Start first to a day before the current start keeps the ≤ 6 days rule out of the way.
  await page.getByLabel(t(lang, 'farm:period.start')).fill(start);
  await page.getByLabel(t(lang, 'farm:period.end')).fill(end);
  expect(await page.getByLabel(t(lang, 'farm:period.start')).inputValue()).toBe(start);
  expect(await page.getByLabel(t(lang, 'farm:period.end')).inputValue()).toBe(end);
}

export const mercator = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

/** The centre of the grid cell with a value nearest to the grid's centre. */
export function valuedCell(grid: ValuesGrid): { lat: number; lng: number } {
  const [[minLat, minLon], [maxLat, maxLon]] = grid.bounds;
  const cw = (maxLon - minLon) / grid.width;
  const ch = (maxLat - minLat) / grid.height;
  let best: { d: number; row: number; col: number } | null = null;
  for (let row = 0; row < grid.height; row++)
    for (let col = 0; col < grid.width; col++) {
      if (Number.isNaN(grid.data[row * grid.width + col])) continue;
      const d = (row - grid.height / 2) ** 2 + (col - grid.width / 2) ** 2;
      if (!best || d < best.d) best = { d, row, col };
    }
  if (!best) throw new Error('values grid without any value');
  return { lat: maxLat - (best.row + 0.5) * ch, lng: minLon + (best.col + 0.5) * cw };
}

/** Number as the page prints it (either language) → JS number. */
export const readNumber = (text: string) =>
  Number(/-?\d+(?:[.,]\d+)?/.exec(text.replace(/\u200e/g, ''))?.[0]?.replace(',', '.'));

/**
 * Zooms the map in (so one 10 m cell spans many pixels), puts the cursor on the centre of a cell that has a
 * value, and returns the raw value there (from the values grid itself) with what the tooltip says.
 */
export async function hoverRawValue(page: Page, lang: Lang, overlay: Locator, valuesUrl: string) {
  const grid = decodeValuesGrid(await (await fetch(`${baseUrl}${valuesUrl}`)).arrayBuffer());
  for (let i = 0; i < 8; i++) {
    await page.getByRole('button', { name: t(lang, 'farm:map.zoomIn') }).click();
    await page.waitForTimeout(300);
  }
  await page.waitForTimeout(500);
  await overlay.scrollIntoViewIfNeeded();
  const box = (await overlay.boundingBox())!;
  const target = valuedCell(grid);
  const [[minLat, minLon], [maxLat, maxLon]] = grid.bounds;
  const x = box.x + ((target.lng - minLon) / (maxLon - minLon)) * box.width;
  const y = box.y + ((mercator(maxLat) - mercator(target.lat)) / (mercator(maxLat) - mercator(minLat))) * box.height;
  await page.mouse.move(x - 5, y - 5);
  await page.mouse.move(x, y, { steps: 3 });
  const tip = page.getByTestId('farm-value-tooltip');
  await tip.waitFor();
  return {
    expected: valueAt(grid, target.lng, target.lat),
    shown: Number(await tip.getAttribute('data-value')),
    text: (await tip.textContent()) ?? '',
  };
}
