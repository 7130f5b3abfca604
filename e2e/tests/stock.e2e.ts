import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, rawKeysOnPage, screenshot, seriousA11yViolations } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';
import { baseUrl, call, login, PASSWORD } from './farmer-journey.support.ts';

/**
 * Issue 7, stock management, in Arabic and in French: a new farmer creates an item, records entries and an
 * exit and sees the stock and the period summary follow, is refused an exit that would make the stock negative
 * (clear message, nothing written), finds the purchases and sales, exports the CSV (header in the page's
 * language, one row per movement) and deletes the item with its movements after confirming.
 */
const run = Date.now().toString(36);
const ITEM: Record<Lang, string> = { ar: `قمح صلب ${run}`, fr: `Blé dur ${run}` };
const CSV_HEADER: Record<Lang, string> = {
  fr: 'Date;Article;Unité;Sens;Type;Quantité;Prix unitaire (DA);Montant (DA);Note',
  ar: 'التاريخ;المادة;الوحدة;الاتجاه;النوع;الكمية;سعر الوحدة (دج);المبلغ (دج);ملاحظة',
};
const LOCALE: Record<Lang, string> = { ar: 'ar-DZ', fr: 'fr-FR' };
/** Names inside the page's sentences are bidi-isolated (FSI…PDI), as the screen writes them. */
const iso = (text: string) => `\u2068${text}\u2069`;

/** A fresh farmer (role_id 2), registered and signed in through the API. */
async function newFarmer(lang: Lang): Promise<string> {
  const email = `stock.${lang}.${run}@e2e.filaha.dz`;
  const reg = await call('POST', '/auth/register', undefined, {
    email,
    userName: `Fellah ${lang} ${run}`,
    password: PASSWORD,
    phone_number: '0550123456',
    wilaya: 9,
    role_id: 2,
  });
  expect(reg.status).toBe(201);
  return login(email, PASSWORD);
}

async function check(page: Page, lang: Lang, step: string) {
  expect(await rawKeysOnPage(page)).toEqual([]);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, `stock/${lang}-${step}`);
}

/** Texts formatted by the browser's own Intl, as the page formats them: quantities in kg, DA amounts, days. */
function formats(page: Page, lang: Lang) {
  const number = (value: number, digits: number) =>
    page.evaluate(
      ([locale, v, d]) => new Intl.NumberFormat(locale, { maximumFractionDigits: d }).format(v).replace(/\u200e/g, ''),
      [LOCALE[lang], value, digits] as const,
    );
  return {
    kg: async (value: number) =>
      t(lang, 'stock:quantity', { n: await number(value, 3), unit: t(lang, 'stock:symbols.kg') }),
    da: async (value: number) => t(lang, 'stock:amount', { amount: await number(value, 2) }),
    day: (ymd: string) =>
      page.evaluate(
        ([locale, d]) =>
          new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' })
            .format(Date.parse(`${d}T00:00:00Z`))
            .replace(/\u200e/g, ''),
        [LOCALE[lang], ymd] as const,
      ),
  };
}

const algiersToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Algiers',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const stockCell = (page: Page) => page.getByTestId('item-stock').innerText();
const rowCells = (page: Page, scope: string, name: string) =>
  page
    .getByRole('tabpanel', { name: scope })
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('cell')
    .allInnerTexts();

