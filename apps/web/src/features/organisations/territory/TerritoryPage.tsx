import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  CONDITION_CLASSES,
  CONDITION_RULE,
  CROPS,
  WILAYAS,
  seasonOf,
  type ConditionClass,
  type Crop,
} from '@filaha/shared';
import type { RouteInput } from '@filaha/shared/contracts';
import { controlClass } from '../../../components/ui/fields.tsx';
import { Loading } from '../../../components/ui/Loading.tsx';
import { call } from '../../../lib/client.ts';
import { scrollBehavior } from '../../../lib/format.ts';
import { asLang, formatDay, formatNumber } from '../../farm/format.ts';
import { ExportButtons } from '../ExportButtons.tsx';
import { organisationQueries } from '../organisationsApi.ts';
import { CONDITION_COLORS } from './conditionColors.ts';
import { CropCurve, CurveChart, useSeasonMonths } from './CropCurve.tsx';
import { WilayaTable } from './WilayaTable.tsx';

const TerritoryMap = lazy(() => import('./TerritoryMap.tsx').then((m) => ({ default: m.TerritoryMap })));

type Query = RouteInput<'GET /organisations/:id/territory'>['query'];

/** The rule's cuts in words a reader checks at a glance: each class and its range of z (left to right in Arabic too). */
function cutsOf(
  rule: { wellBelow: number; below: number; above: number },
  num: (v: number) => string,
): Array<[ConditionClass, string]> {
  return [
    ['well_below', `z ≤ ${num(rule.wellBelow)}`],
    ['below', `${num(rule.wellBelow)} < z ≤ ${num(rule.below)}`],
    ['normal', `${num(rule.below)} < z < ${num(rule.above)}`],
    ['above', `z ≥ ${num(rule.above)}`],
  ];
}

/** The crop with the most parcels (the crop curve's first choice when no crop is filtered). */
function mainCrop(crops: Array<{ crop: Crop | null; parcels: number }>): Crop {
  const count = new Map<Crop, number>();
  for (const c of crops) if (c.crop) count.set(c.crop, (count.get(c.crop) ?? 0) + c.parcels);
  return [...count].sort((a, b) => b[1] - a[1])[0]?.[0] ?? CROPS[0];
}

/** The filters as the URL keeps them (a link to the view keeps its filters) and as the API takes them. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const crop = params.get('crop');
  const condition = params.get('condition');
  const irrigated = params.get('irrigated');
  const wilaya = params.get('wilaya');
  const query: NonNullable<Query> = {
    ...(crop && (CROPS as readonly string[]).includes(crop) ? { crop: crop as Crop } : {}),
    ...(condition && ([...CONDITION_CLASSES, 'none'] as string[]).includes(condition)
      ? { condition: condition as ConditionClass | 'none' }
      : {}),
    ...(irrigated === 'true' || irrigated === 'false' ? { irrigated } : {}),
    ...(wilaya && /^\d{1,2}$/.test(wilaya) && Number(wilaya) <= WILAYAS.length ? { wilaya: Number(wilaya) } : {}),
  };
  const set = (name: 'crop' | 'condition' | 'irrigated' | 'wilaya', value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return { query, set };
}

/**
 * /user/organisations/:id/territory (issue 30 §3): the parcels the organisation follows, coloured by condition on a
 * map of vector tiles, counted per class with the legend's rule, filtered by crop, class and irrigation, and the
 * list of parcels to visit (well below normal, the largest first) — printable, exportable; a parcel opens with its
 * farmer's contact when the organisation has it.
 */
