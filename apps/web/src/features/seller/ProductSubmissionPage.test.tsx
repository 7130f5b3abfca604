import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { publication } from '../marketplace/testUtils.tsx';
import { activeSubscription } from './testData.ts';

afterEach(() => queryClient.clear());

function seller(add: () => Response, remaining: number[] = [1, 0]) {
  localStorage.setItem('Token', 'jwt.seller');
  let reads = 0;
  return stubApi({
    'GET /api/roles/my-role': () => json(200, myRoleAnswer('Seller')),
    'GET /api/users/profile': () =>
      json(200, profileAnswer({ id: 5, userName: 'Rachid', phoneNumber: '0550123456', roleName: 'Seller' })),
    'GET /api/sellerAbonnementUser/current': () =>
      json(200, {
        hasActiveSubscription: true,
        data: activeSubscription(remaining[Math.min(reads++, remaining.length - 1)] ?? 0),
      }),
    'GET /api/publications/my-publications': () =>
      json(200, [publication({ id: 3, nomProduit: 'Dattes Deglet Nour' })]),
    'POST /api/publications/add': add,
  });
}

async function fillAndSend(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Nom du produit'), 'Pommes de terre');
  await user.type(screen.getByLabelText('Quantité'), '40');
  await user.type(screen.getByLabelText('Prix unitaire (DA)'), '85,5');
  await user.selectOptions(screen.getByLabelText('Unité'), 'Quintal (100 kg)');
  await user.type(screen.getByLabelText('Adresse'), 'Ain Defla');
  await user.click(screen.getByRole('button', { name: 'Publier le produit' }));
}

describe('product submission', { timeout: 20_000 }, () => {
  it('publishes the form with its photos under the subscription, then updates the posts left', async () => {
    await i18n.changeLanguage('fr');
    const { fetchMock } = seller(() =>
      json(201, { message: 'Publication créée avec succès', publication: publication() }),
    );
    const user = userEvent.setup();
    renderApp('/seller/product-submission');
    expect((await screen.findByTestId('remaining-posts')).textContent).toBe('1 publication(s) restante(s) sur 5');
    expect(screen.getByRole('link', { name: /Dattes Deglet Nour/ }).getAttribute('href')).toBe(
      '/seller/my-product-details/3',
    );
    await waitFor(() => expect((screen.getByLabelText('Téléphone') as HTMLInputElement).value).toBe('0550123456'));
    await user.upload(screen.getByLabelText('Ajouter des photos'), new File(['jpeg'], 'a.jpg', { type: 'image/jpeg' }));
    await fillAndSend(user);

    expect(await screen.findByText('Publication créée avec succès')).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([url]) => url === '/api/publications/add')?.[1]?.body;
    if (!(sent instanceof FormData)) throw new Error('no multipart body');
    expect(Object.fromEntries([...sent.entries()].filter(([k]) => k !== 'images'))).toEqual({
      productName: 'Pommes de terre',
      quantity: '40',
      price: '85.5',
      unit: 'quintal',
      location: 'Ain Defla',
      phone: '0550123456',
      disponibility: 'DISPO',
      sellerAbonnementUserId: '11',
    });
    expect((sent.getAll('images') as File[]).map((f) => f.name)).toEqual(['a.jpg']);
    await waitFor(() =>
      expect(screen.getByTestId('remaining-posts').textContent).toBe('0 publication(s) restante(s) sur 5'),
    );
    expect(screen.getByRole('button', { name: 'Publier le produit' })).toHaveProperty('disabled', true);
    expect((screen.getByLabelText('Nom du produit') as HTMLInputElement).value).toBe('');
  });

  it('shows the post limit (403) with the server message', async () => {
    await i18n.changeLanguage('fr');
    seller(() =>
      json(403, {
        code: 'QUOTA_EXHAUSTED',
        message: 'Vous avez atteint le nombre de requêtes autorisé.',
        issues: [
          { path: 'sellerAbonnementUserId', code: 'post_limit_reached', message: 'marketplace.postLimitReached' },
        ],
      }),
    );
    const user = userEvent.setup();
    renderApp('/seller/product-submission');
    await fillAndSend(user);
    const alert = await screen.findByText(
      'Vous avez atteint le nombre maximal de publications de votre offre vendeur.',
    );
    expect(alert.parentElement?.textContent).toContain('Vous avez atteint le nombre de requêtes autorisé.');
    expect(await screen.findByText(/Vous avez utilisé toutes les publications de votre offre/)).toBeTruthy();
  });

  it('requires a unit: without one nothing is sent and the field says why, in both languages', async () => {
    for (const [lang, labels] of [
      ['fr', { name: 'Nom du produit', unit: 'Unité', send: 'Publier le produit', error: /Choisissez une unité/ }],
      ['ar', { name: 'اسم المنتج', unit: 'الوحدة', send: 'نشر المنتج', error: /اختر وحدة من القائمة/ }],
    ] as const) {
      await i18n.changeLanguage(lang);
      const { fetchMock } = seller(() => json(201, { message: 'ok', publication: publication() }));
      const user = userEvent.setup();
      const view = renderApp('/seller/product-submission');
      await user.type(await screen.findByLabelText(labels.name), 'Oignons');
      await user.click(screen.getByRole('button', { name: labels.send }));
      const unit = screen.getByLabelText(labels.unit);
      await waitFor(() => expect(unit.getAttribute('aria-invalid')).toBe('true'));
      expect(screen.getByText(labels.error)).toBeTruthy();
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/publications/add')).toBe(false);
      view.unmount();
    }
  });

  it('shows the 401 server message without signing the seller out', async () => {
    seller(() => json(401, { code: 'SUBSCRIPTION_INACTIVE', message: 'اشتراكك غير مفعّل.' }), [2]);
    const user = userEvent.setup();
    renderApp('/seller/product-submission');
    await user.type(await screen.findByLabelText('اسم المنتج'), 'تمر');
    await user.type(screen.getByLabelText('الكمية'), '10');
    await user.type(screen.getByLabelText('سعر الوحدة (د.ج)'), '900');
    await user.selectOptions(screen.getByLabelText('الوحدة'), 'كيلوغرام (كغ)');
    await user.type(screen.getByLabelText('العنوان'), 'بسكرة');
    await user.click(screen.getByRole('button', { name: 'نشر المنتج' }));
    expect(await screen.findByText('اشتراكك غير مفعّل.')).toBeTruthy();
    expect(localStorage.getItem('Token')).toBe('jwt.seller');
    expect(screen.getByTestId('path').textContent).toBe('/seller/product-submission');
  });

  it('tells a farmer without a seller plan how to sell, and lists nothing (205)', async () => {
    await i18n.changeLanguage('fr');
    localStorage.setItem('Token', 'jwt.farmer');
    stubApi({
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
      'GET /api/users/profile': () => json(200, profileAnswer({ id: 8, userName: 'Karim', roleName: 'User' })),
      'GET /api/sellerAbonnementUser/current': () => json(200, { hasActiveSubscription: false, data: null }),
      'GET /api/publications/my-publications': () => new Response(null, { status: 205 }),
    });
    renderApp('/user/product-submission');
    expect(await screen.findByRole('heading', { name: 'Vendez votre production sur la place de marché' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choisir une offre vendeur' }).getAttribute('href')).toBe(
      '/user/offre-vendeur',
    );
    expect(await screen.findByText("Vous n'avez encore publié aucun produit.")).toBeTruthy();
    expect(screen.queryByLabelText('Nom du produit')).toBeNull();
  });
});
