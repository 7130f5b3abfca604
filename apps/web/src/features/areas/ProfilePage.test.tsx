import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

afterEach(() => queryClient.clear());

function farmer(extra: Parameters<typeof stubApi>[0] = {}) {
  localStorage.setItem('Token', 'jwt.farmer');
  const profile = profileAnswer({
    id: 5,
    userName: 'Karim',
    email: 'karim@filaha.dz',
    phoneNumber: '0550123456',
    wilaya: 9,
    roleName: 'User',
  });
  return stubApi({
    'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
    'GET /api/users/profile': () => json(200, profile),
    'PUT /api/users/5': (call) => {
      Object.assign(profile, {
        ...(call.body as object),
        phoneNumber: (call.body as { phone_number: string }).phone_number,
      });
      return json(200, { message: 'ok', user: profile });
    },
    ...extra,
  });
}

// Each test types into several fields like a person would; on a busy 2-core machine that takes seconds.
describe('profile', { timeout: 20_000 }, () => {
  it('edits name, phone (digits only) and wilaya, shows the role read-only, and saves', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = farmer();
    const user = userEvent.setup();
    renderApp('/user/profile');
    expect(await screen.findByText('Blida')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Modifier' }));

    const name = screen.getByLabelText('Nom complet') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(screen.getByText('Seul un administrateur peut changer le type de compte.')).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'Karim Benali');
    const phone = screen.getByLabelText('Téléphone') as HTMLInputElement;
    await user.clear(phone);
    await user.type(phone, '06ab61-2233445');
    expect(phone.value).toBe('0661223344');
    await user.selectOptions(screen.getByLabelText('Wilaya'), '16');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Modifications enregistrées.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      userName: 'Karim Benali',
      phone_number: '0661223344',
      wilaya: 16,
    });
    const shown = (text: string) => screen.queryAllByText(text).some((el) => el.closest('dd') !== null);
    await waitFor(() => expect(shown('Karim Benali')).toBe(true));
    expect(shown('Alger')).toBe(true);
    expect(shown('0661223344')).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Modifier' }));
  });

  it('requires a name and keeps the view unchanged on cancel', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = farmer();
    const user = userEvent.setup();
    renderApp('/user/profile');
    await user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await user.clear(screen.getByLabelText('Nom complet'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    // By its text: the alert settings below (not stubbed here) may show their own load error, another alert.
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((el) => el.textContent)).toContain('Ce champ est obligatoire.'),
    );
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.getAllByText('Karim').some((el) => el.closest('dd') !== null)).toBe(true));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('translates a refused save', async () => {
    farmer({ 'PUT /api/users/5': () => json(403, { code: 'FORBIDDEN', message: 'no' }) });
    const user = userEvent.setup();
    renderApp('/user/profile');
    await user.click(await screen.findByRole('button', { name: 'تعديل' }));
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((el) => el.textContent?.includes(i18n.t('errors:FORBIDDEN')))).toBe(
        true,
      ),
    );
  });

  it('shows the load error with a retry button', async () => {
    let ok = false;
    farmer({
      'GET /api/users/profile': () =>
        ok
          ? json(200, profileAnswer({ id: 5, userName: 'Karim', roleName: 'User' }))
          : json(404, { code: 'NOT_FOUND', message: 'x' }),
    });
    const user = userEvent.setup();
    renderApp('/user/profile');
    const retry = await screen.findByRole('button', { name: 'إعادة المحاولة' }, { timeout: 8000 });
    // The page keeps its title above the error.
    expect(screen.getByRole('heading', { level: 1, name: 'ملفي الشخصي' })).toBeTruthy();
    ok = true;
    await user.click(retry);
    expect(await screen.findByRole('button', { name: 'تعديل' })).toBeTruthy();
  });
});
