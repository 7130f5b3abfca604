import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, rawKeysOnPage, screenshot, seriousA11yViolations } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';
import { ADMIN, baseUrl, call, login, PASSWORD } from './farmer-journey.support.ts';

/**
 * Issue 6, acceptance 1, in Arabic and in French: an admin runs the back office — functionality created and
 * assigned, index with a legend assigned to a plan with a request count (edited, then deleted), parcels
 * created three ways (drawn, GeoJSON file, manual bounds) and one deleted, a farmer's subscription activated,
 * a user deleted after confirmation, every table empty-stated — and the manager activates a pending
 * subscription from the dashboard. Screenshots of each step in e2e/artifacts/back-office.
 */
const MANAGER = { email: 'manager@demo.filaha.dz', password: 'demo-manager-2025' };
const DESKTOP = { width: 1366, height: 900 };
const MOBILE = { width: 375, height: 800 };
const NOTHING = 'zz-aucun-résultat-zz';

/** A fresh farmer (unique e-mail), signed in through the API. */
async function newFarmer(tag: string): Promise<{ email: string; name: string; token: string; id: number }> {
  const email = `bo.${tag}.${Date.now()}@e2e.filaha.dz`;
  const name = `Fellah ${tag} ${Date.now() % 100000}`;
  const reg = await call('POST', '/auth/register', undefined, {
    email,
    userName: name,
    password: PASSWORD,
    phone_number: '0550123456',
    wilaya: 9,
    role_id: 2,
  });
  expect(reg.status).toBe(201);
  const token = await login(email, PASSWORD);
  const me = await call<{ user_id: number }>('GET', '/users/get', token);
  return { email, name, token, id: me.data.user_id };
}

async function planId(name: string): Promise<number> {
  const plans = await call<Array<{ id: number; nameAbonnement: string }>>('GET', '/abonnement');
  const plan = plans.data.find((p) => p.nameAbonnement === name);
  if (!plan) throw new Error(`no plan ${name}`);
  return plan.id;
}

/** A signed-in page (token in localStorage, as the app keeps it); map tiles are cut off like an offline site. */
async function signedIn(
  browser: Browser,
  lang: Lang,
  token: string,
  viewport = DESKTOP,
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(browser, lang, viewport);
  await ctx.addInitScript((tk) => localStorage.setItem('Token', tk), token);
  await ctx.route(/arcgisonline\.com|tile\.openstreetmap\.org/, (route) => route.abort());
  const page = await ctx.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return { ctx, page };
}

async function open(page: Page, lang: Lang, path: string, title: string) {
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('heading', { level: 1, name: t(lang, title) }).waitFor();
}

async function check(page: Page, lang: Lang, step: string) {
  expect(await rawKeysOnPage(page)).toEqual([]);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, `back-office/${lang}-${step}`);
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();
const emptyTable = (page: Page, lang: Lang) =>
  page.getByRole('cell', { name: t(lang, 'admin:table.empty'), exact: true }).waitFor();

