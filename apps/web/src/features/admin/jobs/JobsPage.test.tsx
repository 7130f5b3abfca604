import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobsOverview } from '@filaha/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../../test/fetch.ts';
import { i18n } from '../../../i18n/index.ts';
import { renderAdmin } from '../testing.tsx';
import { JobsPage } from './JobsPage.tsx';

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
};
const quiet: JobsOverview = { ...busy, totals: counts, lastPoll: null, schedule: null, failed: [] };

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
      expect(screen.getByText('Recherche programmée : 0 */6 * * * (cron, UTC).')).toBeTruthy();
      const last = screen.getByTestId('jobs-last-poll').textContent ?? '';
      expect(last).toContain('26 novembre 2026');
      expect(last).toContain('(à la demande)');
      expect(last).toContain('118 parcelles suivies, 3 acquisitions trouvées dont 1 nouvelles, 118 tâches créées.');
      expect(screen.getByText('Abandonnée après 6 essais sur 6, le', { exact: false })).toBeTruthy();
      expect(screen.getByText('catalog unavailable')).toBeTruthy();
      expect(screen.getByText('Essai 2 sur 6 en échec', { exact: false })).toBeTruthy();
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
    expect(screen.getByText('البحث المبرمج متوقف: عند التشغيل ومن هذه الصفحة فقط.')).toBeTruthy();
    expect(screen.getByTestId('jobs-dead').textContent).toBe('متروكة0');
    await user.click(screen.getByRole('button', { name: 'البحث عن صور ملتقطة جديدة الآن' }));
    expect(await screen.findByText('يوجد بحث في قائمة الانتظار أو قيد التنفيذ.')).toBeTruthy();
  });
});
