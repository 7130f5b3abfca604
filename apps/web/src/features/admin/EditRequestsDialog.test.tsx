import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/fetch.ts';
import { i18n } from '../../i18n/index.ts';
import { EditRequestsDialog } from './EditRequestsDialog.tsx';
import { renderAdmin } from './testing.tsx';

const assignment = {
  AbonnementId: 3,
  IndiceId: 7,
  nombre_de_requete: 6,
  nameAbonnement: 'Premium',
  indiceName: 'Indice NDRE',
};

describe('edit the request count of an assignment (a dialog, not prompt())', () => {
  it('accepts only a number above 0 (an integer), then PUTs it and closes', async () => {
    const { calls } = stubApi({
      'PUT /api/abonnementIndice/3/7': () => json(200, { ...assignment, nombre_de_requete: 12 }),
    });
    await i18n.changeLanguage('fr');
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAdmin(<EditRequestsDialog assignment={assignment} planName="Premium" onClose={onClose} />);
    const input = await screen.findByLabelText('Nombre de demandes');
    expect((input as HTMLInputElement).value).toBe('6');
    for (const bad of ['0', '-1', '1.5', '']) {
      await user.clear(input);
      if (bad) await user.type(input, bad);
      await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
      expect(await screen.findByText('Saisissez un nombre entier entre 1 et 100 000.')).toBeTruthy();
    }
    expect(calls).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '12');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ AbonnementId: 3, IndiceId: 7, nombre_de_requete: 12 });
    expect(await screen.findByText('Nombre de demandes modifié.')).toBeTruthy();
  });
});
