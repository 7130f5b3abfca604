import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, stubApi, type Call } from '../../../test/fetch.ts';
import { signInFarmer } from '../../../test/session.ts';
import { AppShell } from '../../app/App.tsx';
import { lastParcelKey } from './lastParcel.ts';
import { CONFIG, IMAGE, PARCEL, gridBytes, status } from './testData.ts';

type Routes = Parameters<typeof stubApi>[0];

/** The whole route table at a URL that may carry a query string (test/render.tsx takes a bare path). */
const renderApp = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <AppShell />
    </MemoryRouter>,
  );

function farmer(routes: Routes) {
  return stubApi({
    ...signInFarmer(),
    'GET /api/parcelle': () => json(200, [PARCEL]),
    'GET /api/files/r/NDVI.fvg': () => new Response(new Uint8Array(gridBytes()), { status: 200 }),
    // The support phone is a setting of the deployment (CONTACT_PHONE), shown only when set.
    'GET /api/settings/public': () =>
      json(200, {
        contact: { phone: '+213 21 45 67 89', email: null, address: null },
        servicePrices: { soil: null, other: null },
        demoImagery: false,
      }),
    ...routes,
  });
}

/** The demo catalog's answer: its latest acquisition is older than 6 days, so the window ends on it. */
const LATEST = { parcelId: PARCEL.id, date: '2025-08-19', window: { start: '2025-08-13', end: '2025-08-19' } };

const active = (generate: (call: Call) => Response, config = CONFIG): Routes => ({
  'GET /api/abonnementUser/user/5/status': () => json(200, status('actif')),
  'GET /api/indice/5/indices': () => json(200, config),
  'GET /api/images/latest-acquisition': () => json(200, LATEST),
  'POST /api/images/NDVI': generate,
});

afterEach(() => queryClient.clear());

