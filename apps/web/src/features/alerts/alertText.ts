import type { TFunction } from 'i18next';
import type { AlertItem } from './alertsApi.ts';
import type { LangCode } from '../../i18n/languages.ts';
import { formatDay, formatNumber, formatPercent } from '../farm/format.ts';

/** What happened, in one sentence with its numbers (the same facts as the e-mail). */
export function alertSentence(alert: AlertItem, t: TFunction<'alerts'>, lang: LangCode): string {
  const n = (v: number | null) => formatNumber(v ?? 0, lang, 2, 2);
  const previousDate = alert.previousDate ? formatDay(alert.previousDate, lang) : '';
  switch (alert.rule) {
    case 'NEW_IMAGE':
      return t('what.NEW_IMAGE', { visible: formatPercent(alert.value ?? 0, lang) });
    case 'DROP':
      return t(alert.likelyHarvest ? 'what.DROP_HARVEST' : 'what.DROP', {
        index: alert.index,
        fall: n((alert.previous ?? 0) - (alert.value ?? 0)),
        previous: n(alert.previous),
        value: n(alert.value),
        previousDate,
      });
    case 'WATER_STRESS': {
      const ndmi = t('what.WATER_STRESS', { index: alert.index, value: n(alert.value), threshold: n(alert.threshold) });
      if (alert.depletion === null || alert.raw === null) return ndmi;
      const mm = (v: number) => formatNumber(v, lang, 0);
      return `${ndmi} ${t('what.WATER_STRESS_BALANCE', { used: mm(alert.depletion), readily: mm(alert.raw) })}`;
    }
    case 'PARTIAL_DROP':
      return t('what.PARTIAL_DROP', {
        index: alert.index,
        share: formatPercent(alert.value ?? 0, lang),
        threshold: n(alert.threshold),
        previousDate,
      });
  }
}

/** The farm map on the acquisition's day (with the alert's index when the catalogue knows it). */
export function mapLink(alert: AlertItem, indexId: number | undefined): string {
  const query = new URLSearchParams({
    parcel: String(alert.parcelId),
    ...(indexId === undefined ? {} : { index: String(indexId) }),
    start: alert.date,
    end: alert.date,
  });
  return `/user/ferme-map?${query.toString()}`;
}

/** The parcel page, where its season curve is. */
export const curveLink = (alert: AlertItem) => `/user/ferme-map/${alert.parcelId}`;
