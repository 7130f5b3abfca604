import type { AlertItem, AlertList, AlertRuleConfig, AlertSettings, ParcelAlertRules } from '@filaha/shared';
import { api } from '../../lib/api.ts';
import { getJson, unwrap } from '../../lib/queries.ts';

export type { AlertItem, AlertList, AlertRuleConfig, AlertSettings, ParcelAlertRules };

/** The bell asks again this often while the app is open (a new acquisition arrives every few days). */
export const ALERTS_POLL_MS = 60_000;

export const alertKeys = {
  all: ['alerts'] as const,
  list: ['alerts', 'list'] as const,
  settings: ['alerts', 'settings'] as const,
  rules: (parcelId: number) => ['alerts', 'rules', parcelId] as const,
};

export const alertQueries = {
  list: { queryKey: alertKeys.list, queryFn: () => getJson<AlertList>('/alerts?limit=100') },
  settings: { queryKey: alertKeys.settings, queryFn: () => getJson<AlertSettings>('/alerts/settings') },
  rules: (parcelId: number) => ({
    queryKey: alertKeys.rules(parcelId),
    queryFn: () => getJson<ParcelAlertRules>(`/parcelle/${parcelId}/alert-rules`),
  }),
};

export async function markRead(id: number) {
  return unwrap(await api.post<{ id: number; read: true; unread: number }>(`/alerts/${id}/read`));
}

export async function markAllRead() {
  return unwrap(await api.post<{ updated: number; unread: number }>('/alerts/read-all'));
}

export async function saveRules(parcelId: number, rules: AlertRuleConfig[]) {
  const body = {
    rules: rules.map((r) => {
      switch (r.rule) {
        case 'NEW_IMAGE':
          return { rule: r.rule, enabled: r.enabled };
        case 'DROP':
        case 'WATER_STRESS':
          return { rule: r.rule, enabled: r.enabled, threshold: r.threshold };
        case 'PARTIAL_DROP':
          return { rule: r.rule, enabled: r.enabled, threshold: r.threshold, share: r.share };
      }
    }),
  };
  return unwrap(await api.put<ParcelAlertRules>(`/parcelle/${parcelId}/alert-rules`, body));
}

export async function saveSettings(settings: AlertSettings) {
  return unwrap(await api.put<AlertSettings>('/alerts/settings', settings));
}
