import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, sql, type Database } from '@filaha/db';
import { createScratchDatabase, type ScratchDatabase } from '@filaha/db/testing';
import { DEMO_CATALOG_PATH, ensureDemoCatalog } from '@filaha/imagery';
import { DEMO_CLOUDY_DATE } from '@filaha/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, phoneContext, screenshot } from '../src/browser.ts';
import { hasChromium } from '../src/chromium.ts';
import { t, type Lang } from '../src/i18n.ts';
import { startPlatform, type Platform } from '../src/platform.ts';
import { ADMIN } from './farmer-journey.support.ts';

/**
 * Issue 29, acceptance 4: the back office's jobs page shows the progress of a running tile pass. A platform of its
 * own on a PostgreSQL scratch database (the test holds the season points' table locked against writes, so the passes,
 * once they have computed their points, wait to store them: running, nothing done — deterministic, no timing), an empty
 * catalog at start, then one demo acquisition published and "run now" clicked on the page. The admin watches the
 * pass running in French on a desktop and in Arabic on a phone (touch, internet tiles blocked); the lock released,
 * both see it finished with its parcels and points. Needs the PostgreSQL server CI provides (TEST_POSTGRES_URL).
 */
const serverUrl = process.env.TEST_POSTGRES_URL ?? process.env.DATABASE_URL;
if (!serverUrl) console.log('jobs progress browser test skipped: TEST_POSTGRES_URL is not set (it needs PostgreSQL)');
/** Parcels per pass job: the demo farm's parcels make several jobs, two running at once (WORKERS=2). */
const CHUNK = 2;

