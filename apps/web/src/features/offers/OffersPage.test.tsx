import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { forgetPublicSettings } from '../../lib/publicSettings.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { registeredAnswer } from '../../../test/session.ts';
import { renderAtUrl, where } from '../../../test/render.tsx';

const plan = (id: number, nameAbonnement: string, nameClient: string, prices: string) => ({
  id,
  nameAbonnement,
  nameAbonnementAr: '',
  nameClient,
  nameClientAr: '',
  prices,
  description: '',
  descriptionFr: '',
  descriptionAr: '',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});
const PLANS = [
  plan(1, 'Basic', '1-10 ha', '15000 DA/an'),
  plan(2, 'Standard', '10-50 ha', '40000 DA/an'),
  plan(3, 'Premium', '> 50 ha', '90000 DA/an'),
];

function publicApi(servicePrices: { soil: number | null; other: number | null } = { soil: 12000, other: 20000 }) {
  return stubApi({
    'GET /api/abonnement': () => json(200, PLANS),
    'GET /api/settings/public': () =>
      json(200, { contact: { phone: null, email: null, address: null }, servicePrices, demoImagery: false }),
    'POST /api/auth/register': registeredAnswer,
  });
}

afterEach(() => forgetPublicSettings());

describe('/offre: prices, and the chosen plan carried into sign-up', { timeout: 20_000 }, () => {
  it('shows the catalogue prices and service prices in DA, then preselects the plan on sign-up (French)', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = publicApi();
    const user = userEvent.setup();
    renderAtUrl('/offre');
    expect((await screen.findByTestId('price-standard')).textContent).toMatch(/^40\s000 DA \/ an$/);
    expect(screen.getByTestId('price-basic').textContent).toMatch(/15\s000 DA/);
    expect(await screen.findByText('À partir de 12 000 DA')).toBeTruthy();
    expect(screen.getByText('À partir de 20 000 DA')).toBeTruthy();
    expect(document.body.textContent).not.toContain('€');

    const choose = screen
      .getAllByRole('link', { name: 'Choisir cette offre' })
      .find((a) => a.getAttribute('aria-describedby') === 'pack-standard');
    expect(choose?.getAttribute('href')).toBe('/auth/SignUp?plan=2');
    await user.click(choose!);
    await waitFor(() => expect(where()).toBe('/auth/SignUp?plan=2'));
    const select = await screen.findByLabelText<HTMLSelectElement>('Offre choisie');
    await waitFor(() => expect(select.value).toBe('2'));
    expect(screen.getByTestId('chosen-plan-price').textContent).toMatch(/40\s000 DA/);

    await user.type(screen.getByLabelText('Nom complet'), 'Amina Benali');
    await user.type(screen.getByLabelText('E-mail'), 'amina@example.dz');
    await user.type(screen.getByLabelText('Numéro de téléphone'), '0555123456');
    await user.type(screen.getByLabelText('Mot de passe'), 'motdepasse1');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'motdepasse1');
    await user.selectOptions(screen.getByLabelText('Wilaya'), '16');
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compte créé' });
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ role_id: 2 });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    // Signing in then opens the subscription screen with the plan checked (app/nextPath.ts, SubscriptionPage).
    await waitFor(() => expect(where()).toBe(`/auth/SignIn?next=${encodeURIComponent('/user/Abonnement?plan=2')}`));
  });

  it('in Arabic: prices in دج, "on quotation" without service prices, and the plan preselected', async () => {
    publicApi({ soil: null, other: null });
    const user = userEvent.setup();
    renderAtUrl('/offre');
    expect((await screen.findByTestId('price-premium')).textContent).toMatch(/90\s000 دج/);
    expect(await screen.findAllByText('السعر حسب عرض سعر')).toHaveLength(2);
    expect(document.body.textContent).not.toContain('يورو');
    const choose = screen
      .getAllByRole('link', { name: 'اختر هذا العرض' })
      .find((a) => a.getAttribute('aria-describedby') === 'pack-premium');
    await user.click(choose!);
    const select = await screen.findByLabelText<HTMLSelectElement>('العرض المختار');
    await waitFor(() => expect(select.value).toBe('3'));
    // The plan is a farmer's: it is not offered to a seller.
    await user.selectOptions(screen.getByLabelText('نوع الحساب'), '6');
    expect(screen.queryByLabelText('العرض المختار')).toBeNull();
  });
});
