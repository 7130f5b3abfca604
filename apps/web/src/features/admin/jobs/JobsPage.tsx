import { useQuery } from '@tanstack/react-query';
import type { AcquisitionProgress, FailedJob, JobCounts, JobsOverview, StorageLocation } from '@filaha/shared';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/client.ts';
import { AdminPage } from '../../../components/ui/AdminPage.tsx';
import { localeOf, useFormat } from '../../../lib/format.ts';
import { card } from '../../../components/ui/styles.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { withToasts } from '../../../components/ui/Toasts.tsx';
import { useAdminMutation } from '../../../lib/useAdminMutation.ts';
import { useErrorText } from '../../../lib/useErrorText.ts';
import { dateFormat } from '../../../lib/intl.ts';
import { scheduleInWords } from './schedule.ts';

export const JOBS_KEY = ['admin', 'jobs'] as const;
const STATES = ['queued', 'running', 'retrying', 'dead'] as const satisfies ReadonlyArray<keyof JobCounts>;

/** A moment with its time, in the reader's language (SPEC §9 date formats, local time). */
function useDateTime() {
  const { i18n } = useTranslation();
  return (value: string) =>
    dateFormat(localeOf(i18n.language), { dateStyle: 'long', timeStyle: 'short' }).format(new Date(value));
}

/**
 * /admin/Jobs and /manager/Jobs (staff): the background jobs (issue 15 §4) — counts per state, the last catalog
 * poll and what it found, recent failed and dead jobs with their error; "run the catalog poll now" and "retry".
 * Refreshed every 10 s while open.
 */
function JobsPageView() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const overview = useQuery({
    queryKey: JOBS_KEY,
    queryFn: () => call('GET /admin/jobs'),
    refetchInterval: 10_000,
  });
  const poll = useAdminMutation({
    mutationFn: () => call('POST /admin/jobs/catalog-poll'),
    success: (result) => (result.queued ? t('jobs.pollQueued') : t('jobs.pollAlreadyQueued')),
    invalidate: [JOBS_KEY],
  });

  return (
    <AdminPage
      title={t('jobs.title')}
      intro={t('jobs.intro')}
      actions={
        <Button type="button" variant="primary" disabled={poll.isPending} onClick={() => poll.mutate()}>
          {poll.isPending ? t('jobs.pollSending') : t('jobs.pollNow')}
        </Button>
      }
    >
      {overview.isPending ? (
        <p role="status" className={card}>
          {t('jobs.loading')}
        </p>
      ) : overview.isError ? (
        <div role="alert" className={`${card} space-y-3`}>
          <p className="text-red-800">{errorText(overview.error)}</p>
          <Button type="button" variant="secondary" onClick={() => void overview.refetch()}>
            {t('jobs.retryLoad')}
          </Button>
        </div>
      ) : (
        <JobsContent data={overview.data} />
      )}
    </AdminPage>
  );
}

