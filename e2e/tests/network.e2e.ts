import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, rawKeysOnPage, screenshot, seriousA11yViolations } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';
import { baseUrl, call, login, PASSWORD } from './farmer-journey.support.ts';

/**
 * Issue 7, the farmers' network, in Arabic and in French: real accounts of the farmer's wilaya are suggested;
 * the filter narrows them; Remove hides one and it stays hidden after a reload; Message+ opens a conversation.
 * Each language uses its own fresh wilaya (no other account there), so the suggestions are predictable.
 */
const run = Date.now().toString(36);
const WILAYA: Record<Lang, number> = { ar: 47, fr: 11 };

async function register(lang: Lang, tag: string, roleId: number, sellerRoleId?: number): Promise<string> {
  const email = `net.${tag}.${lang}.${run}@e2e.filaha.dz`;
  const name = `${tag} ${lang} ${run}`;
  const reg = await call('POST', '/auth/register', undefined, {
    email,
    userName: name,
    password: PASSWORD,
    phone_number: '0550123456',
    wilaya: WILAYA[lang],
    role_id: roleId,
    ...(sellerRoleId ? { sellerRole_id: sellerRoleId } : {}),
  });
  expect(reg.status).toBe(201);
  return login(email, PASSWORD);
}

const names = (page: Page) => page.getByTestId('suggestion').getByRole('heading', { level: 2 }).allInnerTexts();
const ours = (list: string[], lang: Lang) => list.filter((n) => n.endsWith(`${lang} ${run}`)).sort();

async function check(page: Page, lang: Lang, step: string) {
  expect(await rawKeysOnPage(page)).toEqual([]);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, `network/${lang}-${step}`);
}

describe.skipIf(!hasChromium)('network: suggestions, filter, durable remove, Message+', () => {
  let browser: Browser;
  let roles: Array<{ id: number; roleName: string }>;
  beforeAll(async () => {
    browser = await launchBrowser();
    roles = (await call<Array<{ id: number; roleName: string }>>('GET', '/sellerRoles')).data;
  });
  afterAll(async () => browser?.close());

  for (const lang of ['ar', 'fr'] as const) {
    it(`a farmer meets the people of the wilaya in ${lang}`, async () => {
      const roleId = (prefix: string) => roles.find((r) => r.roleName.startsWith(prefix))!.id;
      await register(lang, 'Fournisseur', 6, roleId('Fournisseur'));
      await register(lang, 'Entreprise', 6, roleId('Entreprise'));
      await register(lang, 'Voisin', 2);
      const token = await register(lang, 'Moi', 2);

      const ctx = await newContext(browser, lang);
      await ctx.addInitScript((tk) => localStorage.setItem('Token', tk), token);
      const page = await ctx.newPage();
      await page.goto(`${baseUrl}/user/ami`);
      await page.getByRole('heading', { level: 1, name: t(lang, 'network:title') }).waitFor();
      await page.getByTestId('suggestion').first().waitFor();
      const everyone = [`Entreprise ${lang} ${run}`, `Fournisseur ${lang} ${run}`, `Voisin ${lang} ${run}`];
      expect(ours(await names(page), lang)).toEqual(everyone);
      // Same wilaya: they come first, with the reason said.
      expect((await names(page)).slice(0, 3).sort()).toEqual(everyone);
      await check(page, lang, 'all');

      const filter = page.getByLabel(t(lang, 'network:filter.label'));
      await filter.selectOption('Fournisseur');
      await page.waitForURL(/filter=Fournisseur/);
      await expect.poll(async () => ours(await names(page), lang)).toEqual([`Fournisseur ${lang} ${run}`]);
      await filter.selectOption('Agriculteur');
      await expect.poll(async () => ours(await names(page), lang)).toEqual([`Voisin ${lang} ${run}`]);
      await check(page, lang, 'farmers');

      // Remove is stored: gone after a reload too.
      await page
        .getByRole('button', { name: t(lang, 'network:removeLabel', { name: `Voisin ${lang} ${run}` }) })
        .click();
      await page.getByText(t(lang, 'network:removed', { name: `Voisin ${lang} ${run}` })).waitFor();
      await expect.poll(async () => ours(await names(page), lang)).toEqual([]);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: t(lang, 'network:title') }).waitFor();
      await page.getByTestId('suggestion').first().or(page.getByTestId('network-empty')).waitFor();
      expect(ours(await names(page), lang)).toEqual([]);
      await check(page, lang, 'removed-after-reload');

      // Message+ opens the conversation with that person.
      await filter.selectOption('');
      const supplier = `Fournisseur ${lang} ${run}`;
      await page.getByRole('button', { name: t(lang, 'network:messageLabel', { name: supplier }) }).click();
      await page.waitForURL(/\/user\/Messaging-page\?c=\d+/);
      await page.getByRole('heading', { level: 2, name: supplier }).waitFor();
      await check(page, lang, 'message');
      await ctx.close();
    });
  }
});
