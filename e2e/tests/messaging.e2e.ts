import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, rawKeysOnPage, screenshot, seriousA11yViolations } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';
import { baseUrl, call, login, PASSWORD } from './farmer-journey.support.ts';

/**
 * Issue 7, messaging, in Arabic and in French: a farmer contacts a seller from a product page; the seller sees
 * the unread count in the sidebar and answers; the farmer sees the answer arrive without reloading (SSE).
 * Both people are fresh accounts, so counts start at zero.
 */
const run = Date.now().toString(36);

async function register(
  lang: Lang,
  who: 'farmer' | 'seller',
  tag = '',
): Promise<{ token: string; name: string; id: number }> {
  const email = `chat.${who}${tag}.${lang}.${run}@e2e.filaha.dz`;
  const name = `${who === 'farmer' ? 'Fellah' : 'Vendeur'} ${lang} ${run}`;
  const roles = await call<Array<{ id: number }>>('GET', '/sellerRoles');
  const reg = await call('POST', '/auth/register', undefined, {
    email,
    userName: name,
    password: PASSWORD,
    phone_number: '0550123456',
    wilaya: 16,
    role_id: who === 'farmer' ? 2 : 6,
    ...(who === 'seller' ? { sellerRole_id: roles.data[0]!.id } : {}),
  });
  expect(reg.status).toBe(201);
  const token = await login(email, PASSWORD);
  const profile = await call<{ id?: number; user_id?: number }>('GET', '/users/profile', token);
  return { token, name, id: (profile.data.id ?? profile.data.user_id)! };
}

/** A seller with an active subscription and one product, all through the API. */
async function sellerWithProduct(lang: Lang) {
  const seller = await register(lang, 'seller');
  const plans = await call<Array<{ id: number }>>('GET', '/sellerAbonnement');
  const sub = await call('POST', '/sellerAbonnementUser', seller.token, { sellerAbonnementId: plans.data[0]!.id });
  expect(sub.status).toBe(201);
  const current = await call<{ data: { id: number } }>('GET', '/sellerAbonnementUser/current', seller.token);
  const product = lang === 'ar' ? `زيت زيتون ${run}` : `Huile d'olive ${run}`;
  const pub = await call<{ publication: { id: number } }>('POST', '/publications/add', seller.token, {
    productName: product,
    quantity: 20,
    price: 900,
    unit: 'litre',
    location: 'Blida',
    phone: '0550123456',
    disponibility: 'DISPO',
    sellerAbonnementUserId: current.data.data.id,
  });
  expect(pub.status).toBe(201);
  return { ...seller, product, publicationId: pub.data.publication.id };
}

async function check(page: Page, lang: Lang, step: string) {
  expect(await rawKeysOnPage(page)).toEqual([]);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, `messaging/${lang}-${step}`);
}

describe.skipIf(!hasChromium)('messaging: contact a seller, unread count, live answer', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const lang of ['ar', 'fr'] as const) {
    it(`a farmer and a seller talk in ${lang}`, async () => {
      const seller = await sellerWithProduct(lang);
      const farmer = await register(lang, 'farmer');
      const question = lang === 'ar' ? 'السلام عليكم، هل الزيت متوفر؟' : "Bonjour, l'huile est-elle disponible ?";
      const answer = lang === 'ar' ? 'نعم، متوفر. مرحبًا بك.' : 'Oui, disponible. Passez quand vous voulez.';

      const farmerCtx = await newContext(browser, lang);
      await farmerCtx.addInitScript((tk) => localStorage.setItem('Token', tk), farmer.token);
      const fp = await farmerCtx.newPage();
      await fp.goto(`${baseUrl}/user/product-details/${seller.publicationId}`);
      await fp.getByRole('heading', { level: 1, name: seller.product }).waitFor();
      await fp.getByRole('button', { name: t(lang, 'messaging:contact.button') }).click();
      await fp.waitForURL(/\/user\/Messaging-page\?c=\d+/);
      await fp.getByRole('heading', { level: 2, name: seller.name }).waitFor();
      await fp.getByText(t(lang, 'messaging:conversation.empty')).waitFor();
      await fp.getByLabel(t(lang, 'messaging:composer.label')).fill(question);
      await fp.getByRole('button', { name: t(lang, 'messaging:composer.send') }).click();
      await fp.getByTestId('message-mine').getByText(question).waitFor();
      await check(fp, lang, 'farmer-asked');

      // The seller, in another browser: the sidebar shows one unread message.
      const sellerCtx = await newContext(browser, lang);
      await sellerCtx.addInitScript((tk) => localStorage.setItem('Token', tk), seller.token);
      const sp = await sellerCtx.newPage();
      await sp.goto(`${baseUrl}/seller/marketplace`);
      const badge = sp.getByTestId('unread-badge');
      await badge.waitFor();
      expect(await badge.innerText()).toBe('1');
      expect(await badge.getAttribute('aria-label')).toBe(t(lang, 'messaging:badge', { count: 1 }));
      await check(sp, lang, 'seller-unread');

      await sp.getByRole('link', { name: t(lang, 'layout:nav.messaging') }).click();
      await sp.getByRole('link', { name: new RegExp(farmer.name) }).click();
      await sp.getByTestId('message-theirs').getByText(question).waitFor();
      // Reading the conversation clears the badge.
      await expect.poll(() => badge.count()).toBe(0);
      await sp.getByLabel(t(lang, 'messaging:composer.label')).fill(answer);
      await sp.getByRole('button', { name: t(lang, 'messaging:composer.send') }).click();
      await sp.getByTestId('message-mine').getByText(answer).waitFor();
      await check(sp, lang, 'seller-answered');

      // The farmer's page was never reloaded: the answer arrives over the live stream.
      const navigations: string[] = [];
      fp.on('framenavigated', (frame) => navigations.push(frame.url()));
      await fp.getByTestId('message-theirs').getByText(answer).waitFor({ timeout: 15_000 });
      expect(navigations).toEqual([]);
      await check(fp, lang, 'farmer-sees-answer');

      // Only the two of them can read it: a third account gets 404 for the conversation.
      const conversationId = Number(new URL(fp.url()).searchParams.get('c'));
      const third = await register(lang, 'farmer', '-third');
      expect((await call('GET', `/conversations/${conversationId}/messages`, third.token)).status).toBe(404);

      await farmerCtx.close();
      await sellerCtx.close();
    });
  }
});
