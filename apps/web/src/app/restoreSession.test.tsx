import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../test/fetch.ts';
import { profileAnswer } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { restoreSession } from './restoreSession.ts';

/** A token shaped like the API's (apps/api/src/lib/tokens.ts), unsigned: the page never checks the signature. */
const jwt = (claims: Record<string, unknown>) =>
  `h.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));
const path = () => screen.getByTestId('path').textContent;

describe('restoreSession without the server (issue 27 §1)', () => {
  it('keeps the session from the token when the network fails: its role, the token kept', async () => {
    const token = jwt({ sub: '5', role: 'User', exp: inAnHour() });
    localStorage.setItem('Token', token);
    stubApi({ 'GET /api/users/profile': noNetwork, 'GET /api/roles/my-role': noNetwork });
    const session = await restoreSession(new AbortController().signal);
    expect(session).toEqual({ status: 'authenticated', role: 'User', unverified: true });
    expect(localStorage.getItem('Token')).toBe(token);
  });

  it('keeps it too when the server fails (5xx on both reads): only a 401 signs out', async () => {
    localStorage.setItem('Token', jwt({ sub: '5', role: 'Seller', exp: inAnHour() }));
    const down = () => json(503, { code: 'INTERNAL', message: 'down' });
    stubApi({ 'GET /api/users/profile': down, 'GET /api/roles/my-role': down });
    expect(await restoreSession(new AbortController().signal)).toEqual({
      status: 'authenticated',
      role: 'Seller',
      unverified: true,
    });
  });

  it('drops a token expired by the phone clock when the network fails: anonymous', async () => {
    localStorage.setItem('Token', jwt({ sub: '5', role: 'User', exp: Math.floor(Date.now() / 1000) - 60 }));
    stubApi({ 'GET /api/users/profile': noNetwork, 'GET /api/roles/my-role': noNetwork });
    expect(await restoreSession(new AbortController().signal)).toEqual({ status: 'anonymous' });
    expect(localStorage.getItem('Token')).toBeNull();
  });

  it('signs out on a 401, whatever the token says', async () => {
    localStorage.setItem('Token', jwt({ sub: '5', role: 'User', exp: inAnHour() }));
    stubApi({ 'GET /api/users/profile': () => json(401, { code: 'TOKEN_EXPIRED', message: 'expired' }) });
    expect(await restoreSession(new AbortController().signal)).toEqual({ status: 'anonymous' });
    expect(localStorage.getItem('Token')).toBeNull();
  });

  it('opens the farmer area offline, then asks the server again when the network returns', async () => {
    localStorage.setItem('Token', jwt({ sub: '3', role: 'User', exp: inAnHour() }));
    let online = false;
    const { calls } = stubApi({
      'GET /api/users/profile': () =>
        online ? json(200, profileAnswer({ id: 3, userName: 'Karim Haddad', roleName: 'User' })) : noNetwork(),
      'GET /api/roles/my-role': noNetwork,
    });
    renderApp('/user/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'ملفي الشخصي' })).toBeTruthy();
    expect(path()).toBe('/user/profile');
    const asked = calls.filter((c) => c.url === '/api/users/profile').length;

    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Karim Haddad', { selector: 'dd bdi' })).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/users/profile').length).toBeGreaterThan(asked);
    expect(path()).toBe('/user/profile');
  });

  it('signs out when the server, back, refuses the token it opened offline', async () => {
    localStorage.setItem('Token', jwt({ sub: '3', role: 'User', exp: inAnHour() }));
    let online = false;
    stubApi({
      'GET /api/users/profile': () =>
        online ? json(401, { code: 'UNAUTHENTICATED', message: 'revoked' }) : noNetwork(),
      'GET /api/roles/my-role': noNetwork,
    });
    renderApp('/user/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'ملفي الشخصي' })).toBeTruthy();
    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(path()).toBe('/auth/SignIn'));
    expect(localStorage.getItem('Token')).toBeNull();
  });
});
