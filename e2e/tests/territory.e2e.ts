import { readFile } from 'node:fs/promises';
import { pgliteTemplateFile } from '@filaha/db/testing';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newContext,
  phoneContext,
  rawKeysOnPage,
  screenshot,
  seriousA11yViolations,
} from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';
import { startPlatform, type Platform } from '../src/platform.ts';
import { ADMIN, PASSWORD } from './farmer-journey.support.ts';
import { DEMO_FARMER } from './phone.support.ts';

/**
 * Issue 30, acceptance 3: the cooperative's agronomist opens the territory view in French (desktop) and in Arabic
 * (a 390 × 844 touch phone), filters it by crop (durum wheat) and condition (well below normal), opens a parcel of
 * the list to visit (its name, its farmer's contact, its NDVI points) and exports the parcels as CSV (in the page's
 * language, the opened parcel in it with its condition).
 *
 * A platform of its own with the demo territory (DEMO_TERRITORY: the demo cooperative's ~1,975 own parcels, with
 * crops): its start-up catalog poll queues the tile passes that compute their NDVI points. The test waits (polling
 * the back office's jobs overview, with a deadline) until every pass has finished, then the demo farmer — the
 * cooperative's admin, who has granted it all their parcels — grants them again: a grant makes the territory table
 * be computed again at its next read (organisations.repository.ts), so the view's conditions are those of every
 * stored point. The agronomist is a new account, added by the farmer with the role `agronomist`.
 */
const CROP = 'durum_wheat';
const CONDITION = 'well_below';
/** The demo cooperative's access code (packages/db/src/seed/demo.ts, DEMO_COOPERATIVE; the README names it). */
const ACCESS_CODE = 'MTDJ2526';
/** The demo territory's generated parcels are about 1,975: fewer means the territory was not seeded. */
const MIN_OWN_PARCELS = 1900;
const LOCALE: Record<Lang, string> = { fr: 'fr-FR', ar: 'ar-DZ' };
/** The export's header (apps/api/src/modules/organisations/territory/export.ts: the names the import reads back). */
const CSV_HEADER: Record<Lang, string> = {
  fr: 'id;nom;agriculteur;telephone;surface_ha;culture;saison;date_semis;irrigue;date_point;ndvi_median;part_valide;etat;reference;z;longitude;latitude;wkt',
  ar: 'المعرف;الاسم;الفلاح;الهاتف;المساحة_هكتار;المحصول;الموسم;تاريخ_الزرع;سقي;تاريخ_القياس;ndvi_وسيط;الحصة_الصالحة;الحالة;المرجع;z;خط_الطول;خط_العرض;wkt',
};

/** The columns the test reads (their place in CSV_HEADER). */
const COL = { id: 0, name: 1, contact: 3, crop: 5, state: 12 } as const;

interface Summary {
  total: { parcels: number; areaHa: number };
  classes: Array<{ class: string | null; parcels: number; areaHa: number }>;
  visits: Array<{ id: number; name: string; crop: string | null; areaHa: number }>;
}
interface JobCounts {
  queued: number;
  running: number;
  retrying: number;
  dead: number;
  completed: number;
}
interface JobsOverview {
  totals: JobCounts;
  queues: Array<JobCounts & { queue: string }>;
  lastPoll: { finishedAt: string | null; parcels: number | null; error: string | null } | null;
  failed: Array<{ queue: string; error: string | null; subject: string }>;
}
interface ParcelDetail {
  id: number;
  name: string;
  farmerContact: string | null;
}
interface Point {
  date: string;
  status: string;
  median: number | null;
}

