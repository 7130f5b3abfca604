import type { OrganisationDetail, TerritorySummary } from '@filaha/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { queryClient } from '../../../lib/queries.ts';
import { json, reply, stubContracts } from '../../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../../test/fixtures.ts';
import { renderApp, renderAtUrl } from '../../../../test/render.tsx';

afterEach(() => queryClient.clear());

const COOP: OrganisationDetail = {
  id: 3,
  name: 'Coopérative de la Mitidja',
  type: 'cooperative',
  accessCode: 'MITI2345',
  myRole: 'agronomist',
  members: 1,
  parcels: 1,
  ownParcels: 7,
  createdAt: '2026-11-01T10:00:00.000Z',
  memberList: [],
};

const RULE: TerritorySummary['rule'] = {
  index: 'NDVI',
  windowDays: 15,
  minHistory: 3,
  minPeers: 5,
  wellBelow: -1.5,
  below: -0.5,
  above: 0.5,
};

function summary(crop: string | null): TerritorySummary {
  const barleyOnly = crop === 'barley';
  return {
    rule: RULE,
    computedAt: '2026-11-29T10:00:00.000Z',
    total: { parcels: barleyOnly ? 7 : 8, areaHa: barleyOnly ? 23.4 : 25.4 },
    classes: [
      { class: 'well_below', parcels: barleyOnly ? 1 : 2, areaHa: barleyOnly ? 4.8 : 6.8 },
      { class: 'normal', parcels: 4, areaHa: 12.7 },
      { class: 'above', parcels: 2, areaHa: 5.9 },
    ],
    crops: [],
    wilayas: [
      { wilaya: 9, class: 'well_below', parcels: barleyOnly ? 1 : 2, areaHa: barleyOnly ? 4.8 : 6.8 },
      { wilaya: 9, class: 'normal', parcels: 3, areaHa: 9.2 },
      { wilaya: 16, class: 'normal', parcels: 1, areaHa: 3.5 },
      { wilaya: 16, class: 'above', parcels: 2, areaHa: 5.9 },
    ],
    wilayaSource: 'Natural Earth',
    visits: [
      {
        id: 17,
        name: 'Orge 7',
        areaHa: 4.8,
        crop: 'barley',
        z: -14.6,
        pointDate: '2026-03-01',
        median: 0.3,
        farmer: null,
      },
      ...(barleyOnly
        ? []
        : [
            {
              id: 5,
              name: 'Champ de Yacine',
              areaHa: 2,
              crop: null,
              z: -15,
              pointDate: '2025-03-15',
              median: 0.4,
              farmer: { id: 9, userName: 'Yacine' },
            },
          ]),
    ],
    extent: [3.3, 36.7, 3.34, 36.702],
  };
}

function server() {
  localStorage.setItem('Token', 'jwt.farmer');
  return stubContracts(
    {
      'GET /organisations/:id': () => reply(200, COOP),
      'GET /organisations/:id/territory': (call) =>
        reply(200, summary(new URL(call.url, 'http://x').searchParams.get('crop'))),
      'GET /organisations/:id/territory/curve': (call) => {
        const crop = new URL(call.url, 'http://x').searchParams.get('crop') as 'barley' | 'olive';
        const day = (date: string, median: number, parcels = 7) => ({
          date,
          parcels,
          median,
          p25: median - 0.05,
          p75: median + 0.04,
        });
        return reply(200, {
          index: 'NDVI' as const,
          crop,
          season: 2025,
          current: crop === 'olive' ? [] : [day('2025-10-01', 0.21), day('2026-03-01', 0.6)],
          previous: crop === 'olive' ? [] : [day('2025-03-01', 0.45, 6)],
          minParcels: 3,
        });
      },
      'GET /organisations/:id/parcels/:parcelId': () =>
        reply(200, {
          id: 17,
          name: 'Orge 7',
          areaHa: 4.8,
          crop: 'barley',
          farmer: null,
          farmerContact: '0550123456',
          grantedAt: '2026-11-29T10:00:00.000Z',
          geometry: {
            type: 'Polygon' as const,
            coordinates: [
              [
                [3.328, 36.7],
                [3.331, 36.7],
                [3.331, 36.7016],
                [3.328, 36.7],
              ],
            ],
          },
        }),
      'GET /organisations/:id/parcels/:parcelId/points': () =>
        reply(200, {
          items: [
            {
              date: '2026-02-20',
              sceneId: 'S2A_1',
              basis: 'b',
              status: 'point' as const,
              median: 0.5,
              mean: 0.5,
              p25: 0.45,
              p75: 0.55,
              validShare: 0.9,
            },
            {
              date: '2026-03-01',
              sceneId: 'S2A_2',
              basis: 'b',
              status: 'point' as const,
              median: 0.3,
              mean: 0.3,
              p25: 0.25,
              p75: 0.35,
              validShare: 0.9,
            },
          ],
          nextCursor: null,
        }),
    },
    {
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
      'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, userName: 'Karim', roleName: 'User' })),
    },
  );
}