describe('index map screen: the subscription gate', () => {
  it("shows 'Accès Restreint' without a subscription, with a way to subscribe", async () => {
    await i18n.changeLanguage('fr');
    farmer({ 'GET /api/abonnementUser/user/5/status': () => json(200, []) });
    renderApp('/user/ferme-map');
    expect(screen.getByText(/Chargement/)).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Accès Restreint' })).toBeTruthy();
    expect(screen.getByRole('link', { name: "S'abonner" }).getAttribute('href')).toBe('/user/Abonnement');
  });

  it('shows the pending screen while the subscription awaits activation, with support phone', async () => {
    farmer({ 'GET /api/abonnementUser/user/5/status': () => json(200, status('désactivé', false)) });
    renderApp('/user/ferme-map');
    expect(await screen.findByRole('heading', { level: 1, name: 'الاشتراك في انتظار التفعيل' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'اشتراكي' }).getAttribute('href')).toBe(
      '/user/Abonnement',
    );
    expect((await screen.findByRole('link', { name: /الدعم/ })).getAttribute('href')).toMatch(/^tel:\+213/);
  });

  it('says "deactivated" for a subscription that was active before', async () => {
    await i18n.changeLanguage('fr');
    farmer({ 'GET /api/abonnementUser/user/5/status': () => json(200, status('désactivé', true)) });
    renderApp('/user/ferme-map');
    expect(await screen.findByRole('heading', { level: 1, name: 'Abonnement désactivé' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Mon Abonnement' })).toBeTruthy();
  });
});

describe('index map screen: generating', () => {
  it('starts on NDVI, generates on the default window and shows legend, stats and downloads', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = farmer(active(() => json(200, IMAGE)));
    renderApp('/user/ferme-map');
    const ndvi = await screen.findByRole('radio', { name: /NDVI/ });
    expect(ndvi).toHaveProperty('checked', true);
    expect(screen.getByRole('region', { name: 'Carte satellite de vos parcelles' }).getAttribute('dir')).toBe('ltr');
    // Issue 27 §2: opened fresh, on the only parcel, the window of its latest acquisition, Generate ready.
    await waitFor(() => expect((screen.getByLabelText('Parcelle') as HTMLSelectElement).value).toBe(String(PARCEL.id)));
    const generate = screen.getByRole('button', { name: "Générer l'image" });
    await waitFor(() => expect(generate).toHaveProperty('disabled', false));
    expect(screen.queryByTestId('farm-generate-hint')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: "Générer l'image" }));
    const stats = await screen.findByTestId('farm-stats');
    expect(within(stats).getByText('0,421')).toBeTruthy();
    expect(within(stats).getByText('0,39 à 0,46')).toBeTruthy();
    expect(within(stats).getByText('15 août 2025')).toBeTruthy();
    expect(within(stats).getByText('10 m')).toBeTruthy();
    expect(within(screen.getByTestId('farm-legend')).getByText('0,2 à 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: "Télécharger l'image (PNG)" }).getAttribute('href')).toBe(IMAGE.imageUrl);
    expect(screen.getByRole('link', { name: /GeoTIFF/ }).getAttribute('href')).toBe(IMAGE.downloadUrl);

    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/images/NDVI');
    expect(post?.body).toMatchObject({
      startDate: '2025-08-13',
      endDate: '2025-08-19',
      indice_id: 1,
      parcelle_id: PARCEL.id,
      width: 2048,
      height: 2048,
    });
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/files/r/NDVI.fvg'))).toBe(true));

    // Another index resets the result (SPEC §4).
    await userEvent.click(screen.getByRole('radio', { name: /NDMI/ }));
    expect(screen.queryByTestId('farm-stats')).toBeNull();
    expect(screen.getByText(/Générez une image/)).toBeTruthy();
  });

  it('opens on the parcel this farmer last chose, else the first, and remembers a new choice (issue 27 §2)', async () => {
    await i18n.changeLanguage('fr');
    const OTHER = { ...PARCEL, id: 12, parcelleId: 12, identifiantU: 'Oliviers' };
    const { calls } = farmer({
      ...active(() => json(200, IMAGE)),
      'GET /api/parcelle': () => json(200, [PARCEL, OTHER]),
    });
    localStorage.setItem(lastParcelKey(5), '12');
    const first = renderApp('/user/ferme-map');
    const select = (await screen.findByLabelText('Parcelle')) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('12'));
    const generate = screen.getByRole('button', { name: "Générer l'image" });
    await waitFor(() => expect(generate).toHaveProperty('disabled', false));
    expect(calls.map((c) => c.url)).toContain('/api/images/latest-acquisition?parcelId=12&index=NDVI');
    // Another choice is kept for the next visit.
    await userEvent.selectOptions(select, String(PARCEL.id));
    expect(localStorage.getItem(lastParcelKey(5))).toBe(String(PARCEL.id));
    first.unmount();
    // A kept parcel that is no longer the farmer's: the first one.
    localStorage.setItem(lastParcelKey(5), '99');
    renderApp('/user/ferme-map');
    await waitFor(() => expect((screen.getByLabelText('Parcelle') as HTMLSelectElement).value).toBe(String(PARCEL.id)));
    localStorage.removeItem(lastParcelKey(5));
  });

  it("orders a season-curve point's map: the link's day, the cost confirmed, then the map (issue 27 §2)", async () => {
    await i18n.changeLanguage('fr');
    const { calls } = farmer(active(() => json(200, IMAGE)));
    renderApp(`/user/ferme-map?parcel=${PARCEL.id}&index=1&start=2025-08-15&end=2025-08-15&order=1`);
    const dialog = await screen.findByRole('dialog', { name: 'Commander la carte du 15 août 2025 ?' });
    expect(dialog.textContent).toContain('Carte NDVI de « Vignoble » pour le 15 août 2025');
    expect(within(dialog).getByTestId('season-order-left').textContent).toBe('Analyses NDVI restantes : 2 / 2.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Commander' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const stats = await screen.findByTestId('farm-stats');
    expect(within(stats).getByText('0,421')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      startDate: '2025-08-15',
      endDate: '2025-08-15',
      parcelle_id: PARCEL.id,
      indice_id: 1,
    });
  });

  it('opens the bilingual limit modal on a 429 with the used/limit counter and contact', async () => {
    const quota = {
      code: 'QUOTA_EXHAUSTED',
      error: 'x',
      title: 'Limite atteinte',
      message: 'x',
      message_ar: 'استنفدت طلبات NDVI (2/2).',
      message_fr: 'Vous avez utilisé vos analyses NDVI (2/2).',
      indicator_info: { indicators_used: 2, indicators_limit: 2 },
    };
    farmer(active(() => json(429, quota)));
    renderApp(`/user/ferme-map?parcel=${PARCEL.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'إنشاء الصورة' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'تم بلوغ الحد الأقصى' });
    expect(within(dialog).getByText('استنفدت طلبات NDVI (2/2).')).toBeTruthy();
    expect(within(dialog).getByTestId('farm-limit-counter').textContent).toContain('2 / 2');
    expect(
      within(dialog)
        .getByRole('link', { name: /فيسبوك/ })
        .getAttribute('href'),
    ).toContain('facebook.com');
    expect((await within(dialog).findByRole('link', { name: /\+213/ })).getAttribute('href')).toMatch(/^tel:/);
    await i18n.changeLanguage('fr');
    expect(await within(dialog).findByText('Vous avez utilisé vos analyses NDVI (2/2).')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('explains a missing scene and sets the window to the nearest date in one click', async () => {
    await i18n.changeLanguage('fr');
    const noScene = {
      code: 'NO_SCENE',
      message: 'x',
      nearestDates: ['2025-08-10'],
      nearestBefore: null,
      nearestAfter: '2025-08-10',
    };
    farmer(active(() => json(404, noScene)));
    renderApp(`/user/ferme-map?parcel=${PARCEL.id}&start=2025-08-01&end=2025-08-05`);
    await userEvent.click(await screen.findByRole('button', { name: "Générer l'image" }));
    const alert = await screen.findByText('Aucune image satellite pour cette période');
    expect(alert).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: "Utiliser l'image du 10 août 2025" }));
    expect(screen.getByLabelText<HTMLInputElement>('Date de début').value).toBe('2025-08-10');
    expect(screen.getByLabelText<HTMLInputElement>('Date de fin').value).toBe('2025-08-10');
    expect(screen.queryByText('Aucune image satellite pour cette période')).toBeNull();
  });

  it('offers the windows around a clouded one', async () => {
    await i18n.changeLanguage('fr');
    farmer(
      active(() =>
        json(422, {
          code: 'ALL_CLOUDY',
          message: 'x',
          validFraction: 0.12,
          sceneId: 's',
          nearestDates: [],
          nearestBefore: null,
          nearestAfter: null,
        }),
      ),
    );
    renderApp(`/user/ferme-map?parcel=${PARCEL.id}`);
    await userEvent.click(await screen.findByRole('button', { name: "Générer l'image" }));
    expect(await screen.findByText('Parcelle couverte de nuages')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Essayer du 20 août 2025 au 26 août 2025' }));
    expect(screen.getByLabelText<HTMLInputElement>('Date de début').value).toBe('2025-08-20');
    expect(screen.getByLabelText<HTMLInputElement>('Date de fin').value).toBe('2025-08-26');
  });

  it('offers the nearest clear days a clouded answer names, one click each', async () => {
    await i18n.changeLanguage('fr');
    farmer(
      active(() =>
        json(422, {
          code: 'ALL_CLOUDY',
          message: 'x',
          validFraction: 0,
          sceneId: 's',
          nearestDates: ['2025-08-15'],
          nearestBefore: '2025-08-15',
          nearestAfter: null,
        }),
      ),
    );
    renderApp(`/user/ferme-map?parcel=${PARCEL.id}`);
    await userEvent.click(await screen.findByRole('button', { name: "Générer l'image" }));
    expect(await screen.findByText('Parcelle couverte de nuages')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Essayer du/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: "Utiliser l'image claire du 15 août 2025" }));
    expect(screen.getByLabelText<HTMLInputElement>('Date de début').value).toBe('2025-08-15');
  });

  it('translates a validation issue into the generate error', async () => {
    await i18n.changeLanguage('fr');
    const invalid = {
      code: 'VALIDATION_FAILED',
      message: 'x',
      issues: [{ path: ['endDate'], code: 'custom', message: 'validation.periodMax' }],
    };
    farmer(active(() => json(400, invalid)));
    renderApp(`/user/ferme-map?parcel=${PARCEL.id}`);
    await userEvent.click(await screen.findByRole('button', { name: "Générer l'image" }));
    expect(await screen.findByText('Erreur NDVI : La période sélectionnée dépasse 6 jours maximum')).toBeTruthy();
  });
});
