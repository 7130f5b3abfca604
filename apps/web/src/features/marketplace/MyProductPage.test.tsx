import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import type { Publication } from './api.ts';
import { publication } from './testUtils.tsx';

afterEach(() => queryClient.clear());

function owner(ownerId = 5) {
  localStorage.setItem('Token', 'jwt.seller');
  let item: Publication = publication({ userId: ownerId });
  return stubApi({
    'GET /api/roles/my-role': () => json(200, myRoleAnswer('Seller')),
    'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, userName: 'Rachid', roleName: 'Seller' })),
    'GET /api/publications/one/7': () => json(200, item),
    'PUT /api/publications/update/7': () => {
      item = { ...item, etat: 'NONDISPO', images: item.images.filter((i) => i.id !== 2) };
      return json(200, { message: 'ok', publication: item });
    },
    'DELETE /api/publications/delete/7': () => json(200, { message: 'ok' }),
    'GET /api/sellerAbonnementUser/current': () => json(200, { hasActiveSubscription: false, data: null }),
    'GET /api/publications/my-publications': () => new Response(null, { status: 205 }),
  });
}

describe('my product', { timeout: 20_000 }, () => {
  it('changes availability and removes a photo (deletedImageIds)', async () => {
    await i18n.changeLanguage('fr');
    const { fetchMock } = owner();
    const user = userEvent.setup();
    renderApp('/seller/my-product-details/7');
    const availability = await screen.findByLabelText('Disponibilité');
    expect((screen.getByLabelText('Nom du produit') as HTMLInputElement).value).toBe('Huile d’olive de Kabylie');
    expect(screen.getAllByTestId('current-photo')).toHaveLength(3);
    await user.selectOptions(availability, 'NONDISPO');
    await user.click(screen.getByRole('button', { name: 'Retirer la photo 2' }));
    expect(screen.getByRole('button', { name: 'Garder la photo 2' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('photo-count').textContent).toBe('(2 / 10)');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));

    expect(await screen.findByText('Produit mis à jour avec succès')).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([url]) => url === '/api/publications/update/7')?.[1]?.body;
    if (!(sent instanceof FormData)) throw new Error('no multipart body');
    expect(sent.get('disponibility')).toBe('NONDISPO');
    expect(sent.getAll('deletedImageIds')).toEqual(['2']);
    expect(sent.getAll('images')).toEqual([]);
    await waitFor(() => expect(screen.getAllByTestId('current-photo')).toHaveLength(2));
  });

  it('deletes after a styled confirmation and returns to the list with the message', async () => {
    const { calls } = owner();
    const user = userEvent.setup();
    renderApp('/seller/my-product-details/7');
    await user.click(await screen.findByRole('button', { name: 'حذف المنتج' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('هل أنت متأكد من حذف «Huile d’olive de Kabylie»');
    await user.click(screen.getByRole('button', { name: 'إلغاء' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'حذف المنتج' }));
    await user.click(screen.getByRole('button', { name: 'نعم، احذف' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/seller/product-submission'));
    expect(await screen.findByText('تم حذف المنتج بنجاح')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/publications/delete/7']);
  });

  it('refuses to edit someone else’s product', async () => {
    await i18n.changeLanguage('fr');
    owner(99);
    renderApp('/seller/my-product-details/7');
    expect((await screen.findByRole('alert')).textContent).toContain('Ce produit appartient à un autre vendeur');
    expect(screen.queryByLabelText('Nom du produit')).toBeNull();
  });
});
