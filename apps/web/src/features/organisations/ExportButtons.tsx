import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pathOf } from '../../lib/client.ts';
import { downloadWithToken } from '../../lib/download.ts';
import { useErrorText } from '../../lib/useErrorText.ts';
import { asLang } from '../farm/format.ts';

type Format = 'csv' | 'gpkg';

/**
 * The organisation's parcels as a file (issue 30 §2): CSV in the page's language (for a spreadsheet, and importable
 * again) or GeoPackage (for QGIS and the like), each with the crop, the latest NDVI point and the condition.
 */
export function ExportButtons({ organisationId }: { organisationId: number }) {
  const { t, i18n } = useTranslation('organisations');
  const lang = asLang(i18n.language);
  const errorText = useErrorText();
  const [problem, setProblem] = useState<string | null>(null);
  const download = useMutation({
    mutationFn: (format: Format) =>
      format === 'csv'
        ? downloadWithToken(
            pathOf('/organisations/:id/export.csv', { params: { id: organisationId }, query: { lang } }),
            lang,
            'parcels.csv',
          )
        : downloadWithToken(
            pathOf('/organisations/:id/export.gpkg', { params: { id: organisationId } }),
            lang,
            'parcels.gpkg',
            'application/geopackage+sqlite3',
          ),
    onMutate: () => setProblem(null),
    onError: (error) => setProblem(errorText(error)),
  });
  return (
    <div className="mt-2 space-y-2">
      <div className="flex flex-wrap gap-2">
        {(['csv', 'gpkg'] as const).map((format) => (
          <button
            key={format}
            type="button"
            onClick={() => download.mutate(format)}
            disabled={download.isPending}
            className="min-h-11 rounded-lg border border-brand-700 px-4 font-semibold text-brand-800 disabled:opacity-60"
          >
            {t(`export.${format}`)}
          </button>
        ))}
      </div>
      <p className="text-sm text-stone-600">{t('export.note')}</p>
      {problem ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
