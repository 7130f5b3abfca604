import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { json, stubApi } from '../../test/fetch.ts';
import { myRoleAnswer, profileAnswer, userSellerRoleAnswer } from '../../test/fixtures.ts';
import { renderAtUrl, where } from '../../test/render.tsx';
import { afterSignIn, safeRelativePath, signInWithNext } from './nextPath.ts';

describe('safeRelativePath: only same-origin relative paths (no open redirect)', () => {
  it('keeps a relative path with its query and hash', () => {
    expect(safeRelativePath('/user/ferme-map/1?index=2')).toBe('/user/ferme-map/1?index=2');
    expect(safeRelativePath('/user/historique/3/1#chart')).toBe('/user/historique/3/1#chart');
  });

  it('refuses absolute, protocol-relative, backslashed, scripted and sign-in URLs', () => {
    for (const raw of [
      'https://evil.example/user/ferme-map',
      'http://evil.example',
      '//evil.example/user/ferme-map',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'user/ferme-map',
      '/user/\u0000x',
      '/%0a/evil',
      '/auth/SignIn?next=/user/ferme-map',
      '',
      null,
      undefined,
    ]) {
      const kept = safeRelativePath(raw);
      if (kept !== null) {
        // Whatever is kept must stay on this origin.
        expect(new URL(kept, 'https://filaha.example').origin, String(raw)).toBe('https://filaha.example');
      }
      if (raw !== '/%0a/evil') expect(kept, String(raw)).toBeNull();
    }
  });

  it('goes home instead of a link the role may not open, or a refused one', () => {
    expect(afterSignIn('User', '/user/ferme-map/1?index=2')).toBe('/user/ferme-map/1?index=2');
    expect(afterSignIn('User', '/offre')).toBe('/offre');
    expect(afterSignIn('Seller', '/user/ferme-map/1')).toBe('/seller/product-submission');
    expect(afterSignIn('User', '/admin/UserManagement')).toBe('/user/ferme-map');
    expect(afterSignIn('User', 'https://evil.example')).toBe('/user/ferme-map');
    expect(afterSignIn('Seller', '//evil.example')).toBe('/seller/product-submission');
    expect(afterSignIn('Admin', null)).toBe('/admin/UserManagement');
    expect(signInWithNext('/auth/SignIn', '//evil.example')).toBe('/auth/SignIn');
  });
});

function loginAs(role: 'User' | 'Seller') {
  return stubApi({
    'POST /api/auth/login': () =>
      json(200, { token: 'jwt.x', user: { roleName: role, userId: 5, userName: 'Test', email: 'test@example.dz' } }),
    'GET /api/userSellerRole/5': () => json(200, userSellerRoleAnswer({ roleName: 'Coopérative' })),
    'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, userName: 'Karim', roleName: role })),
  });
}

describe('a deep link opened while signed out', { timeout: 20_000 }, () => {
  it('is kept through sign-in and opened after it (French)', async () => {
    await i18n.changeLanguage('fr');
    loginAs('User');
    const user = userEvent.setup();
    renderAtUrl('/user/marketplace?q=tomate&etat=DISPO');
    await user.type(await screen.findByLabelText('E-mail'), 'karim@filaha.dz');
    expect(where()).toBe(`/auth/SignIn?next=${encodeURIComponent('/user/marketplace?q=tomate&etat=DISPO')}`);
    await user.type(screen.getByLabelText('Mot de passe'), 'motdepasse');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(where()).toBe('/user/marketplace?q=tomate&etat=DISPO'));
  });

  it('is kept through sign-in in Arabic too', async () => {
    loginAs('User');
    const user = userEvent.setup();
    renderAtUrl('/user/profile?edit=1');
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), 'karim@filaha.dz');
    await user.type(screen.getByLabelText('كلمة المرور'), 'motdepasse');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    await waitFor(() => expect(where()).toBe('/user/profile?edit=1'));
  });

  it('is not kept after a sign-out: the sign-in page opens without a link back', async () => {
    localStorage.setItem('Token', 'jwt.seller');
    stubApi({
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('Seller')),
      'GET /api/users/profile': () => json(200, profileAnswer({ userName: 'Nadia', roleName: 'Seller' })),
    });
    const user = userEvent.setup();
    renderAtUrl('/seller/marketplace?q=tomate');
    await user.click(await screen.findByRole('button', { name: 'تسجيل الخروج' }));
    await waitFor(() => expect(where()).toBe('/auth/SignIn'));
  });

  it('refuses an absolute or //host next and lands the seller on their publications', async () => {
    await i18n.changeLanguage('fr');
    for (const next of ['https://evil.example/x', '//evil.example/x']) {
      loginAs('Seller');
      const user = userEvent.setup();
      const { unmount } = renderAtUrl(`/auth/SignIn?next=${encodeURIComponent(next)}`);
      await user.type(await screen.findByLabelText('E-mail'), 'nadia@filaha.dz');
      await user.type(screen.getByLabelText('Mot de passe'), 'motdepasse');
      await user.click(screen.getByRole('button', { name: 'Se connecter' }));
      await waitFor(() => expect(where()).toBe('/seller/product-submission'));
      unmount();
      localStorage.clear();
    }
  });
});
