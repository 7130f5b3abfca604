import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../test/fetch.ts';
import { i18n } from '../../i18n/index.ts';
import { forgetPublicSettings, NO_SETTINGS } from '../../lib/publicSettings.ts';
import { InactiveScreen } from './AccessScreens.tsx';
import type { SubscriptionRow } from './farmApi.ts';

/**
 * Issue 13 §5: the farm screen's access message names the plan in the reader's language (the French name where
 * the Arabic one was not entered in the back office), like the subscription screen.
 */
const pending = (nameAbonnementAr: string): SubscriptionRow => ({
  id: 4,
  abn_id: 2,
  user_id: 5,
  durée: 12,
  etat: 'désactivé',
  date_abonnement: '2026-03-05',
  date_activation: null,
  abonnement: {
    id: 2,
    nameAbonnement: 'Standard',
    nameAbonnementAr,
    nameClient: 'Agriculteur',
    nameClientAr: '',
    prices: '1000',
  },
});

function show(subscription: SubscriptionRow) {
  stubApi({ 'GET /api/settings/public': () => json(200, NO_SETTINGS) });
  render(
    <MemoryRouter>
      <InactiveScreen subscription={subscription} />
    </MemoryRouter>,
  );
}

afterEach(async () => {
  forgetPublicSettings();
  await i18n.changeLanguage('ar');
});

describe('access message: the plan in the reader’s language', () => {
  it('Arabic: the Arabic name of the plan, never the French one', async () => {
    await i18n.changeLanguage('ar');
    show(pending('القياسي'));
    expect(await screen.findByText(/«القياسي»|القياسي/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('Standard');
  });

  it('French: the French name', async () => {
    await i18n.changeLanguage('fr');
    show(pending('القياسي'));
    expect(await screen.findByText(/Standard/)).toBeTruthy();
    expect(document.body.textContent).not.toContain('القياسي');
  });

  it('Arabic with no Arabic name entered: the French name rather than nothing', async () => {
    await i18n.changeLanguage('ar');
    show(pending(''));
    expect(await screen.findByText(/Standard/)).toBeTruthy();
  });
});
