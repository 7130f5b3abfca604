import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { rectangleFromBounds, type PolygonInput } from '@filaha/shared';
import { reply, stubApi, stubContracts } from '../../../../test/fetch.ts';
import { i18n } from '../../../i18n/index.ts';
import { renderAdmin } from '../testing.tsx';
import { NewParcelFormHarness } from './testing.tsx';

describe('new-parcel form', () => {
  it('builds a rectangle from the four manual bounds, shows its area in ha and sends it', async () => {
    const rect = rectangleFromBounds({ bWS: 3, bWN: 3.01, bES: 36.5, bEN: 36.51 });
    const saved = {
      id: 5,
      parcelleId: 5,
      identifiantU: 'Verger',
      userId: 42,
      bWS: 3,
      bWN: 3.01,
      bES: 36.5,
      bEN: 36.51,
    };
    const { calls } = stubContracts({
      'POST /parcelle': () =>
        reply(201, {
          message: 'ok',
          parcelle: { ...saved, geom: rect, culture: null, areaHa: 99.5, createdAt: '2025-03-01T08:00:00.000Z' },
        }),
    });
    await i18n.changeLanguage('fr');
    const previews: Array<PolygonInput | null> = [];
    const user = userEvent.setup();
    renderAdmin(<NewParcelFormHarness onPreview={(p) => previews.push(p)} />);
    await user.type(await screen.findByLabelText('Nom de la parcelle'), 'Verger');
    expect((screen.getByLabelText('Agriculteur') as HTMLSelectElement).disabled).toBe(true);
    const bounds = { bWS: '3', bWN: '3.01', bES: '36.5', bEN: '36.51' };
    for (const [k, v] of Object.entries(bounds)) await user.type(screen.getByLabelText(new RegExp(`^${k} —`)), v);
    expect(previews.at(-1)).toEqual(rect);
    expect(screen.getByTestId('parcel-area').textContent).toMatch(/^Surface : 99,\d+ ha$/);
    await user.click(screen.getByRole('button', { name: 'Ajouter la parcelle' }));
    // The form also reads the imagery coverage (GET); one POST creates the parcel.
    const posts = () => calls.filter((c) => c.method === 'POST');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({ identifiantU: 'Verger', userId: 42, geom: rect });
    expect(await screen.findByText('Parcelle ajoutée avec succès !')).toBeTruthy();

    await user.type(screen.getByLabelText(/^bWS —/), '3.02');
    await user.click(screen.getByRole('button', { name: 'Effacer le polygone manuel' }));
    expect(previews.at(-1)).toBeNull();
    expect((screen.getByLabelText(/^bWS —/) as HTMLInputElement).value).toBe('');
  });

  it("refuses what is not .geojson and asks for a geometry with the SPEC's words", async () => {
    const { calls } = stubApi({});
    await i18n.changeLanguage('fr');
    const user = userEvent.setup({ applyAccept: false });
    renderAdmin(<NewParcelFormHarness />);
    await user.upload(
      await screen.findByLabelText('Choisir un fichier .geojson'),
      new File(['{}'], 'parcelle.json', { type: 'application/json' }),
    );
    expect(await screen.findByText('Seuls les fichiers .geojson sont acceptés.')).toBeTruthy();
    await user.type(screen.getByLabelText('Nom de la parcelle'), 'Verger');
    fireEvent.submit(screen.getByRole('button', { name: 'Ajouter la parcelle' }).closest('form') as HTMLFormElement);
    expect(
      await screen.findByText('Veuillez définir une géométrie ou entrer les coordonnées manuellement.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('takes the first feature of a dropped-in .geojson file and fills the bounds from it', async () => {
    stubApi({});
    await i18n.changeLanguage('fr');
    const user = userEvent.setup();
    const previews: Array<PolygonInput | null> = [];
    renderAdmin(<NewParcelFormHarness onPreview={(p) => previews.push(p)} />);
    const first = rectangleFromBounds({ bWS: 3.1, bWN: 3.104, bES: 36.6, bEN: 36.604 });
    const collection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: first },
        { type: 'Feature', properties: {}, geometry: rectangleFromBounds({ bWS: 5, bWN: 6, bES: 30, bEN: 31 }) },
      ],
    };
    const text = JSON.stringify(collection);
    const file = new File([text], 'champs.geojson', { type: 'application/geo+json' });
    // jsdom's File has no text() (every browser does).
    Object.defineProperty(file, 'text', { value: async () => text });
    await user.upload(await screen.findByLabelText('Choisir un fichier .geojson'), file);
    await waitFor(() => expect(previews.at(-1)).toEqual(first));
    expect((screen.getByLabelText(/^bWN —/) as HTMLInputElement).value).toBe('3.104');
    expect((screen.getByLabelText(/^bEN —/) as HTMLInputElement).value).toBe('36.604');
  });
});
