import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '../../test/fetch.ts';
import { farmQueries } from '../features/farm/farmApi.ts';
import { fetchPage, fetchSellerRoles } from '../features/marketplace/api.ts';
import { readFilters } from '../features/marketplace/filters.ts';
import { forgetPublicSettings, loadPublicSettings } from '../lib/publicSettings.ts';
import { profileQuery, queryClient } from '../lib/queries.ts';
import { profileAnswer } from '../../test/fixtures.ts';
import { restoreSession } from './restoreSession.ts';
import { AREA_SHELL, PAGE_PRELOAD, PUBLIC_PRELOAD } from './routePreload.ts';

/**
 * The early reads of app/routePreload.ts are only worth their bytes if the app later asks exactly the same
 * paths, the same way (with or without the token): the screens' own loaders are run here against a stub and
 * the paths they ask are compared.
 */
const UID = 7;
const early = (paths: readonly string[]) => paths.map((p) => p.replace(/^[!?]/, '').replace('{uid}', String(UID)));
const asked = (calls: { url: string; headers: Record<string, string> }[]) =>
  calls.map((c) => c.url.replace(/^\/api/, ''));

afterEach(() => {
  localStorage.clear();
  queryClient.clear();
  forgetPublicSettings();
});

describe('early reads of the screens (app/routePreload.ts)', () => {
  it('the signed-in shell asks the profile once: it is the session check and what the sidebar shows', async () => {
    localStorage.setItem('Token', 'tk');
    const { calls } = stubApi({ 'GET /api/users/profile': () => json(200, profileAnswer({ id: UID })) });
    expect(await restoreSession(new AbortController().signal)).toEqual({ status: 'authenticated', role: 'User' });
    // The sidebar's query takes the answer the session check kept.
    expect(await queryClient.fetchQuery(profileQuery)).toMatchObject({ id: UID });
    expect(asked(calls)).toEqual(early(AREA_SHELL.api));
  });

  it('the farm map asks the status, the indices, the parcels and the public settings (the last without the token)', async () => {
    localStorage.setItem('Token', 'tk');
    const { calls } = stubApi({
      'GET /api/settings/public': () =>
        json(200, {
          contact: { phone: null, email: null, address: null },
          servicePrices: { soil: null, other: null },
          demoImagery: false,
        }),
    });
    await farmQueries
      .status(UID)
      .queryFn()
      .catch(() => undefined);
    await farmQueries
      .config(UID)
      .queryFn()
      .catch(() => undefined);
    await farmQueries.parcels.queryFn().catch(() => undefined);
    await loadPublicSettings();
    expect(asked(calls)).toEqual(early(PAGE_PRELOAD.farmMap?.api ?? []));
    const anonymous = (PAGE_PRELOAD.farmMap?.api ?? []).map((p) => p.startsWith('!'));
    expect(calls.map((c) => c.headers.authorization === undefined)).toEqual(anonymous);
  });

  it('the marketplace asks its first page without filters and the seller roles without the token', async () => {
    localStorage.setItem('Token', 'tk');
    const { calls } = stubApi({});
    await fetchPage(readFilters(new URLSearchParams()), 1).catch(() => undefined);
    await fetchSellerRoles().catch(() => undefined);
    expect(asked(calls)).toEqual(early(PAGE_PRELOAD.marketplace?.api ?? []));
    const anonymous = (PAGE_PRELOAD.marketplace?.api ?? []).map((p) => p.startsWith('!'));
    expect(calls.map((c) => c.headers.authorization === undefined)).toEqual(anonymous);
  });

  it('the sign-in page asks the public settings without a token', async () => {
    const { calls } = stubApi({
      'GET /api/settings/public': () =>
        json(200, {
          contact: { phone: null, email: null, address: null },
          servicePrices: { soil: null, other: null },
          demoImagery: false,
        }),
    });
    await loadPublicSettings();
    const signIn = PUBLIC_PRELOAD.find((p) => p.path === '/auth/SignIn');
    expect(asked(calls)).toEqual(early(signIn?.api ?? []));
  });
});
