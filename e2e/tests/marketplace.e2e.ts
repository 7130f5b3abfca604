import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { launchBrowser, newContext, rawKeysOnPage, screenshot, seriousA11yViolations } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';

// Issue 5, acceptance 1: a seller subscribes to a limited plan, publishes with photos, is found by search,
// edits, hits the post limit and deletes; a farmer browses and filters. Both languages, screenshots, axe.
const baseUrl = inject('baseUrl');
const PASSWORD = 'Mitidja-2025!';
const run = Date.now().toString(36);
const PLAN = `E2E Duo ${run}`;
const PRODUCT: Record<Lang, { name: string; search: string; wilaya: string }> = {
  ar: { name: `تمر دقلة نور ممتاز ${run}`, search: 'دقلة نور', wilaya: '31' },
  fr: { name: `Pêches de Tlemcen ${run}`, search: 'peches de tlem', wilaya: '13' },
};

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, data: (res.status === 205 ? undefined : await res.json()) as T };
}

async function photo(r: number, g: number, b: number, format: 'jpeg' | 'png') {
  const image = sharp({ create: { width: 480, height: 360, channels: 3, background: { r, g, b } } });
  const buffer = await (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
  return { name: `photo-${r}.${format === 'jpeg' ? 'jpg' : 'png'}`, mimeType: `image/${format}`, buffer };
}

async function checkPage(page: Page, name: string) {
  expect(await rawKeysOnPage(page)).toEqual([]);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, `marketplace/${name}`);
}

