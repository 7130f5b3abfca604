import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';
import { ADMIN, baseUrl, call, login, PASSWORD } from './farmer-journey.support.ts';

/**
 * Issue 13 §5, lists on a phone (390 × 844, touch), in Arabic and in French: nothing is wider than the screen —
 * conversation rows with a long Arabic name end inside it, the stock's empty state is whole, the back-office user
 * table is a list of cards whose Delete button is on screen, and every marketplace filter has the full width.
 */
const run = Date.now().toString(36);
const LONG_NAME = 'عبد الرحمن بن عبد الله الجزائري البليدي';
const PHONE = { width: 390, height: 844 };

/** Elements of the page's main area reaching past the screen's edges (none may, once laid out). */
async function outside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (e: Element) => {
      // A truncated text (ellipsis) sits inside an overflow-hidden box: what shows is the box, not the text.
      for (let p = e.parentElement; p; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    return Array.from(document.querySelectorAll('main *'))
      .filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.right > width + 1 || r.left < -1) && !clipped(e);
      })
      .map((e) => `${e.tagName.toLowerCase()} ${e.textContent?.slice(0, 40) ?? ''}`);
  });
}

async function phonePage(browser: Browser, lang: Lang, token: string): Promise<Page> {
  const ctx = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: lang === 'ar' ? 'ar-DZ' : 'fr-FR',
  });
  await ctx.addInitScript(
    ([l, tok]) => {
      localStorage.setItem('lang', l);
      localStorage.setItem('Token', tok);
    },
    [lang, token] as const,
  );
  return ctx.newPage();
}

async function expectFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await outside(page)).toEqual([]);
}

describe.skipIf(!hasChromium)('lists on a 390 px phone', () => {
  let browser: Browser;
  let farmer: string;
  let admin: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    // A farmer with no stock, and a conversation with someone whose Arabic name is long.
    const email = `mobile.${run}@e2e.filaha.dz`;
    const other = `mobile.other.${run}@e2e.filaha.dz`;
    for (const [address, userName] of [
      [email, `Fellah ${run}`],
      [other, LONG_NAME],
    ] as const) {
      const reg = await call('POST', '/auth/register', undefined, {
        email: address,
        userName,
        password: PASSWORD,
        phone_number: '0550123456',
        wilaya: 9,
        role_id: 2,
      });
      expect(reg.status).toBe(201);
    }
    farmer = await login(email, PASSWORD);
    const otherToken = await login(other, PASSWORD);
    const otherId = (await call<{ user_id: number }>('GET', '/users/get', otherToken)).data.user_id;
    const conversation = await call<{ id: number }>('POST', '/conversations', farmer, { userId: otherId });
    await call('POST', `/conversations/${conversation.data.id}/messages`, otherToken, {
      text: 'السلام عليكم، هل ما زالت الطماطم متوفرة؟ أريد كمية كبيرة للتعاونية الفلاحية قبل نهاية الأسبوع',
    });
    admin = await login(ADMIN.email, ADMIN.password);
  }, 60_000);
  afterAll(async () => browser?.close());

  for (const lang of ['ar', 'fr'] as const) {
    it(`conversations, stock, users and filters fit the screen in ${lang}`, async () => {
      const page = await phonePage(browser, lang, farmer);

      await page.goto(`${baseUrl}/user/Messaging-page`);
      const row = page.getByRole('link', { name: new RegExp(LONG_NAME.slice(0, 12)) });
      await row.waitFor();
      const box = await row.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
      await expectFits(page);
      await screenshot(page, `mobile/${lang}-messaging`);

      await page.goto(`${baseUrl}/user/stock-management`);
      const empty = page.getByText(t(lang, 'stock:items.empty'));
      await empty.waitFor();
      const emptyBox = await empty.boundingBox();
      expect(emptyBox && emptyBox.x >= 0 && emptyBox.x + emptyBox.width <= PHONE.width).toBe(true);
      await expectFits(page);
      await screenshot(page, `mobile/${lang}-stock-empty`);

      await page.goto(`${baseUrl}/user/marketplace`);
      const wilaya = page.getByLabel(t(lang, 'marketplace:filters.wilaya'));
      await wilaya.waitFor();
      const search = await page.getByLabel(t(lang, 'marketplace:filters.search')).boundingBox();
      // One filter per line: each select as wide as the search box.
      expect(Math.round((await wilaya.boundingBox())?.width ?? 0)).toBe(Math.round(search?.width ?? -1));
      await expectFits(page);
      await screenshot(page, `mobile/${lang}-marketplace-filters`);
      await page.context().close();

      const adminPage = await phonePage(browser, lang, admin);
      await adminPage.goto(`${baseUrl}/admin/UserManagement`);
      // The users of the whole suite fill several pages: find ours (a long e-mail, which must wrap in its card).
      await adminPage.getByLabel(t(lang, 'admin:users.search')).fill(`mobile.${run}@`);
      const remove = adminPage
        .getByRole('button', { name: t(lang, 'admin:users.deleteLabel', { name: `Fellah ${run}` }) })
        .first();
      await remove.waitFor();
      const removeBox = await remove.boundingBox();
      expect(removeBox && removeBox.x >= 0 && removeBox.x + removeBox.width <= PHONE.width).toBe(true);
      await expectFits(adminPage);
      await screenshot(adminPage, `mobile/${lang}-admin-users`);
      await adminPage.context().close();
    }, 90_000);
  }
});
