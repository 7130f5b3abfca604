import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppShell } from '../../app/App.tsx';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { profileAnswer } from '../../../test/fixtures.ts';
import { rememberParcel } from './lastParcel.ts';
import { initialIndexId, prepareFarmMap } from './prepareFarmMap.ts';
import { CONFIG, PARCEL, status } from './testData.ts';

/**
 * features/farm/prepareFarmMap.ts: before the first render of a farm map opened directly (app/prepareRoute.ts), the
 * reads that render shows are in the query cache, under the very keys the screen asks with, so the screen renders
 * once, complete, and asks none of them again.
 */
const jwt = (payload: unknown) =>
  `h.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;

const LATEST = { parcelId: PARCEL.id, date: '2025-08-19', window: { start: '2025-08-13', end: '2025-08-19' } };
const READS = ['/api/abonnementUser/user/5/status', '/api/indice/5/indices', '/api/parcelle'];

function farmer(etat: 'actif' | 'désactivé' = 'actif') {
  localStorage.setItem('Token', jwt({ sub: '5' }));
  return stubApi({
    'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, userName: 'Karim', roleName: 'User' })),
    'GET /api/abonnementUser/user/5/status': () => json(200, status(etat)),
    'GET /api/indice/5/indices': () => json(200, CONFIG),
    'GET /api/parcelle': () => json(200, [PARCEL]),
    'GET /api/images/latest-acquisition': () => json(200, LATEST),
    'GET /api/settings/public': () =>
      json(200, {
        contact: { phone: null, email: null, address: null },
        servicePrices: { soil: null, other: null },
        demoImagery: false,
      }),
  });
}

const pathsOf = (calls: { url: string }[]) => calls.map((c) => c.url).sort();

afterEach(() => {
  queryClient.clear();
  localStorage.clear();
});

describe('prepareFarmMap', () => {
  it('asks what the screen shows first, and the screen then asks none of it again', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = farmer();
    await prepareFarmMap(`?parcel=${PARCEL.id}`);
    const latest = `/api/images/latest-acquisition?parcelId=${PARCEL.id}&index=NDVI`;
    expect(pathsOf(calls)).toEqual([...READS, latest].sort());

    render(
      <MemoryRouter initialEntries={[`/user/ferme-map?parcel=${PARCEL.id}`]}>
        <AppShell />
      </MemoryRouter>,
    );
    const generate = await screen.findByRole('button', { name: "Générer l'image" });
    await waitFor(() => expect(generate).toHaveProperty('disabled', false));
    // The default window is the latest acquisition's, from the prepared answer.
    expect((screen.getByLabelText('Date de fin') as HTMLInputElement).value).toBe('2025-08-19');
    for (const path of [...READS, latest])
      expect(
        calls.filter((c) => c.url === path),
        path,
      ).toHaveLength(1);
  });

  it("takes the link's index, and leaves the latest acquisition out for a link with its own dates", async () => {
    const { calls } = farmer();
    await prepareFarmMap(`?parcel=${PARCEL.id}&index=2`);
    expect(calls.map((c) => c.url)).toContain(`/api/images/latest-acquisition?parcelId=${PARCEL.id}&index=NDMI`);

    queryClient.clear();
    calls.length = 0;
    await prepareFarmMap(`?parcel=${PARCEL.id}&start=2025-08-01&end=2025-08-06`);
    expect(pathsOf(calls)).toEqual([...READS].sort());
  });

  it('without a parcel in the link, asks the window of the parcel the screen opens on (issue 27 §2)', async () => {
    const { calls } = farmer();
    await prepareFarmMap('');
    // The only parcel.
    expect(pathsOf(calls)).toEqual(
      [...READS, `/api/images/latest-acquisition?parcelId=${PARCEL.id}&index=NDVI`].sort(),
    );

    // Two parcels: the one this farmer last chose on this device, else the first.
    queryClient.clear();
    calls.length = 0;
    const second = stubApi({
      'GET /api/abonnementUser/user/5/status': () => json(200, status('actif')),
      'GET /api/indice/5/indices': () => json(200, CONFIG),
      'GET /api/parcelle': () => json(200, [PARCEL, { ...PARCEL, id: 12, parcelleId: 12 }]),
      'GET /api/images/latest-acquisition': () => json(200, LATEST),
    });
    await prepareFarmMap('');
    expect(second.calls.map((c) => c.url)).toContain(`/api/images/latest-acquisition?parcelId=${PARCEL.id}&index=NDVI`);
    queryClient.clear();
    second.calls.length = 0;
    rememberParcel(5, 12);
    await prepareFarmMap('');
    expect(second.calls.map((c) => c.url)).toContain('/api/images/latest-acquisition?parcelId=12&index=NDVI');
  });

  it("asks no plan's indices without an active subscription, and nothing without a readable token", async () => {
    const { calls } = farmer('désactivé');
    await prepareFarmMap(`?parcel=${PARCEL.id}`);
    expect(pathsOf(calls)).toEqual(['/api/abonnementUser/user/5/status', '/api/parcelle']);

    queryClient.clear();
    calls.length = 0;
    localStorage.setItem('Token', 'not-a-jwt');
    await prepareFarmMap(`?parcel=${PARCEL.id}`);
    expect(calls).toHaveLength(0);
  });

  it('never rejects: a failed read is left to the screen', async () => {
    localStorage.setItem('Token', jwt({ sub: '5' }));
    stubApi({ 'GET /api/abonnementUser/user/5/status': () => json(500, { code: 'INTERNAL', message: 'down' }) });
    await expect(prepareFarmMap(`?parcel=${PARCEL.id}`)).resolves.toBeUndefined();
  });
});

describe('initialIndexId (SPEC §4)', () => {
  it("the link's index when the plan has it, else NDVI, else the plan's first", () => {
    expect(initialIndexId(CONFIG, '2')).toBe(2);
    expect(initialIndexId(CONFIG, '99')).toBe(1);
    expect(initialIndexId(CONFIG, null)).toBe(1);
    expect(
      initialIndexId(
        CONFIG.filter((c) => c.indiceId !== 1),
        'x',
      ),
    ).toBe(2);
    expect(initialIndexId([], null)).toBeNull();
  });
});