function JobsContent({ data }: { data: JobsOverview }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const dateTime = useDateTime();
  const last = data.lastPoll;
  return (
    <>
      {data.storageNotShared.length > 0 ? <StorageNotShared others={data.storageNotShared} /> : null}
      <section aria-labelledby="jobs-states" className={card}>
        <h2 id="jobs-states" className="text-lg font-semibold text-stone-900">
          {t('jobs.states.title')}
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {STATES.map((state) => (
            <div
              key={state}
              data-testid={`jobs-${state}`}
              className={`rounded-xl border p-3 ${state === 'dead' && data.totals.dead > 0 ? 'border-red-300 bg-red-50' : 'border-stone-200'}`}
            >
              <dt className="text-sm text-stone-700">{t(`jobs.states.${state}`)}</dt>
              <dd className="text-2xl font-bold text-stone-900">{fmt.number(data.totals[state], 0)}</dd>
            </div>
          ))}
        </dl>
        {data.schedule ? (
          <Schedule cron={data.schedule} />
        ) : (
          <p className="mt-3 text-sm text-stone-700">{t('jobs.scheduleOff')}</p>
        )}
      </section>

      <section aria-labelledby="jobs-last-poll" className={card}>
        <h2 id="jobs-last-poll" className="text-lg font-semibold text-stone-900">
          {t('jobs.lastPoll.title')}
        </h2>
        {last === null ? (
          <p className="mt-2 text-stone-700">{t('jobs.lastPoll.none')}</p>
        ) : (
          <div className="mt-2 space-y-1 text-stone-800" data-testid="jobs-last-poll">
            <p>
              {t('jobs.lastPoll.when', {
                date: dateTime(last.startedAt),
                trigger: t(`jobs.triggers.${last.trigger}`),
              })}
            </p>
            {last.finishedAt === null ? (
              <p>{t('jobs.lastPoll.running')}</p>
            ) : last.error ? (
              <p className="text-red-800">{t('jobs.lastPoll.failed', { error: last.error })}</p>
            ) : (
              <p>
                {t('jobs.lastPoll.found', {
                  parcels: fmt.number(last.parcels ?? 0, 0),
                  found: fmt.number(last.found ?? 0, 0),
                  fresh: fmt.number(last.newAcquisitions ?? 0, 0),
                  jobs: fmt.number(last.jobs ?? 0, 0),
                })}
              </p>
            )}
          </div>
        )}
      </section>

      <PassProgress acquisitions={data.acquisitions} />

      <FailedJobs failed={data.failed} />
    </>
  );
}

/**
 * The cron expression isolated left-to-right (in Arabic "0 *\/6 * * *" would otherwise read "6/*"), and the
 * schedule in words beside it when it is one of the usual forms.
 */
function Schedule({ cron }: { cron: string }) {
  const { t } = useTranslation('admin');
  const words = scheduleInWords(cron);
  return (
    <p className="mt-3 text-sm text-stone-700" data-testid="jobs-schedule">
      {t('jobs.schedule')}{' '}
      <bdi dir="ltr" className="font-mono">
        {cron}
      </bdi>
      {words ? (
        <>
          {' '}
          (
          {words.key === 'jobs.every.daily' ? t(words.key, { time: words.time }) : t(words.key, { count: words.count })}
          )
        </>
      ) : null}
    </p>
  );
}