describe.skipIf(!hasChromium)('stock management: items, entries and exits, summary, refusal, CSV', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const lang of ['ar', 'fr'] as const) {
    it(`a new farmer manages a stock in ${lang}`, async () => {
      const item = ITEM[lang];
      const token = await newFarmer(lang);
      const ctx = await newContext(browser, lang);
      await ctx.addInitScript((tk) => localStorage.setItem('Token', tk), token);
      const page = await ctx.newPage();
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const fmt = formats(page, lang);
      const today = algiersToday();

      await page.goto(`${baseUrl}/user/stock-management`);
      await page.getByRole('heading', { level: 1, name: t(lang, 'stock:title') }).waitFor();
      await page.getByRole('cell', { name: t(lang, 'stock:items.empty') }).waitFor();
      await check(page, lang, 'empty');

      // An item: kilograms of a product.
      await page.getByRole('button', { name: t(lang, 'stock:items.add') }).click();
      const itemForm = page.getByRole('region', { name: t(lang, 'stock:items.addTitle') });
      await itemForm.getByLabel(t(lang, 'stock:items.name')).fill(item);
      await itemForm.getByLabel(t(lang, 'stock:items.unit')).selectOption('kg');
      await itemForm.getByLabel(t(lang, 'stock:items.kind')).selectOption('product');
      await check(page, lang, 'item-form');
      await itemForm.getByRole('button', { name: t(lang, 'stock:items.submit') }).click();
      await toast(page, t(lang, 'stock:items.created', { name: iso(item) }));
      await expect.poll(() => stockCell(page)).toBe(await fmt.kg(0));

      // Two entries (a purchase, then a production typed with a decimal comma) and a sale.
      await page.getByRole('button', { name: t(lang, 'stock:items.entryFor', { name: item }) }).click();
      const form = page.getByRole('region', { name: t(lang, 'stock:movements.formTitle') });
      const kind = form.getByLabel(t(lang, 'stock:movements.kind'));
      const quantity = form.getByLabel(t(lang, 'stock:movements.quantity'));
      const price = form.getByLabel(t(lang, 'stock:movements.unitPrice'));
      const submit = form.getByRole('button', { name: t(lang, 'stock:movements.submit') });
      expect(await form.getByLabel(t(lang, 'stock:movements.date')).inputValue()).toBe(today);
      expect(await kind.locator('option').allInnerTexts()).toEqual(
        ['purchase', 'production', 'adjustment'].map((k) => t(lang, `stock:movementKinds.${k}`)),
      );
      await quantity.fill('50');
      await price.fill('40');
      await check(page, lang, 'entry-form');
      await submit.click();
      await toast(page, t(lang, 'stock:movements.savedIn', { quantity: await fmt.kg(50), name: iso(item) }));
      await expect.poll(() => stockCell(page)).toBe(await fmt.kg(50));

      await kind.selectOption('production');
      await quantity.fill('12,5');
      await submit.click();
      await toast(page, t(lang, 'stock:movements.savedIn', { quantity: await fmt.kg(12.5), name: iso(item) }));
      await expect.poll(() => stockCell(page)).toBe(await fmt.kg(62.5));

      await page.getByRole('button', { name: t(lang, 'stock:items.exitFor', { name: item }) }).click();
      expect(await kind.locator('option').allInnerTexts()).toEqual(
        ['sale', 'consumption', 'adjustment'].map((k) => t(lang, `stock:movementKinds.${k}`)),
      );
      expect(await kind.inputValue()).toBe('sale');
      await quantity.fill('20');
      await price.fill('60');
      await submit.click();
      await toast(page, t(lang, 'stock:movements.savedOut', { quantity: await fmt.kg(20), name: iso(item) }));
      await expect.poll(() => stockCell(page)).toBe(await fmt.kg(42.5));

      // More than what is left: refused, said clearly, the form keeps its values and nothing is written.
      await quantity.fill('100');
      await form.getByLabel(t(lang, 'stock:movements.note')).fill('Grossiste');
      await submit.click();
      const refusal = t(lang, 'stock:errors.negativeExit', {
        quantity: await fmt.kg(57.5),
        date: await fmt.day(today),
      });
      await form.getByRole('alert').filter({ hasText: refusal }).waitFor();
      expect(await quantity.inputValue()).toBe('100');
      expect(await form.getByLabel(t(lang, 'stock:movements.note')).inputValue()).toBe('Grossiste');
      await check(page, lang, 'exit-refused');
      expect(await stockCell(page)).toBe(await fmt.kg(42.5));
      const items = await call<Array<{ name: string; stock: number; movementCount: number }>>(
        'GET',
        '/stock/items',
        token,
      );
      expect(items.data.map((i) => [i.name, i.stock, i.movementCount])).toEqual([[item, 42.5, 3]]);
      await page.getByRole('button', { name: t(lang, 'stock:movements.record') }).click();

      // The entries/exits summary of the period, and its DA totals.
      const summaryTab = t(lang, 'stock:tabs.summary');
      await page.getByRole('tab', { name: summaryTab }).click();
      await expect
        .poll(() => rowCells(page, summaryTab, item))
        .toEqual([
          item,
          await fmt.kg(62.5),
          await fmt.kg(20),
          await fmt.kg(42.5),
          await fmt.kg(42.5),
          await fmt.da(2000),
          await fmt.da(1200),
        ]);
      expect(await page.getByTestId('total-purchases').innerText()).toBe(await fmt.da(2000));
      expect(await page.getByTestId('total-sales').innerText()).toBe(await fmt.da(1200));
      await check(page, lang, 'summary');

      // Purchases and sales views.
      const purchasesTab = t(lang, 'stock:tabs.purchases');
      await page.getByRole('tab', { name: purchasesTab }).click();
      await expect.poll(() => rowCells(page, purchasesTab, item)).toContain(await fmt.kg(50));
      expect(await page.getByTestId('purchases-total').innerText()).toBe(
        t(lang, 'stock:movements.totalPurchases', { amount: await fmt.da(2000) }),
      );
      const salesTab = t(lang, 'stock:tabs.sales');
      await page.getByRole('tab', { name: salesTab }).click();
      await expect.poll(() => rowCells(page, salesTab, item)).toContain(await fmt.kg(20));
      await check(page, lang, 'sales');

      // CSV export of the whole history: header row in the page's language, one row per movement.
      await page.getByRole('tab', { name: summaryTab }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page
          .getByRole('tabpanel', { name: summaryTab })
          .getByRole('button', { name: t(lang, 'stock:period.export') })
          .click(),
      ]);
      expect(download.suggestedFilename()).toBe(`stock_all_${today}.csv`);
      const bytes = await readFile(await download.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
      expect(lines[0]).toBe(CSV_HEADER[lang]);
      const label = (key: string) => t(lang, `stock:${key}`);
      const unit = lang === 'fr' ? 'kg' : 'كغ';
      expect(lines.slice(1)).toEqual([
        [today, item, unit, label('directions.in'), label('movementKinds.purchase'), '50', '40', '2000', ''].join(';'),
        [today, item, unit, label('directions.in'), label('movementKinds.production'), '12,5', '0', '0', ''].join(';'),
        [today, item, unit, label('directions.out'), label('movementKinds.sale'), '20', '60', '1200', ''].join(';'),
      ]);
      await toast(page, t(lang, 'stock:period.exported', { name: iso(`stock_all_${today}.csv`) }));

      // On a phone.
      await page.getByRole('tab', { name: t(lang, 'stock:tabs.stock') }).click();
      await page.setViewportSize({ width: 375, height: 812 });
      await screenshot(page, `stock/${lang}-stock-mobile`);
      await page.setViewportSize({ width: 1280, height: 900 });

      // Deleting the item says how many movements go with it.
      await page.getByRole('button', { name: t(lang, 'stock:items.deleteFor', { name: item }) }).click();
      const dialog = page.getByRole('alertdialog');
      expect(await dialog.innerText()).toContain(
        t(lang, 'stock:items.confirmWithMovements', { name: iso(item), count: '3' }),
      );
      await check(page, lang, 'delete-confirm');
      await dialog
        .getByRole('button', { name: t(lang, 'stock:items.confirmWithMovementsButton', { count: '3' }) })
        .click();
      await toast(page, t(lang, 'stock:items.deleted', { name: iso(item) }));
      await page.getByRole('cell', { name: t(lang, 'stock:items.empty') }).waitFor();
      expect((await call<unknown[]>('GET', '/stock/items', token)).data).toEqual([]);
      await ctx.close();
    });
  }
});
