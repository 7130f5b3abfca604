import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SOIL_TEXTURES, type SoilTexture } from '@filaha/shared';
import type { RouteData } from '@filaha/shared/contracts';
import { SavedCopyNote } from '../../components/offline/SavedCopyNote.tsx';
import { controlClass } from '../../components/ui/fields.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { call } from '../../lib/client.ts';
import { ApiAnswerError } from '../../lib/queries.ts';
import { useErrorText } from '../../lib/useErrorText.ts';
import { todayYmd } from './dateRange.ts';
import { asLang, formatDay, formatNumber } from './format.ts';

type Water = RouteData<'GET /parcelle/:id/water'>;

export const waterKey = (parcelId: number) => ['farm', 'water', parcelId] as const;

const SOILS = Object.keys(SOIL_TEXTURES) as SoilTexture[];
/** Plan errors the card explains in its own words, with the way to a plan that holds the water advice. */
const PLAN_CODES = new Set(['SUBSCRIPTION_REQUIRED', 'SUBSCRIPTION_INACTIVE', 'FEATURE_NOT_IN_PLAN']);

/**
 * The parcel's water (issue 31 §5): today's advice in mm and hours of the farmer's system, the next 6 days as bars
 * with the forecast rain, the season's rain against normal, the soil and water source, and "I irrigated" in two
 * taps. Kept for offline reading like the other parcel answers, with the date it was saved.
 */
export function WaterCard({ parcelId, compact = false }: { parcelId: number; compact?: boolean }) {
  const { t } = useTranslation('farm');
  // Another day than the latest (a past week, to see what the balance said then); undefined: the latest.
  const [day, setDay] = useState<string | undefined>(undefined);
  const water = useQuery({
    queryKey: [...waterKey(parcelId), day ?? 'latest'],
    queryFn: () => call('GET /parcelle/:id/water', { params: { id: parcelId }, query: day ? { date: day } : {} }),
    retry: (count, error) => !(error instanceof ApiAnswerError && error.status < 500) && count < 2,
    placeholderData: (previous) => previous,
  });
  const titleId = `water-title-${parcelId}`;
  return (
    <section
      id={compact ? undefined : 'water'}
      aria-labelledby={titleId}
      className="rounded-2xl border border-sky-200 bg-white p-4"
      data-testid="water-card"
    >
      <h2 id={titleId} className="flex items-center gap-2 text-base font-bold text-stone-900">
        <span aria-hidden="true" className="inline-block size-3 rounded-full bg-sky-600" />
        {t('water.title')}
      </h2>
      <SavedCopyNote prefix={`/parcelle/${parcelId}/water`} />
      {water.isPending ? (
        <Loading className="py-4" />
      ) : water.isError ? (
        water.error instanceof ApiAnswerError && PLAN_CODES.has(water.error.code) ? (
          <p className="mt-2 text-sm text-stone-800" data-testid="water-plan">
            {t('water.notInPlan')}{' '}
            <Link to="/offre" className="font-semibold text-brand-800 underline">
              {t('water.seePlans')}
            </Link>
          </p>
        ) : (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {t('water.loadError')}
          </p>
        )
      ) : (
        <WaterBody water={water.data} compact={compact} onDay={setDay} />
      )}
    </section>
  );
}

