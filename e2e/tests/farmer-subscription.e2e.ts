import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  launchBrowser,
  newContext,
  ownAddress,
  rawKeysOnPage,
  screenshot,
  seriousA11yViolations,
} from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'Mitidja-2025!';
/** The plan's name as each language shows it (catalogue texts in Arabic and French). */
const PLAN: Record<Lang, string> = { ar: 'الأساسي', fr: 'Basic' };
/** The Basic demo plan grants NDVI, NDMI and NDWI (packages/db/src/seed/plans.ts). */
const BASIC_INDICES = 3;

async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; data: T }> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, data: (text ? JSON.parse(text) : undefined) as T };
}

async function login(email: string, password: string): Promise<{ token: string; userId: number }> {
  const res = await api<{ token: string; user: { userId: number } }>('POST', '/auth/login', { email, password });
  expect(res.status).toBe(200);
  return { token: res.data.token, userId: res.data.user.userId };
}

/** Elements of the page content that stick out sideways (the page would scroll horizontally). */
function sticking(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main *'))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.right > document.documentElement.clientWidth + 1 || box.left < -1;
      })
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className}: ${(el.textContent ?? '').slice(0, 40)}`),
  );
}

async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(await rawKeysOnPage(page)).toEqual([]);
  expect(await sticking(page)).toEqual([]);
}

/** The colour class of a state badge: green for actif, red otherwise (SPEC §2). */
const badgeClass = (badge: Locator) => badge.evaluate((el) => el.className);

describe.skipIf(!hasChromium)('farmer: offer → pending → activated with usage; profile; service request', () => {
  let browser: Browser;
  let adminToken = '';
  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = (await login('admin@demo.filaha.dz', 'demo-admin-2025')).token;
  });
  afterAll(async () => browser?.close());

  for (const lang of ['ar', 'fr'] as const) {
    it(`in ${lang}`, async () => {
      const email = `subscriber.${lang}.${Date.now()}@e2e.filaha.dz`;
      const name = lang === 'ar' ? 'مراد الفلاح' : 'Mourad Fellah';
      const registered = await api('POST', '/auth/register', {
        email,
        userName: name,
        password: PASSWORD,
        phone_number: '0550000001',
        wilaya: 9,
        role_id: 2,
      });
      expect(registered.status).toBe(201);
      const farmer = await login(email, PASSWORD);

      const ctx = await newContext(browser, lang);
      await ownAddress(ctx);
      const page = await ctx.newPage();
      await page.goto(`${baseUrl}/auth/SignIn`);
      await page.getByLabel(t(lang, 'auth:fields.email')).fill(email);
      await page.getByLabel(t(lang, 'auth:fields.password'), { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: t(lang, 'auth:signIn.submit') }).click();
      // Without a deep link a farmer lands on their farm map.
      await page.waitForURL('**/user/ferme-map');

      // 1. Offers: submitting without a choice shows the SPEC's message and creates nothing.
      await page.goto(`${baseUrl}/user/Abonnement`);
      const submit = page.getByRole('button', { name: t(lang, 'subscription:offers.submit') });
      await submit.waitFor();
      await screenshot(page, `farmer-subscription/offers-${lang}`);
      await expectAccessible(page);
      await submit.click();
      await expect
        .poll(() => page.getByRole('alert').first().textContent())
        .toBe(t(lang, 'subscription:offers.required'));
      expect(
        (await api<unknown[]>('GET', `/abonnementUser/user/${farmer.userId}/status`, undefined, farmer.token)).data,
      ).toEqual([]);
      await screenshot(page, `farmer-subscription/offers-required-${lang}`);

      // 2. Pick an offer (a second click would clear it: checked → unchecked → checked) and submit.
      const choice = page.getByRole('checkbox', { name: t(lang, 'subscription:offers.choose', { name: PLAN[lang] }) });
      await choice.click();
      await choice.click();
      expect(await choice.isChecked()).toBe(false);
      await choice.click();
      expect(await choice.isChecked()).toBe(true);
      await submit.click();
      // The screen confirms what was requested and what happens next, and stays.
      const request = page.getByTestId('plan-request');
      await request
        .getByRole('heading', { name: t(lang, 'subscription:request.sentTitle', { name: PLAN[lang] }) })
        .waitFor();
      expect(await request.innerText()).toContain(t(lang, 'subscription:request.next'));
      expect(new URL(page.url()).pathname).toBe('/user/Abonnement');
      await screenshot(page, `farmer-subscription/requested-${lang}`);

      // 3. Back on the subscription screen: 'Mes Abonnements', pending in red, no usage yet.
      await page
        .getByRole('link', { name: t(lang, 'layout:nav.subscription') })
        .first()
        .click();
      await page.getByRole('heading', { name: t(lang, 'subscription:mine.title') }).waitFor();
      const card = page.getByTestId('subscription-card');
      const pending = card.getByText(t(lang, 'subscription:state.pending'), { exact: true });
      expect(await badgeClass(pending)).toContain('bg-red-100');
      await card.getByRole('button', { name: t(lang, 'subscription:card.showDetails') }).click();
      await card.getByText(t(lang, 'subscription:usage.unavailable')).waitFor();
      expect(await card.innerText()).toContain(t(lang, 'subscription:meaning.pending'));
      await screenshot(page, `farmer-subscription/pending-${lang}`);
      await expectAccessible(page);

      // 4. The admin activates it through the API, which creates the usage rows.
      const status = await api<Array<{ id: number; etat: string }>>(
        'GET',
        `/abonnementUser/user/${farmer.userId}/status`,
        undefined,
        adminToken,
      );
      expect(status.data).toHaveLength(1);
      const activated = await api('PUT', `/abonnementUser/${status.data[0]?.id}`, { etat: 'actif' }, adminToken);
      expect(activated.status).toBe(200);

      // 5. The farmer sees it active (green) with the usage of each index.
      await page.reload();
      const active = page
        .getByTestId('subscription-card')
        .getByText(t(lang, 'subscription:state.active'), { exact: true });
      await active.waitFor();
      expect(await badgeClass(active)).toContain('bg-brand-100');
      await page.getByRole('button', { name: t(lang, 'subscription:card.showDetails') }).click();
      const bars = page.getByRole('progressbar');
      await expect.poll(() => bars.count()).toBe(BASIC_INDICES);
      for (const bar of await bars.all()) expect(await bar.getAttribute('aria-valuenow')).toBe('0');
      expect(await page.getByTestId('recommendation-sentences').count()).toBeGreaterThan(3);
      await screenshot(page, `farmer-subscription/active-${lang}`);
      await expectAccessible(page);

      // 6. Profile: letters are ignored in the phone, and the change survives a reload.
      await page
        .getByRole('link', { name: t(lang, 'layout:nav.profile') })
        .first()
        .click();
      await page.getByRole('button', { name: t(lang, 'layout:profile.edit') }).click();
      const newName = `${name} 2`;
      await page.getByLabel(t(lang, 'layout:profile.userName')).fill(newName);
      const phone = page.getByLabel(t(lang, 'layout:profile.phone'), { exact: true });
      await phone.fill('');
      await phone.pressSequentially('06a61-b22 33 44');
      expect(await phone.inputValue()).toBe('0661223344');
      await page.getByLabel(t(lang, 'layout:profile.wilaya')).selectOption('16');
      await screenshot(page, `farmer-subscription/profile-edit-${lang}`);
      await expectAccessible(page);
      await page.getByRole('button', { name: t(lang, 'layout:profile.save'), exact: true }).click();
      await page.getByText(t(lang, 'layout:profile.saved')).waitFor();
      await page.reload();
      const profileText = () => page.locator('main dl').innerText();
      await expect.poll(profileText).toContain(newName);
      expect(await profileText()).toContain('0661223344');
      expect(await profileText()).toContain(lang === 'ar' ? 'الجزائر' : 'Alger');
      await screenshot(page, `farmer-subscription/profile-saved-${lang}`);

      // 7. Services: a detail view, then a request that is really stored.
      await page
        .getByRole('link', { name: t(lang, 'layout:nav.services') })
        .first()
        .click();
      await page.getByRole('heading', { name: t(lang, 'services:title'), level: 1 }).waitFor();
      await screenshot(page, `farmer-subscription/services-${lang}`);
      await expectAccessible(page);
      const soil = t(lang, 'services:items.soil.title');
      await page.getByRole('button', { name: t(lang, 'services:details.openLabel', { name: soil }) }).click();
      await page.getByRole('heading', { name: soil, level: 2 }).waitFor();
      await expectAccessible(page);
      const message =
        lang === 'ar' ? 'أريد تحليل تربة قطعتي في البليدة.' : 'Je souhaite analyser le sol de ma parcelle à Blida.';
      await page.getByLabel(t(lang, 'services:form.message')).fill(message);
      await page.getByRole('button', { name: t(lang, 'services:form.submit') }).click();
      await page.getByText(t(lang, 'services:form.success')).waitFor();
      await screenshot(page, `farmer-subscription/service-sent-${lang}`);
      const stored = await api<Array<{ email: string; serviceKey: string; message: string; phone: string }>>(
        'GET',
        '/service-requests',
        undefined,
        adminToken,
      );
      expect(stored.data.find((r) => r.email === email)).toMatchObject({
        serviceKey: 'soil',
        message,
        phone: '0661223344',
      });
      await ctx.close();

      // 8. The same screens on a 375 px phone.
      const mobile = await newContext(browser, lang, { width: 375, height: 812 });
      await mobile.addInitScript((token) => localStorage.setItem('Token', token), farmer.token);
      const phonePage = await mobile.newPage();
      for (const [shot, path] of [
        ['subscription', '/user/Abonnement'],
        ['services', '/user/service-offert'],
        ['profile', '/user/profile'],
      ] as const) {
        await phonePage.goto(`${baseUrl}${path}`);
        await phonePage.locator('h1').waitFor();
        if (shot === 'subscription') {
          await phonePage.getByRole('button', { name: t(lang, 'subscription:card.showDetails') }).click();
          await phonePage.getByRole('progressbar').first().waitFor();
        }
        await screenshot(phonePage, `farmer-subscription/mobile-${shot}-${lang}`);
        await expectAccessible(phonePage);
      }
      await mobile.close();
    });
  }
});
