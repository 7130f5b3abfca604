import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, reply, stubContracts } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import type { HistoryItem, IndexInfo } from './farmApi.ts';
import { CONFIG, IMAGE, PARCEL, status } from './testData.ts';

const NDVI = CONFIG[1]!;
const INDEX: IndexInfo = {
  id: NDVI.indiceId,
  indiceName: NDVI.indiceName,
  code: 'NDVI',
  description: NDVI.description,
  recomndation: NDVI.recomndation,
  legende: NDVI.legende,
  createdAt: '2025-03-01T08:00:00.000Z',
  updatedAt: '2025-03-01T08:00:00.000Z',
};

function item(id: number, day: string, mean: number): HistoryItem {
  return {
    id,
    index: 'NDVI',
    imageUrl: `/api/files/h${id}.png`,
    valuesUrl: null,
    downloadUrl: null,
    dateDebut: day,
    dateFin: day,
    sceneId: `S2_${day}`,
    sceneDatetime: `${day}T10:30:00Z`,
    cloudFraction: 0.1,
    stats: { ...IMAGE.stats, mean, p25: mean - 0.05, p75: mean + 0.05 },
    minValidFraction: 0.6,
    bounds: IMAGE.bounds,
    createdAt: `${day}T12:00:00Z`,
  };
}

function farmer(history: HistoryItem[]) {
  localStorage.setItem('Token', 'jwt.farmer');
  return stubContracts(
    {
      'GET /parcelle/:id': () => reply(200, PARCEL),
      'GET /indice/:id': () => reply(200, INDEX),
      'GET /request/images': () => reply(200, history),
      'GET /request/image': () =>
        history[0] ? reply(200, history[0]) : json(404, { code: 'NOT_FOUND', message: 'x' }),
      'GET /indice/:userId/indices': () => reply(200, CONFIG),
    },
    {
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
      'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, userName: 'Karim', roleName: 'User' })),
      'GET /api/abonnementUser/user/5/status': () => json(200, status('actif')),
    },
  );
}

// recharts measures its box with ResizeObserver, which jsdom lacks.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => queryClient.clear());

describe('history of an index on a parcel', () => {
  it('lists every image, newest acquisition first, with dates, class and recommendation, plus the trend data', async () => {
    await i18n.changeLanguage('fr');
    // Produced in the other order (the API lists by production time): the page orders by acquisition.
    const { calls } = farmer([item(2, '2025-08-15', 0.1), item(3, '2025-08-20', 0.55)]);
    renderApp(`/user/historique/${INDEX.id}/${PARCEL.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Historique NDVI — Vignoble' })).toBeTruthy();
    const entries = screen.getAllByTestId('farm-history-entry');
    expect(entries.map((e) => within(e).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Image du 20 août 2025',
      'Image du 15 août 2025',
    ]);
    expect(within(entries[0]!).getByText('Végétation dense')).toBeTruthy();
    expect(within(entries[0]!).getByText('Continuez.')).toBeTruthy();
    expect(within(entries[1]!).getByText("Vérifiez l'irrigation.")).toBeTruthy();
    expect(within(entries[1]!).getByRole('img').getAttribute('src')).toBe('/api/files/h2.png');
    // The chart's data, oldest first, also as a table for screen readers.
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['15 août 20250,10,05 à 0,15', '20 août 20250,550,5 à 0,6']);
    expect(await screen.findByTestId('farm-history-chart')).toBeTruthy();
    expect(calls.find((c) => c.url.startsWith('/api/request/images'))?.url).toBe(
      `/api/request/images?parcelleId=${PARCEL.id}&indiceId=${INDEX.id}`,
    );
  });

  it('says so when there is no image yet (Arabic)', async () => {
    farmer([]);
    renderApp(`/user/historique/${INDEX.id}/${PARCEL.id}`);
    expect(await screen.findByText('لم يتم العثور على أي صورة.')).toBeTruthy();
  });
});

describe('parcel page', () => {
  it('shows the latest image, index buttons, recommendations and a history link per index', async () => {
    await i18n.changeLanguage('fr');
    farmer([item(3, '2025-08-20', 0.55)]);
    renderApp(`/user/ferme-map/${PARCEL.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Vignoble' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'NDVI' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('Du 20 août 2025 au 20 août 2025')).toBeTruthy();
    expect(screen.getByText(/— Continuez\./)).toBeTruthy();
    for (const index of CONFIG)
      expect(screen.getByRole('link', { name: `Historique ${index.code}` }).getAttribute('href')).toBe(
        `/user/historique/${index.indiceId}/${PARCEL.id}`,
      );
    await userEvent.click(screen.getByRole('link', { name: 'Historique NDVI' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Historique NDVI — Vignoble' })).toBeTruthy();
  });
});
