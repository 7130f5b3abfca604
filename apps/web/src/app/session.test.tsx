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
      'GET /api/roles/my-role': () => json(401, { code: 'TOKEN_EXPIRED', message: 'expired' }),
    });
    renderApp('/user/marketplace');
    expect(await screen.findByText('جارٍ التحميل...')).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/auth/SignIn'));
    expect(localStorage.getItem('Token')).toBeNull();
    expect(localStorage.getItem('sellerRole')).toBeNull();
    expect(calls[0]?.headers.authorization).toBe('Bearer expired.jwt');
    expect(calls[0]?.url).toBe('/api/roles/my-role');
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
    stubApi({ 'GET /api/roles/my-role': () => json(200, myRoleAnswer('Seller')) });
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

  it('sends a signed-in user away from the sign-in page to their home', async () => {
    localStorage.setItem('Token', 'admin.jwt');
    stubApi({
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('Admin')),
      'GET /api/users': () => json(200, []),
    });
    renderApp('/auth/SignIn');
    await waitFor(() => expect(path()).toBe('/admin/UserManagement'));
  });
});
