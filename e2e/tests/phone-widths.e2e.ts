import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';
import { repoRoot } from '../src/platform.ts';
import { ADMIN, baseUrl, call, login, PASSWORD } from './farmer-journey.support.ts';
import { DEMO_FARMER } from './phone.support.ts';

/**
 * Issue 27 §3: every route of the app on a 390 × 844 touch phone, in Arabic and in French, is no wider than the
 * screen (`document.documentElement.scrollWidth`), once its title shows and nothing is loading any more. The
 * signed-in routes come from the app's own table (apps/web/src/app/areas.ts), each opened by an account of its area;
 * the sellers (a seller, and a farmer who sells) have a publication with a long name, which once widened their
 * publications page to 490 px. One browser context per account and language.
 */
const PHONE = { width: 390, height: 844 };
const run = Date.now().toString(36);
const LONG_PRODUCT = 'Tomates fraîches de plein champ variété Marmande calibre extra — طماطم طازجة من سهل متيجة';
const MANAGER = { email: 'manager@demo.filaha.dz', password: 'demo-manager-2025' };

interface Area {
  name: string;
  base: string;
  routes: ReadonlyArray<{ path: string }>;
}
// The route table itself: areas.ts has type-only imports, so it loads as is (a computed path keeps tsc out of the app).
const { AREAS } = (await import(join(repoRoot, 'apps/web/src/app/areas.ts'))) as { AREAS: readonly Area[] };

/** The public routes of apps/web/src/app/routes.tsx (the last one stands for any unknown address). */
const PUBLIC = [
  '/',
  '/offre',
  '/about',
  '/unauthorized',
  '/auth/SignIn',
  '/auth/SignUp',
  '/auth/ForgotPassword',
  '/auth/RessetPassword',
  '/auth/ResetPassword',
  '/no-such-page',
];

type Account = 'visitor' | 'farmer' | 'farmerSeller' | 'seller' | 'admin' | 'manager';
/** The routes of the farmer's area that need the farmer's own publication: opened by a farmer who sells. */
const SELLING = ['product-submission', 'offre-vendeur', 'my-product-details/:id'];

/** Every route, with the account that opens it. */
function plan(): Array<{ account: Account; path: string }> {
  const all: Array<{ account: Account; path: string }> = PUBLIC.map((path) => ({ account: 'visitor', path }));
  for (const area of AREAS) {
    for (const route of area.routes) {
      const account: Account =
        area.name === 'user' ? (SELLING.includes(route.path) ? 'farmerSeller' : 'farmer') : (area.name as Account);
      all.push({ account, path: `${area.base}/${route.path}` });
    }
  }
  return all;
}

/** A seller (or a farmer who sells) with a seller plan and one publication of a long name; its token and publication. */
async function sellerWithLongProduct(kind: 'seller' | 'farmer'): Promise<{ token: string; publicationId: number }> {
  const email = `widths.${kind}.${run}@e2e.filaha.dz`;
  const roles = await call<Array<{ id: number }>>('GET', '/sellerRoles');
  const reg = await call('POST', '/auth/register', undefined, {
    email,
    userName: `${kind} ${run}`,
    password: PASSWORD,
    phone_number: '0550123456',
    wilaya: 9,
    role_id: kind === 'farmer' ? 2 : 6,
    ...(kind === 'seller' ? { sellerRole_id: roles.data[0]!.id } : {}),
  });
  expect(reg.status).toBe(201);
  const token = await login(email, PASSWORD);
  const plans = await call<Array<{ id: number }>>('GET', '/sellerAbonnement');
  const sub = await call('POST', '/sellerAbonnementUser', token, { sellerAbonnementId: plans.data[0]!.id });
  expect(sub.status, JSON.stringify(sub.data)).toBe(201);
  const current = await call<{ data: { id: number } }>('GET', '/sellerAbonnementUser/current', token);
  const pub = await call<{ publication: { id: number } }>('POST', '/publications/add', token, {
    productName: LONG_PRODUCT,
    quantity: 20,
    price: 900,
    unit: 'kg',
    location: 'Boufarik',
    phone: '0550123456',
    disponibility: 'DISPO',
    sellerAbonnementUserId: current.data.data.id,
  });
  expect(pub.status, JSON.stringify(pub.data)).toBe(201);
  return { token, publicationId: pub.data.publication.id };
}