async function signIn(page: Page, lang: Lang, email: string, password: string) {
  await page.goto(`${baseUrl}/auth/SignIn`);
  await page.getByLabel(t(lang, 'auth:fields.email')).fill(email);
  await page.getByLabel(t(lang, 'auth:fields.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t(lang, 'auth:signIn.submit') }).click();
}

async function registerSeller(page: Page, lang: Lang, email: string, wilaya: string) {
  await page.goto(`${baseUrl}/auth/SignUp`);
  await page.getByLabel(t(lang, 'auth:signUp.userName')).fill(`Vendeur ${lang.toUpperCase()} ${run}`);
  await page.getByLabel(t(lang, 'auth:fields.email')).fill(email);
  await page.getByLabel(t(lang, 'auth:signUp.phone')).fill('0550123456');
  await page.getByLabel(t(lang, 'auth:fields.password'), { exact: true }).fill(PASSWORD);
  await page.getByLabel(t(lang, 'auth:signUp.confirmPassword')).fill(PASSWORD);
  await page.getByLabel(t(lang, 'auth:signUp.wilaya')).selectOption(wilaya);
  await page.getByLabel(t(lang, 'auth:signUp.role')).selectOption({ label: t(lang, 'auth:signUp.roles.seller') });
  const sellerRole = page.getByLabel(t(lang, 'auth:signUp.sellerRole'));
  await expect.poll(() => sellerRole.locator('option').count()).toBeGreaterThan(2);
  await sellerRole.selectOption('2'); // Fournisseur d'intrants: a supplier, unlike the demo seller (Agriculteur)
  await page.getByRole('button', { name: t(lang, 'auth:signUp.submit') }).click();
  await page.getByRole('dialog').getByRole('button').click();
  await page.waitForURL('**/auth/SignIn');
}

/** A sidebar link (the marketplace header repeats "publish a product" as a button-like link). */
const nav = (page: Page, lang: Lang, key: string) =>
  page
    .getByRole('navigation', { name: t(lang, 'layout:sidebar.label') })
    .getByRole('link', { name: t(lang, `layout:nav.${key}`), exact: true });
const text = (page: Page) => page.locator('main').innerText();
const cards = (page: Page) => page.getByTestId('product-grid').getByRole('heading', { level: 2 }).allInnerTexts();
const counter = (page: Page) => page.getByTestId('carousel-counter').innerText();

describe.skipIf(!hasChromium)('marketplace: sell, find, edit, limit, delete; a farmer filters', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await api<{ token: string }>('/auth/login', {
      method: 'POST',
      body: { email: 'admin@demo.filaha.dz', password: 'demo-admin-2025' },
    });
    // A plan of two posts keeps the way to the limit short.
    const plan = await api('/sellerAbonnement', {
      method: 'POST',
      token: admin.data.token,
      body: {
        nameAbonnement: PLAN,
        nameClient: 'Tests',
        price: 500,
        priority: 1,
        nbPost: 2,
        description: 'Deux annonces',
      },
    });
    expect(plan.status).toBe(201);
  });
  afterAll(async () => browser?.close());

  for (const lang of ['ar', 'fr'] as const) {
    it(`a new seller in ${lang}`, async () => {
      const { name, search, wilaya } = PRODUCT[lang];
      const ctx = await newContext(browser, lang);
      const page = await ctx.newPage();
      const email = `seller.${lang}.${run}@e2e.filaha.dz`;
      await registerSeller(page, lang, email, wilaya);
      await signIn(page, lang, email, PASSWORD);
      // A seller lands on their publications.
      await page.waitForURL('**/seller/product-submission');
      await expect
        .poll(() => page.getByTestId('sidebar-seller-role').innerText())
        .toBe(lang === 'ar' ? 'مورد المدخلات الزراعية' : "Fournisseur d'intrants");

      // No subscription yet: the prompt leads to the plans.
      await nav(page, lang, 'productSubmission').click();
      await page.getByTestId('subscribe-prompt').waitFor();
      await checkPage(page, `submission-prompt-${lang}`);
      await page.getByRole('link', { name: t(lang, 'seller:prompt.cta') }).click();
      await page.waitForURL('**/seller/offre');
      await page.getByRole('button', { name: t(lang, 'seller:plans.continue') }).click();
      expect(await page.getByRole('alert').innerText()).toBe(t(lang, 'seller:plans.selectFirst'));
      await page.getByRole('radio', { name: t(lang, 'seller:plans.choose', { name: PLAN }) }).check();
      await checkPage(page, `offre-${lang}`);
      await page.getByRole('button', { name: t(lang, 'seller:plans.continue') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: t(lang, 'seller:plans.confirm') })
        .click();
      await page.getByText(t(lang, 'seller:plans.subscribed')).waitFor();
      await expect.poll(() => page.getByTestId('remaining-days').innerText()).toMatch(/36[56]/);
      expect(await page.getByTestId('remaining-posts').innerText()).toBe(
        t(lang, 'seller:current.postsLeft', { n: 2, total: 2 }),
      );
      await screenshot(page, `marketplace/offre-active-${lang}`);

      // Publish with three photos.
      await page.getByRole('link', { name: t(lang, 'seller:plans.goPublish') }).click();
      await page.getByLabel(t(lang, 'marketplace:fields.productName')).fill(name);
      await page.getByLabel(t(lang, 'marketplace:fields.quantity')).fill('120');
      await page.getByLabel(t(lang, 'marketplace:fields.price')).fill('650');
      await page.getByLabel(t(lang, 'marketplace:fields.unit'), { exact: true }).selectOption('quintal');
      await page
        .getByLabel(t(lang, 'marketplace:fields.location'))
        .fill(lang === 'ar' ? 'وهران، حي السلام' : 'Tlemcen, route de Mansourah');
      await expect.poll(() => page.getByLabel(t(lang, 'marketplace:fields.phone')).inputValue()).toBe('0550123456');
      await page
        .getByLabel(t(lang, 'marketplace:photos.add'))
        .setInputFiles([
          await photo(200, 40, 40, 'jpeg'),
          await photo(40, 160, 60, 'png'),
          await photo(40, 60, 200, 'jpeg'),
        ]);
      await expect.poll(() => page.getByTestId('photo-preview').count()).toBe(3);
      await checkPage(page, `submission-form-${lang}`);
      await page.getByRole('button', { name: t(lang, 'seller:submit.send') }).click();
      await page.getByText(t(lang, 'seller:submit.created')).waitFor();
      await expect
        .poll(() => page.getByTestId('remaining-posts').innerText())
        .toBe(t(lang, 'seller:current.postsLeft', { n: 1, total: 2 }));
      await page.getByTestId('my-publications').getByText(name).waitFor();

      // Found by searching part of its name (accent-insensitive in French, Arabic in Arabic).
      await nav(page, lang, 'marketplace').click();
      await page.getByLabel(t(lang, 'marketplace:filters.search')).fill(search);
      await expect.poll(() => page.url()).toContain('q=');
      await expect.poll(() => cards(page)).toEqual([name]);
      await checkPage(page, `list-search-${lang}`);
      await page.setViewportSize({ width: 375, height: 812 });
      await screenshot(page, `marketplace/list-search-${lang}-mobile`);
      await page.setViewportSize({ width: 1280, height: 900 });

      // The carousel: counter, wraparound, keys, swipe; the photos are the real served files.
      await page.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      expect(await counter(page)).toBe('1 / 3');
      const next = page.getByRole('button', { name: t(lang, 'marketplace:carousel.next') });
      await next.click();
      expect(await counter(page)).toBe('2 / 3');
      await next.click();
      await next.click();
      expect(await counter(page)).toBe('1 / 3');
      await page.getByRole('button', { name: t(lang, 'marketplace:carousel.previous') }).click();
      expect(await counter(page)).toBe('3 / 3');
      await page
        .getByRole('region', { name: t(lang, 'marketplace:carousel.label', { name }) })
        .press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      expect(await counter(page)).toBe('1 / 3');
      const stage = await page.getByTestId('carousel-stage').boundingBox();
      if (!stage) throw new Error('no carousel');
      const y = stage.y + stage.height / 2;
      await page.mouse.move(stage.x + stage.width / 2, y);
      await page.mouse.down();
      await page.mouse.move(stage.x + stage.width / 2 + (lang === 'ar' ? 120 : -120), y, { steps: 5 });
      await page.mouse.up();
      expect(await counter(page)).toBe('2 / 3');
      await expect
        .poll(() => page.locator('[data-testid=carousel-stage] img').evaluate((i: HTMLImageElement) => i.naturalWidth))
        .toBeGreaterThan(0);
      expect(await text(page)).toContain(
        t(lang, 'common:money.perUnit', {
          price: t(lang, 'marketplace:price', { amount: '650' }),
          unit: t(lang, 'marketplace:unit.quintal.per'),
        }),
      );
      await checkPage(page, `details-${lang}`);
      await page.setViewportSize({ width: 375, height: 812 });
      await screenshot(page, `marketplace/details-${lang}-mobile`);
      await page.setViewportSize({ width: 1280, height: 900 });

      // Edit: availability and one photo fewer.
      await page.getByRole('link', { name: t(lang, 'marketplace:details.edit') }).click();
      await page.getByLabel(t(lang, 'marketplace:fields.disponibility')).selectOption('NONDISPO');
      await page.getByRole('button', { name: t(lang, 'marketplace:mine.removePhoto', { n: 2 }) }).click();
      await page.getByRole('button', { name: t(lang, 'marketplace:mine.save') }).click();
      await page.getByText(t(lang, 'marketplace:mine.updated')).waitFor();
      await page.reload();
      // The reloaded page starts the app again (session, lazy screen): wait for its photos before counting them.
      await page.getByTestId('current-photo').first().waitFor();
      await expect.poll(() => page.getByTestId('current-photo').count()).toBe(2);
      expect(await page.getByLabel(t(lang, 'marketplace:fields.disponibility')).inputValue()).toBe('NONDISPO');
      await checkPage(page, `my-product-${lang}`);

      // The post limit: another device uses the last post while this form is open; sending is refused.
      await page.goto(`${baseUrl}/seller/product-submission`);
      await page.getByLabel(t(lang, 'marketplace:fields.productName')).fill(`${name} bis`);
      await page.getByLabel(t(lang, 'marketplace:fields.quantity')).fill('5');
      await page.getByLabel(t(lang, 'marketplace:fields.price')).fill('700');
      await page.getByLabel(t(lang, 'marketplace:fields.unit'), { exact: true }).selectOption('kg');
      await page.getByLabel(t(lang, 'marketplace:fields.location')).fill('Oran');
      const token = (await page.evaluate(() => localStorage.getItem('Token'))) ?? '';
      const current = await api<{ data: { id: number } }>('/sellerAbonnementUser/current', { token });
      const other = await api<{ publication: { id: number } }>('/publications/add', {
        method: 'POST',
        token,
        body: {
          productName: `Lot ${run} ${lang}`,
          quantity: 1,
          price: 100,
          unit: 'kg',
          location: 'Oran',
          phone: '0550123456',
          disponibility: 'DISPO',
          sellerAbonnementUserId: current.data.data.id,
        },
      });
      expect(other.status).toBe(201);
      await page.getByRole('button', { name: t(lang, 'seller:submit.send') }).click();
      await page.getByRole('alert').getByText(t(lang, 'marketplace:errors.postLimit')).waitFor();
      await page.getByText(t(lang, 'seller:submit.exhausted')).waitFor();
      expect(await page.getByTestId('remaining-posts').innerText()).toBe(
        t(lang, 'seller:current.postsLeft', { n: 0, total: 2 }),
      );
      await screenshot(page, `marketplace/post-limit-${lang}`);

      // Delete a product after the confirmation dialog.
      await page.getByTestId('my-publications').getByText(`Lot ${run} ${lang}`).click();
      await page.getByRole('button', { name: t(lang, 'marketplace:mine.delete') }).click();
      const dialog = page.getByRole('alertdialog');
      expect(await dialog.innerText()).toContain(`Lot ${run} ${lang}`);
      await screenshot(page, `marketplace/delete-confirm-${lang}`);
      await dialog.getByRole('button', { name: t(lang, 'marketplace:mine.confirmDelete') }).click();
      await page.waitForURL('**/seller/product-submission');
      await page.getByText(t(lang, 'marketplace:mine.deleted')).waitFor();
      expect((await api(`/publications/one/${other.data.publication.id}`)).status).toBe(404);
      await expect.poll(() => page.getByTestId('my-publications').innerText()).not.toContain(`Lot ${run} ${lang}`);
      await ctx.close();
    });
  }

  for (const lang of ['ar', 'fr'] as const) {
    it(`a farmer browses and filters in ${lang}`, async () => {
      const ctx = await newContext(browser, lang);
      const page = await ctx.newPage();
      await signIn(page, lang, 'farmer@demo.filaha.dz', 'demo-farmer-2025');
      // A farmer lands on their farm map; the marketplace is one link away.
      await page.waitForURL('**/user/ferme-map');
      await page.goto(`${baseUrl}/user/marketplace`);
      // The demo seller's product (exact: another file's long name starts with the same words).
      await page.getByRole('link', { name: 'Tomates fraîches de plein champ', exact: true }).waitFor();
      await checkPage(page, `farmer-list-${lang}`);

      const shown = () => cards(page);
      const filtered = page.waitForResponse((r) => r.url().includes('category=Fournisseur'));
      await page.getByLabel(t(lang, 'marketplace:filters.category')).selectOption('Fournisseur');
      await filtered;
      const suppliers = await api<{ items: Array<{ nomProduit: string }> }>(
        '/publications/all?category=Fournisseur&page=1&limit=12',
      );
      await expect.poll(shown).toEqual(suppliers.data.items.map((p) => p.nomProduit));
      expect(await shown()).toContain(PRODUCT[lang].name);
      expect(await shown()).not.toContain('Tomates fraîches de plein champ');

      await page.getByLabel(t(lang, 'marketplace:filters.availability')).selectOption('NONDISPO');
      await page.getByLabel(t(lang, 'marketplace:filters.wilaya')).selectOption(PRODUCT[lang].wilaya);
      await expect.poll(shown).toEqual([PRODUCT[lang].name]);
      await checkPage(page, `farmer-filtered-${lang}`);
      await page.setViewportSize({ width: 375, height: 812 });
      await screenshot(page, `marketplace/farmer-filtered-${lang}-mobile`);
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.getByRole('link', { name: PRODUCT[lang].name, exact: true }).click();
      expect(await counter(page)).toBe('1 / 2');
      await page.getByRole('button', { name: t(lang, 'marketplace:details.back') }).click();
      await expect.poll(() => page.url()).toContain(`wilaya=${PRODUCT[lang].wilaya}`);
      await expect.poll(shown).toEqual([PRODUCT[lang].name]);

      // A farmer sells after taking a seller plan: the prompt explains it and links to the plans.
      await nav(page, lang, 'productSubmission').click();
      await page.getByRole('link', { name: t(lang, 'seller:prompt.cta') }).click();
      await page.waitForURL('**/user/offre-vendeur');
      await page.getByRole('radio', { name: t(lang, 'seller:plans.choose', { name: PLAN }) }).waitFor();
      await checkPage(page, `farmer-offre-${lang}`);
      await ctx.close();
    });
  }
});