describe.skipIf(!hasChromium || !serverUrl)('jobs page: the progress of a running tile pass', () => {
  let scratch: ScratchDatabase;
  let platform: Platform;
  let browser: Browser;
  let catalogDir: string;
  let locker: Database;
  let release: () => void = () => undefined;
  let locked: Promise<unknown> = Promise.resolve();

  const api = async <T>(path: string, token?: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${platform.url}/api${path}`, {
      ...init,
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(init.headers ?? {}),
      },
    });
    expect(res.status, `${path}: ${res.status}`).toBeLessThan(300);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    await ensureDemoCatalog();
    scratch = await createScratchDatabase(serverUrl!, 'filaha_e2e_jobs');
    catalogDir = await mkdtemp(join(tmpdir(), 'filaha-e2e-catalog-'));
    platform = await startPlatform({
      DATABASE_URL: scratch.url,
      JWT_SECRET: 'e2e-jobs-progress-secret-0123456789abcdef',
      STAC_CATALOG_PATH: catalogDir,
      CATALOG_POLL_SCHEDULE: 'off',
      TILE_PASS_PARCELS: String(CHUNK),
    });
    browser = await launchBrowser();
    const token = (
      await api<{ token: string }>('/auth/login', undefined, { method: 'POST', body: JSON.stringify(ADMIN) })
    ).token;
    // The start-up poll has run over the empty catalog.
    const deadline = Date.now() + 60_000;
    type Overview = { lastPoll: { finishedAt: string | null } | null };
    while (!(await api<Overview>('/admin/jobs', token)).lastPoll?.finishedAt) {
      if (Date.now() > deadline) throw new Error('the start-up poll did not finish');
      await new Promise((ok) => setTimeout(ok, 500));
    }
    // Hold the season points' table in SHARE mode: reads go on, a pass computes but cannot store (its INSERT waits).
    locker = await createDb({ databaseUrl: scratch.url, dataDir: tmpdir() });
    let holding: () => void = () => undefined;
    const held = new Promise<void>((ok) => (holding = ok));
    locked = locker.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE series_points IN SHARE MODE`);
      holding();
      await new Promise<void>((ok) => (release = ok));
    });
    await held;
    // One clear demo acquisition published.
    const ids = (await readdir(DEMO_CATALOG_PATH))
      .filter((id) => /^S2[AB]_\w+_\d{8}_\d_L2A$/.test(id) && !id.includes(DEMO_CLOUDY_DATE.replaceAll('-', '')))
      .sort((a, b) => a.split('_')[2]!.localeCompare(b.split('_')[2]!));
    const item = ids.at(-1)!;
    await cp(join(DEMO_CATALOG_PATH, item), join(catalogDir, item), { recursive: true });
  }, 240_000);

  afterAll(async () => {
    release();
    await locked.catch(() => undefined);
    await locker?.close();
    await browser?.close();
    await platform?.stop();
    await scratch?.drop();
    if (catalogDir) await rm(catalogDir, { recursive: true, force: true });
  }, 120_000);

  async function signIn(page: Page) {
    const token = (
      await api<{ token: string }>('/auth/login', undefined, { method: 'POST', body: JSON.stringify(ADMIN) })
    ).token;
    await page.addInitScript((tk) => localStorage.setItem('Token', tk), token);
  }

  /** The pass's entry on the page, once it says `state` (the page refreshes every 10 s). */
  async function passShowing(page: Page, lang: Lang, state: RegExp) {
    const pass = page.getByTestId('jobs-pass').first();
    await expect
      .poll(async () => ((await pass.count()) ? await pass.getByTestId('jobs-pass-state').textContent() : ''), {
        timeout: 60_000,
      })
      .toMatch(state);
    expect(await page.getByRole('heading', { name: t(lang, 'admin:jobs.passes.title') }).count()).toBe(1);
    return pass;
  }
  const digits = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

  it('running: French on a desktop, Arabic on a phone; then finished in both', async () => {
    const desktop = await newContext(browser, 'fr', { width: 1366, height: 900 });
    const fr = await desktop.newPage();
    await signIn(fr);
    await fr.goto(`${platform.url}/admin/Jobs`);
    await expect.poll(() => fr.getByText(t('fr', 'admin:jobs.passes.none')).count(), { timeout: 30_000 }).toBe(1);
    await fr.getByRole('button', { name: t('fr', 'admin:jobs.pollNow') }).click();

    // Running: passes hold their parcels, none done yet.
    const running = await passShowing(fr, 'fr', /^En cours : [1-9]/);
    const parcels = digits(await running.getByTestId('jobs-pass-parcels').textContent());
    const total = Number(/sur (\d+)/.exec(parcels)?.[1]);
    expect(total).toBeGreaterThan(CHUNK);
    expect(parcels).toMatch(/^Parcelles traitées : 0 sur \d+ · points de saison enregistrés : 0$/);
    expect(digits(await running.getByTestId('jobs-pass-tiles').textContent())).toBe(
      'Tuiles : 1 trouvées, 0 terminées sur 1 à traiter.',
    );
    const bar = running.getByRole('progressbar');
    expect(await bar.getAttribute('value')).toBe('0');
    expect(await bar.getAttribute('max')).toBe(String(total));
    await screenshot(fr, 'jobs-progress-fr-desktop-running');

    const blocked: string[] = [];
    const phone = await phoneContext(browser, 'ar', platform.url, blocked);
    const ar = await phone.newPage();
    await signIn(ar);
    await ar.goto(`${platform.url}/admin/Jobs`);
    const arRunning = await passShowing(ar, 'ar', /^قيد التنفيذ: [1-9]/);
    expect(digits(await arRunning.getByTestId('jobs-pass-parcels').textContent())).toContain(
      `القطع المعالجة: 0 من أصل ${total}`,
    );
    expect(await ar.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Nothing overflows the phone's width.
    expect(await ar.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(ar, 'jobs-progress-ar-phone-running');

    // Released: every pass stores its points and finishes.
    release();
    await locked;
    const arDone = await passShowing(ar, 'ar', /^انتهت المعالجة\.$/);
    const done = digits(await arDone.getByTestId('jobs-pass-parcels').textContent());
    expect(done).toContain(`القطع المعالجة: ${total} من أصل ${total}`);
    expect(Number(/نقاط الموسم المحفوظة: (\d+)/.exec(done)?.[1])).toBeGreaterThan(0);
    expect(digits(await arDone.getByTestId('jobs-pass-tiles').textContent())).toBe(
      'المربعات: 1 موجودة، 1 منتهية من أصل 1 للمعالجة.',
    );
    await screenshot(ar, 'jobs-progress-ar-phone-done');
    const frDone = await passShowing(fr, 'fr', /^Terminé\.$/);
    expect(digits(await frDone.getByTestId('jobs-pass-parcels').textContent())).toMatch(
      new RegExp(`^Parcelles traitées : ${total} sur ${total} · points de saison enregistrés : [1-9]\\d*$`),
    );
    await screenshot(fr, 'jobs-progress-fr-desktop-done');
    await phone.close();
    await desktop.close();
  }, 240_000);
});
