import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { stubResizeObserver } from '../../../test/dom.ts';
import { json, stubContracts } from '../../../test/fetch.ts';
import { signInFarmer } from '../../../test/session.ts';
import { renderApp } from '../../../test/render.tsx';
import type { HistoryItem } from './farmApi.ts';
import { CONFIG, NDVI_INDEX as INDEX, PARCEL, historyItem, parcelHistoryStubs, status } from './testData.ts';

const item = (id: number, day: string, mean: number) =>
  historyItem(id, day, { mean, p25: mean - 0.05, p75: mean + 0.05 });

function farmer(history: HistoryItem[]) {
  return stubContracts(
    {
      ...parcelHistoryStubs(history),
    },
    {
      ...signInFarmer(),
      'GET /api/abonnementUser/user/5/status': () => json(200, status('actif')),
    },
  );
}

beforeEach(() => stubResizeObserver());
afterEach(() => queryClient.clear());

describe('history of an index on a parcel', () => {
  it('lists every image, newest acquisition first, with dates, class and recommendation, plus the trend data', async () => {
    await i18n.changeLanguage('fr');
    // Produced in the other order (the API lists by production time): the page orders by acquisition.
    const { calls } = farmer([item(2, '2025-08-15', 0.1), item(3, '2025-08-20', 0.55)]);
    renderApp(`/user/historique/${INDEX.id}/${PARCEL.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mes cartes NDVI commandées — Vignoble' }),
    ).toBeTruthy();
    // Named apart from the season curve, and linked to it (issue 27).
    expect(screen.getByRole('link', { name: 'Voir la courbe de saison de la parcelle' }).getAttribute('href')).toBe(
      `/user/ferme-map/${PARCEL.id}#season-curve`,
    );
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

  it('its link to the season curve opens the parcel page scrolled to the curve', async () => {
    await i18n.changeLanguage('fr');
    farmer([item(3, '2025-08-20', 0.55)]);
    const scrolled: Element[] = [];
    // jsdom lays nothing out and has no scrollIntoView: record which element is asked to come into view.
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      renderApp(`/user/historique/${INDEX.id}/${PARCEL.id}`);
      await userEvent.click(await screen.findByRole('link', { name: 'Voir la courbe de saison de la parcelle' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Vignoble' })).toBeTruthy();
      expect(scrolled).toContain(screen.getByTestId('season-curve'));
    } finally {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
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
      expect(screen.getByRole('link', { name: `Mes cartes ${index.code} commandées` }).getAttribute('href')).toBe(
        `/user/historique/${index.indiceId}/${PARCEL.id}`,
      );
    // The season curve, the parcel's other history, links to the ordered maps of its index too (issue 27).
    const curve = screen.getByTestId('season-curve');
    expect(within(curve).getByRole('link', { name: "Les cartes NDVI que j'ai commandées" }).getAttribute('href')).toBe(
      `/user/historique/${INDEX.id}/${PARCEL.id}`,
    );
    await userEvent.click(within(curve).getByRole('link', { name: "Les cartes NDVI que j'ai commandées" }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mes cartes NDVI commandées — Vignoble' }),
    ).toBeTruthy();
  });
});
