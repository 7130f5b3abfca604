import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, rawKeysOnPage, screenshot, seriousA11yViolations } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';

const PAGES = [
  ['home', '/'],
  ['offers', '/offre'],
  ['about', '/about'],
  ['sign-in', '/auth/SignIn'],
  ['sign-up', '/auth/SignUp'],
  ['forgot-password', '/auth/ForgotPassword'],
  ['reset-password', '/auth/RessetPassword'],
] as const;

describe.skipIf(!hasChromium)('public and auth pages', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const lang of ['ar', 'fr'] as const) {
    for (const [name, path] of PAGES) {
      it(`${name} in ${lang}: direction, no raw keys, no serious accessibility violation`, async () => {
        const ctx = await newContext(browser, lang);
        const page = await ctx.newPage();
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
        await page.locator('main').first().waitFor();
        expect(await page.getAttribute('html', 'lang')).toBe(lang);
        expect(await page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        expect(await rawKeysOnPage(page)).toEqual([]);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, `public/${name}-${lang}-desktop`);
        await page.setViewportSize({ width: 375, height: 800 });
        await screenshot(page, `public/${name}-${lang}-mobile`);
        await ctx.close();
      });
    }
  }
});
