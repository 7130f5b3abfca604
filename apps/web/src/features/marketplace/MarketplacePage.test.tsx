import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer, userSellerRoleAnswer } from '../../../test/fixtures.ts';
import { renderApp, renderAtUrl, where } from '../../../test/render.tsx';
import type { Publication } from './api.ts';
import { prepareMarketplace } from './prepareMarketplace.ts';
import { publication } from './testUtils.tsx';

afterEach(() => queryClient.clear());

const supplier = { id: 2, roleName: "Fournisseur d'intrants", roleNameAr: 'مورد المدخلات الزراعية' };
const CATALOGUE: Publication[] = [
  publication({ id: 1, nomProduit: 'Huile d’olive', etat: 'DISPO' }),
  publication({
    id: 2,
    nomProduit: 'Engrais NPK',
    etat: 'NONDISPO',
    seller: { id: 9, userName: 'Agro', sellerRole: supplier, wilaya: 16 },
  }),
  ...Array.from({ length: 12 }, (_, i) => publication({ id: 100 + i, nomProduit: `Tomate ${i + 1}` })),
];

/** A small server: filters like the API (category name prefix or id, etat, q contains) and pages by 12. */
function seller() {
  localStorage.setItem('Token', 'jwt.seller');
  return stubApi({
    'GET /api/roles/my-role': () => json(200, myRoleAnswer('Seller')),
    'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, userName: 'Rachid', roleName: 'Seller' })),
    'GET /api/userSellerRole/5': () =>
      json(200, userSellerRoleAnswer({ id: 1, roleName: 'Agriculteur', roleNameAr: 'فلاح' })),
    'GET /api/sellerRoles': () =>
      json(200, [
        { id: 1, roleName: 'Agriculteur', roleNameAr: 'فلاح' },
        supplier,
        { id: 6, roleName: 'Entreprise', roleNameAr: 'مؤسسة' },
      ]),
    'GET /api/publications/all': (call) => {
      const p = new URL(call.url, 'http://x').searchParams;
      const category = p.get('category');
      const q = p.get('q')?.toLowerCase();
      const items = CATALOGUE.filter(
        (x) =>
          (!category ||
            String(x.seller.sellerRole?.id) === category ||
            x.seller.sellerRole?.roleName.startsWith(category)) &&
          (!p.get('etat') || x.etat === p.get('etat')) &&
          (!q || x.nomProduit.toLowerCase().includes(q)),
      );
      const page = Number(p.get('page'));
      const limit = Number(p.get('limit'));
      return json(200, { items: items.slice((page - 1) * limit, page * limit), total: items.length, page, limit });
    },
  });
}

const listCalls = (calls: ReturnType<typeof seller>['calls']) =>
  calls
    .filter((c) => c.url.startsWith('/api/publications/all'))
    .map((c) => c.url.replace('/api/publications/all?', ''));

const names = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('marketplace', { timeout: 20_000 }, () => {
  it('renders from what was read before its first render (app/prepareRoute.ts) and asks none of it again', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = seller();
    await prepareMarketplace('?etat=DISPO');
    expect(listCalls(calls)).toEqual(['etat=DISPO&page=1&limit=12']);
    expect(calls.filter((c) => c.url === '/api/sellerRoles')).toHaveLength(1);
    renderAtUrl('/seller/marketplace?etat=DISPO');
    await screen.findByText('Huile d’olive');
    await waitFor(() => expect(screen.getByLabelText('Type de vendeur').querySelectorAll('option').length).toBe(5));
    expect(listCalls(calls)).toEqual(['etat=DISPO&page=1&limit=12']);
    expect(calls.filter((c) => c.url === '/api/sellerRoles')).toHaveLength(1);
  });

  it('sends every filter to the server and shows what it answers', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = seller();
    const user = userEvent.setup();
    renderApp('/seller/marketplace');
    expect(await screen.findByRole('heading', { level: 1, name: 'Place de marché' })).toBeTruthy();
    await screen.findByText('Huile d’olive');
    expect(listCalls(calls)).toEqual(['page=1&limit=12']);
    expect(screen.getByText('12 produit(s) affiché(s) sur 14')).toBeTruthy();
    // The seller sidebar names the seller's sub-type (GET /api/userSellerRole/{id}), not a placeholder.
    expect((await screen.findByTestId('sidebar-seller-role')).textContent).toBe('Agriculteur');

    await user.click(screen.getByRole('button', { name: 'Afficher plus de produits' }));
    await screen.findByText('Tomate 12');
    expect(listCalls(calls).at(-1)).toBe('page=2&limit=12');

    const category = screen.getByLabelText('Type de vendeur');
    await waitFor(() => expect(category.querySelectorAll('option').length).toBe(5));
    await user.selectOptions(category, 'Fournisseur');
    await waitFor(() => expect(names()).toEqual(['Engrais NPK']));
    expect(listCalls(calls).at(-1)).toBe('category=Fournisseur&page=1&limit=12');

    await user.selectOptions(category, '1');
    await user.selectOptions(screen.getByLabelText('Disponibilité'), 'DISPO');
    await user.selectOptions(screen.getByLabelText('Trier par'), 'price_asc');
    await user.selectOptions(screen.getByLabelText('Wilaya'), '15');
    expect(listCalls(calls).at(-1)).toBe('category=1&wilaya=15&etat=DISPO&sort=price_asc&page=1&limit=12');

    const before = listCalls(calls).length;
    await user.type(screen.getByLabelText('Rechercher un produit'), 'huile');
    await waitFor(() => expect(names()).toEqual(['Huile d’olive']));
    // Debounced: one request for the five letters, not five.
    expect(listCalls(calls).slice(before)).toEqual([
      'q=huile&category=1&wilaya=15&etat=DISPO&sort=price_asc&page=1&limit=12',
    ]);
  });

  it('shows the empty state and clears the filters', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = seller();
    const user = userEvent.setup();
    renderAtUrl('/seller/marketplace?q=introuvable&etat=NONDISPO');
    expect(await screen.findByText('Aucun produit ne correspond à votre recherche.')).toBeTruthy();
    expect((screen.getByLabelText('Rechercher un produit') as HTMLInputElement).value).toBe('introuvable');
    expect(listCalls(calls)).toEqual(['q=introuvable&etat=NONDISPO&page=1&limit=12']);
    await user.click(screen.getAllByRole('button', { name: 'Effacer les filtres' })[0] as HTMLElement);
    await screen.findByText('Huile d’olive');
    expect((screen.getByLabelText('Rechercher un produit') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(where()).toBe('/seller/marketplace'));
  });

  it('says so when the list cannot load (SPEC §8)', async () => {
    stubApi({
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
      'GET /api/publications/all': () => json(400, { code: 'VALIDATION_FAILED', message: 'bad' }),
    });
    localStorage.setItem('Token', 'jwt.farmer');
    renderApp('/user/marketplace');
    expect((await screen.findByRole('alert')).textContent).toContain('حدث خطأ أثناء تحميل المنشورات');
  });
});
