import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobsOverview } from '@filaha/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../../test/fetch.ts';
import { i18n } from '../../../i18n/index.ts';
import { renderAdmin } from '../testing.tsx';
import { JobsPage } from './JobsPage.tsx';
import { scheduleInWords } from './schedule.ts';

/** Issue 15 §4: the back office's jobs page — counts, the last catalog poll, failed and dead jobs, actions. */
const DEAD_ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const counts = { queued: 0, running: 0, retrying: 0, dead: 0, completed: 0 };
const busy: JobsOverview = {
  totals: { queued: 12, running: 3, retrying: 1, dead: 1, completed: 240 },
  queues: [
    { queue: 'catalog-poll', ...counts, completed: 4 },
    { queue: 'parcel-scene', queued: 12, running: 3, retrying: 1, dead: 1, completed: 200 },
    { queue: 'alert-email', ...counts, completed: 36 },
  ],
  lastPoll: {
    id: 7,
    trigger: 'manual',
    startedAt: '2026-11-26T09:30:00.000Z',
    finishedAt: '2026-11-26T09:30:04.000Z',
    parcels: 118,
    found: 3,
    newAcquisitions: 1,
    jobs: 118,
    error: null,
  },
  schedule: '0 */6 * * *',
  failed: [
    {
      id: DEAD_ID,
      queue: 'parcel-scene',
      state: 'dead',
      attempts: 6,
      maxAttempts: 6,
      error: 'catalog unavailable',
      subject: 'parcel 12 · sentinel-2b|2025-10-29',
      at: '2026-11-26T09:40:00.000Z',
    },
    {
      id: '4f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      queue: 'alert-email',
      state: 'retrying',
      attempts: 2,
      maxAttempts: 6,
      error: 'SMTP timeout',
      subject: 'alert 40',
      at: '2026-11-26T09:41:00.000Z',
    },
  ],
  acquisitions: [
    {
      key: 'sentinel-2b|2025-10-29',
      date: '2025-10-29',
      tilesFound: 3,
      tilesToPass: 2,
      tilesDone: 1,
      parcels: 4000,
      parcelsDone: 2500,
      points: 4980,
      running: 1,
      waiting: 0,
      failures: [
        {
          id: '5f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
          itemId: 'S2B_31SDA_20251029_0_L2A',
          parcels: 1500,
          state: 'retrying',
          attempts: 2,
          maxAttempts: 6,
          error: 'COG unavailable: timeout',
        },
      ],
      startedAt: '2026-11-26T09:30:05.000Z',
      etaSeconds: 150,
    },
    {
      key: 'sentinel-2a|2025-10-24',
      date: '2025-10-24',
      tilesFound: 2,
      tilesToPass: 2,
      tilesDone: 1,
      parcels: 300,
      parcelsDone: 200,
      points: 400,
      running: 0,
      waiting: 0,
      failures: [
        {
          id: '6f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
          itemId: 'S2A_31SCA_20251024_0_L2A',
          parcels: 100,
          state: 'dead',
          attempts: 6,
          maxAttempts: 6,
          error: 'tile 3,4 could not be decoded',
        },
      ],
      startedAt: '2026-11-21T09:30:05.000Z',
      etaSeconds: null,
    },
  ],
  storageNotShared: [],
};
const quiet: JobsOverview = {
  ...busy,
  totals: counts,
  lastPoll: null,
  schedule: null,
  failed: [],
  acquisitions: [],
};
/** Text with the narrow no-break spaces of French numbers as plain spaces. */
const plain = (el: Element) => (el.textContent ?? '').replace(/[\u202f\u00a0]/g, ' ');

afterEach(async () => {
  await i18n.changeLanguage('ar');
});

