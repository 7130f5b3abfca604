import type { AlertRuleConfig } from '@filaha/shared';
import type { RouteData, RouteInput } from '@filaha/shared/contracts';
import { call } from '../../lib/client.ts';

export type { AlertRuleConfig };
/** GET /api/alerts: my alerts and the number of unread ones. */
export type AlertList = RouteData<'GET /alerts'>;
export type AlertItem = AlertList['alerts'][number];
export type AlertSettings = RouteData<'GET /alerts/settings'>;
/** GET /api/parcelle/{id}/alert-rules. */
export type ParcelAlertRules = RouteData<'GET /parcelle/:id/alert-rules'>;

/** The bell asks again this often while the app is open (a new acquisition arrives every few days). */
export const ALERTS_POLL_MS = 60_000;

export const alertKeys = {
  all: ['alerts'] as const,
  list: ['alerts', 'list'] as const,
  settings: ['alerts', 'settings'] as const,
  rules: (parcelId: number) => ['alerts', 'rules', parcelId] as const,
};

export const alertQueries = {
  list: { queryKey: alertKeys.list, queryFn: () => call('GET /alerts', { query: { limit: 100 } }) },
  settings: { queryKey: alertKeys.settings, queryFn: () => call('GET /alerts/settings') },
  rules: (parcelId: number) => ({
    queryKey: alertKeys.rules(parcelId),
    queryFn: () => call('GET /parcelle/:id/alert-rules', { params: { id: parcelId } }),
  }),
};

export async function markRead(id: number) {
  return call('POST /alerts/:id/read', { params: { id } });
}

export async function markAllRead() {
  return call('POST /alerts/read-all');
}

export async function saveRules(parcelId: number, rules: AlertRuleConfig[]) {
  // The form's rules carry `number | null` thresholds; the API refuses a missing one (VALIDATION_FAILED).
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
  return call('PUT /parcelle/:id/alert-rules', {
    params: { id: parcelId },
    body: body as RouteInput<'PUT /parcelle/:id/alert-rules'>['body'],
  });
}

export async function saveSettings(settings: AlertSettings) {
  return call('PUT /alerts/settings', { body: settings });
}
