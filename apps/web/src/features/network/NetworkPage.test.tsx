import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../test/fetch.ts';
import { i18n } from '../../i18n/index.ts';
import { renderPart } from '../marketplace/testUtils.tsx';
import type { Suggestion } from './api.ts';
import { NetworkPage } from './NetworkPage.tsx';

const people: Suggestion[] = [
  {
    id: 21,
    userName: 'Amine Intrants',
    roleName: 'Seller',
    sellerRole: { id: 2, roleName: "Fournisseur d'intrants", roleNameAr: 'مورد مدخلات' },
    wilaya: { id: 9, fr: 'Blida', ar: 'البليدة' },
    category: 'Fournisseur',
    reason: 'same_wilaya',
  },
  {
    id: 22,
    userName: 'Sara Ferme',
    roleName: 'User',
    sellerRole: null,
    wilaya: { id: 16, fr: 'Alger', ar: 'الجزائر' },
    category: 'Agriculteur',
    reason: 'neighbouring_wilaya',
  },
];

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('NetworkPage', () => {
  it('asks the server for the chosen category and shows its answer', async () => {
    const { calls } = stubApi({
      'GET /api/network/suggestions': (call) =>
        json(200, call.url.includes('filter=Fournisseur') ? [people[0]] : people),
      'GET /api/network/hidden': () => json(200, []),
    });
    renderPart(<NetworkPage />, '/user/ami');
    expect(await screen.findAllByTestId('suggestion')).toHaveLength(2);
    expect(screen.getByText('Même wilaya')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Afficher'), 'Fournisseur');
    await waitFor(() => expect(screen.getAllByTestId('suggestion')).toHaveLength(1));
    expect(calls.at(-1)?.url).toBe('/api/network/suggestions?limit=24&filter=Fournisseur');
    expect(screen.queryByText('Sara Ferme')).toBeNull();
  });

  it('removes a person durably through the API and offers to undo', async () => {
    let hidden: number[] = [];
    const { calls } = stubApi({
      'GET /api/network/suggestions': () =>
        json(
          200,
          people.filter((p) => !hidden.includes(p.id)),
        ),
      'GET /api/network/hidden': () =>
        json(
          200,
          hidden.map((id) => ({ userId: id, userName: 'Amine Intrants', roleName: 'Seller', createdAt: '' })),
        ),
      'POST /api/network/hidden/21': () => {
        hidden = [21];
        return json(201, { hidden: true });
      },
      'DELETE /api/network/hidden/21': () => {
        hidden = [];
        return json(200, { hidden: false });
      },
    });
    renderPart(<NetworkPage />, '/user/ami');
    const card = (await screen.findAllByTestId('suggestion'))[0]!;
    await userEvent.click(within(card).getByRole('button', { name: 'Retirer Amine Intrants des suggestions' }));
    expect(await screen.findByText('Amine Intrants ne vous sera plus suggéré.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('suggestion')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/network/hidden/21')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.getAllByTestId('suggestion')).toHaveLength(2));
  });

  it('says so when nothing matches the filter', async () => {
    stubApi({
      'GET /api/network/suggestions': () => json(200, []),
      'GET /api/network/hidden': () => json(200, []),
    });
    renderPart(<NetworkPage />, '/user/ami?filter=Entreprise');
    expect((await screen.findByTestId('network-empty')).textContent).toBe(
      'Aucune suggestion dans la catégorie « Entreprises ». Essayez un autre filtre.',
    );
  });
});
