import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/ui/Loading.tsx';
import { pathOf } from '../../lib/client.ts';
import { downloadWithToken } from '../../lib/download.ts';
import { useErrorText } from '../../lib/useErrorText.ts';
import { asLang, formatDay, formatNumber } from '../farm/format.ts';
import {
  importQueries,
  organisationKeys,
  startImport,
  type ParcelImport,
  type ParcelImportSummary,
} from './organisationsApi.ts';

/** What the file input offers: the formats the API reads (apps/api/src/modules/imports/readers.ts). */
const ACCEPT = '.geojson,.json,.kml,.kmz,.zip,.gpkg,.csv';
/** Refusals listed on screen; the CSV report has them all. */
const SHOWN_REFUSALS = 50;
/** While an import is being checked, its report is asked again this often. */
const POLL_MS = 2_000;

const finished = (i: Pick<ParcelImport, 'status'>) => i.status === 'done' || i.status === 'failed';

/**
 * An organisation's parcel imports (issue 30 §2): its admins and agronomists send a file (`canImport`); every member
 * sees the imports, each one's progress while a job checks it, then its report — what was accepted (and repaired),
 * each refused feature and why — and downloads the report as CSV.
 */
export function Imports({ organisationId, canImport }: { organisationId: number; canImport: boolean }) {
  const { t, i18n } = useTranslation('organisations');
  const lang = asLang(i18n.language);
  const client = useQueryClient();
  const errorText = useErrorText();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery({
    ...importQueries.list(organisationId),
    refetchInterval: (q) => (q.state.data?.some((i) => !finished(i)) ? POLL_MS : false),
  });
  const shownId = openId ?? list.data?.[0]?.id ?? null;
  const report = useQuery({
    ...importQueries.one(shownId ?? 0),
    enabled: shownId !== null,
    refetchInterval: (q) => (q.state.data && !finished(q.state.data) ? POLL_MS : false),
  });
  const send = useMutation({
    mutationFn: (chosen: File) => startImport(organisationId, chosen),
    onMutate: () => setProblem(null),
    onSuccess: (created) => {
      setFile(null);
      setOpenId(created.id);
      void client.invalidateQueries({ queryKey: organisationKeys.imports(organisationId) });
    },
    onError: (error) => setProblem(errorText(error)),
  });
  // Once the shown import is finished, the organisation's parcels, counts and imports are read again.
  const doneId = report.data && finished(report.data) ? report.data.id : null;
  useEffect(() => {
    if (doneId === null) return;
    void client.invalidateQueries({ queryKey: organisationKeys.parcels(organisationId) });
    void client.invalidateQueries({ queryKey: organisationKeys.one(organisationId) });
    void client.invalidateQueries({ queryKey: organisationKeys.imports(organisationId) });
  }, [client, doneId, organisationId]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem(t('imports.fileRequired'));
    send.mutate(file);
  };
  const download = useMutation({
    mutationFn: (id: number) =>
      downloadWithToken(
        pathOf('/imports/:id/report.csv', { params: { id }, query: { lang } }),
        lang,
        `import-${id}.csv`,
      ),
    onError: (error) => setProblem(errorText(error)),
  });

  return (
    <div className="space-y-3" data-testid="imports">
      {canImport ? (
        <form noValidate onSubmit={submit} className="space-y-2" aria-describedby="import-hint">
          <label htmlFor="import-file" className="block font-semibold text-stone-900">
            {t('imports.file')}
          </label>
          <p id="import-hint" className="text-sm text-stone-700">
            {t('imports.hint')}
          </p>
          {/* The browser's own file button speaks the browser's language: a label in the page's stands for it. */}
          <div className="flex flex-wrap items-center gap-3">
            <input
              id="import-file"
              type="file"
              accept={ACCEPT}
              className="peer sr-only"
              onChange={(e) => {
                setProblem(null);
                setFile(e.target.files?.[0] ?? null);
              }}
            />
            <label
              htmlFor="import-file"
              className="inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-stone-400 bg-stone-50 px-4 font-semibold text-stone-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700"
            >
              {t('imports.choose')}
            </label>
            <span className="min-w-0 break-all text-stone-800" data-testid="import-chosen">
              {file ? <bdi>{file.name}</bdi> : t('imports.noFile')}
            </span>
          </div>
          <button
            type="submit"
            disabled={send.isPending}
            className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {send.isPending ? t('imports.sending') : t('imports.submit')}
          </button>
        </form>
      ) : null}
      {problem ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      ) : null}
      {list.isPending ? (
        <Loading className="py-4" />
      ) : list.isError ? (
        <p role="alert" className="text-red-900">
          {t('loadError')}
        </p>
      ) : list.data.length === 0 ? (
        <p className="text-stone-700" data-testid="imports-empty">
          {t('imports.empty')}
        </p>
      ) : (
        <>
          {list.data.length > 1 ? (
            <ul className="flex flex-wrap gap-2" aria-label={t('imports.history')}>
              {list.data.map((i) => (
                <li key={i.id}>
                  <button
                    type="button"
                    aria-pressed={i.id === shownId}
                    onClick={() => setOpenId(i.id)}
                    className="min-h-11 rounded-lg border border-stone-300 px-3 text-sm aria-pressed:border-brand-700 aria-pressed:bg-brand-50"
                  >
                    <bdi>{i.fileName}</bdi> · {formatDay(i.createdAt.slice(0, 10), lang)}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {report.data ? (
            <Report
              report={report.data}
              summary={list.data.find((i) => i.id === shownId)}
              onDownload={() => download.mutate(report.data.id)}
              downloading={download.isPending}
            />
          ) : report.isError ? (
            <p role="alert" className="text-red-900">
              {t('loadError')}
            </p>
          ) : (
            <Loading className="py-4" />
          )}
        </>
      )}
    </div>
  );
}

function Report({
  report,
  summary,
  onDownload,
  downloading,
}: {
  report: ParcelImport;
  summary: ParcelImportSummary | undefined;
  onDownload: () => void;
  downloading: boolean;
}) {
  const { t, i18n } = useTranslation('organisations');
  const lang = asLang(i18n.language);
  const n = (v: number) => formatNumber(v, lang, 0);
  const refused = report.refused.length;
  return (
    <div className="rounded-xl border border-stone-200 p-3" data-testid="import-report" aria-live="polite">
      <p className="font-semibold break-words text-stone-900">
        <bdi>{report.fileName}</bdi>
      </p>
      {report.status === 'queued' || report.status === 'running' ? (
        <p className="text-stone-700" data-testid="import-progress">
          {report.total === null ? t('imports.queued') : t('imports.running', { total: n(report.total) })}
        </p>
      ) : report.status === 'failed' ? (
        <p role="alert" className="text-red-900" data-testid="import-failed">
          {t(`imports.error.${report.error ?? 'unreadable'}`)}
        </p>
      ) : (
        <>
          <p className="text-stone-800" data-testid="import-counts">
            {t('imports.counts', {
              total: n(report.total ?? 0),
              accepted: n(report.accepted),
              refused: n(summary?.refusedCount ?? refused),
            })}
            {report.repaired > 0 ? ` ${t('imports.repaired', { n: n(report.repaired) })}` : ''}
          </p>
          {refused > 0 ? (
            <>
              <table className="mt-2 w-full text-start text-sm" data-testid="import-refusals">
                <caption className="sr-only">{t('imports.refusedCaption')}</caption>
                <thead>
                  <tr className="text-stone-600">
                    <th scope="col" className="py-1 text-start font-semibold">
                      {t('imports.feature')}
                    </th>
                    <th scope="col" className="py-1 text-start font-semibold">
                      {t('imports.reason')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {report.refused.slice(0, SHOWN_REFUSALS).map((r) => (
                    <tr key={r.feature}>
                      <td className="py-1 align-top tabular-nums">{n(r.feature)}</td>
                      <td className="py-1 break-words">
                        {t(`imports.refusal.${r.reason}`)}
                        {r.detail ? (
                          <span className="text-stone-600">
                            {' '}
                            (<bdi dir="ltr">{r.detail}</bdi>)
                          </span>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {refused > SHOWN_REFUSALS ? (
                <p className="text-sm text-stone-700">{t('imports.more', { n: n(refused - SHOWN_REFUSALS) })}</p>
              ) : null}
              <button
                type="button"
                onClick={onDownload}
                disabled={downloading}
                className="mt-2 min-h-11 rounded-lg border border-brand-700 px-4 font-semibold text-brand-800 disabled:opacity-60"
              >
                {t('imports.download')}
              </button>
            </>
          ) : null}
        </>
      )}
    </div>
  );
}
