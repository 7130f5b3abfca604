import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import type { SellerPlan, SellerSubscription } from './api.ts';
import { activeSubscription } from './testData.ts';

afterEach(() => queryClient.clear());

const plan = (id: number, name: string, nbPost: number | null, price: number): SellerPlan => ({
  id,
  nameAbonnement: name,
  nameAbonnementAr: '',
  nameClient: 'Vendeurs',
  nameClientAr: '',
  price,
  isLimited: nbPost !== null,
  nbPost,
  priority: id,
  description: `Offre ${name}`,
  descriptionAr: '',
  fonctionnalities: [{ id: 1, name: 'Publication de produits', nameAr: '', psudo: 'publish' }],
  createdAt: '2025-11-01T00:00:00.000Z',
  updatedAt: '2025-11-01T00:00:00.000Z',
});
const PLANS = [plan(1, 'Essentiel', 5, 3000), plan(2, 'Pro', null, 12000)];
/** Just bought: none of its 5 posts used yet. */
const active = activeSubscription(5);

function seller(post: () => Response) {
  localStorage.setItem('Token', 'jwt.seller');
  let current: { hasActiveSubscription: boolean; data: SellerSubscription | null } = {
    hasActiveSubscription: false,
    data: null,
  };
  return stubApi({
    'GET /api/roles/my-role': () => json(200, myRoleAnswer('Seller')),
    'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, userName: 'Rachid', roleName: 'Seller' })),
    'GET /api/sellerAbonnement': () => json(200, PLANS),
    'GET /api/sellerAbonnementUser/current': () => json(200, current),
    'POST /api/sellerAbonnementUser': () => {
      const answer = post();
      if (answer.status === 201) current = { hasActiveSubscription: true, data: active };
      return answer;
    },
  });
}

describe('seller plans', { timeout: 20_000 }, () => {
  it('keeps one plan selected, asks for one first, confirms, then shows days and posts left', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = seller(() => json(201, { message: 'ok', sellerAbonnementUser: active }));
    const user = userEvent.setup();
    renderApp('/seller/offre');
    await screen.findByRole('heading', { level: 1, name: 'Offres vendeur' });
    expect(screen.getAllByTestId('plan-posts').map((e) => e.textContent)).toEqual(['5', 'Illimité']);
    expect(document.body.textContent).toContain('3\u202f000 DA / an');

    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(screen.getByRole('alert').textContent).toBe('Veuillez sélectionner une offre avant de continuer');

    const essentiel = screen.getByRole('radio', { name: "Choisir l'offre Essentiel" }) as HTMLInputElement;
    const pro = screen.getByRole('radio', { name: "Choisir l'offre Pro" }) as HTMLInputElement;
    await user.click(essentiel);
    expect([essentiel.checked, pro.checked]).toEqual([true, false]);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(pro);
    expect([essentiel.checked, pro.checked]).toEqual([false, true]);
    await user.click(essentiel);

    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('« Essentiel » pour 3\u202f000 DA par an');
    await user.click(screen.getByRole('button', { name: "Confirmer l'abonnement" }));
    expect(await screen.findByText('Votre abonnement vendeur est actif pour un an.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ sellerAbonnementId: 1 });
    await waitFor(() => expect(screen.getByTestId('remaining-days').textContent).toBe('365\u00a0jours'));
    expect(screen.getByTestId('remaining-posts').textContent).toBe('5 publication(s) restante(s) sur 5');
    expect(essentiel.matches(':disabled')).toBe(true);
    expect(essentiel.closest('label')?.textContent).toContain('Votre offre actuelle');
    expect(screen.queryByRole('button', { name: 'Continuer' })).toBeNull();
  });

  it('explains the 409 of an already open subscription', async () => {
    const { calls } = seller(() =>
      json(409, {
        code: 'CONFLICT',
        message: 'x',
        issues: [{ path: 'sellerAbonnementId', code: 'subscription_open', message: 'k' }],
      }),
    );
    const user = userEvent.setup();
    renderApp('/seller/offre');
    await user.click(await screen.findByRole('radio', { name: 'اختيار العرض Pro' }));
    await user.click(screen.getByRole('button', { name: 'متابعة' }));
    await user.click(screen.getByRole('button', { name: 'تأكيد الاشتراك' }));
    expect((await screen.findByRole('alert')).textContent).toContain('لا يمكن تفعيل أكثر من اشتراك واحد');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