export function TerritoryPage() {
  const { t, i18n } = useTranslation('organisations');
  const lang = asLang(i18n.language);
  const id = Number(useParams().id);
  const org = useQuery(organisationQueries.one(id));
  const { query, set } = useFilters();
  const search = new URLSearchParams(query as Record<string, string>).toString();
  const summary = useQuery({
    queryKey: ['organisations', 'territory', id, search],
    queryFn: () => call('GET /organisations/:id/territory', { params: { id }, query }),
  });
  const [picked, setPicked] = useState<number | null>(null);
  const n = (v: number, digits = 0) => formatNumber(v, lang, digits);
  const classOrder = useMemo(() => [...CONDITION_CLASSES, null] as Array<ConditionClass | null>, []);

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-5xl space-y-4" data-testid="territory-page">
      <div>
        <h1 id="page-title" className="text-2xl font-bold break-words text-stone-900">
          {t('territory.title')}
        </h1>
        {org.data ? <p className="text-stone-700">{org.data.name}</p> : null}
        <Link
          to={`/user/organisations/${id}`}
          className="mt-1 inline-block font-semibold text-brand-800 underline print:hidden"
        >
          {t('territory.back')}
        </Link>
      </div>

      <form
        className="flex flex-wrap gap-3 print:hidden"
        aria-label={t('territory.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="min-w-0 flex-[1_1_10rem] text-sm font-semibold text-stone-800">
          {t('territory.crop')}
          <select
            value={query.crop ?? ''}
            onChange={(e) => set('crop', e.target.value)}
            className={`${controlClass} mt-1`}
          >
            <option value="">{t('territory.allCrops')}</option>
            {CROPS.map((c) => (
              <option key={c} value={c}>
                {t(`crop.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="min-w-0 flex-[1_1_10rem] text-sm font-semibold text-stone-800">
          {t('territory.condition')}
          <select
            value={query.condition ?? ''}
            onChange={(e) => set('condition', e.target.value)}
            className={`${controlClass} mt-1`}
          >
            <option value="">{t('territory.allConditions')}</option>
            {CONDITION_CLASSES.map((c) => (
              <option key={c} value={c}>
                {t(`territory.class.${c}`)}
              </option>
            ))}
            <option value="none">{t('territory.class.none')}</option>
          </select>
        </label>
        <label className="min-w-0 flex-[1_1_10rem] text-sm font-semibold text-stone-800">
          {t('territory.irrigation')}
          <select
            value={query.irrigated ?? ''}
            onChange={(e) => set('irrigated', e.target.value)}
            className={`${controlClass} mt-1`}
          >
            <option value="">{t('territory.allIrrigation')}</option>
            <option value="true">{t('territory.irrigated')}</option>
            <option value="false">{t('territory.rainfed')}</option>
          </select>
        </label>
        <label className="min-w-0 flex-[1_1_10rem] text-sm font-semibold text-stone-800">
          {t('territory.wilaya')}
          <select
            value={query.wilaya === undefined ? '' : String(query.wilaya)}
            onChange={(e) => set('wilaya', e.target.value)}
            className={`${controlClass} mt-1`}
          >
            <option value="">{t('territory.allWilayas')}</option>
            {WILAYAS.map((w) => (
              <option key={w.id} value={String(w.id)}>
                {String(w.id).padStart(2, '0')} — {w[lang]}
              </option>
            ))}
            <option value="0">{t('territory.wilayas.outside')}</option>
          </select>
        </label>
      </form>

      {summary.isPending ? (
        <Loading className="py-8" />
      ) : summary.isError ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {t('loadError')}
        </p>
      ) : (
        <>
          <div className="rounded-2xl border border-stone-200 bg-white p-4" data-testid="territory-summary">
            <p className="font-semibold text-stone-900">
              {t('territory.total', { parcels: n(summary.data.total.parcels), area: n(summary.data.total.areaHa, 1) })}
            </p>
            <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('territory.legend')}>
              {classOrder.map((klass) => {
                const c = summary.data.classes.find((x) => x.class === klass);
                return (
                  <li
                    key={klass ?? 'none'}
                    className="flex items-center gap-2 rounded-lg border border-stone-200 px-2 py-1 text-sm"
                    data-testid="territory-class"
                  >
                    <span
                      aria-hidden
                      className="inline-block size-4 rounded-sm"
                      style={{ background: CONDITION_COLORS[klass ?? 'none'] }}
                    />
                    <span>
                      {t(`territory.class.${klass ?? 'none'}`)} — {n(c?.parcels ?? 0)} · {n(c?.areaHa ?? 0, 1)}{' '}
                      {t('territory.ha')}
                    </span>
                  </li>
                );
              })}
            </ul>
            <p className="mt-2 text-sm text-stone-600" data-testid="territory-rule">
              {t('territory.rule', {
                days: CONDITION_RULE.windowDays,
                history: CONDITION_RULE.minHistory,
                peers: CONDITION_RULE.minPeers,
              })}
            </p>
            <ul className="mt-1 space-y-0.5 text-sm text-stone-700" data-testid="territory-cuts">
              {cutsOf(summary.data.rule, (v) => n(v, 1)).map(([klass, expr]) => (
                <li key={klass}>
                  <bdi dir="ltr" className="tabular-nums">
                    {expr}
                  </bdi>{' '}
                  — {t(`territory.class.${klass}`)}
                </li>
              ))}
            </ul>
            <p className="mt-1 text-sm text-stone-600">
              {t('territory.computedAt', { date: formatDay(summary.data.computedAt.slice(0, 10), lang) })}
            </p>
          </div>

          <div className="print:hidden">
            <Suspense fallback={<Loading className="py-8" />}>
              <TerritoryMap
                organisationId={id}
                query={search ? `?${search}` : ''}
                extent={summary.data.extent}
                label={t('territory.map')}
                onPick={setPicked}
              />
            </Suspense>
            <p className="mt-1 text-sm text-stone-600">{t('territory.mapHint')}</p>
          </div>

          {picked !== null ? (
            <PickedParcel organisationId={id} parcelId={picked} onClose={() => setPicked(null)} />
          ) : null}

          <WilayaTable summary={summary.data} />

          <CropCurve
            key={query.crop ?? 'main'}
            organisationId={id}
            initialCrop={query.crop ?? mainCrop(summary.data.crops)}
          />

          <section className="rounded-2xl border border-stone-200 bg-white p-4" aria-labelledby="visits-title">
            <h2 id="visits-title" className="text-lg font-bold text-stone-900">
              {t('territory.visits')}
            </h2>
            <p className="mt-1 text-sm text-stone-600">{t('territory.visitsNote')}</p>
            {summary.data.visits.length === 0 ? (
              <p className="mt-2 text-stone-700" data-testid="visits-empty">
                {t('territory.noVisits')}
              </p>
            ) : (
              <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="visits-title">
                <table className="w-full text-start text-sm" data-testid="visits">
                  <thead>
                    <tr className="text-stone-600">
                      <th scope="col" className="py-1 pe-3 text-start font-semibold">
                        {t('territory.parcel')}
                      </th>
                      <th scope="col" className="py-1 pe-3 text-start font-semibold">
                        {t('territory.crop')}
                      </th>
                      <th scope="col" className="py-1 pe-3 text-start font-semibold">
                        {t('territory.area')}
                      </th>
                      <th scope="col" className="py-1 pe-3 text-start font-semibold">
                        {t('territory.gap')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-stone-100">
                    {summary.data.visits.map((v) => (
                      <tr key={v.id} data-testid="visit">
                        <td className="py-1 pe-3">
                          <button
                            type="button"
                            onClick={() => setPicked(v.id)}
                            className="min-h-11 text-start font-semibold break-words text-brand-800 underline"
                          >
                            {v.name}
                          </button>
                          <span className="block text-stone-600">
                            {v.farmer ? v.farmer.userName : t('territory.own')}
                          </span>
                        </td>
                        <td className="py-1 pe-3">{v.crop ? t(`crop.${v.crop}`) : '—'}</td>
                        <td className="py-1 pe-3 tabular-nums">
                          {n(v.areaHa, 1)} {t('territory.ha')}
                        </td>
                        <td className="py-1 pe-3 tabular-nums">
                          <bdi dir="ltr">z = {n(v.z, 1)}</bdi>
                          {v.pointDate ? (
                            <span className="block text-stone-600">{formatDay(v.pointDate, lang)}</span>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <div className="mt-3 flex flex-wrap gap-2 print:hidden">
              <button
                type="button"
                onClick={() => window.print()}
                className="min-h-11 rounded-lg border border-stone-400 px-4 font-semibold text-stone-800"
              >
                {t('territory.print')}
              </button>
            </div>
            <div className="print:hidden">
              <ExportButtons organisationId={id} />
            </div>
          </section>
        </>
      )}
    </section>
  );
}

/** A parcel's measured points as two seasons (that of its latest point, and the one before) for CurveChart. */
function parcelCurve(points: Array<{ date: string; median: number | null; p25: number | null; p75: number | null }>) {
  const last = points.at(-1);
  if (!last) return null;
  const season = seasonOf(last.date);
  const of = (s: number) =>
    points
      .filter((p) => seasonOf(p.date) === s)
      .map((p) => ({ date: p.date, parcels: 1, median: p.median!, p25: p.p25 ?? p.median!, p75: p.p75 ?? p.median! }));
  return { season, current: of(season), previous: of(season - 1), minParcels: 1 };
}

/** A parcel opened from the map or the list: its farmer (and contact, when the organisation has it), its last points. */
function PickedParcel({
  organisationId,
  parcelId,
  onClose,
}: {
  organisationId: number;
  parcelId: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('organisations');
  const lang = asLang(i18n.language);
  const parcel = useQuery({
    queryKey: ['organisations', 'parcel', organisationId, parcelId],
    queryFn: () => call('GET /organisations/:id/parcels/:parcelId', { params: { id: organisationId, parcelId } }),
  });
  const points = useQuery({
    queryKey: ['organisations', 'points', organisationId, parcelId],
    queryFn: () =>
      call('GET /organisations/:id/parcels/:parcelId/points', {
        params: { id: organisationId, parcelId },
        query: { index: 'NDVI', limit: 1000 },
      }),
  });
  const measured = (points.data?.items ?? []).filter((p) => p.status === 'point' && p.median !== null);
  const recent = measured.slice(-8);
  const curve = parcelCurve(measured);
  const months = useSeasonMonths(lang);
  // Opened from the list far below, or from the map: brought into view, its title focused.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView?.({ behavior: scrollBehavior(), block: 'start' });
    panel.current?.focus();
  }, [parcelId]);
  return (
    <section
      ref={panel}
      tabIndex={-1}
      className="scroll-mt-20 rounded-2xl border-2 border-brand-700 bg-white p-4"
      aria-labelledby="picked-title"
      data-testid="picked-parcel"
    >
      {parcel.isPending ? (
        <Loading className="py-4" />
      ) : parcel.isError ? (
        <p role="alert" className="text-red-900">
          {t('loadError')}
        </p>
      ) : (
        <>
          <h2 id="picked-title" className="text-lg font-bold break-words text-stone-900">
            {parcel.data.name}
          </h2>
          <p className="text-stone-700">
            {parcel.data.farmer ? parcel.data.farmer.userName : t('territory.own')} ·{' '}
            {formatNumber(parcel.data.areaHa, lang, 2)} {t('territory.ha')}
            {parcel.data.farmerContact ? (
              <>
                {' · '}
                <bdi dir="ltr">{parcel.data.farmerContact}</bdi>
              </>
            ) : null}
          </p>
          <h3 className="mt-2 font-semibold text-stone-900">{t('territory.points')}</h3>
          {points.isPending ? (
            <Loading className="py-2" />
          ) : recent.length === 0 ? (
            <p className="text-stone-700">{t('territory.noPoints')}</p>
          ) : (
            <ol className="mt-1 flex flex-wrap gap-2 text-sm" data-testid="picked-points">
              {recent.map((p) => (
                <li key={`${p.date}-${p.sceneId}-${p.basis}`} className="rounded bg-stone-100 px-2 py-1 tabular-nums">
                  {formatDay(p.date, lang)}: {formatNumber(p.median!, lang, 2)}
                </li>
              ))}
            </ol>
          )}
          {curve ? (
            <>
              <h3 className="mt-3 font-semibold text-stone-900">{t('territory.curve.parcelTitle')}</h3>
              <CurveChart data={curve} months={months} n={(v) => formatNumber(v, lang, 2)} lang={lang} parcel />
            </>
          ) : null}
        </>
      )}
      <button
        type="button"
        onClick={onClose}
        className="mt-3 min-h-11 rounded-lg border border-stone-400 px-4 font-semibold text-stone-800"
      >
        {t('territory.close')}
      </button>
    </section>
  );
}
