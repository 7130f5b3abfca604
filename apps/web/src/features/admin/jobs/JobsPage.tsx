import { useQuery } from '@tanstack/react-query';
import type { FailedJob, JobCounts, JobsOverview } from '@filaha/shared';
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
        <p className="mt-3 text-sm text-stone-700">
          {data.schedule ? t('jobs.schedule', { cron: data.schedule }) : t('jobs.scheduleOff')}
        </p>
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

      <FailedJobs failed={data.failed} />
    </>
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
