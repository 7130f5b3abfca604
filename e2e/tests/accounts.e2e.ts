import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, rawKeysOnPage, screenshot } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const PASSWORD = 'Mitidja-2025!';

type Kind = 'farmer' | 'investor' | 'seller';
/** Where each kind lands after signing in without a deep link: a farmer's farm map, a seller's publications. */
const HOME: Record<Kind, string> = {
  farmer: '/user/ferme-map',
  investor: '/user/marketplace',
  seller: '/seller/product-submission',
};
const other = (lang: Lang): Lang => (lang === 'ar' ? 'fr' : 'ar');

async function expectDir(page: Page, lang: Lang) {
  await expect.poll(() => page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
  expect(await page.getAttribute('html', 'lang')).toBe(lang);
}

async function register(page: Page, lang: Lang, kind: Kind, email: string, name: string) {
  await page.goto(`${baseUrl}/auth/SignUp`);
  await page.getByLabel(t(lang, 'auth:signUp.userName')).fill(name);
  await page.getByLabel(t(lang, 'auth:fields.email')).fill(email);
  const phone = page.getByLabel(t(lang, 'auth:signUp.phone'));
  await phone.pressSequentially('05-50 12a34567890');
  expect(await phone.inputValue()).toBe('0550123456');
  await page.getByLabel(t(lang, 'auth:fields.password'), { exact: true }).fill(PASSWORD);
  await page.getByLabel(t(lang, 'auth:signUp.confirmPassword')).fill(PASSWORD);
  await page.getByLabel(t(lang, 'auth:signUp.wilaya')).selectOption('9');
  await page.getByLabel(t(lang, 'auth:signUp.role')).selectOption({ label: t(lang, `auth:signUp.roles.${kind}`) });
  if (kind === 'seller') {
    const sellerRole = page.getByLabel(t(lang, 'auth:signUp.sellerRole'));
    await expect.poll(() => sellerRole.locator('option').count()).toBeGreaterThan(1);
    await sellerRole.selectOption({ index: 1 });
  }
  await screenshot(page, `accounts/sign-up-${kind}-${lang}`);
  await page.getByRole('button', { name: t(lang, 'auth:signUp.submit') }).click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.textContent()).toContain(t(lang, 'auth:signUp.successTitle'));
  await dialog.getByRole('button').click();
  await page.waitForURL('**/auth/SignIn');
}