/** A `;` CSV (quoted cells with doubled quotes, CRLF) as rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe.skipIf(!hasChromium)('territory view: filter, open a parcel well below normal, export', () => {
  let platform: Platform;
  let browser: Browser;
  let orgId = 0;
  let agronomistToken = '';
  const agronomist = { email: `agronome.${Date.now().toString(36)}@e2e.filaha.dz`, password: PASSWORD };
  /** What the API answers the agronomist: the whole territory, and the view filtered as the test filters it. */
  let all: Summary;
  let filtered: Summary;

  const api = async <T>(path: string, token?: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${platform.url}/api${path}`, {
      ...init,
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(init.headers ?? {}),
      },
    });
    const text = await res.text();
    expect(res.status, `${init.method ?? 'GET'} ${path}: ${res.status} ${text.slice(0, 300)}`).toBeLessThan(300);
    return JSON.parse(text) as T;
  };
  const login = async (account: { email: string; password: string }) =>
    (await api<{ token: string }>('/auth/login', undefined, { method: 'POST', body: JSON.stringify(account) })).token;

  beforeAll(async () => {
    platform = await startPlatform({
      DEMO_TERRITORY: 'true',
      // The map's vector tiles are many requests from one address.
      RATE_LIMIT_MAX: '1000000',
      PGLITE_INITIAL_DATA: await pgliteTemplateFile(),
    });
    browser = await launchBrowser();

    // Every tile pass of the start-up poll finished: the poll is done over the territory's parcels, no job of the
    // imagery's queues waits or runs (twice in a row, the completed count unchanged), none failed for good.
    const admin = await login(ADMIN);
    const busy = (o: JobsOverview) =>
      o.queues.filter((q) => q.queue !== 'alert-email').reduce((n, q) => n + q.queued + q.running + q.retrying, 0);
    const deadline = Date.now() + 420_000;
    let quietAt: number | null = null;
    for (;;) {
      const o = await api<JobsOverview>('/admin/jobs', admin);
      expect(o.lastPoll?.error ?? null).toBeNull();
      expect(o.totals.dead, JSON.stringify(o.failed)).toBe(0);
      const quiet = Boolean(o.lastPoll?.finishedAt) && (o.lastPoll?.parcels ?? 0) >= MIN_OWN_PARCELS && busy(o) === 0;
      if (quiet && quietAt === o.totals.completed) break;
      quietAt = quiet ? o.totals.completed : null;
      if (Date.now() > deadline) throw new Error(`the tile passes did not finish: ${JSON.stringify(o)}`);
      await new Promise((ok) => setTimeout(ok, 1000));
    }

    // The demo farmer (the cooperative's admin) grants it all their parcels again, and adds the agronomist.
    const farmer = await login(DEMO_FARMER);
    await api('/grants', farmer, {
      method: 'POST',
      body: JSON.stringify({ accessCode: ACCESS_CODE, parcelIds: null }),
    });
    const orgs = await api<Array<{ id: number; accessCode: string; parcels: number; ownParcels: number }>>(
      '/organisations',
      farmer,
    );
    const org = orgs.find((o) => o.accessCode === ACCESS_CODE)!;
    expect(org).toBeDefined();
    expect(org.ownParcels).toBeGreaterThanOrEqual(MIN_OWN_PARCELS);
    expect(org.parcels).toBeGreaterThan(0);
    orgId = org.id;
    await api('/auth/register', undefined, {
      method: 'POST',
      body: JSON.stringify({
        email: agronomist.email,
        userName: 'Agronome Mitidja',
        password: agronomist.password,
        phone_number: '0550123456',
        wilaya: 9,
        role_id: 2,
      }),
    });
    await api(`/organisations/${orgId}/members`, farmer, {
      method: 'POST',
      body: JSON.stringify({ email: agronomist.email, role: 'agronomist' }),
    });
    agronomistToken = await login(agronomist);

    // The territory, computed again after the grant: every followed parcel, some of them well below normal; read
    // until two reads agree (a refresh the queue still runs would change them), with a deadline.
    const figures = (s: Summary) => JSON.stringify([s.total, s.classes]);
    const settled = Date.now() + 120_000;
    let previous = '';
    for (;;) {
      all = await api<Summary>(`/organisations/${orgId}/territory`, agronomistToken);
      const wellBelow = all.classes.find((c) => c.class === CONDITION)?.parcels ?? 0;
      if (all.total.parcels === org.parcels + org.ownParcels && wellBelow > 0 && figures(all) === previous) break;
      previous = figures(all);
      if (Date.now() > settled) throw new Error(`the territory did not settle: ${previous}`);
      await new Promise((ok) => setTimeout(ok, 1000));
    }
    filtered = await api<Summary>(
      `/organisations/${orgId}/territory?crop=${CROP}&condition=${CONDITION}`,
      agronomistToken,
    );
    expect(filtered.total.parcels).toBeGreaterThan(0);
    expect(filtered.visits.length).toBe(Math.min(filtered.total.parcels, 100));
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  }, 60_000);

  /** Numbers and days as the page writes them, by the browser's own Intl (apps/web/src/features/farm/format.ts). */
  const formats = (page: Page, lang: Lang) => ({
    n: (value: number, digits = 0) =>
      page.evaluate(
        ([locale, v, d]) =>
          new Intl.NumberFormat(locale, { maximumFractionDigits: d }).format(v).replace(/\u200e/g, ''),
        [LOCALE[lang], value, digits] as const,
      ),
    day: (ymd: string) =>
      page.evaluate(
        ([locale, d]) =>
          new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(Date.parse(`${d}T00:00:00Z`)),
        [LOCALE[lang], ymd] as const,
      ),
  });

  /** Refuses every request off the platform (the internet map tiles), as phoneContext does. */
  async function localOnly(ctx: BrowserContext) {
    const local = new URL(platform.url).host;
    await ctx.route(
      () => true,
      (route) => (new URL(route.request().url()).host === local ? route.continue() : route.abort('blockedbyclient')),
    );
  }

  async function journey(page: Page, lang: Lang, touch: boolean) {
    const tr = (key: string) => t(lang, `organisations:${key}`);
    const press = (locator: Locator) => (touch ? locator.tap() : locator.click());
    const fmt = formats(page, lang);

    // The organisation's address, signed out: the sign-in page, then the organisation; its link to the territory view.
    await page.goto(`${platform.url}/user/organisations/${orgId}`);
    await page.getByRole('heading', { name: t(lang, 'auth:signIn.title') }).waitFor();
    await page.getByLabel(t(lang, 'auth:fields.email')).fill(agronomist.email);
    await page.getByLabel(t(lang, 'auth:fields.password'), { exact: true }).fill(agronomist.password);
    await press(page.getByRole('button', { name: t(lang, 'auth:signIn.submit') }));
    await page.waitForURL((url) => url.pathname === `/user/organisations/${orgId}`);
    await press(page.getByRole('link', { name: tr('territory.open'), exact: true }));
    await page.getByRole('heading', { level: 1, name: tr('territory.title') }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/user/organisations/${orgId}/territory`);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');

    // The summary: every followed parcel, and how many are well below normal.
    const summary = page.getByTestId('territory-summary');
    const totalText = async (s: Summary) =>
      t(lang, 'organisations:territory.total', {
        parcels: await fmt.n(s.total.parcels),
        area: await fmt.n(s.total.areaHa, 1),
      });
    await summary.getByText(await totalText(all), { exact: true }).waitFor();
    const classItem = async (s: Summary, klass: string) => {
      const c = s.classes.find((x) => x.class === klass);
      return `${tr(`territory.class.${klass}`)} — ${await fmt.n(c?.parcels ?? 0)} · ${await fmt.n(c?.areaHa ?? 0, 1)} ${tr('territory.ha')}`;
    };
    const classTexts = () => summary.getByTestId('territory-class').allInnerTexts();
    expect(await classTexts()).toContain(await classItem(all, CONDITION));

    // Filters: durum wheat, well below normal; the URL keeps them.
    const filters = page.getByRole('form', { name: tr('territory.filters') });
    await filters.getByLabel(tr('territory.crop')).selectOption({ label: tr(`crop.${CROP}`) });
    await filters.getByLabel(tr('territory.condition')).selectOption({ label: tr(`territory.class.${CONDITION}`) });
    await expect
      .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
      .toEqual({ crop: CROP, condition: CONDITION });
    await summary.getByText(await totalText(filtered), { exact: true }).waitFor();
    expect(await classTexts()).toContain(await classItem(filtered, CONDITION));

    // The parcels to visit: the filtered ones, the largest first, every one of them durum wheat.
    const visits = page.getByTestId('visits');
    const rows = visits.getByTestId('visit');
    await expect.poll(() => rows.count()).toBe(filtered.visits.length);
    const listed = await visits.evaluate(
      (table: HTMLTableElement, [parcelHeader, cropHeader]) => {
        const column = (name: string) =>
          [...table.tHead!.rows[0]!.cells].findIndex((cell) => cell.innerText.trim() === name);
        const [parcel, crop] = [column(parcelHeader), column(cropHeader)];
        return [...table.tBodies[0]!.rows].map((row) => ({
          name: row.cells[parcel]?.querySelector('button')?.innerText ?? null,
          crop: row.cells[crop]?.innerText ?? null,
        }));
      },
      [tr('territory.parcel'), tr('territory.crop')] as const,
    );
    expect(listed).toEqual(filtered.visits.map((v) => ({ name: v.name, crop: tr(`crop.${CROP}`) })));

    // The first one opened: its name, its farmer's contact, its NDVI points.
    const first = filtered.visits[0]!;
    const parcel = await api<ParcelDetail>(`/organisations/${orgId}/parcels/${first.id}`, agronomistToken);
    expect(parcel.farmerContact).toMatch(/^fellah\.\d+@demo\.filaha\.dz$/);
    const points = (
      await api<{ items: Point[] }>(
        `/organisations/${orgId}/parcels/${first.id}/points?index=NDVI&limit=1000`,
        agronomistToken,
      )
    ).items.filter((p) => p.status === 'point' && p.median !== null);
    expect(points.length).toBeGreaterThan(0);
    await press(rows.first().getByRole('button', { name: first.name, exact: true }));
    const picked = page.getByTestId('picked-parcel');
    await picked.getByRole('heading', { name: first.name, exact: true }).waitFor();
    // The contact (an e-mail) in an isolate of its own, left to right in Arabic too.
    const contact = picked.locator('bdi', { hasText: parcel.farmerContact! });
    expect(await contact.count()).toBe(1);
    expect(await contact.getAttribute('dir')).toBe('ltr');
    const shown = picked.getByTestId('picked-points').getByRole('listitem');
    await expect.poll(() => shown.count()).toBe(Math.min(points.length, 8));
    const last = points.at(-1)!;
    expect(await shown.last().innerText()).toBe(`${await fmt.day(last.date)}: ${await fmt.n(last.median!, 2)}`);

    // The map has drawn its tiles of the filtered parcels (for the screenshot).
    const map = page.getByTestId('territory-map');
    await expect.poll(() => map.locator('canvas.leaflet-tile-loaded').count()).toBeGreaterThan(0);
    await expect.poll(() => map.locator('canvas.leaflet-tile:not(.leaflet-tile-loaded)').count()).toBe(0);
    expect(await rawKeysOnPage(page)).toEqual([]);
    if (touch) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // axe finds nothing serious: the scrolling tables (wilayas, visits, figures) are regions a keyboard reaches.
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `territory/${lang}-${touch ? 'phone' : 'desktop'}-filtered-parcel`);

    // The CSV export: in the page's language, every followed parcel, the opened one well below normal.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      press(page.getByRole('button', { name: tr('export.csv'), exact: true })),
    ]);
    expect(download.suggestedFilename()).toMatch(/-parcels\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(header!.join(';')).toBe(CSV_HEADER[lang]);
    expect(lines.length).toBe(all.total.parcels);
    const opened = lines.filter((l) => l[COL.name] === first.name);
    expect(opened.map((l) => [l[COL.id], l[COL.contact], l[COL.crop], l[COL.state]])).toEqual([
      [String(first.id), parcel.farmerContact, tr(`crop.${CROP}`), tr(`territory.class.${CONDITION}`)],
    ]);
    // The export and the view agree: the same parcels well below normal, of durum wheat among them.
    const wellBelow = lines.filter((l) => l[COL.state] === tr(`territory.class.${CONDITION}`));
    expect(wellBelow.length).toBe(all.classes.find((c) => c.class === CONDITION)!.parcels);
    expect(wellBelow.filter((l) => l[COL.crop] === tr(`crop.${CROP}`)).length).toBe(filtered.total.parcels);
  }

  it('in French on a desktop', async () => {
    const ctx = await newContext(browser, 'fr', { width: 1366, height: 900 });
    await localOnly(ctx);
    try {
      await journey(await ctx.newPage(), 'fr', false);
    } finally {
      await ctx.close();
    }
  }, 180_000);

  it('in Arabic on a phone', async () => {
    const ctx = await phoneContext(browser, 'ar', platform.url);
    try {
      await journey(await ctx.newPage(), 'ar', true);
    } finally {
      await ctx.close();
    }
  }, 180_000);
});
