import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '../../test/fetch.ts';
import { profileAnswer } from '../../test/fixtures.ts';
import { boot } from './boot.tsx';

let host: HTMLElement | null = null;

function start(path: string) {
  window.history.replaceState(null, '', path);
  host = document.createElement('div');
  document.body.append(host);
  act(() => boot(host!));
}

afterEach(() => {
  host?.remove();
  host = null;
  window.history.replaceState(null, '', '/');
});

describe('boot', () => {
  it('renders the home page at "/" and hands over to the router on the first link click', async () => {
    stubApi({});
    const user = userEvent.setup();
    start('/');
    expect(await screen.findByRole('heading', { level: 1, name: /تابِع محاصيلك/ })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'التنقل الرئيسي' });
    await user.click(within(nav).getByRole('link', { name: 'العروض' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'عروض الاشتراك' })).toBeTruthy();
    expect(window.location.pathname).toBe('/offre');
  });

  // The farmer's home is the farm map: its chunk loads in this test, seconds on a busy machine.
  it('keeps the session resolved on the home page when the router takes over', { timeout: 20_000 }, async () => {
    localStorage.setItem('Token', 'good.jwt');
    const { calls } = stubApi({
      'GET /api/users/profile': () => json(200, profileAnswer({ userName: 'Karim', roleName: 'User' })),
    });
    const user = userEvent.setup();
    start('/');
    // The start-up check reads the profile (it carries the role; app/restoreSession.ts).
    const roleChecks = () =>
      calls.filter((c) => c.url === '/api/users/profile' || c.url === '/api/roles/my-role').length;
    const mySpace = await screen.findByRole('link', { name: 'فضائي' });
    const before = roleChecks();
    expect(before).toBeGreaterThan(0);
    await user.click(mySpace);
    // The farmer area opens with its sidebar naming the user.
    expect(await screen.findByText('Karim')).toBeTruthy();
    expect(window.location.pathname).toBe('/user/ferme-map');
    // The router app reuses the session and the sidebar the profile it read: no second read of either.
    expect(roleChecks()).toBe(before);
  });

  it('starts the router app directly on any other URL', async () => {
    stubApi({});
    start('/about');
    expect(await screen.findByRole('tablist')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'رؤيتنا' }).getAttribute('aria-selected')).toBe('true'));
  });
});
