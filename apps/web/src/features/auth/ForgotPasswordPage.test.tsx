import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';

describe('forgot and reset password', () => {
  it('sends the code, takes the five digits and resets the password with e-mail, code and new password', async () => {
    const { calls } = stubApi({
      'POST /api/auth/forgot-password': () => json(200, { message: 'sent' }),
      'POST /api/auth/reset-password': () => json(200, { message: 'changed' }),
    });
    const user = userEvent.setup();
    await i18n.changeLanguage('fr');
    renderApp('/auth/ForgotPassword');
    await user.type(await screen.findByLabelText('E-mail'), 'leila@filaha.dz');
    await user.click(screen.getByRole('button', { name: 'Envoyer le code' }));
    await user.click(await screen.findByLabelText('Chiffre 1 sur 5'));
    await user.paste('24680');
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));

    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'nouveau-secret');
    await user.type(screen.getByLabelText('Confirmation du mot de passe'), 'nouveau-secret');
    await user.click(screen.getByRole('button', { name: 'Terminer' }));
    await screen.findByRole('dialog', { name: 'Mot de passe modifié' });
    // The footer's public settings (contact details) aside.
    expect(calls.filter((c) => !c.url.includes('/settings/')).map((c) => [c.url, c.body])).toEqual([
      ['/api/auth/forgot-password', { email: 'leila@filaha.dz' }],
      ['/api/auth/reset-password', { email: 'leila@filaha.dz', code: '24680', password: 'nouveau-secret' }],
    ]);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/auth/SignIn'));
  });

  it('shows an expired code and offers a new one', async () => {
    stubApi({ 'POST /api/auth/reset-password': () => json(400, { code: 'RESET_CODE_EXPIRED', message: 'expired' }) });
    const user = userEvent.setup();
    renderApp('/auth/RessetPassword', { email: 'leila@filaha.dz', code: '11111' });
    await user.type(await screen.findByLabelText('كلمة المرور الجديدة'), 'nouveau-secret');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'nouveau-secret');
    await user.click(screen.getByRole('button', { name: 'إنهاء' }));
    expect((await screen.findByRole('alert')).textContent).toContain('انتهت صلاحية الرمز');
    expect(screen.getByRole('link', { name: 'طلب رمز جديد' }).getAttribute('href')).toBe('/auth/ForgotPassword');
  });

  it('asks for a code first when the reset page is opened directly', async () => {
    stubApi({});
    renderApp('/auth/RessetPassword');
    expect(await screen.findByRole('link', { name: 'طلب رمز' })).toBeTruthy();
  });
});