describe.skipIf(!hasChromium)('back office: admin screens and manager dashboard', () => {
  let browser: Browser;
  let adminToken: string;
  let managerToken: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await login(ADMIN.email, ADMIN.password);
    managerToken = await login(MANAGER.email, MANAGER.password);
  });
  afterAll(async () => browser?.close());

  for (const lang of ['ar', 'fr'] as const) {
    const stamp = `${lang}${Date.now() % 100_000_000}`;
    const planName = `Offre E2E ${stamp}`;
    // Catalogue texts have an Arabic version (issue 13 §5): the Arabic page shows it, the French page the French.
    const planNameAr = `عرض تجريبي ${stamp}`;
    const planShown = lang === 'ar' ? planNameAr : planName;
    const inFr = (key: string) => t(lang, 'admin:common.inFrench', { label: t(lang, key) });
    const inAr = (key: string) => t(lang, 'admin:common.inArabic', { label: t(lang, key) });
    const indexName = `Indice T${stamp}`;
    // An index the engine computes and the seed does not create (codes are unique; one per language run).
    const indexCode = lang === 'ar' ? 'EVI' : 'SAVI';

    it(`${lang}: plan, functionality created and assigned (duplicate refused), empty tables`, async () => {
      const { ctx, page } = await signedIn(browser, lang, adminToken);
      await open(page, lang, '/admin/Abonnement', 'admin:plans.title');
      await page.getByRole('button', { name: t(lang, 'admin:plans.add') }).click();
      await page.getByLabel(inFr('admin:plans.columns.name')).fill(planName);
      await page.getByLabel(inAr('admin:plans.columns.name')).fill(planNameAr);
      await page.getByLabel(inFr('admin:plans.columns.client')).fill('Agriculteurs de la Mitidja');
      await page.getByLabel(inAr('admin:plans.columns.client')).fill('فلاحو متيجة');
      await page.getByLabel(t(lang, 'admin:plans.columns.prices'), { exact: true }).fill('12000 DA / an');
      await page.getByRole('button', { name: t(lang, 'admin:plans.submit') }).click();
      await toast(page, t(lang, 'admin:plans.created', { name: planName }));
      await page.getByRole('cell', { name: planShown, exact: true }).click();
      await page.getByRole('dialog', { name: t(lang, 'admin:table.details') }).waitFor();
      await check(page, lang, 'plans-details');
      await page.keyboard.press('Escape');
      await page.getByLabel(t(lang, 'admin:plans.search')).fill(NOTHING);
      await emptyTable(page, lang);

      const fname = `Fonction ${stamp}`;
      const fnameAr = `وظيفة ${stamp}`;
      const fShown = lang === 'ar' ? fnameAr : fname;
      await open(page, lang, '/admin/fonctionalities', 'admin:functionalities.title');
      await page.getByRole('button', { name: t(lang, 'admin:functionalities.add') }).click();
      await page.getByLabel(inFr('admin:functionalities.columns.name'), { exact: true }).fill(fname);
      await page.getByLabel(inAr('admin:functionalities.columns.name'), { exact: true }).fill(fnameAr);
      await page.getByLabel(t(lang, 'admin:functionalities.columns.psudo'), { exact: true }).fill(`f${stamp}`);
      await page.getByRole('button', { name: t(lang, 'admin:functionalities.submit') }).click();
      await toast(page, t(lang, 'admin:functionalities.created', { name: fname }));
      const assignToggle = page.getByRole('button', { name: t(lang, 'admin:functionalities.assign') });
      await assignToggle.click();
      expect(await assignToggle.getAttribute('aria-expanded')).toBe('true');
      const form = page.getByRole('region', { name: t(lang, 'admin:functionalities.assign') });
      await form.getByLabel(t(lang, 'admin:functionalities.functionality')).selectOption({ label: fShown });
      await form.getByLabel(t(lang, 'admin:functionalities.planKind')).selectOption('agriculteur');
      await form.getByLabel(t(lang, 'admin:functionalities.plan'), { exact: true }).selectOption({ label: planShown });
      await form.getByRole('button', { name: t(lang, 'admin:functionalities.assignSubmit') }).click();
      await toast(page, t(lang, 'admin:functionalities.assigned'));
      await form.getByRole('button', { name: t(lang, 'admin:functionalities.assignSubmit') }).click();
      await form.getByText(t(lang, 'errors:conflict.functionalityAssigned')).waitFor();
      await check(page, lang, 'functionality-assigned-duplicate');
      await page.getByRole('cell', { name: fShown, exact: true }).click();
      await page.getByRole('dialog').getByText(planShown).waitFor();
      await page.keyboard.press('Escape');
      await page.getByLabel(t(lang, 'admin:functionalities.search')).fill(NOTHING);
      await emptyTable(page, lang);

      for (const [path, title, search] of [
        ['/admin/SellerAbonnement', 'admin:sellerPlans.title', 'admin:sellerPlans.search'],
        ['/admin/SellerAbonnementManager', 'admin:sellerSubscriptions.title', 'admin:subscriptions.search'],
        ['/admin/ServiceRequests', 'admin:serviceRequests.title', 'admin:serviceRequests.search'],
      ] as const) {
        await open(page, lang, path, title);
        await screenshot(page, `back-office/${lang}-${path.split('/')[2]}`);
        await page.getByLabel(t(lang, search)).fill(NOTHING);
        await emptyTable(page, lang);
      }
      await ctx.close();
    });

    it(`${lang}: index with a legend, assigned to a plan with a request count, edited and deleted`, async () => {
      const { ctx, page } = await signedIn(browser, lang, adminToken);
      await open(page, lang, '/admin/indices', 'admin:indices.title');
      await page.getByRole('button', { name: t(lang, 'admin:indices.add') }).click();
      await page.getByLabel(t(lang, 'admin:indices.columns.name')).fill(indexName);
      await page.getByLabel(t(lang, 'admin:indices.code'), { exact: true }).selectOption(indexCode);
      await page.getByLabel(t(lang, 'admin:indices.recommendation')).fill('Irriguer si la valeur reste basse.');
      await page.getByLabel(t(lang, 'admin:indices.descriptionAr')).fill('مؤشر تجريبي');
      await page.getByLabel(t(lang, 'admin:indices.descriptionFr')).fill('Indice de test');
      await page.getByRole('button', { name: t(lang, 'admin:indices.submit') }).click();
      await toast(page, t(lang, 'admin:indices.created', { name: indexName }));

      await open(page, lang, '/admin/legend', 'admin:legends.title');
      await page.getByLabel(t(lang, 'admin:legends.index')).selectOption({ label: indexName });
      // The new index comes with the engine's default legend for its code; its top class is replaced by the admin's.
      const dense = lang === 'ar' ? 'غطاء نباتي كثيف وسليم' : 'Végétation dense et saine';
      const top = indexCode === 'EVI' ? '0.5' : '0.4';
      await page.getByRole('cell', { name: dense, exact: true }).waitFor();
      await page.getByRole('button', { name: `${t(lang, 'admin:common.delete')} — ${dense}` }).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: t(lang, 'admin:common.confirmDelete') })
        .click();
      await toast(page, t(lang, 'admin:legends.deleted'));
      await page.getByRole('cell', { name: dense, exact: true }).waitFor({ state: 'detached' });
      await page.getByLabel(t(lang, 'admin:legends.start')).fill(top);
      await page.getByLabel(t(lang, 'admin:legends.end')).fill('1');
      await page.getByLabel(t(lang, 'admin:legends.color'), { exact: true }).fill('#1a9641');
      await page.getByLabel(t(lang, 'admin:legends.descriptionAr')).fill('غطاء نباتي متوسط');
      await page.getByLabel(t(lang, 'admin:legends.descriptionFr')).fill('Végétation moyenne');
      await page.getByRole('button', { name: t(lang, 'admin:legends.submit') }).click();
      await toast(page, t(lang, 'admin:legends.created'));
      await page.getByRole('cell', { name: 'rgb(26, 150, 65)' }).waitFor();
      // An overlapping class: the preview warns at once and the server refuses it with a clear message.
      await page.getByLabel(t(lang, 'admin:legends.start')).fill('0.6');
      await page.getByLabel(t(lang, 'admin:legends.end')).fill('0.8');
      await page.getByLabel(t(lang, 'admin:legends.descriptionAr')).fill('تداخل');
      await page.getByLabel(t(lang, 'admin:legends.descriptionFr')).fill('Chevauchement');
      await page.getByText(t(lang, 'admin:legends.overlapWarning', { classes: `[${top}, 1)` })).waitFor();
      await page.getByRole('button', { name: t(lang, 'admin:legends.submit') }).click();
      await page.getByText(t(lang, 'errors:conflict.legendOverlap')).waitFor();
      await check(page, lang, 'legend-overlap');

      await open(page, lang, '/admin/Abonementindices', 'admin:planIndices.title');
      await page.getByRole('button', { name: t(lang, 'admin:planIndices.assign') }).click();
      const form = page.getByRole('region', { name: t(lang, 'admin:planIndices.assign') });
      const requests = form.getByLabel(t(lang, 'admin:planIndices.requests'));
      expect(await requests.inputValue()).toBe('6');
      await form.getByLabel(t(lang, 'admin:planIndices.index'), { exact: true }).selectOption({ label: indexName });
      await form.getByLabel(t(lang, 'admin:planIndices.plan'), { exact: true }).selectOption({ label: planShown });
      await requests.fill('0');
      await form.getByRole('button', { name: t(lang, 'admin:planIndices.submit') }).click();
      await form.getByText(t(lang, 'validation:requestCount')).waitFor();
      await requests.fill('7');
      await form.getByRole('button', { name: t(lang, 'admin:planIndices.submit') }).click();
      await toast(page, t(lang, 'admin:planIndices.created'));
      // The plan now has the index: the plan select no longer offers it for that index.
      await form.getByLabel(t(lang, 'admin:planIndices.index'), { exact: true }).selectOption({ label: indexName });
      expect(
        await form
          .getByLabel(t(lang, 'admin:planIndices.plan'), { exact: true })
          .locator('option', { hasText: planShown })
          .count(),
      ).toBe(0);

      await page.getByLabel(t(lang, 'admin:planIndices.search')).fill(planName);
      const label = `${planShown} — ${indexName}`;
      await page.getByRole('cell', { name: '7', exact: true }).waitFor();
      await page.getByRole('button', { name: `${t(lang, 'admin:common.edit')} — ${label}` }).click();
      const dialog = page.getByRole('dialog', { name: t(lang, 'admin:planIndices.editTitle') });
      await dialog.getByLabel(t(lang, 'admin:planIndices.requests')).fill('-2');
      await dialog.getByRole('button', { name: t(lang, 'admin:common.save') }).click();
      await dialog.getByText(t(lang, 'validation:requestCount')).waitFor();
      await dialog.getByLabel(t(lang, 'admin:planIndices.requests')).fill('9');
      await screenshot(page, `back-office/${lang}-assignment-edit`);
      await dialog.getByRole('button', { name: t(lang, 'admin:common.save') }).click();
      await toast(page, t(lang, 'admin:planIndices.updated'));
      await page.getByRole('cell', { name: '9', exact: true }).waitFor();
      await page.getByRole('button', { name: `${t(lang, 'admin:common.delete')} — ${label}` }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm
        .getByText(t(lang, 'admin:planIndices.confirmText', { plan: planShown, index: indexName }))
        .waitFor();
      await confirm.getByRole('button', { name: t(lang, 'admin:common.confirmDelete') }).click();
      await toast(page, t(lang, 'admin:planIndices.deleted'));
      await emptyTable(page, lang);
      await check(page, lang, 'assignment-deleted');
      // Re-assigned so the subscription activated below grants this index.
      await form.getByLabel(t(lang, 'admin:planIndices.index'), { exact: true }).selectOption({ label: indexName });
      await form.getByLabel(t(lang, 'admin:planIndices.plan'), { exact: true }).selectOption({ label: planShown });
      await requests.fill('7');
      await form.getByRole('button', { name: t(lang, 'admin:planIndices.submit') }).click();
      await toast(page, t(lang, 'admin:planIndices.created'));
      await ctx.close();
    });

    it(`${lang}: parcels for a farmer — manual bounds, GeoJSON file, drawn on the map — and one deleted`, async () => {
      const farmer = await newFarmer(`parcel-${lang}`);
      const { ctx, page } = await signedIn(browser, lang, adminToken);
      await open(page, lang, '/admin/Parcelle', 'admin:parcels.title');
      await page.getByText(t(lang, 'admin:parcels.selectUser')).waitFor();
      const search = page.getByLabel(t(lang, 'admin:parcels.searchUsers'));
      await search.fill(NOTHING);
      await page.getByText(t(lang, 'admin:parcels.noUser')).waitFor();
      await search.fill(farmer.email);
      await page.getByRole('button', { name: farmer.name }).click();
      await page.getByText(t(lang, 'admin:parcels.noParcel')).waitFor();
      expect(await page.getByTestId('parcel-user-list').evaluate((el) => getComputedStyle(el).maxHeight)).toBe('384px');
      await check(page, lang, 'parcels-empty');
      const submit = page.getByRole('button', { name: t(lang, 'admin:parcels.submit') });
      const name = page.getByLabel(t(lang, 'admin:parcels.columns.name'));

      await submit.click();
      await page.getByText(t(lang, 'validation:parcelRequiredFields')).first().waitFor();
      const manual = `Manuelle ${stamp}`;
      await name.fill(manual);
      await submit.click();
      await page.getByText(t(lang, 'validation:parcelGeometryRequired')).waitFor();
      for (const [k, v] of [
        ['bWS', '3.05'],
        ['bWN', '3.06'],
        ['bES', '36.55'],
        ['bEN', '36.56'],
      ] as const) {
        await page.getByLabel(t(lang, `admin:parcels.bounds.${k}`)).fill(v);
      }
      await expect.poll(() => page.getByTestId('parcel-area').textContent()).toMatch(/\d/);
      await submit.click();
      await toast(page, t(lang, 'admin:parcels.created'));
      await page.getByRole('cell', { name: manual, exact: true }).waitFor();

      const fileInput = page.getByLabel(t(lang, 'admin:parcels.chooseFile'));
      await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('{}') });
      await page.getByText(t(lang, 'admin:parcels.fileRefused')).waitFor();
      const square = (lon: number, lat: number, d: number) => ({
        type: 'Polygon',
        coordinates: [
          [
            [lon, lat],
            [lon + d, lat],
            [lon + d, lat + d],
            [lon, lat + d],
            [lon, lat],
          ],
        ],
      });
      const collection = {
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: { nom: 'premier' }, geometry: square(3.1, 36.6, 0.004) },
          { type: 'Feature', properties: { nom: 'second' }, geometry: square(4, 35, 0.1) },
        ],
      };
      await fileInput.setInputFiles({
        name: 'champs.geojson',
        mimeType: 'application/geo+json',
        buffer: Buffer.from(JSON.stringify(collection)),
      });
      await expect.poll(() => page.getByLabel(t(lang, 'admin:parcels.bounds.bWN')).inputValue()).toBe('3.104');
      const fromFile = `GeoJSON ${stamp}`;
      await name.fill(fromFile);
      await submit.click();
      await toast(page, t(lang, 'admin:parcels.created'));
      await page.getByRole('cell', { name: fromFile, exact: true }).waitFor();

      // Zoom on the manual parcel (zoom 15), then draw a small square beside it, polygon tool only.
      await page.getByRole('button', { name: `${t(lang, 'admin:parcels.showOnMap')} — ${manual}` }).click();
      await page.getByRole('button', { name: t(lang, 'admin:parcels.draw.start') }).click();
      const map = page.getByTestId('admin-parcel-map');
      await map.scrollIntoViewIfNeeded();
      const box = await map.boundingBox();
      if (!box) throw new Error('map not visible');
      const points = [
        [90, 110],
        [170, 110],
        [170, 190],
        [90, 190],
        [90, 110],
      ] as const;
      for (const [x, y] of points) {
        await page.mouse.click(box.x + x, box.y + y);
        await page.waitForTimeout(150);
      }
      await expect.poll(() => page.getByLabel(t(lang, 'admin:parcels.bounds.bWS')).inputValue()).not.toBe('');
      await screenshot(page, `back-office/${lang}-parcel-drawn`);
      const drawn = `Dessinée ${stamp}`;
      await name.fill(drawn);
      await submit.click();
      await toast(page, t(lang, 'admin:parcels.created'));
      await page.getByRole('cell', { name: drawn, exact: true }).waitFor();
      await check(page, lang, 'parcels-three');

      await page.getByRole('button', { name: `${t(lang, 'admin:common.delete')} — ${fromFile}` }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText(t(lang, 'admin:parcels.confirmText', { name: fromFile })).waitFor();
      await screenshot(page, `back-office/${lang}-parcel-confirm`);
      await confirm.getByRole('button', { name: t(lang, 'admin:common.confirmDelete') }).click();
      await toast(page, t(lang, 'admin:parcels.deleted'));
      await expect.poll(() => page.getByRole('cell', { name: fromFile, exact: true }).count()).toBe(0);
      const left = await call<Array<{ identifiantU: string }>>('GET', `/parcelle?userId=${farmer.id}`, adminToken);
      expect(left.data.map((p) => p.identifiantU).sort()).toEqual([drawn, manual].sort());

      const mobile = await signedIn(browser, lang, adminToken, MOBILE);
      await open(mobile.page, lang, '/admin/Parcelle', 'admin:parcels.title');
      await mobile.page.getByLabel(t(lang, 'admin:parcels.searchUsers')).fill(farmer.email);
      await mobile.page.getByRole('button', { name: farmer.name }).click();
      // Under 640 px the table is cards: each cell's name also carries its column's label (CSS generated content).
      await mobile.page.getByRole('cell').getByText(manual, { exact: true }).waitFor();
      await check(mobile.page, lang, 'parcels-mobile');
      await mobile.ctx.close();
      await ctx.close();
    });

    it(`${lang}: a farmer's subscription activated, a user deleted after confirmation`, async () => {
      const farmer = await newFarmer(`sub-${lang}`);
      const sub = await call('POST', '/abonnementUser', farmer.token, { abn_id: await planId(planName) });
      expect(sub.status).toBe(201);
      const { ctx, page } = await signedIn(browser, lang, adminToken);
      await open(page, lang, '/admin/AbonnementManagement', 'admin:subscriptions.title');
      await page.getByLabel(t(lang, 'admin:subscriptions.search')).fill(farmer.email);
      await page.getByRole('cell', { name: t(lang, 'admin:common.states.inactive') }).waitFor();
      await page.getByRole('button', { name: `${t(lang, 'admin:subscriptions.activate')} — ${farmer.email}` }).click();
      await toast(page, t(lang, 'admin:subscriptions.activated'));
      await page.getByRole('cell', { name: t(lang, 'admin:common.states.active'), exact: true }).waitFor();
      await check(page, lang, 'subscription-activated');
      const usage = await call<Array<{ indiceName: string; nbreq_total: number }>>(
        'GET',
        `/abonnementUserIndice/restReq/${(sub.data.abonnementUser as { id: number }).id}/indices-restants`,
        adminToken,
      );
      expect(usage.data).toEqual([expect.objectContaining({ indiceName: indexName, nbreq_total: 7 })]);
      await page.getByLabel(t(lang, 'admin:subscriptions.search')).fill(NOTHING);
      await emptyTable(page, lang);

      const doomed = await newFarmer(`del-${lang}`);
      await open(page, lang, '/admin/UserManagement', 'admin:users.title');
      await page.getByLabel(t(lang, 'admin:users.filter')).selectOption('User');
      await page.getByLabel(t(lang, 'admin:users.search')).fill(doomed.email);
      await page.getByRole('button', { name: t(lang, 'admin:users.deleteLabel', { name: doomed.name }) }).click();
      const confirm = page.getByRole('alertdialog', { name: t(lang, 'admin:users.confirmTitle') });
      await confirm.getByText(doomed.email, { exact: false }).waitFor();
      await screenshot(page, `back-office/${lang}-user-confirm`);
      await confirm.getByRole('button', { name: t(lang, 'admin:users.confirm') }).click();
      await toast(page, t(lang, 'admin:users.deleted'));
      await emptyTable(page, lang);
      await check(page, lang, 'user-deleted');
      expect((await call('POST', '/auth/login', undefined, { email: doomed.email, password: PASSWORD })).status).toBe(
        401,
      );
      await ctx.close();
    });

    it(`${lang}: the manager sees the dashboard and activates a pending subscription`, async () => {
      const farmer = await newFarmer(`mgr-${lang}`);
      const sub = await call<{ abonnementUser: { id: number } }>('POST', '/abonnementUser', farmer.token, {
        abn_id: await planId(planName),
      });
      expect(sub.status).toBe(201);
      const { ctx, page } = await signedIn(browser, lang, managerToken);
      await open(page, lang, '/manager/Dashboard', 'manager:title');
      for (const key of ['byRole', 'byWilaya', 'subscriptions', 'requests', 'publications'] as const) {
        await page.getByRole('heading', { level: 2, name: t(lang, `manager:figures.${key}`) }).waitFor();
      }
      await page.locator('.recharts-surface').first().waitFor();
      const pending = page.getByRole('region', { name: t(lang, 'manager:pending.title') });
      await pending.getByRole('cell', { name: farmer.email, exact: true }).waitFor();
      await check(page, lang, 'manager-dashboard');
      await pending.getByRole('button', { name: `${t(lang, 'manager:pending.activate')} — ${farmer.email}` }).click();
      await toast(page, t(lang, 'manager:pending.activated', { email: farmer.email }));
      await expect.poll(() => pending.getByRole('cell', { name: farmer.email, exact: true }).count()).toBe(0);
      const status = await call<Array<{ etat: string }>>(
        'GET',
        `/abonnementUser/user/${farmer.id}/status`,
        farmer.token,
      );
      expect(status.data[0]?.etat).toBe('actif');
      await screenshot(page, `back-office/${lang}-manager-activated`);
      await ctx.close();

      const mobile = await signedIn(browser, lang, managerToken, MOBILE);
      await open(mobile.page, lang, '/manager/Dashboard', 'manager:title');
      await mobile.page.locator('.recharts-surface').first().waitFor();
      await check(mobile.page, lang, 'manager-dashboard-mobile');
      await mobile.ctx.close();
    });
  }
});
