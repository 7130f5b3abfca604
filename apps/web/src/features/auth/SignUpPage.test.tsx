import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { registeredAnswer } from '../../../test/session.ts';
import { renderApp } from '../../../test/render.tsx';
import { digitsOnly } from '../../components/ui/contactFields.tsx';

const SELLER_ROLES = [
  { id: 1, roleName: 'Fournisseur d’intrants', roleNameAr: 'مورد مستلزمات' },
  { id: 2, roleName: 'Coopérative', roleNameAr: 'تعاونية' },
];

async function openSignUp(lang: 'ar' | 'fr' = 'fr') {
  await i18n.changeLanguage(lang);
  renderApp('/auth/SignUp');
  return screen.findByRole('heading', { level: 1 });
}

/** The label of the focused field (its own text, without the error or hint). */
const focusedLabel = () =>
  document.querySelector(`label[for="${document.activeElement?.id ?? ''}"]`)?.firstChild?.textContent?.trim();

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nom complet'), 'Amina Benali');
  await user.type(screen.getByLabelText('E-mail'), 'Amina@Example.dz');
  await user.type(screen.getByLabelText('Numéro de téléphone'), '0555123456');
  await user.type(screen.getByLabelText('Mot de passe'), 'motdepasse1');
  await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'motdepasse1');
  await user.selectOptions(screen.getByLabelText('Wilaya'), '16');
}

describe('sign-up form', { timeout: 20_000 }, () => {
  it('shows the shared schema messages in French for an empty form', async () => {
    stubApi({});
    const user = userEvent.setup();
    await openSignUp('fr');
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(await screen.findByText('Saisissez une adresse e-mail valide.')).toBeTruthy();
    expect(screen.getByText('Choisissez votre wilaya.')).toBeTruthy();
    expect(screen.getByText('Le mot de passe doit contenir au moins 8 caractères.')).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the messages in Arabic, including the password mismatch', async () => {
    stubApi({});
    const user = userEvent.setup();
    await openSignUp('ar');
    await user.type(screen.getByLabelText('كلمة المرور'), 'abcdefgh');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'abcdefgX');
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    expect(await screen.findByText('كلمتا المرور غير متطابقتين.')).toBeTruthy();
    expect(screen.getByText('اختر ولايتك.')).toBeTruthy();
  });

  it('moves the focus to the first invalid field after submit (French)', async () => {
    stubApi({});
    const user = userEvent.setup();
    await openSignUp('fr');
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    await waitFor(() => expect(focusedLabel()).toBe('Nom complet'));
    await user.type(screen.getByLabelText('Nom complet'), 'Amina');
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    await waitFor(() => expect(focusedLabel()).toBe('E-mail'));
  });

  it('moves the focus to the first invalid field in Arabic', async () => {
    stubApi({});
    const user = userEvent.setup();
    await openSignUp('ar');
    await user.type(screen.getByLabelText('الاسم الكامل'), 'أمينة');
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    await waitFor(() => expect(focusedLabel()).toBe('البريد الإلكتروني'));
  });

  it('keeps only digits in the phone field, ten at most', async () => {
    stubApi({});
    const user = userEvent.setup();
    await openSignUp();
    const phone = screen.getByLabelText<HTMLInputElement>('Numéro de téléphone');
    await user.type(phone, '05 55-12a34 5678 99');
    expect(phone.value).toBe('0555123456');
    expect(digitsOnly('+213 (0) 555')).toBe('2130555');
  });

  it('shows the seller-role select only for sellers, filled from /api/sellerRoles', async () => {
    const { calls } = stubApi({ 'GET /api/sellerRoles': () => json(200, SELLER_ROLES) });
    // The footer's public settings (contact details) aside.
    const asked = () => calls.filter((c) => !c.url.includes('/settings/')).map((c) => c.url);
    const user = userEvent.setup();
    await openSignUp();
    expect(screen.queryByLabelText('Activité du vendeur')).toBeNull();
    expect(asked()).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Type de compte'), '6');
    const select = await screen.findByLabelText('Activité du vendeur');
    await within(select).findByRole('option', { name: 'Coopérative' });
    expect(asked()).toEqual(['/api/sellerRoles']);

    await user.selectOptions(screen.getByLabelText('Type de compte'), '4');
    expect(screen.queryByLabelText('Activité du vendeur')).toBeNull();
  });

  it('requires a seller role for a seller', async () => {
    stubApi({ 'GET /api/sellerRoles': () => json(200, SELLER_ROLES) });
    const user = userEvent.setup();
    await openSignUp();
    await fillValid(user);
    await user.selectOptions(screen.getByLabelText('Type de compte'), '6');
    await screen.findByRole('option', { name: 'Coopérative' });
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(await screen.findByText('Choisissez votre activité de vendeur.')).toBeTruthy();
  });

  it('posts the registration payload and opens the success dialog, whose OK leads to sign-in', async () => {
    const { calls } = stubApi({
      'GET /api/sellerRoles': () => json(200, SELLER_ROLES),
      'POST /api/auth/register': registeredAnswer,
    });
    const user = userEvent.setup();
    await openSignUp();
    await fillValid(user);
    await user.selectOptions(screen.getByLabelText('Type de compte'), '6');
    await user.selectOptions(await screen.findByLabelText('Activité du vendeur'), '2');
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));

    const dialog = await screen.findByRole('dialog', { name: 'Compte créé' });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      email: 'amina@example.dz',
      userName: 'Amina Benali',
      password: 'motdepasse1',
      phone_number: '0555123456',
      profile_picture: 'profile.jpg',
      wilaya: 16,
      role_id: 6,
      sellerRole_id: 2,
    });
    expect(post?.headers['accept-language']).toBe('fr');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/auth/SignIn'));
  });

  it('explains a taken e-mail in an error dialog that Escape closes', async () => {
    stubApi({ 'POST /api/auth/register': () => json(400, { code: 'EMAIL_TAKEN', message: 'taken' }) });
    const user = userEvent.setup();
    await openSignUp();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Cet email est déjà utilisé');
    expect(document.activeElement && dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