function WaterBody({ water, compact, onDay }: { water: Water; compact: boolean; onDay: (day: string) => void }) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const mm = (v: number) => formatNumber(v, lang, v < 10 ? 1 : 0);
  const hours = (v: number) => formatNumber(v, lang, 1);
  const { advice, day, missing } = water;
  const system = water.settings.irrigationSystem;
  return (
    <div className="mt-2 space-y-4">
      {compact ? null : (
        <div>
          <label htmlFor={`water-day-${water.parcelId}`} className="block text-sm font-semibold text-stone-800">
            {t('water.day')}
          </label>
          <input
            id={`water-day-${water.parcelId}`}
            type="date"
            value={water.date}
            max={todayYmd()}
            onChange={(e) => {
              if (/^\d{4}-\d{2}-\d{2}$/.test(e.target.value)) onDay(e.target.value);
            }}
            className={`${controlClass} mt-1`}
          />
        </div>
      )}
      <p className="text-sm text-stone-600">
        {t('water.dayOf', { date: formatDay(water.date, lang) })}
        {water.sources.weather === 'synthetic' ? (
          <span className="ms-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-950">
            {t('water.synthetic')}
          </span>
        ) : null}
      </p>
      {missing.length > 0 ? (
        <ul className="space-y-1 text-sm text-stone-800" data-testid="water-missing">
          {missing.map((m) => (
            <li key={m}>
              {t(`water.missing.${m}`)}
              {m === 'crop' || m === 'sowing_date' ? (
                <>
                  {' '}
                  <a href="#crop-title" className="font-semibold text-brand-800 underline">
                    {t('water.fillCrop')}
                  </a>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {day ? (
        <div data-testid="water-advice" className="rounded-xl bg-sky-50 p-3">
          {advice?.due ? (
            <p className="text-lg font-bold text-sky-950">
              {advice.supplemental ? t('water.supplemental') : t('water.irrigateNow')}{' '}
              <bdi>{t('water.mm', { value: mm(advice.depthMm) })}</bdi>
              {advice.hours !== null ? (
                <>
                  {' '}
                  <bdi>
                    {t('water.hoursOf', {
                      value: hours(advice.hours),
                      system: t(`cropSeason.systems.${system ?? 'other'}`),
                    })}
                  </bdi>
                </>
              ) : null}
            </p>
          ) : (
            <p className="text-lg font-bold text-sky-950">
              {advice || water.settings.irrigated ? t('water.noNeed') : t('water.rainfed')}
            </p>
          )}
          <p className="mt-1 text-sm text-stone-700">
            {t('water.reserve', {
              used: mm(day.depletion),
              readily: mm(day.raw),
              total: mm(day.taw),
            })}
          </p>
          {advice && advice.hours === null && advice.due ? (
            <p className="mt-1 text-xs text-stone-600">{t('water.noFlow')}</p>
          ) : null}
          {water.settings.irrigated && water.irrigations.length === 0 ? (
            <p className="mt-1 text-xs text-stone-600" data-testid="water-none-recorded">
              {t('water.noneRecorded')}
            </p>
          ) : null}
        </div>
      ) : null}
      {water.plan.length > 0 ? <PlanBars plan={water.plan} /> : null}
      {water.drought ? <Drought drought={water.drought} /> : null}
      {compact ? (
        <Link
          to={`/user/ferme-map/${water.parcelId}#water`}
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
        >
          {t('water.details')}
        </Link>
      ) : (
        <Irrigate water={water} />
      )}
      {!compact ? <Settings water={water} /> : null}
      {day && !compact ? (
        <details className="text-sm text-stone-700">
          <summary className="min-h-11 cursor-pointer py-2 font-semibold text-stone-900">{t('water.how')}</summary>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1" data-testid="water-inputs">
            <dt>{t('water.inputs.temperature')}</dt>
            <dd>
              <bdi dir="ltr">
                {formatNumber(day.inputs.tMin, lang, 1)} – {formatNumber(day.inputs.tMax, lang, 1)} °C
              </bdi>
            </dd>
            <dt>{t('water.inputs.wind')}</dt>
            <dd>
              <bdi dir="ltr">{formatNumber(day.inputs.wind2m, lang, 1)} m/s</bdi>
            </dd>
            <dt>{t('water.inputs.radiation')}</dt>
            <dd>
              <bdi dir="ltr">{formatNumber(day.inputs.radiation, lang, 1)} MJ/m²</bdi>
            </dd>
            <dt>{t('water.inputs.rain')}</dt>
            <dd>{t('water.mm', { value: mm(day.inputs.rain) })}</dd>
            <dt>ET0</dt>
            <dd>{t('water.mmDay', { value: formatNumber(day.et0, lang, 1) })}</dd>
            <dt>Kc</dt>
            <dd>
              <bdi dir="ltr">{formatNumber(day.kc, lang, 2)}</bdi>{' '}
              {t('water.kcOf', { stage: t(`water.stages.${day.stage}`), table: formatNumber(day.kcTable, lang, 2) })}
            </dd>
            <dt>ETc</dt>
            <dd>{t('water.mmDay', { value: formatNumber(day.etc, lang, 1) })}</dd>
          </dl>
          <p className="mt-2 text-xs text-stone-600">{t('water.rules', { version: water.rules.version })}</p>
        </details>
      ) : null}
    </div>
  );
}

/** The next 6 days: the crop's use (ETc) and the forecast rain as bars, an irrigation marked on its day. */
function PlanBars({ plan }: { plan: Water['plan'] }) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const top = Math.max(1, ...plan.map((p) => Math.max(p.etc, p.rain)));
  const weekday = (d: string) =>
    new Intl.DateTimeFormat(lang === 'ar' ? 'ar-DZ' : 'fr-DZ', { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(`${d}T00:00:00Z`),
    );
  return (
    <div>
      <h3 className="text-sm font-bold text-stone-900">{t('water.plan')}</h3>
      <ol className="mt-2 grid grid-cols-6 gap-1" data-testid="water-plan">
        {plan.map((p) => (
          <li key={p.date} className="flex flex-col items-center text-center text-xs text-stone-700">
            <div className="flex h-20 items-end gap-0.5" aria-hidden="true">
              <span className="w-2.5 rounded-t bg-amber-500" style={{ height: `${(p.etc / top) * 100}%` }} />
              <span className="w-2.5 rounded-t bg-sky-600" style={{ height: `${(p.rain / top) * 100}%` }} />
            </div>
            <span className="mt-1 font-semibold">{weekday(p.date)}</span>
            <span className="sr-only">
              {t('water.planDay', {
                date: formatDay(p.date, lang),
                etc: formatNumber(p.etc, lang, 1),
                rain: formatNumber(p.rain, lang, 1),
              })}
            </span>
            {p.irrigateMm > 0 ? (
              <span className="mt-0.5 rounded bg-sky-100 px-1 font-semibold text-sky-950">
                {t('water.mm', { value: formatNumber(p.irrigateMm, lang, 0) })}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      <p className="mt-1 flex flex-wrap gap-3 text-xs text-stone-600">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-2.5 rounded bg-amber-500" />
          {t('water.legendUse')}
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-2.5 rounded bg-sky-600" />
          {t('water.legendRain')}
        </span>
      </p>
    </div>
  );
}

function Drought({ drought }: { drought: NonNullable<Water['drought']> }) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const rows = (
    [
      ['season', drought.season],
      ['last90', drought.last90],
      ['last30', drought.last30],
    ] as const
  ).filter(([, r]) => r !== null);
  if (rows.length === 0) return null;
  return (
    <div data-testid="water-drought">
      <h3 className="text-sm font-bold text-stone-900">{t('water.drought')}</h3>
      <ul className="mt-1 space-y-1 text-sm text-stone-800">
        {rows.map(([key, r]) => (
          <li key={key}>
            {t(`water.window.${key}`, { from: formatDay(r!.from, lang) })}{' '}
            {t('water.rainAgainst', {
              rain: formatNumber(r!.rain, lang, 0),
              percent: r!.percentOfNormal === null ? '—' : formatNumber(r!.percentOfNormal, lang, 0),
              normal: formatNumber(r!.normal, lang, 0),
            })}
            {r!.percentile <= 20 ? <strong className="ms-1 text-amber-900">{t('water.dry')}</strong> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "I irrigated": one tap opens it with today and the advised depth (or the hours of the system), one confirms. */
function Irrigate({ water }: { water: Water }) {
  const { t, i18n } = useTranslation('farm');
  const lang = asLang(i18n.language);
  const client = useQueryClient();
  const errorText = useErrorText();
  const byHours = water.settings.irrigated && water.settings.flowRateM3h !== null;
  const advised = water.advice?.due ? water.advice : null;
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(todayYmd());
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const record = useMutation({
    mutationFn: (body: { date: string; depthMm?: number; hours?: number }) =>
      call('POST /parcelle/:id/irrigations', { params: { id: water.parcelId }, body }),
    onMutate: () => setProblem(null),
    onSuccess: async (answer) => {
      setOpen(false);
      setDone(
        t('water.recorded', { value: formatNumber(answer.depthMm, lang, 1), date: formatDay(answer.date, lang) }),
      );
      await client.invalidateQueries({ queryKey: waterKey(water.parcelId) });
    },
    onError: (error) => setProblem(errorText(error)),
  });
  const start = () => {
    setDone(null);
    setDate(todayYmd());
    const suggested = advised ? (byHours && advised.hours !== null ? advised.hours : advised.depthMm) : null;
    setAmount(suggested === null ? '' : String(Math.round(suggested * 10) / 10));
    setOpen(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(amount.replace(',', '.'));
    if (!Number.isFinite(value) || value <= 0) return setProblem(t('water.amountRequired'));
    record.mutate(byHours ? { date, hours: value } : { date, depthMm: value });
  };
  return (
    <div>
      {!open ? (
        <button
          type="button"
          onClick={start}
          className="min-h-11 w-full rounded-lg bg-sky-700 px-4 font-semibold text-white hover:bg-sky-800"
        >
          {t('water.irrigated')}
        </button>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-2" aria-label={t('water.irrigated')}>
          <div className="grid grid-cols-2 gap-2">
            <div>
              <label htmlFor={`irr-date-${water.parcelId}`} className="block text-sm font-semibold text-stone-800">
                {t('water.date')}
              </label>
              <input
                id={`irr-date-${water.parcelId}`}
                type="date"
                value={date}
                max={todayYmd()}
                onChange={(e) => setDate(e.target.value)}
                className={`${controlClass} mt-1`}
              />
            </div>
            <div>
              <label htmlFor={`irr-amount-${water.parcelId}`} className="block text-sm font-semibold text-stone-800">
                {byHours ? t('water.hoursLabel') : t('water.mmLabel')}
              </label>
              <input
                id={`irr-amount-${water.parcelId}`}
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                className={`${controlClass} mt-1`}
              />
            </div>
          </div>
          {problem ? (
            <p role="alert" className="text-sm text-red-800">
              {problem}
            </p>
          ) : null}
          <div className="flex gap-2">
            <button
              type="submit"
              disabled={record.isPending}
              className="min-h-11 flex-1 rounded-lg bg-sky-700 px-4 font-semibold text-white hover:bg-sky-800 disabled:opacity-60"
            >
              {t('water.confirm')}
            </button>
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="min-h-11 rounded-lg border border-stone-300 px-4 font-semibold text-stone-800"
            >
              {t('water.cancel')}
            </button>
          </div>
        </form>
      )}
      {done ? (
        <p role="status" className="mt-2 text-sm text-green-800">
          {done}
        </p>
      ) : null}
      {water.irrigations.length > 0 ? (
        <p className="mt-2 text-xs text-stone-600" data-testid="water-last-irrigation">
          {t('water.lastIrrigation', {
            date: formatDay(water.irrigations.at(-1)!.date, lang),
            value: formatNumber(water.irrigations.at(-1)!.depthMm, lang, 1),
          })}
        </p>
      ) : null}
    </div>
  );
}

/** The soil texture and the water source: what the balance's reserve and the supplemental prompt need. */
function Settings({ water }: { water: Water }) {
  const { t } = useTranslation('farm');
  const client = useQueryClient();
  const errorText = useErrorText();
  const [soil, setSoil] = useState<SoilTexture | ''>(water.settings.soilTexture ?? '');
  const [source, setSource] = useState(water.settings.waterSource);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      call('PUT /parcelle/:id/water/settings', {
        params: { id: water.parcelId },
        body: { soilTexture: soil === '' ? null : soil, waterSource: source },
      }),
    onMutate: () => setProblem(null),
    onSuccess: () => client.invalidateQueries({ queryKey: waterKey(water.parcelId) }),
    onError: (error) => setProblem(errorText(error)),
  });
  const id = `water-${water.parcelId}`;
  const changed = soil !== (water.settings.soilTexture ?? '') || source !== water.settings.waterSource;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
      noValidate
      className="space-y-2 border-t border-stone-100 pt-3"
      aria-label={t('water.settings')}
    >
      <label htmlFor={`${id}-soil`} className="block text-sm font-semibold text-stone-800">
        {t('water.soil')}
      </label>
      <select
        id={`${id}-soil`}
        value={soil}
        onChange={(e) => setSoil(e.target.value as SoilTexture)}
        className={controlClass}
      >
        <option value="">{t('water.chooseSoil')}</option>
        {SOILS.map((s) => (
          <option key={s} value={s}>
            {t(`water.soils.${s}`)}
          </option>
        ))}
      </select>
      <label className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
        <input type="checkbox" checked={source} onChange={(e) => setSource(e.target.checked)} className="size-5" />
        {t('water.waterSource')}
      </label>
      {problem ? (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={!changed || save.isPending}
        className="min-h-11 rounded-lg border border-brand-700 px-4 font-semibold text-brand-800 disabled:opacity-50"
      >
        {t('water.save')}
      </button>
    </form>
  );
}
