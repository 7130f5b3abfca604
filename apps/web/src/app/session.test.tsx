import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const path = () => screen.getByTestId('path').textContent;

describe('session start-up and route guards', () => {
  it('drops a rejected token silently and treats the visitor as anonymous', async () => {
    localStorage.setItem('Token', 'expired.jwt');
    localStorage.setItem('sellerRole', 'Coopérative');
    const { calls } = stubApi({
      'GET /api/users/profile': () => json(401, { code: 'TOKEN_EXPIRED', message: 'expired' }),
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
    });
    renderApp('/user/marketplace');
    expect(await screen.findByText('جارٍ التحميل...')).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/auth/SignIn'));
    expect(localStorage.getItem('Token')).toBeNull();
    expect(localStorage.getItem('sellerRole')).toBeNull();
    expect(calls[0]?.headers.authorization).toBe('Bearer expired.jwt');
    // The start-up check is the profile (it carries the role); a rejected token is not asked again.
    expect(calls.filter((c) => c.url !== '/api/settings/public').map((c) => c.url)).toEqual(['/api/users/profile']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('restores a valid session and opens the area of its role', async () => {
    localStorage.setItem('Token', 'good.jwt');
    stubApi({
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
      'GET /api/users/profile': () => json(200, profileAnswer({ id: 3, userName: 'Karim Haddad', roleName: 'User' })),
    });
    renderApp('/user/marketplace');
    // The area opens: its sidebar names the restored user.
    expect(await screen.findByText('Karim Haddad')).toBeTruthy();
    expect(path()).toBe('/user/marketplace');
    expect(localStorage.getItem('Token')).toBe('good.jwt');
  });

  it('sends an anonymous visitor of a signed-in area to sign-in', async () => {
    const { calls } = stubApi({});
    renderApp('/admin/UserManagement');
    await waitFor(() => expect(path()).toBe('/auth/SignIn'));
    // No session check without a token; only the public settings (contact details in the footer) are asked.
    expect(calls.filter((c) => c.url !== '/api/settings/public')).toHaveLength(0);
  });

  it('sends a user of another role to /unauthorized', async () => {
    localStorage.setItem('Token', 'seller.jwt');
    stubApi({ 'GET /api/users/profile': () => json(200, profileAnswer({ roleName: 'Seller' })) });
    renderApp('/admin/UserManagement');
    await waitFor(() => expect(path()).toBe('/unauthorized'));
    expect(await screen.findByRole('heading', { name: 'لا تملك صلاحية الدخول إلى هذه الصفحة' })).toBeTruthy();
  });

  it('lets an investor into the farmer area', async () => {
    localStorage.setItem('Token', 'investor.jwt');
    stubApi({
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('Investor')),
      'GET /api/users/profile': () => json(200, profileAnswer({ id: 8, userName: 'Samir', roleName: 'Investor' })),
    });
    renderApp('/user/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'ملفي الشخصي' })).toBeTruthy();
    expect(await screen.findByText('Samir', { selector: 'dd bdi' })).toBeTruthy();
    expect(path()).toBe('/user/profile');
  });

  it('restores the session from the role alone when the profile cannot be read, and reads the profile once', async () => {
    localStorage.setItem('Token', 'good.jwt');
    let profileOk = false;
    const { calls } = stubApi({
      'GET /api/users/profile': () =>
        profileOk
          ? json(200, profileAnswer({ id: 3, userName: 'Karim Haddad', roleName: 'User' }))
          : json(500, { code: 'INTERNAL', message: 'down' }),
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
    });
    renderApp('/user/profile');
    // A fault of the profile read does not sign the farmer out: the role comes from GET /roles/my-role.
    expect(await screen.findByRole('heading', { level: 1, name: 'ملفي الشخصي' })).toBeTruthy();
    expect(path()).toBe('/user/profile');
    expect(localStorage.getItem('Token')).toBe('good.jwt');
    expect(calls.slice(0, 2).map((c) => c.url)).toEqual(['/api/users/profile', '/api/roles/my-role']);
    profileOk = true;
  });

  it('takes the role from the profile: one read for the session and the sidebar', async () => {
    localStorage.setItem('Token', 'good.jwt');
    const { calls } = stubApi({
      'GET /api/users/profile': () => json(200, profileAnswer({ id: 3, userName: 'Karim Haddad', roleName: 'User' })),
    });
    renderApp('/user/marketplace');
    expect(await screen.findByText('Karim Haddad')).toBeTruthy();
    expect(path()).toBe('/user/marketplace');
    expect(calls.filter((c) => c.url === '/api/users/profile')).toHaveLength(1);
    expect(calls.some((c) => c.url === '/api/roles/my-role')).toBe(false);
  });

  it('sends a signed-in user away from the sign-in page to their home', async () => {
    localStorage.setItem('Token', 'admin.jwt');
    stubApi({
      'GET /api/users/profile': () => json(200, profileAnswer({ roleName: 'Admin' })),
      'GET /api/users': () => json(200, []),
    });
    renderApp('/auth/SignIn');
    await waitFor(() => expect(path()).toBe('/admin/UserManagement'));
  });
});
