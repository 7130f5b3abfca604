import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';
import { ADMIN, baseUrl, call, login, PASSWORD } from './farmer-journey.support.ts';

/**
 * Issue 13 §5, lists on a phone (390 × 844, touch), in Arabic and in French: nothing is wider than the screen —
 * conversation rows with a long Arabic name end inside it, the stock's empty state is whole, the back-office user
 * table is a list of cards whose Delete button is on screen, and every marketplace filter has the full width. The
 * admin's parcel table and the manager's pending activations are cards too, their buttons on screen.
 */
const run = Date.now().toString(36);
const LONG_NAME = 'عبد الرحمن بن عبد الله الجزائري البليدي';
const PHONE = { width: 390, height: 844 };
const PARCEL = 'قطعة الزيتون الكبيرة قرب الوادي الشرقي لبلدية بوفاريك';
const MANAGER = { email: 'manager@demo.filaha.dz', password: 'demo-manager-2025' };

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

/** The element is wholly inside the screen's width (reachable without a sideways scroll). */
async function expectOnScreen(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, JSON.stringify(box)).toBe(true);
}

async function expectFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await outside(page)).toEqual([]);
}

describe.skipIf(!hasChromium)('lists on a 390 px phone', () => {
  let browser: Browser;
  let farmer: string;
  let admin: string;
  let manager: string;
  let farmerEmail: string;

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
    farmerEmail = email;
    const otherToken = await login(other, PASSWORD);
    const otherId = (await call<{ user_id: number }>('GET', '/users/get', otherToken)).data.user_id;
    const conversation = await call<{ id: number }>('POST', '/conversations', farmer, { userId: otherId });
    await call('POST', `/conversations/${conversation.data.id}/messages`, otherToken, {
      text: 'السلام عليكم، هل ما زالت الطماطم متوفرة؟ أريد كمية كبيرة للتعاونية الفلاحية قبل نهاية الأسبوع',
    });
    admin = await login(ADMIN.email, ADMIN.password);
    manager = await login(MANAGER.email, MANAGER.password);
    // A parcel with a long Arabic name drawn by the admin for the farmer, and a plan request awaiting activation.
    const farmerId = (await call<{ user_id: number }>('GET', '/users/get', farmer)).data.user_id;
    const ring = [
      [2.9, 36.5],
      [2.902, 36.5],
      [2.902, 36.5015],
      [2.9, 36.5015],
      [2.9, 36.5],
    ];
    const parcel = await call('POST', '/parcelle', admin, {
      identifiantU: PARCEL,
      userId: farmerId,
      geom: { type: 'Polygon', coordinates: [ring] },
    });
    expect(parcel.status, JSON.stringify(parcel.data)).toBe(201);
    const plans = await call<Array<{ id: number }>>('GET', '/abonnement');
    const request = await call('POST', '/abonnementUser', farmer, { abn_id: plans.data[0]?.id });
    expect(request.status, JSON.stringify(request.data)).toBe(201);
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
  for (const lang of ['ar', 'fr'] as const) {
    it(`the admin's parcels and the manager's pending activations are cards with their buttons on screen in ${lang}`, async () => {
      const adminPage = await phonePage(browser, lang, admin);
      await adminPage.goto(`${baseUrl}/admin/Parcelle`);
      await adminPage.getByLabel(t(lang, 'admin:parcels.searchUsers')).fill(farmerEmail);
      await adminPage.getByRole('button', { name: `Fellah ${run}` }).click();
      // Under 640 px each cell also carries its column's label (CSS generated content): find the name inside it.
      await adminPage.getByRole('cell').getByText(PARCEL, { exact: true }).waitFor();
      // The shared DataTable, laid out as cards: the row is a box no wider than the screen.
      const card = adminPage.getByRole('row').filter({ hasText: PARCEL });
      await expectOnScreen(card);
      for (const name of [
        `${t(lang, 'admin:parcels.showOnMap')} — ${PARCEL}`,
        `${t(lang, 'admin:common.delete')} — ${PARCEL}`,
      ]) {
        const button = adminPage.getByRole('button', { name, exact: true });
        await button.scrollIntoViewIfNeeded();
        await expectOnScreen(button);
      }
      await expectFits(adminPage);
      await screenshot(adminPage, `mobile/${lang}-admin-parcels`);
      await adminPage.context().close();

      const managerPage = await phonePage(browser, lang, manager);
      await managerPage.goto(`${baseUrl}/manager/Dashboard`);
      const pending = managerPage.getByRole('region', { name: t(lang, 'manager:pending.title') });
      const activate = pending.getByRole('button', { name: new RegExp(`^${t(lang, 'manager:pending.activate')} — `) });
      // The dashboard reads several figures first; on the shared 2-core machine that can take a while.
      await activate.first().waitFor({ timeout: 90_000 });
      await managerPage.locator('.recharts-surface').first().waitFor();
      for (const button of await activate.all()) {
        await button.scrollIntoViewIfNeeded();
        await expectOnScreen(button);
      }
      await expectFits(managerPage);
      await screenshot(managerPage, `mobile/${lang}-manager-pending`);
      await managerPage.context().close();
    }, 180_000);
  }
});
