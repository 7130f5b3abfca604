import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALERT_RULE_DEFAULTS } from '@filaha/shared';
import { i18n } from '../../i18n/index.ts';
import { forgetSavedCopies } from '../../lib/offline.ts';
import { SAVED_AT_HEADER, cachedApiPath } from '../../sw/routes.ts';
import { stubResizeObserver } from '../../../test/dom.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { signInFarmer } from '../../../test/session.ts';
import { renderApp } from '../../../test/render.tsx';
import { CONFIG, PARCEL, seriesPoint, status } from './testData.ts';

/** An answer as the service worker serves a kept copy: stamped with the day it was saved. */
const kept = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', [SAVED_AT_HEADER]: '2026-11-20T09:30:00.000Z' },
  });

const SERIES = {
  parcelId: PARCEL.id,
  index: 'NDVI',
  from: '2024-08-26',
  to: '2025-08-25',
  minValidFraction: 0.6,
  points: [seriesPoint('2025-08-19', 0.47, 0.87), seriesPoint('2025-08-25', 0.5, 1)],
  skipped: [],
};

beforeEach(() => stubResizeObserver({ width: 340, height: 256 }));
afterEach(() => forgetSavedCopies());

describe('offline, the worker keeps the season curve and the parcel alerts (issue 27 §1)', () => {
  it('keeps their answers and the latest acquisition the windows end on; not the marketplace nor sign-in', () => {
    for (const path of [
      '/api/parcelle/11/series',
      '/api/parcelle/11/alert-rules',
      '/api/parcelle/11/seasons',
      '/api/images/latest-acquisition',
      '/api/images/latest-clear',
      '/api/alerts',
      '/api/parcelle/11',
      '/api/users/profile',
    ])
      expect(cachedApiPath(path), path).toBe('api');
    for (const path of ['/api/auth/login', '/api/publications', '/api/parcelle/11/other', '/api/alerts/settings'])
      expect(cachedApiPath(path), path).toBeNull();
  });

  it(
    'marks the curve and the alert rules "saved on <date>" when they come from a kept copy',
    { timeout: 30_000 },
    async () => {
      await i18n.changeLanguage('fr');
      stubApi({
        ...signInFarmer(),
        'GET /api/abonnementUser/user/5/status': () => json(200, status('actif')),
        'GET /api/parcelle': () => json(200, [PARCEL]),
        'GET /api/parcelle/11': () => json(200, PARCEL),
        'GET /api/request/image': () => json(404, { code: 'NOT_FOUND', message: 'x' }),
        'GET /api/indice/5/indices': () => json(200, CONFIG),
        'GET /api/images/latest-acquisition': () =>
          kept({ parcelId: PARCEL.id, date: '2025-08-25', window: { start: '2025-08-19', end: '2025-08-25' } }),
        'GET /api/parcelle/11/series': () => kept(SERIES),
        'GET /api/parcelle/11/alert-rules': () => kept({ parcelId: 11, rules: Object.values(ALERT_RULE_DEFAULTS) }),
      });
      renderApp(`/user/ferme-map/${PARCEL.id}`);
      const curve = await screen.findByTestId('season-curve');
      // The window ends on the kept latest acquisition, as online (not today).
      expect(((await within(curve).findByLabelText('Au')) as HTMLInputElement).value).toBe('2025-08-25');
      expect((await within(curve).findByTestId('saved-copy')).textContent).toMatch(/^Enregistré le 20 novembre 2026/);
      const rules = await screen.findByTestId('alert-rules');
      expect((await within(rules).findByTestId('saved-copy')).textContent).toMatch(/^Enregistré le 20 novembre 2026/);
      expect(within(curve).queryByTestId('season-error')).toBeNull();
    },
  );
});