describe('jobs page', () => {
  it(
    'French: counts, the last poll and the failures; "retry" a dead job and "run now"',
    { timeout: 30_000 },
    async () => {
      await i18n.changeLanguage('fr');
      let current = busy;
      const { calls } = stubApi({
        'GET /api/admin/jobs': () => json(200, current),
        [`POST /api/admin/jobs/${DEAD_ID}/retry`]: () => {
          current = { ...busy, failed: busy.failed.slice(1), totals: { ...busy.totals, dead: 0, retrying: 2 } };
          return json(200, { retried: true });
        },
        'POST /api/admin/jobs/catalog-poll': () => json(202, { queued: true }),
      });
      const user = userEvent.setup();
      renderAdmin(<JobsPage />);
      expect(await screen.findByRole('heading', { level: 1, name: 'Tâches de fond' })).toBeTruthy();
      expect((await screen.findByTestId('jobs-queued')).textContent).toBe('En attente12');
      expect(screen.getByTestId('jobs-running').textContent).toBe('En cours3');
      expect(screen.getByTestId('jobs-dead').textContent).toBe('Abandonnées1');
      expect(screen.getByTestId('jobs-schedule').textContent).toBe(
        'Recherche programmée (cron, UTC) : 0 */6 * * * (toutes les 6 heures)',
      );
      expect(screen.queryByRole('heading', { name: 'Fichiers non partagés entre les processus' })).toBeNull();
      const last = screen.getByTestId('jobs-last-poll').textContent ?? '';
      expect(last).toContain('26 novembre 2026');
      expect(last).toContain('(à la demande)');
      expect(last).toContain(
        'Parcelles suivies : 118 · acquisitions trouvées : 3, dont nouvelles : 1 · tâches créées : 118.',
      );
      expect(screen.getByText('Abandonnée après 6 essais sur 6, le', { exact: false })).toBeTruthy();
      expect(screen.getByText('catalog unavailable')).toBeTruthy();
      expect(screen.getByText(/^Essai 2 sur 6 en échec/)).toBeTruthy();

      // Issue 29 §3: the tile passes of each acquisition — running with the time left, one finished but for a dead pass.
      const passes = screen.getAllByTestId('jobs-pass');
      expect(passes.map((p) => p.getAttribute('data-key'))).toEqual([
        'sentinel-2b|2025-10-29',
        'sentinel-2a|2025-10-24',
      ]);
      const running = within(passes[0]!);
      expect(plain(passes[0]!)).toContain('Acquisition du 29 octobre 2025');
      expect(plain(running.getByTestId('jobs-pass-tiles'))).toBe('Tuiles : 3 trouvées, 1 terminées sur 2 à traiter.');
      expect(plain(running.getByTestId('jobs-pass-parcels'))).toBe(
        'Parcelles traitées : 2 500 sur 4 000 · points de saison enregistrés : 4 980',
      );
      expect(plain(running.getByTestId('jobs-pass-state'))).toBe(
        'En cours : 1 · en attente : 0 · temps restant estimé : 3 min',
      );
      const bar = running.getByRole('progressbar', {
        name: "Parcelles traitées pour l'acquisition du 29 octobre 2025",
      });
      expect([bar.getAttribute('value'), bar.getAttribute('max')]).toEqual(['2500', '4000']);
      expect(plain(passes[0]!)).toContain(
        'Tuile S2B_31SDA_20251029_0_L2A (parcelles : 1 500) : essai 2 sur 6 en échec, nouvel essai prévu.',
      );
      expect(plain(passes[0]!)).toContain('COG unavailable: timeout');
      expect(plain(passes[1]!)).toContain(
        'Tuile S2A_31SCA_20251024_0_L2A (parcelles : 100) : abandonnée après 6 essais sur 6.',
      );
      expect(plain(within(passes[1]!).getByTestId('jobs-pass-state'))).toBe('En cours : 0 · en attente : 0');
      // Only the dead job can be retried by hand.
      const retry = screen.getAllByRole('button', { name: /^Relancer la tâche/ });
      expect(retry).toHaveLength(1);
      await user.click(retry[0]!);
      expect(await screen.findByText('Tâche relancée.')).toBeTruthy();
      await waitFor(() => expect(screen.getByTestId('jobs-dead').textContent).toBe('Abandonnées0'));
      expect(screen.queryByText('catalog unavailable')).toBeNull();

      await user.click(screen.getByRole('button', { name: "Lancer la recherche d'acquisitions maintenant" }));
      expect(await screen.findByText("Recherche d'acquisitions mise en file.")).toBeTruthy();
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
        `/api/admin/jobs/${DEAD_ID}/retry`,
        '/api/admin/jobs/catalog-poll',
      ]);
    },
  );

  it('Arabic: empty states, a poll already queued, and an error with a retry', { timeout: 30_000 }, async () => {
    await i18n.changeLanguage('ar');
    let fail = true;
    stubApi({
      'GET /api/admin/jobs': () => (fail ? json(500, { code: 'INTERNAL', message: 'boom' }) : json(200, quiet)),
      'POST /api/admin/jobs/catalog-poll': () => json(202, { queued: false }),
    });
    const user = userEvent.setup();
    renderAdmin(<JobsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'المهام الخلفية' })).toBeTruthy();
    expect(await screen.findByText('حدث خطأ، يرجى إعادة المحاولة لاحقًا.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText('لا يوجد بحث حتى الآن.')).toBeTruthy();
    expect(screen.getByText('لا توجد مهمة فاشلة.')).toBeTruthy();
    expect(screen.getByText('لا توجد معالجة حتى الآن.')).toBeTruthy();
    expect(screen.getByText('البحث المبرمج متوقف: عند التشغيل ومن هذه الصفحة فقط.')).toBeTruthy();
    expect(screen.getByTestId('jobs-dead').textContent).toBe('متروكة0');
    await user.click(screen.getByRole('button', { name: 'البحث عن صور ملتقطة جديدة الآن' }));
    expect(await screen.findByText('يوجد بحث في قائمة الانتظار أو قيد التنفيذ.')).toBeTruthy();
  });

  it('Arabic: the schedule isolated left-to-right with its words, and the warning of files not shared', async () => {
    await i18n.changeLanguage('ar');
    stubApi({
      'GET /api/admin/jobs': () =>
        json(200, {
          ...busy,
          storageNotShared: [{ host: 'api-2', path: '/srv/filaha/files', lastSeen: '2026-11-26T09:41:00.000Z' }],
        }),
    });
    renderAdmin(<JobsPage />);
    const schedule = await screen.findByTestId('jobs-schedule');
    // Issue 27 §3: without the isolation the Arabic paragraph showed the expression as "6/*".
    const cron = schedule.querySelector('bdi');
    expect(cron?.getAttribute('dir')).toBe('ltr');
    expect(cron?.textContent).toBe('0 */6 * * *');
    expect(schedule.textContent).toBe('البحث المبرمج (cron، بالتوقيت العالمي): 0 */6 * * * (كل 6 ساعات)');

    const warning = screen.getByRole('heading', { name: 'الملفات غير مشتركة بين العمليات' }).closest('section')!;
    expect(warning.getAttribute('role')).toBe('alert');
    expect(warning.textContent).toContain('الملفات التي تكتبها عملية لا تراها العمليات الأخرى');
    expect(warning.textContent).toContain('S3_*');
    const other = within(warning).getByText('api-2:/srv/filaha/files');
    expect(other.closest('bdi')?.getAttribute('dir')).toBe('ltr');
  });
});

