import type { ApiKey, ApiKeyCreated, OrganisationDetail } from '@filaha/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, reply, stubContracts } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

afterEach(() => queryClient.clear());

const COOP: OrganisationDetail = {
  id: 3,
  name: 'Coopérative de la Mitidja',
  type: 'cooperative',
  accessCode: 'MITI2345',
  myRole: 'admin',
  members: 1,
  parcels: 0,
  ownParcels: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  memberList: [
    { userId: 5, userName: 'Karim', email: 'k@demo.filaha.dz', role: 'admin', addedAt: '2026-11-01T10:00:00.000Z' },
  ],
};
const KEY = 'flh_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

/** The organisation's keys as the server keeps them: made, listed (never the key), revoked. */
function server(role: OrganisationDetail['myRole']) {
  localStorage.setItem('Token', 'jwt.farmer');
  const keys: ApiKey[] = [];
  const stubs = stubContracts(
    {
      'GET /organisations/:id': () => reply(200, { ...COOP, myRole: role }),
      'GET /organisations/:id/parcels': () => reply(200, []),
      'GET /organisations/:id/imports': () => reply(200, []),
      'GET /organisations/:id/api-keys': () => reply(200, keys),
      'POST /organisations/:id/api-keys': (call) => {
        const body = call.body as { name: string; scopes: ApiKey['scopes'] };
        const made: ApiKey = {
          id: keys.length + 1,
          name: body.name,
          prefix: KEY.slice(0, 10),
          scopes: body.scopes,
          createdAt: '2026-11-29T10:00:00.000Z',
          lastUsedAt: null,
          revokedAt: null,
        };
        keys.unshift(made);
        const created: ApiKeyCreated = { ...made, key: KEY };
        return reply(201, created);
      },
      'DELETE /organisations/:id/api-keys/:keyId': (call) => {
        const id = Number(call.url.split('/').pop());
        const k = keys.find((x) => x.id === id)!;
        k.revokedAt = '2026-11-29T11:00:00.000Z';
        return reply(200, { message: 'Clé révoquée.' });
      },
    },
    {
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
      'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, userName: 'Karim', roleName: 'User' })),
    },
  );
  return { ...stubs, keys };
}

describe("an organisation's API keys", { timeout: 30_000 }, () => {
  it('its admin makes a key, sees it once, copies it, and revokes it after a confirmation (French)', async () => {
    await i18n.changeLanguage('fr');
    const { calls, keys } = server('admin');
    const user = userEvent.setup();
    renderApp('/user/organisations/3');
    const panel = await screen.findByTestId('api-keys', {}, { timeout: 10_000 });
    await within(panel).findByTestId('api-keys-empty', {}, { timeout: 10_000 });

    // Nothing named: said so, nothing sent.
    await user.click(within(panel).getByRole('button', { name: 'Créer la clé' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Donnez un nom à la clé (2 caractères au moins).',
    );
    await user.type(within(panel).getByLabelText('Nom de la clé (à quoi elle sert)'), 'SIG de la coopérative');
    await user.click(within(panel).getByLabelText('Lire les points de saison (NDVI…)'));
    await user.click(within(panel).getByRole('button', { name: 'Créer la clé' }));
    const shown = await within(panel).findByTestId('api-key-shown', {}, { timeout: 10_000 });
    expect(shown.textContent).toContain(
      'Copiez la clé « SIG de la coopérative » maintenant : elle ne sera plus jamais affichée.',
    );
    expect(shown.textContent).toContain(KEY);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'SIG de la coopérative',
      scopes: ['parcels:read', 'points:read'],
    });
    await user.click(within(shown).getByRole('button', { name: 'Copier la clé' }));
    expect(await navigator.clipboard.readText()).toBe(KEY);
    expect(within(shown).getByRole('button', { name: 'Clé copiée' })).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: "J'ai mis la clé de côté" }));
    expect(within(panel).queryByTestId('api-key-shown')).toBeNull();
    // Listed without the key.
    const item = await within(panel).findByTestId('api-key', {}, { timeout: 10_000 });
    expect(item.textContent).toContain('SIG de la coopérative');
    expect(item.textContent).toContain('flh_012345…');
    expect(item.textContent).not.toContain(KEY);
    expect(item.textContent).toContain('Lire les parcelles, leur état et les rapports d’import'.replace('’', "'"));
    expect(item.textContent).toContain('Jamais utilisée');

    await user.click(within(item).getByRole('button', { name: 'Révoquer' }));
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    expect(dialog.textContent).toContain('« SIG de la coopérative » sera refusée dès la prochaine requête.');
    await user.click(within(dialog).getByRole('button', { name: 'Révoquer' }));
    await waitFor(() =>
      expect(within(panel).getByTestId('api-key').textContent).toContain('Révoquée le 29 novembre 2026'),
    );
    expect(keys[0]!.revokedAt).not.toBeNull();
  });

  it('is not shown to a member who is not its admin (Arabic)', async () => {
    await i18n.changeLanguage('ar');
    server('agronomist');
    renderApp('/user/organisations/3');
    const page = await screen.findByTestId('organisation-page', {}, { timeout: 10_000 });
    await within(page).findByTestId('imports-empty', {}, { timeout: 10_000 });
    expect(within(page).queryByTestId('api-keys')).toBeNull();
    expect(within(page).queryByRole('heading', { name: 'مفاتيح API' })).toBeNull();
  });
});
