import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CROPS,
  IRRIGATION_SYSTEMS as SYSTEMS,
  seasonOf,
  type Crop,
  type IrrigationSystem as System,
} from '@filaha/shared';
import type { RouteData, RouteInput } from '@filaha/shared/contracts';
import { controlClass } from '../../components/ui/fields.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { call } from '../../lib/client.ts';
import { useErrorText } from '../../lib/useErrorText.ts';
import { todayYmd } from './dateRange.ts';
import { asLang, formatDay } from './format.ts';

type Season = RouteData<'GET /parcelle/:id/seasons'>[number];
type Input = RouteInput<'PUT /parcelle/:id/seasons/:season'>['body'];

const seasonsKey = (parcelId: number) => ['farm', 'seasons', parcelId] as const;

/**
 * The parcel's crop (issue 30 §2): this season's crop, sowing date and water (rainfed, or irrigated with its
 * system and flow rate), the previous season's too, and the history of the seasons before.
 */
export function ParcelCrop({ parcelId }: { parcelId: number }) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const seasons = useQuery({
    queryKey: seasonsKey(parcelId),
    queryFn: () => call('GET /parcelle/:id/seasons', { params: { id: parcelId } }),
  });
  const current = seasonOf(todayYmd());
  const [season, setSeason] = useState(current);
  const name = (s: number) => t('cropSeason.seasonName', { from: s, to: s + 1 });
  const recorded = seasons.data?.find((s) => s.season === season) ?? null;
  const older = (seasons.data ?? []).filter((s) => s.season < current - 1);

  return (
    <section
      aria-labelledby="crop-title"
      className="rounded-2xl border border-stone-200 bg-white p-4"
      data-testid="parcel-crop"
    >
      <h2 id="crop-title" className="text-base font-bold text-stone-900">
        {t('cropSeason.title')}
      </h2>
      {seasons.isPending ? (
        <Loading className="py-4" />
      ) : seasons.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {t('cropSeason.loadError')}
        </p>
      ) : (
        <>
          <label htmlFor={`crop-${parcelId}-season`} className="mt-2 block text-sm font-semibold text-stone-800">
            {t('cropSeason.season')}
          </label>
          <select
            id={`crop-${parcelId}-season`}
            value={season}
            onChange={(e) => setSeason(Number(e.target.value))}
            className={`${controlClass} mt-1`}
          >
            {[current, current - 1].map((s) => (
              <option key={s} value={s}>
                {name(s)}
              </option>
            ))}
          </select>
          <CropForm key={season} parcelId={parcelId} season={season} recorded={recorded} />
          {older.length > 0 ? (
            <div className="mt-4">
              <h3 className="text-sm font-bold text-stone-900">{t('cropSeason.history')}</h3>
              <ul className="mt-1 space-y-1 text-sm text-stone-700" data-testid="crop-history">
                {older.map((s) => (
                  <li key={s.season}>
                    {t('cropSeason.historyLine', {
                      season: name(s.season),
                      crop: t(`cropSeason.crops.${s.crop}`),
                      sowing: s.sowingDate ? t('cropSeason.sowedOn', { date: formatDay(s.sowingDate, lang) }) : '',
                      water: s.irrigated
                        ? `${t('cropSeason.irrigated')} (${t(`cropSeason.systems.${s.irrigationSystem ?? 'other'}`)})`
                        : t('cropSeason.rainfed'),
                    })}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function CropForm({ parcelId, season, recorded }: { parcelId: number; season: number; recorded: Season | null }) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const client = useQueryClient();
  const errorText = useErrorText();
  const [crop, setCrop] = useState<Crop | ''>(recorded?.crop ?? '');
  const [sowing, setSowing] = useState(recorded?.sowingDate ?? '');
  const [irrigated, setIrrigated] = useState(recorded?.irrigated ?? false);
  const [system, setSystem] = useState<System | ''>(recorded?.irrigationSystem ?? '');
  const [flow, setFlow] = useState(recorded?.flowRateM3h == null ? '' : String(recorded.flowRateM3h));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => setSaved(false), [crop, sowing, irrigated, system, flow]);
  const save = useMutation({
    mutationFn: (body: Input) => call('PUT /parcelle/:id/seasons/:season', { params: { id: parcelId, season }, body }),
    onMutate: () => setProblem(null),
    onSuccess: (answer) => {
      client.setQueryData<Season[]>(seasonsKey(parcelId), (old) =>
        [...(old ?? []).filter((s) => s.season !== answer.season), answer].sort((a, b) => b.season - a.season),
      );
      setSaved(true);
    },
    onError: (error) => setProblem(errorText(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (crop === '') return setProblem(t('cropSeason.cropRequired'));
    if (irrigated && system === '') return setProblem(t('cropSeason.systemRequired'));
    const rate = flow.trim() === '' ? null : Number(flow.replace(',', '.'));
    save.mutate({
      crop,
      sowingDate: sowing === '' ? null : sowing,
      irrigated,
      irrigationSystem: irrigated ? (system as System) : null,
      flowRateM3h: irrigated && rate !== null && Number.isFinite(rate) ? rate : null,
    });
  };
  const id = `crop-${parcelId}-${season}`;

  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3" aria-label={t('cropSeason.title')}>
      <div>
        <label htmlFor={`${id}-crop`} className="block text-sm font-semibold text-stone-800">
          {t('cropSeason.crop')}
        </label>
        <select
          id={`${id}-crop`}
          value={crop}
          onChange={(e) => setCrop(e.target.value as Crop)}
          className={`${controlClass} mt-1`}
        >
          <option value="">{t('cropSeason.choose')}</option>
          {CROPS.map((c) => (
            <option key={c} value={c}>
              {t(`cropSeason.crops.${c}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-sowing`} className="block text-sm font-semibold text-stone-800">
          {t('cropSeason.sowing')}
        </label>
        <input
          id={`${id}-sowing`}
          type="date"
          value={sowing}
          min={`${season}-09-01`}
          max={`${season + 1}-08-31`}
          onChange={(e) => setSowing(e.target.value)}
          aria-describedby={`${id}-sowing-hint`}
          className={`${controlClass} mt-1`}
        />
        <p id={`${id}-sowing-hint`} className="mt-1 text-xs text-stone-600">
          {t('cropSeason.sowingHint', { from: season, to: season + 1 })}
          {sowing ? ` (${formatDay(sowing, lang)})` : ''}
        </p>
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-stone-800">{t('cropSeason.water')}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4">
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={`${id}-water`}
              checked={!irrigated}
              onChange={() => setIrrigated(false)}
              className="size-5"
            />
            {t('cropSeason.rainfed')}
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={`${id}-water`}
              checked={irrigated}
              onChange={() => setIrrigated(true)}
              className="size-5"
            />
            {t('cropSeason.irrigated')}
          </label>
        </div>
      </fieldset>
      {irrigated ? (
        <>
          <div>
            <label htmlFor={`${id}-system`} className="block text-sm font-semibold text-stone-800">
              {t('cropSeason.system')}
            </label>
            <select
              id={`${id}-system`}
              value={system}
              onChange={(e) => setSystem(e.target.value as System)}
              className={`${controlClass} mt-1`}
            >
              <option value="">{t('cropSeason.choose')}</option>
              {SYSTEMS.map((s) => (
                <option key={s} value={s}>
                  {t(`cropSeason.systems.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-flow`} className="block text-sm font-semibold text-stone-800">
              {t('cropSeason.flow')}
            </label>
            <input
              id={`${id}-flow`}
              inputMode="decimal"
              dir="ltr"
              value={flow}
              onChange={(e) => setFlow(e.target.value)}
              aria-describedby={`${id}-flow-hint`}
              className={`${controlClass} mt-1`}
            />
            <p id={`${id}-flow-hint`} className="mt-1 text-xs text-stone-600">
              {t('cropSeason.flowHint')}
            </p>
          </div>
        </>
      ) : null}
      {problem ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className="text-sm font-semibold text-brand-900">
          {t('cropSeason.saved')}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={save.isPending}
        className="min-h-11 w-full rounded-lg bg-brand-800 px-4 font-semibold text-white disabled:opacity-50"
      >
        {save.isPending ? t('cropSeason.saving') : t('cropSeason.save')}
      </button>
    </form>
  );
}