/** Issue 28 §1: another live API process keeps its files in another local folder (PostgreSQL without S3_*). */
function StorageNotShared({ others }: { others: StorageLocation[] }) {
  const { t } = useTranslation('admin');
  return (
    <section role="alert" aria-labelledby="jobs-storage" className={`${card} border-amber-300 bg-amber-50`}>
      <h2 id="jobs-storage" className="text-lg font-semibold text-stone-900">
        {t('jobs.storageNotShared.title')}
      </h2>
      <p className="mt-2 text-stone-800">
        {t('jobs.storageNotShared.body')}{' '}
        <bdi dir="ltr">
          <code>S3_*</code>
        </bdi>
        .
      </p>
      <p className="mt-2 text-sm text-stone-700">{t('jobs.storageNotShared.others')}</p>
      <ul className="mt-1 list-disc ps-5 text-sm text-stone-800">
        {others.map((other) => (
          <li key={`${other.host}:${other.path}`}>
            <bdi dir="ltr" className="break-all font-mono">
              {other.host}:{other.path}
            </bdi>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Issue 29 §3: per acquisition, its tile passes — tiles found, passed and finished, parcels done, points stored,
 * passes running and waiting, the estimated time left, and each failing pass (retrying, or dead with its error).
 */
function PassProgress({ acquisitions }: { acquisitions: AcquisitionProgress[] }) {
  const { t } = useTranslation('admin');
  const fmt = useFormat();
  const n = (value: number) => fmt.number(value, 0);
  return (
    <section aria-labelledby="jobs-passes" className={card}>
      <h2 id="jobs-passes" className="text-lg font-semibold text-stone-900">
        {t('jobs.passes.title')}
      </h2>
      {acquisitions.length === 0 ? (
        <p className="mt-2 text-stone-700">{t('jobs.passes.none')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200">
          {acquisitions.map((a) => {
            const finished = a.parcels > 0 && a.parcelsDone === a.parcels;
            const eta =
              a.etaSeconds === null
                ? null
                : a.etaSeconds < 60
                  ? t('jobs.passes.seconds', { value: n(a.etaSeconds) })
                  : t('jobs.passes.minutes', { value: n(Math.ceil(a.etaSeconds / 60)) });
            return (
              <li key={a.key} className="space-y-1 py-3" data-testid="jobs-pass" data-key={a.key}>
                <p className="font-medium text-stone-900">
                  {t('jobs.passes.acquisition', { date: fmt.date(a.date) })}{' '}
                  <bdi dir="ltr" className="font-mono text-sm text-stone-600">
                    {a.key}
                  </bdi>
                </p>
                <progress
                  className="h-2 w-full accent-emerald-700"
                  max={Math.max(1, a.parcels)}
                  value={a.parcelsDone}
                  aria-label={t('jobs.passes.progressLabel', { date: fmt.date(a.date) })}
                />
                <p className="text-sm text-stone-800" data-testid="jobs-pass-tiles">
                  {t('jobs.passes.tiles', { found: n(a.tilesFound), done: n(a.tilesDone), toPass: n(a.tilesToPass) })}
                </p>
                <p className="text-sm text-stone-800" data-testid="jobs-pass-parcels">
                  {t('jobs.passes.parcels', { done: n(a.parcelsDone), total: n(a.parcels) })} ·{' '}
                  {t('jobs.passes.points', { points: n(a.points) })}
                </p>
                <p className="text-sm text-stone-700" data-testid="jobs-pass-state">
                  {finished
                    ? t('jobs.passes.finished')
                    : t('jobs.passes.activity', { running: n(a.running), waiting: n(a.waiting) })}
                  {eta ? ` · ${t('jobs.passes.eta', { time: eta })}` : null}
                </p>
                {a.failures.length > 0 ? (
                  <ul className="space-y-1">
                    {a.failures.map((f) => (
                      <li key={f.id} className={`text-sm ${f.state === 'dead' ? 'text-red-800' : 'text-amber-900'}`}>
                        {t(f.state === 'dead' ? 'jobs.passes.dead' : 'jobs.passes.retrying', {
                          tile: f.itemId,
                          parcels: n(f.parcels),
                          attempts: f.attempts,
                          max: f.maxAttempts,
                        })}
                        {f.error ? (
                          <span className="block break-words" dir="ltr">
                            {f.error}
                          </span>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function FailedJobs({ failed }: { failed: FailedJob[] }) {
  const { t } = useTranslation('admin');
  const dateTime = useDateTime();
  const retry = useAdminMutation({
    mutationFn: (id: string) => call('POST /admin/jobs/:id/retry', { params: { id } }),
    success: () => t('jobs.failed.retried'),
    invalidate: [JOBS_KEY],
  });
  return (
    <section aria-labelledby="jobs-failed" className={card}>
      <h2 id="jobs-failed" className="text-lg font-semibold text-stone-900">
        {t('jobs.failed.title')}
      </h2>
      {failed.length === 0 ? (
        <p className="mt-2 text-stone-700">{t('jobs.failed.none')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200">
          {failed.map((job) => (
            <li key={job.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 space-y-1">
                <p className="font-medium text-stone-900">
                  {t(`jobs.queues.${job.queue}`)} · <span dir="ltr">{job.subject}</span>
                </p>
                <p className="text-sm text-stone-700">
                  {t(job.state === 'dead' ? 'jobs.failed.dead' : 'jobs.failed.retrying', {
                    attempts: job.attempts,
                    max: job.maxAttempts,
                    date: dateTime(job.at),
                  })}
                </p>
                {job.error ? (
                  <p className="break-words text-sm text-red-800" dir="ltr">
                    {job.error}
                  </p>
                ) : null}
              </div>
              {job.state === 'dead' ? (
                <Button
                  type="button"
                  variant="small"
                  className="min-h-11 self-start"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(job.id)}
                  aria-label={t('jobs.failed.retryLabel', { subject: job.subject })}
                >
                  {t('jobs.failed.retry')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const JobsPage = withToasts(JobsPageView);
