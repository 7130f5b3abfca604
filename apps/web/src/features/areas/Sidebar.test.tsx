import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { i18n } from '../../i18n/index.ts';
import { ALERTS, INDICES } from '../alerts/testData.ts';

// The page never settles here (lib/settled.ts): what waits for it waits for good, so only the drawer can ask.
vi.mock('../../lib/settled.ts', () => ({ useSettled: () => false, whenSettled: () => new Promise(() => {}) }));

function phone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width: 767.98px'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function farmer() {
  localStorage.setItem('Token', 'good.jwt');
  return stubApi({
    'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
    'GET /api/users/profile': () => json(200, profileAnswer({ id: 3, userName: 'Karim Haddad', roleName: 'User' })),
    'GET /api/indice': () => json(200, INDICES),
    'GET /api/alerts': () => json(200, ALERTS),
  });
}

describe("the sidebar's profile", () => {
  for (const lang of ['ar', 'fr'] as const) {
    it(`on a phone it is asked when the drawer opens, not with the first screen (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      await i18n.loadNamespaces('layout');
      phone();
      const { calls } = farmer();
      renderApp('/user/alertes');
      // The notification centre: a screen that does not show the profile itself.
      const menu = await screen.findByRole('button', { name: i18n.t('layout:sidebar.open') });
      await screen.findByTestId('alert-bell');
      expect(calls.map((c) => c.url)).not.toContain('/api/users/profile');
      fireEvent.click(menu);
      expect(await screen.findByText('Karim Haddad')).toBeTruthy();
      expect(calls.map((c) => c.url)).toContain('/api/users/profile');
    });
  }

  it('from 768 px it is asked at once', async () => {
    const { calls } = farmer();
    renderApp('/user/alertes');
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/users/profile'));
  });
});
