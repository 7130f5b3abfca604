import type {
  OrganisationDetail,
  OrganisationParcel,
  ParcelImport,
  ParcelImportSummary,
} from '@filaha/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, reply, stubContracts } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
afterEach(() => {
  queryClient.clear();
  Object.assign(URL, original);
});

const COOP: OrganisationDetail = {
  id: 3,
  name: 'Coopérative de la Mitidja',
  type: 'cooperative',
  accessCode: 'MITI2345',
  myRole: 'agronomist',
  members: 1,
  parcels: 0,
  ownParcels: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  memberList: [
    {
      userId: 5,
      userName: 'Karim',
      email: 'k@demo.filaha.dz',
      role: 'agronomist',
      addedAt: '2026-11-01T10:00:00.000Z',
    },
  ],
};

/** The server of one import: queued when sent, then running, then done with two refusals; its parcel then listed. */
function server(role: OrganisationDetail['myRole']) {
  localStorage.setItem('Token', 'jwt.farmer');
  let stage = 0;
  let sent = false;
  const base: ParcelImport = {
    id: 41,
    organisationId: 3,
    fileName: 'parcelles-mitidja.geojson',
    format: 'geojson',
    status: 'queued',
    total: null,
    accepted: 0,
    repaired: 0,
    refused: [],
    error: null,
    createdAt: '2026-11-29T10:00:00.000Z',
    finishedAt: null,
  };
  const stages: ParcelImport[] = [
    base,
    { ...base, status: 'running', total: 3 },
    {
      ...base,
      status: 'done',
      total: 3,
      accepted: 1,
      repaired: 1,
      finishedAt: '2026-11-29T10:00:05.000Z',
      refused: [
        { feature: 2, reason: 'self_intersection', detail: 'Self-intersection[2.951 36.55]' },
        { feature: 3, reason: 'unknown_crop', detail: 'banane' },
      ],
    },
  ];
  const current = () => stages[Math.min(stage, 2)]!;
  const own: OrganisationParcel = {
    id: 90,
    name: 'A1',
    areaHa: 3.2,
    crop: 'durum_wheat',
    farmer: null,
    farmerContact: '0550123456',
    grantedAt: '2026-11-29T10:00:05.000Z',
  };
  const stubs = stubContracts(
    {
      'GET /organisations/:id': () => reply(200, { ...COOP, myRole: role }),
      'GET /organisations/:id/parcels': () => reply(200, stage >= 2 ? [own] : []),
      'GET /organisations/:id/imports': () => {
        if (!sent) return reply(200, []);
        const { refused, ...rest } = current();
        const summary: ParcelImportSummary = { ...rest, refusedCount: refused.length };
        return reply(200, [summary]);
      },
      'POST /organisations/:id/parcels/import': () => {
        sent = true;
        return reply(202, base);
      },
      'GET /imports/:id': () => {
        const answer = current();
        stage += 1;
        return reply(200, answer);
      },
    },
    {
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
      'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, userName: 'Karim', roleName: 'User' })),
      'GET /api/organisations/3/export.csv': () =>
        new Response('\uFEFFid;nom\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="coop-parcels.csv"' },
        }),
      'GET /api/organisations/3/export.gpkg': () =>
        new Response(new Uint8Array([0x53, 0x51]), {
          status: 200,
          headers: {
            'Content-Type': 'application/geopackage+sqlite3',
            'Content-Disposition': 'attachment; filename="coop-parcels.gpkg"',
          },
        }),
      'GET /api/imports/41/report.csv': () =>
        new Response('\uFEFFÉlément;Motif;Code;Détail\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="import-41-report.csv"' },
        }),
    },
  );
  // The multipart body the upload sent (the XMLHttpRequest stand-in hands fetch a FormData).
  const sentForm = () =>
    stubs.fetchMock.mock.calls.find(([url]) => String(url).includes('/parcels/import'))?.[1]?.body as
      FormData | undefined;
  return { ...stubs, sentForm };
}

describe("an organisation's parcel import", { timeout: 30_000 }, () => {
  it('an agronomist sends a file, follows the check, reads the report and downloads it (French)', async () => {
    await i18n.changeLanguage('fr');
    Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => {} });
    const { calls, sentForm } = server('agronomist');
    const user = userEvent.setup();
    renderApp('/user/organisations/3');
    const page = await screen.findByTestId('organisation-page', {}, { timeout: 10_000 });
    await within(page).findByTestId('imports-empty', {}, { timeout: 10_000 });

    // Nothing chosen: said so, nothing sent.
    await user.click(within(page).getByRole('button', { name: 'Importer' }));
    expect((await within(page).findByRole('alert')).textContent).toBe('Choisissez un fichier.');

    const file = new File(['{"type":"FeatureCollection","features":[]}'], 'parcelles-mitidja.geojson', {
      type: 'application/geo+json',
    });
    expect(within(page).getByTestId('import-chosen').textContent).toBe('Aucun fichier choisi');
    await user.upload(within(page).getByLabelText('Fichier de parcelles'), file);
    expect(within(page).getByTestId('import-chosen').textContent).toBe('parcelles-mitidja.geojson');
    await user.click(within(page).getByRole('button', { name: 'Importer' }));
    await waitFor(() => expect(sentForm()).toBeDefined(), { timeout: 10_000 });
    expect((sentForm()!.get('file') as File).name).toBe('parcelles-mitidja.geojson');

    const counts = await within(page).findByTestId('import-counts', {}, { timeout: 15_000 });
    expect(counts.textContent).toBe(
      '3 élément(s) lu(s) : 1 parcelle(s) enregistrée(s), 2 refusé(s). Dont 1 contour(s) réparé(s) automatiquement (une pointe, un point répété).',
    );
    const rows = within(within(page).getByTestId('import-refusals')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Élément n°Motif',
      '2Contour qui se recoupe (Self-intersection[2.951 36.55])',
      '3Culture inconnue (banane)',
    ]);
    // The organisation's new parcel is listed as its own, with the farmer's phone.
    const parcel = await within(page).findByTestId('org-parcel', {}, { timeout: 10_000 });
    expect(parcel.textContent).toContain("Parcelle de l'organisation · 3,2 ha · enregistrée le 29 novembre 2026");
    expect(parcel.textContent).toContain('0550123456');

    await user.click(within(page).getByRole('button', { name: 'Télécharger le rapport (CSV)' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/api/imports/41/report.csv?lang=fr'))).toBe(true));

    // The organisation's parcels as files, with the token and in the page's language.
    await user.click(within(page).getByRole('button', { name: 'Exporter (CSV)' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/api/organisations/3/export.csv?lang=fr'))?.headers.authorization).toBe(
        'Bearer jwt.farmer',
      ),
    );
    await user.click(within(page).getByRole('button', { name: 'Exporter (GeoPackage)' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/api/organisations/3/export.gpkg'))?.headers.accept).toBe(
        'application/geopackage+sqlite3',
      ),
    );
  });

  it('a viewer sees the imports but has no form (Arabic)', async () => {
    await i18n.changeLanguage('ar');
    server('viewer');
    renderApp('/user/organisations/3');
    const page = await screen.findByTestId('organisation-page', {}, { timeout: 10_000 });
    await within(page).findByTestId('imports-empty', {}, { timeout: 10_000 });
    expect(within(page).getByRole('heading', { name: 'استيراد قطع أرضية' })).toBeTruthy();
    expect(within(page).queryByRole('button', { name: 'استيراد' })).toBeNull();
    expect(within(page).queryByLabelText('ملف القطع')).toBeNull();
  });
});
