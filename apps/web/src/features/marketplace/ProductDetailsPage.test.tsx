import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { publication } from './testUtils.tsx';

afterEach(() => queryClient.clear());

function farmer() {
  localStorage.setItem('Token', 'jwt.farmer');
  return stubApi({
    'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
    'GET /api/users/profile': () => json(200, profileAnswer({ id: 8, userName: 'Karim', roleName: 'User' })),
    'GET /api/publications/one/7': () => json(200, publication()),
    'GET /api/publications/one/8': () => json(404, { code: 'NOT_FOUND', message: 'x' }),
    'GET /api/publications/one/9': () => json(400, { code: 'VALIDATION_FAILED', message: 'x' }),
  });
}

describe('product details', { timeout: 20_000 }, () => {
  it('shows the product, its seller and a tap-to-call phone, and goes back to the marketplace', async () => {
    await i18n.changeLanguage('fr');
    farmer();
    const user = userEvent.setup();
    renderApp('/user/product-details/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Huile d’olive de Kabylie' })).toBeTruthy();
    expect(document.querySelector('main')?.textContent).toContain('1\u202f500 DA');
    expect(screen.getByText('Rachid — Agriculteur')).toBeTruthy();
    expect(screen.getByText('Tizi Ouzou')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Appeler le vendeur' }).getAttribute('href')).toBe('tel:0550123456');
    expect(screen.getByTestId('carousel-counter').textContent).toBe('1 / 3');
    expect(screen.queryByRole('link', { name: 'Modifier mon produit' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/user/marketplace'));
  });

  it('names a missing product, and uses the SPEC §8 text for other failures', async () => {
    farmer();
    const { unmount } = renderApp('/user/product-details/8');
    expect((await screen.findByRole('alert')).textContent).toBe('هذا المنتج لم يعد موجودًا أو تم سحبه.');
    unmount();
    queryClient.clear();
    renderApp('/user/product-details/9');
    expect((await screen.findByRole('alert', {}, { timeout: 8000 })).textContent).toBe('حدث خطأ، يرجى المحاولة لاحقًا');
  });
});