async function signIn(page: Page, lang: Lang, email: string, password: string) {
  // Route changes are transitions: the previous page stays on screen until the sign-in chunk has loaded.
  await page.getByRole('heading', { name: t(lang, 'auth:signIn.title') }).waitFor();
  await page.getByLabel(t(lang, 'auth:fields.email')).fill(email);
  await page.getByLabel(t(lang, 'auth:fields.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t(lang, 'auth:signIn.submit') }).click();
}

describe.skipIf(!hasChromium)('accounts: register → sign in → home → switch language → sign out', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const lang of ['ar', 'fr'] as const) {
    for (const kind of ['farmer', 'investor', 'seller'] as const) {
      it(`a new ${kind} in ${lang}`, async () => {
        const ctx = await newContext(browser, lang);
        const page = await ctx.newPage();
        const email = `${kind}.${lang}.${Date.now()}@e2e.filaha.dz`;
        const name = `${kind === 'seller' ? 'Vendeur' : 'Karim'} ${lang.toUpperCase()}`;
        await register(page, lang, kind, email, name);
        await signIn(page, lang, email, PASSWORD);
        await page.waitForURL(`**${HOME[kind]}`).catch(async (e: unknown) => {
          await screenshot(page, `accounts/FAILED-sign-in-${kind}-${lang}`);
          throw e;
        });
        await expectDir(page, lang);
        await expect.poll(() => page.locator('body').innerText()).toContain(name);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await page.evaluate(() => localStorage.getItem('Token'))).toBeTruthy();
        if (kind === 'seller') expect(await page.evaluate(() => localStorage.getItem('sellerRole'))).toBeTruthy();
        expect(await rawKeysOnPage(page)).toEqual([]);
        await screenshot(page, `accounts/home-${kind}-${lang}`);

        const to = other(lang);
        await page
          .getByRole('button', { name: to === 'ar' ? 'Ar' : 'Fr', exact: true })
          .first()
          .click();
        await expectDir(page, to);
        expect(await rawKeysOnPage(page)).toEqual([]);
        await screenshot(page, `accounts/home-${kind}-${lang}-switched-${to}`);
        await page.reload();
        await expectDir(page, to);

        await page
          .getByRole('button', { name: t(to, 'layout:sidebar.signOut') })
          .first()
          .click();
        await page.waitForURL('**/auth/SignIn');
        expect(await page.evaluate(() => localStorage.getItem('Token'))).toBeNull();
        expect(await page.evaluate(() => localStorage.getItem('sellerRole'))).toBeNull();
        await ctx.close();
      });
    }
  }

  it('refuses a second account with the same e-mail, in French', async () => {
    const ctx = await newContext(browser, 'fr');
    const page = await ctx.newPage();
    const email = `dup.${Date.now()}@e2e.filaha.dz`;
    await register(page, 'fr', 'farmer', email, 'Premier');
    await page.goto(`${baseUrl}/auth/SignUp`);
    await page.getByLabel(t('fr', 'auth:signUp.userName')).fill('Second');
    await page.getByLabel(t('fr', 'auth:fields.email')).fill(email);
    await page.getByLabel(t('fr', 'auth:signUp.phone')).fill('0550000000');
    await page.getByLabel(t('fr', 'auth:fields.password'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(t('fr', 'auth:signUp.confirmPassword')).fill(PASSWORD);
    await page.getByLabel(t('fr', 'auth:signUp.wilaya')).selectOption('16');
    await page.getByRole('button', { name: t('fr', 'auth:signUp.submit') }).click();
    await expect.poll(() => page.getByRole('alertdialog').textContent()).toContain(t('fr', 'auth:signUp.emailTaken'));
    await screenshot(page, 'accounts/sign-up-email-taken-fr');
    await ctx.close();
  });

  it('resets a forgotten password with the e-mailed code, in Arabic', async () => {
    const ctx = await newContext(browser, 'ar');
    const page = await ctx.newPage();
    const email = `reset.${Date.now()}@e2e.filaha.dz`;
    await register(page, 'ar', 'farmer', email, 'نسيم');
    await page.goto(`${baseUrl}/auth/ForgotPassword`);
    await page.getByLabel(t('ar', 'auth:fields.email')).fill(email);
    await page.getByRole('button', { name: t('ar', 'auth:forgot.send') }).click();
    await expect.poll(() => page.locator('body').innerText()).toContain(t('ar', 'auth:forgot.sent'));
    const outbox = join(dataDir, 'outbox');
    let code = '';
    await expect
      .poll(() => {
        for (const f of readdirSync(outbox).filter((f) => f.endsWith('.json'))) {
          const msg = readFileSync(join(outbox, f), 'utf8');
          if (msg.includes(email)) code = /\b(\d{5})\b/.exec(msg)?.[1] ?? '';
        }
        return code;
      })
      .toMatch(/^\d{5}$/);
    await page.getByLabel(t('ar', 'auth:forgot.digit', { n: 1 })).click();
    await page.keyboard.type(code);
    await screenshot(page, 'accounts/forgot-code-ar');
    await page.getByRole('button', { name: t('ar', 'auth:forgot.confirm') }).click();
    await page.waitForURL('**/auth/RessetPassword');
    await page.getByLabel(t('ar', 'auth:reset.password')).fill('Nouveau-mot-2025');
    await page.getByLabel(t('ar', 'auth:reset.confirm')).fill('Nouveau-mot-2025');
    await page.getByRole('button', { name: t('ar', 'auth:reset.submit') }).click();
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain(t('ar', 'auth:reset.successTitle'));
    await screenshot(page, 'accounts/reset-done-ar');
    await page.goto(`${baseUrl}/auth/SignIn`);
    await signIn(page, 'ar', email, 'Nouveau-mot-2025');
    await page.waitForURL('**/user/ferme-map');
    await ctx.close();
  });

  it('the demo accounts sign in to their homes', async () => {
    const res = await fetch(`${baseUrl}/api/health`);
    expect(res.ok).toBe(true);
    const demo = [
      ['admin@demo.filaha.dz', 'demo-admin-2025', '/admin/UserManagement'],
      ['manager@demo.filaha.dz', 'demo-manager-2025', '/manager/Dashboard'],
      ['farmer@demo.filaha.dz', 'demo-farmer-2025', '/user/ferme-map'],
      ['seller@demo.filaha.dz', 'demo-seller-2025', '/seller/product-submission'],
    ] as const;
    for (const [email, password, home] of demo) {
      const ctx = await newContext(browser, 'fr');
      const page = await ctx.newPage();
      await page.goto(`${baseUrl}/auth/SignIn`);
      await signIn(page, 'fr', email, password);
      await page.waitForURL(`**${home}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await screenshot(page, `accounts/demo-${home.split('/')[1]}-fr`);
      await ctx.close();
    }
  });
});