describe('the territory view', { timeout: 30_000 }, () => {
  it('an agronomist sees the classes and the rule, filters by crop, and opens a parcel to visit (French)', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = server();
    const user = userEvent.setup();
    renderApp('/user/organisations/3/territory');
    const page = await screen.findByTestId('territory-page', {}, { timeout: 10_000 });
    const sum = await within(page).findByTestId('territory-summary', {}, { timeout: 10_000 });
    expect(sum.textContent).toContain('8 parcelle(s), 25,4 ha');
    expect(
      within(sum)
        .getAllByTestId('territory-class')
        .map((c) => c.textContent),
    ).toEqual([
      'Très en dessous de la normale — 2 · 6,8 ha',
      'En dessous de la normale — 0 · 0 ha',
      'Normal — 4 · 12,7 ha',
      'Au-dessus de la normale — 2 · 5,9 ha',
      'Sans référence — 0 · 0 ha',
    ]);
    expect(within(sum).getByTestId('territory-rule').textContent).toContain('±15 jours');
    expect(
      within(sum)
        .getAllByRole('listitem')
        .slice(-4)
        .map((li) => li.textContent),
    ).toEqual([
      'z ≤ -1,5 — Très en dessous de la normale',
      '-1,5 < z ≤ -0,5 — En dessous de la normale',
      '-0,5 < z < 0,5 — Normal',
      'z ≥ 0,5 — Au-dessus de la normale',
    ]);
    expect(
      within(page)
        .getAllByTestId('visit')
        .map((v) => v.textContent?.split('z =')[0]),
    ).toEqual(["Orge 7Parcelle de l'organisationOrge4,8 ha", 'Champ de YacineYacine—2 ha']);

    // Per wilaya, the largest area first: Blida (16 ha), then Alger (9.4 ha).
    expect(
      within(within(page).getByTestId('wilayas'))
        .getAllByTestId('wilaya-row')
        .map((r) => [...r.children].map((c) => c.textContent)),
    ).toEqual([
      ['09 — Blida', '5 · 16 ha', '2', '0', '3', '0', '0'],
      ['16 — Alger', '3 · 9,4 ha', '0', '0', '1', '2', '0'],
    ]);
    expect(within(page).getByText(/d'après les limites de Natural Earth/)).toBeTruthy();
    // The wilaya filter (the communes' stand-in) goes to the API and stays in the URL.
    await user.selectOptions(within(page).getByLabelText('Wilaya'), '16');
    await waitFor(() => expect(calls.some((c) => c.url.includes('/territory?wilaya=16'))).toBe(true));
    await user.selectOptions(within(page).getByLabelText('Wilaya'), '');

    await user.selectOptions(within(page).getByLabelText('Culture'), 'barley');
    await waitFor(() => expect(within(page).getAllByTestId('visit')).toHaveLength(1));
    expect(calls.some((c) => c.url.includes('/territory?crop=barley'))).toBe(true);

    await user.click(within(page).getByRole('button', { name: 'Orge 7' }));
    const picked = await within(page).findByTestId('picked-parcel', {}, { timeout: 10_000 });
    expect(picked.textContent).toContain("Parcelle de l'organisation · 4,8 ha · 0550123456");
    expect((await within(picked).findByTestId('picked-points')).textContent).toBe(
      '20 février 2026: 0,51 mars 2026: 0,3',
    );
    // The parcel's own curve: its season's points (median, and p25–p75 of its pixels), no parcels column.
    const own = within(within(picked).getByTestId('parcel-curve')).getByTestId('parcel-curve-table');
    expect(
      within(own)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['JourNDVI médianp25–p75', '20 février 20260,50,45 – 0,55', '1 mars 20260,30,25 – 0,35']);
    expect(document.activeElement).toBe(picked);
    expect(within(page).getByRole('button', { name: 'Exporter (CSV)' })).toBeTruthy();
  });

  it("draws a crop's curve against the season before, its figures in a table, and says when there is none", async () => {
    await i18n.changeLanguage('fr');
    const { calls } = server();
    const user = userEvent.setup();
    renderAtUrl('/user/organisations/3/territory?crop=barley');
    const page = await screen.findByTestId('territory-page', {}, { timeout: 10_000 });
    const curve = await within(page).findByTestId('crop-curve', {}, { timeout: 10_000 });
    // The filtered crop is the curve's first choice.
    expect(calls.some((c) => c.url.includes('/territory/curve?crop=barley'))).toBe(true);
    expect(curve.textContent).toContain('2025–2026');
    expect(curve.textContent).toContain('2024–2025');
    expect(within(curve).getByRole('img').getAttribute('aria-label')).toContain('saison 2025–2026');
    expect(
      within(within(curve).getByTestId('crop-curve-table'))
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      '1 octobre 2025' + '7' + '0,21' + '0,16 – 0,25',
      '1 mars 2026' + '7' + '0,6' + '0,55 – 0,64',
      '1 mars 2025' + '6' + '0,45' + '0,4 – 0,49',
    ]);
    await user.selectOptions(within(page).getByLabelText('Culture de la courbe'), 'olive');
    expect((await within(page).findByTestId('crop-curve-empty')).textContent).toBe(
      'Pas encore de mesure pour « Olivier » dans les parcelles suivies.',
    );
  });

  it('reads in Arabic', async () => {
    await i18n.changeLanguage('ar');
    server();
    renderApp('/user/organisations/3/territory');
    const page = await screen.findByTestId('territory-page', {}, { timeout: 10_000 });
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('نظرة على الإقليم');
    const sum = await within(page).findByTestId('territory-summary', {}, { timeout: 10_000 });
    expect(within(sum).getAllByTestId('territory-class')[0]!.textContent).toBe('أقل بكثير من المعتاد — 2 · 6,8 هكتار');
    expect(within(page).getByLabelText('المحصول')).toBeTruthy();
    expect(within(page).getByRole('heading', { name: 'قطع يجب زيارتها' })).toBeTruthy();
    expect(within(page).getAllByTestId('wilaya-row')[0]!.firstElementChild!.textContent).toBe('09 — البليدة');
  });
});