/** Waits until the page has its title and nothing shows as loading (the loading message, a busy region). */
async function settled(page: Page, lang: Lang): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(
    (loading) => {
      if (document.querySelector('[aria-busy="true"]')) return false;
      return !Array.from(document.querySelectorAll('[role="status"]')).some((e) => e.textContent?.trim() === loading);
    },
    t(lang, 'loading'),
  );
}

describe.skipIf(!hasChromium)('every route fits a 390 px phone', () => {
  let browser: Browser;
  const tokens: Partial<Record<Account, string>> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    browser = await launchBrowser();
    const seller = await sellerWithLongProduct('seller');
    const farmerSeller = await sellerWithLongProduct('farmer');
    tokens.seller = seller.token;
    tokens.farmerSeller = farmerSeller.token;
    tokens.farmer = await login(DEMO_FARMER.email, DEMO_FARMER.password);
    tokens.admin = await login(ADMIN.email, ADMIN.password);
    tokens.manager = await login(MANAGER.email, MANAGER.password);
    const parcels = await call<Array<{ id: number }>>('GET', '/parcelle', tokens.farmer);
    const indices = await call<Array<{ id: number; code: string }>>('GET', '/indice');
    ids.parcelId = parcels.data[0]!.id;
    ids.indexId = indices.data.find((i) => i.code === 'NDVI')!.id;
    // The demo cooperative, of which the demo farmer is a member.
    const organisations = await call<Array<{ id: number }>>('GET', '/organisations', tokens.farmer);
    ids.organisationId = organisations.data[0]!.id;
    // The farmer and the seller look at someone else's product; each seller opens their own.
    ids.sellerProduct = seller.publicationId;
    ids.farmerProduct = farmerSeller.publicationId;
  }, 60_000);
  afterAll(async () => browser?.close());

  it('covers every route of routes.tsx and areas.ts', () => {
    const source = readFileSync(join(repoRoot, 'apps/web/src/app/routes.tsx'), 'utf8');
    const declared = [...source.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!).filter((p) => p !== '*');
    const covered = PUBLIC.map((p) => p.split('/').at(-1)!);
    expect(declared.filter((p) => p !== 'auth' && !covered.includes(p))).toEqual([]);
    expect(plan().length).toBe(PUBLIC.length + AREAS.reduce((n, a) => n + a.routes.length, 0));
  });

  /** The address of a route, its parameters filled with the data of the account opening it. */
  const address = (account: Account, path: string) => {
    // my-product-details opens the account's own publication; product-details someone else's.
    const own = account === 'seller' ? ids.sellerProduct : ids.farmerProduct;
    const other = account === 'seller' ? ids.farmerProduct : ids.sellerProduct;
    return path
      .replace(':parcelId', String(ids.parcelId))
      .replace(':indexId', String(ids.indexId))
      .replace(
        ':id',
        String(
          path.includes('/organisations/') ? ids.organisationId : path.includes('my-product-details') ? own : other,
        ),
      );
  };

  const accounts: Account[] = ['visitor', 'farmer', 'farmerSeller', 'seller', 'admin', 'manager'];
  for (const lang of ['ar', 'fr'] as const) {
    for (const account of accounts) {
      it(`the ${account}'s routes are no wider than the screen in ${lang}`, async () => {
        const ctx = await browser.newContext({
          viewport: PHONE,
          isMobile: true,
          hasTouch: true,
          locale: lang === 'ar' ? 'ar-DZ' : 'fr-FR',
          serviceWorkers: 'block',
        });
        await ctx.addInitScript(
          ([l, token]) => {
            localStorage.setItem('lang', l);
            if (token) localStorage.setItem('Token', token);
          },
          [lang, tokens[account] ?? ''] as const,
        );
        const page = await ctx.newPage();
        const wide: string[] = [];
        try {
          for (const { path } of plan().filter((p) => p.account === account)) {
            const url = address(account, path);
            await page.goto(`${baseUrl}${url}`);
            await settled(page, lang);
            const width = await page.evaluate(() => document.documentElement.scrollWidth);
            if (width > PHONE.width) wide.push(`${url} (${lang}): ${width} px`);
          }
        } finally {
          await ctx.close();
        }
        expect(wide, `routes wider than ${PHONE.width} px`).toEqual([]);
      }, 180_000);
    }
  }
});
