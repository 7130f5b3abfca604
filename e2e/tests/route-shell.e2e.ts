import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, PHONE, screenshot } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';
import { baseUrl, login } from './farmer-journey.support.ts';

/**
 * Issue 13 §4: a screen opened directly paints its frame and title from index.html before the app's code arrives
 * (apps/web/src/app/shellMarkup.ts, build/route-shell.ts). Here the app's scripts are held back: the frame must
 * show the screen's title in the visitor's language; once they are let through, the app's own title takes its
 * place, with the same words, and the frame is gone (app/shell.ts).
 */
const FARMER = { email: 'farmer@demo.filaha.dz', password: 'demo-farmer-2025' };
const SCREENS = [
  { name: 'sign-in', path: '/auth/SignIn', title: 'auth:signIn.title', signedIn: false },
  { name: 'farm-map', path: '/user/ferme-map', title: 'farm:title', signedIn: true },
  { name: 'marketplace', path: '/user/marketplace', title: 'marketplace:list.title', signedIn: true },
] as const;

/** A phone in `lang`, without a service worker (requests a worker answers are out of `page.route`'s reach). */
async function phone(browser: Browser, lang: Lang): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: lang === 'ar' ? 'ar-DZ' : 'fr-FR',
    serviceWorkers: 'block',
  });
  await ctx.addInitScript((l) => localStorage.setItem('lang', l), lang);
  return ctx;
}

describe.skipIf(!hasChromium)('the loading frame of a screen opened directly', () => {
  let browser: Browser;
  let token: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await login(FARMER.email, FARMER.password);
  });
  afterAll(async () => browser?.close());

  for (const lang of ['ar', 'fr'] as Lang[]) {
    it(`shows the screen's title before the app runs, then hands over to the app (${lang})`, async () => {
      const ctx = await phone(browser, lang);
      try {
        await ctx.addInitScript((tk) => {
          if (location.pathname !== '/auth/SignIn') localStorage.setItem('Token', tk);
          else localStorage.removeItem('Token');
        }, token);
        for (const screen of SCREENS) {
          const page = await ctx.newPage();
          let open!: () => void;
          const gate = new Promise<void>((resolve) => (open = resolve));
          await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
            await gate;
            await route.continue();
          });
          await page.goto(`${baseUrl}${screen.path}`, { waitUntil: 'commit' });
          const title = t(lang, screen.title);
          const frameTitle = page.locator('#shell h1');
          await expect.poll(() => frameTitle.isVisible()).toBe(true);
          expect((await frameTitle.innerText()).trim()).toBe(title);
          expect(await page.locator('#shell [data-brand]').innerText()).toBe(t(lang, 'common:brand.name'));
          expect(await page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
          // The app's root is hidden while the frame is up.
          expect(await page.locator('#root').evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
          await screenshot(page, `route-shell/${lang}-${screen.name}-frame`);

          open();
          await expect.poll(() => page.locator('#shell').count()).toBe(0);
          const appTitle = page.locator('#root h1');
          await expect.poll(() => appTitle.isVisible()).toBe(true);
          expect((await appTitle.innerText()).trim()).toBe(title);
          expect(await page.locator('h1').count()).toBe(1);
          expect(await page.locator('#root').evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
          await screenshot(page, `route-shell/${lang}-${screen.name}-app`);
          await page.close();
        }
      } finally {
        await ctx.close();
      }
    });
  }

  it('takes the public settings from the document: no request for them, and the demo note still shows', async () => {
    const ctx = await phone(browser, 'fr');
    try {
      await ctx.addInitScript((tk) => localStorage.setItem('Token', tk), token);
      const page = await ctx.newPage();
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      await page.goto(`${baseUrl}/user/ferme-map`, { waitUntil: 'commit' });
      // The demo area's note shows only when the settings say the imagery is the bundled demo (demoImagery).
      await expect.poll(() => page.getByTestId('demo-imagery-note').isVisible(), { timeout: 30_000 }).toBe(true);
      const carried = await page.locator('#filaha-settings').textContent();
      expect(JSON.parse(carried ?? 'null')).toMatchObject({ demoImagery: true });
      expect(asked).toContain('/api/parcelle');
      expect(asked).not.toContain('/api/settings/public');
    } finally {
      await ctx.close();
    }
  });

  it('paints no frame for a signed-out visitor on a signed-in screen, nor on the sign-in page when signed in', async () => {
    const ctx = await phone(browser, 'ar');
    try {
      const page = await ctx.newPage();
      await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
      await page.goto(`${baseUrl}/user/ferme-map`, { waitUntil: 'domcontentloaded' });
      expect(await page.locator('#shell').count()).toBe(0);
      await page.evaluate((tk) => localStorage.setItem('Token', tk), token);
      await page.goto(`${baseUrl}/auth/SignIn`, { waitUntil: 'domcontentloaded' });
      expect(await page.locator('#shell').count()).toBe(0);
      // A screen that declares no title (the profile) gets no frame either.
      await page.goto(`${baseUrl}/user/profile`, { waitUntil: 'domcontentloaded' });
      expect(await page.locator('#shell').count()).toBe(0);
      await page.goto(`${baseUrl}/user/ferme-map`, { waitUntil: 'domcontentloaded' });
      expect(await page.locator('#shell h1').innerText()).toBe(t('ar', 'farm:title'));
    } finally {
      await ctx.close();
    }
  });
});
