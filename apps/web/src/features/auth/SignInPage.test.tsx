import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setScreenPreparer } from '../../app/screenPrep.ts';
import { i18n } from '../../i18n/index.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer, userSellerRoleAnswer } from '../../../test/fixtures.ts';
import { renderApp, renderAtUrl } from '../../../test/render.tsx';

const path = () => screen.getByTestId('path').textContent;

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await i18n.changeLanguage('fr');
  renderApp('/auth/SignIn');
  await user.type(await screen.findByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Mot de passe'), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  return user;
}

describe('sign-in', () => {
  it('shows Loading while waiting, then stores the token and opens the farmer home (their farm map)', async () => {
    let answer: (r: Response) => void = () => {};
    const { calls } = stubApi({
      'POST /api/auth/login': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/users/profile': () => json(200, profileAnswer({ userName: 'Samir', roleName: 'User' })),
    });
    await signIn('samir@filaha.dz', 'motdepasse');
    const button = await screen.findByRole('button', { name: 'Chargement...' });
    expect(button.hasAttribute('disabled')).toBe(true);
    answer(
      json(200, {
        token: 'jwt.samir',
        user: { roleName: 'User', userId: 5, userName: 'Test', email: 'test@example.dz' },
      }),
    );
    await waitFor(() => expect(path()).toBe('/user/ferme-map'));
    expect(localStorage.getItem('Token')).toBe('jwt.samir');
    const login = calls.find((c) => c.url === '/api/auth/login');
    expect(login?.body).toEqual({ email: 'samir@filaha.dz', password: 'motdepasse' });
    expect(login?.headers.authorization).toBeUndefined();
  });

  it('sets off the next screen: its code with the sign-in, its first reads as soon as the token is there', async () => {
    const asked: [string, unknown][] = [];
    const before = setScreenPreparer((to, session) => {
      asked.push([to, session]);
      return Promise.resolve();
    });
    try {
      let answer: (r: Response) => void = () => {};
      stubApi({
        'POST /api/auth/login': () => new Promise<Response>((resolve) => (answer = resolve)),
        'GET /api/users/profile': () => json(200, profileAnswer({ roleName: 'User' })),
      });
      const user = userEvent.setup();
      await i18n.changeLanguage('fr');
      renderAtUrl('/auth/SignIn?next=%2Fuser%2Fferme-map%3Fparcel%3D4');
      await user.type(await screen.findByLabelText('E-mail'), 'samir@filaha.dz');
      await user.type(screen.getByLabelText('Mot de passe'), 'motdepasse');
      await user.click(screen.getByRole('button', { name: 'Se connecter' }));
      // The login is still on its way: only the code (no session yet).
      await screen.findByRole('button', { name: 'Chargement...' });
      expect(asked).toEqual([['/user/ferme-map?parcel=4', null]]);
      answer(
        json(200, {
          token: 'jwt.samir',
          user: { roleName: 'User', userId: 5, userName: 'Test', email: 'test@example.dz' },
        }),
      );
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/user/ferme-map?parcel=4'));
      expect(asked[1]).toEqual(['/user/ferme-map?parcel=4', { status: 'authenticated', role: 'User' }]);
      expect(asked).toHaveLength(2);
    } finally {
      setScreenPreparer(before);
    }
  });

  it('without a link to return to, nothing is set off before the role is known', async () => {
    const preparer = vi.fn(() => Promise.resolve());
    const before = setScreenPreparer(preparer);
    try {
      stubApi({
        'POST /api/auth/login': () =>
          json(200, {
            token: 'jwt.samir',
            user: { roleName: 'User', userId: 5, userName: 'Test', email: 'test@example.dz' },
          }),
        'GET /api/users/profile': () => json(200, profileAnswer({ roleName: 'User' })),
      });
      await signIn('samir@filaha.dz', 'motdepasse');
      await waitFor(() => expect(path()).toBe('/user/ferme-map'));
      expect(preparer.mock.calls).toEqual([['/user/ferme-map', { status: 'authenticated', role: 'User' }]]);
    } finally {
      setScreenPreparer(before);
    }
  });

  it('fetches and stores the seller role before opening the seller home (their publications)', async () => {
    const { calls } = stubApi({
      'POST /api/auth/login': () =>
        json(200, {
          token: 'jwt.seller',
          user: { roleName: 'Seller', userId: 42, userName: 'Test', email: 'test@example.dz' },
        }),
      'GET /api/userSellerRole/42': () => json(200, userSellerRoleAnswer({ roleName: 'Coopérative' })),
      'GET /api/users/profile': () => json(200, profileAnswer({ userName: 'Nadia', roleName: 'Seller' })),
    });
    await signIn('nadia@filaha.dz', 'motdepasse');
    await waitFor(() => expect(path()).toBe('/seller/product-submission'));
    expect(localStorage.getItem('sellerRole')).toBe('Coopérative');
    expect(calls.find((c) => c.url === '/api/userSellerRole/42')?.headers.authorization).toBe('Bearer jwt.seller');
  });

  it('translates a 401 from its error code and stays on the page', async () => {
    stubApi({
      'POST /api/auth/login': () => json(401, { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' }),
    });
    await signIn('x@filaha.dz', 'mauvais-mot');
    expect((await screen.findByRole('alert')).textContent).toContain('E-mail ou mot de passe incorrect.');
    expect(path()).toBe('/auth/SignIn');
    expect(localStorage.getItem('Token')).toBeNull();
  });

  it('translates a 429 (too many attempts)', async () => {
    stubApi({ 'POST /api/auth/login': () => json(429, { code: 'RATE_LIMITED', message: 'Too many requests' }) });
    await signIn('x@filaha.dz', 'motdepasse');
    expect((await screen.findByRole('alert')).textContent).toContain('Trop de tentatives');
  });

  const limited = () =>
    new Response(JSON.stringify({ code: 'RATE_LIMITED', message: 'x' }), {
      status: 429,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '824' },
    });

  it('says how long to wait when the answer gives Retry-After (French)', async () => {
    stubApi({ 'POST /api/auth/login': limited });
    await signIn('x@filaha.dz', 'motdepasse');
    expect((await screen.findByRole('alert')).textContent).toContain('Réessayez dans 14 minutes.');
  });

  it('says how long to wait when the answer gives Retry-After (Arabic)', async () => {
    stubApi({ 'POST /api/auth/login': limited });
    const user = userEvent.setup();
    await i18n.changeLanguage('ar');
    try {
      renderApp('/auth/SignIn');
      await user.type(await screen.findByLabelText('البريد الإلكتروني'), 'x@filaha.dz');
      await user.type(screen.getByLabelText('كلمة المرور'), 'motdepasse');
      await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
      const text = (await screen.findByRole('alert')).textContent ?? '';
      expect(text).toContain('أعد المحاولة بعد');
      expect(text).toMatch(/14/);
    } finally {
      await i18n.changeLanguage('fr');
    }
  });

  it('refuses a role the web app does not know', async () => {
    stubApi({
      'POST /api/auth/login': () =>
        json(200, { token: 'jwt', user: { roleName: 'Robot', userId: 1, userName: 'Test', email: 'test@example.dz' } }),
    });
    await signIn('x@filaha.dz', 'motdepasse');
    expect((await screen.findByRole('alert')).textContent).toContain('Accès non autorisé.');
    expect(localStorage.getItem('Token')).toBeNull();
  });

  it('signs out from the sidebar: token and seller role gone, back to sign-in', async () => {
    localStorage.setItem('Token', 'jwt.seller');
    localStorage.setItem('sellerRole', 'Coopérative');
    stubApi({
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('Seller')),
      'GET /api/users/profile': () => json(200, profileAnswer({ userName: 'Nadia', roleName: 'Seller' })),
    });
    const user = userEvent.setup();
    renderApp('/seller/marketplace');
    await user.click(await screen.findByRole('button', { name: 'تسجيل الخروج' }));
    await waitFor(() => expect(path()).toBe('/auth/SignIn'));
    expect(localStorage.getItem('Token')).toBeNull();
    expect(localStorage.getItem('sellerRole')).toBeNull();
  });
});
