import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../test/fetch.ts';
import { i18n } from '../../i18n/index.ts';
import { PlanIndicesPage } from './PlanIndicesPage.tsx';
import { planDetails, renderAdmin } from './testing.tsx';

/**
 * Issue 13 §5: the plan–index edit dialog names the plan in the reader's language (the assignment list carries
 * only the French name; the plans list has the Arabic one), French where the Arabic is missing.
 */
const plan = (id: number, fr: string, ar: string) =>
  planDetails({ id, nameAbonnement: fr, nameAbonnementAr: ar, nameClient: 'Tous', prices: '40000 DA/an' });
const assignments = [
  { AbonnementId: 2, IndiceId: 7, nombre_de_requete: 6, nameAbonnement: 'Standard', indiceName: 'NDVI' },
  { AbonnementId: 3, IndiceId: 7, nombre_de_requete: 4, nameAbonnement: 'Plan maison', indiceName: 'NDVI' },
];

async function openEdit(lang: 'ar' | 'fr', planShown: string) {
  await i18n.changeLanguage(lang);
  stubApi({
    'GET /api/abonnementIndice': () => json(200, assignments),
    'GET /api/abonnement/details': () => json(200, [plan(2, 'Standard', 'القياسي'), plan(3, 'Plan maison', '')]),
    'GET /api/indice': () => json(200, []),
  });
  renderAdmin(<PlanIndicesPage />);
  const table = await screen.findByRole('table');
  // The list itself names the plan in the reader's language once the plans are known.
  await within(table).findAllByText(planShown);
  const edit = i18n.t('admin:common.edit');
  await userEvent.setup().click(within(table).getByRole('button', { name: `${edit} — ${planShown} — NDVI` }));
  return screen.findByRole('dialog');
}

afterEach(async () => {
  await i18n.changeLanguage('ar');
});

describe('plan–index edit dialog', () => {
  it('Arabic: the plan’s Arabic name', async () => {
    const dialog = await openEdit('ar', 'القياسي');
    expect(within(dialog).getByText('العرض «القياسي» — المؤشر «NDVI»')).toBeTruthy();
    expect(dialog.textContent).not.toContain('Standard');
  });

  it('Arabic, no Arabic name entered: the French one', async () => {
    const dialog = await openEdit('ar', 'Plan maison');
    expect(within(dialog).getByText('العرض «Plan maison» — المؤشر «NDVI»')).toBeTruthy();
  });

  it('French: the French name', async () => {
    const dialog = await openEdit('fr', 'Standard');
    expect(within(dialog).getByText('Offre « Standard » — indice « NDVI »')).toBeTruthy();
    expect(dialog.textContent).not.toContain('القياسي');
  });
});