describe('a schedule in words', () => {
  it('says the forms the app uses, and nothing for others', () => {
    expect(scheduleInWords('0 */6 * * *')).toEqual({ key: 'jobs.every.hours', count: 6 });
    expect(scheduleInWords('0 * * * *')).toEqual({ key: 'jobs.every.hours', count: 1 });
    expect(scheduleInWords('*/15 * * * *')).toEqual({ key: 'jobs.every.minutes', count: 15 });
    expect(scheduleInWords('30 5 * * *')).toEqual({ key: 'jobs.every.daily', time: '05:30' });
    expect(scheduleInWords('0 6 * * 1')).toBeNull();
    expect(scheduleInWords('0 6 1 * *')).toBeNull();
  });

  it('reads well in both languages', async () => {
    await i18n.changeLanguage('fr');
    expect(i18n.t('admin:jobs.every.hours', { count: 1 })).toBe('toutes les heures');
    expect(i18n.t('admin:jobs.every.hours', { count: 12 })).toBe('toutes les 12 heures');
    expect(i18n.t('admin:jobs.every.daily', { time: '05:30' })).toBe('chaque jour à 05:30 UTC');
    await i18n.changeLanguage('ar');
    expect(i18n.t('admin:jobs.every.hours', { count: 2 })).toBe('كل ساعتين');
    expect(i18n.t('admin:jobs.every.hours', { count: 12 })).toBe('كل 12 ساعة');
    expect(i18n.t('admin:jobs.every.minutes', { count: 15 })).toBe('كل 15 دقيقة');
  });
});
