import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../test/fetch.ts';
import { i18n } from '../../i18n/index.ts';
import { ServicePricesPanel, type ServicePrices } from './ServicePricesPanel.tsx';
import { renderAdmin } from './testing.tsx';

/**
 * Issue 13 §5: "services are priced in DA like everything else (an admin setting)". The back office sets the
 * starting prices of the soil analysis and of the other field services (whole DA, empty = on quotation); the
 * deployment's values apply until then, and again after "use the deployment's prices".
 */
const NNBSP = '\u202f';
const deployment: ServicePrices = {
  prices: { soil: 12000, other: null },
  defaults: { soil: 12000, other: null },
  setInBackOffice: false,
  updatedAt: null,
};

function stub() {
  let current = deployment;
  return stubApi({
    'GET /api/settings/service-prices': () => json(200, current),
    'PUT /api/settings/service-prices': (call) => {
      const body = call.body as { soil: number | null; other: number | null };
      current = { ...deployment, prices: body, setInBackOffice: true, updatedAt: '2026-11-26T10:00:00.000Z' };
      return json(200, current);
    },
    'DELETE /api/settings/service-prices': () => {
      current = deployment;
      return json(200, current);
    },
  });
}

afterEach(async () => {
  await i18n.changeLanguage('ar');
});

describe('service prices in the back office', () => {
  it('French: deployment values first, a bad amount named on its field (nothing sent), then saved and reset', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = stub();
    const user = userEvent.setup();
    renderAdmin(<ServicePricesPanel />);
    const soil = (await screen.findByLabelText('Analyse de sol (DA)')) as HTMLInputElement;
    const other = screen.getByLabelText('Autres services de terrain (DA)') as HTMLInputElement;
    expect([soil.value, other.value]).toEqual(['12000', '']);
    expect(screen.getByTestId('service-prices-source').textContent).toContain("Les prix du déploiement s'appliquent");
    expect(document.body.textContent).toContain(`Valeur du déploiement : 12${NNBSP}000 DA`);
    expect(screen.getByText('Valeur du déploiement : sur devis')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revenir aux prix du déploiement' })).toBeNull();

    const error =
      'Saisissez un montant entier en DA, de 1 à 100 000 000 (sans décimales), ou laissez vide pour « sur devis ».';
    for (const bad of ['12,5', '0', 'douze', '100000001']) {
      await user.clear(soil);
      await user.type(soil, bad);
      await user.click(screen.getByRole('button', { name: 'Enregistrer les prix' }));
      expect(await screen.findByText(error)).toBeTruthy();
      expect(soil.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(soil);
    }
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);

    await user.clear(soil);
    await user.type(soil, '15 000');
    await user.type(other, '25000');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les prix' }));
    expect(await screen.findByText('Prix des services enregistrés.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ soil: 15000, other: 25000 });
    await waitFor(() =>
      expect(screen.getByTestId('service-prices-source').textContent).toBe(
        "Prix fixés dans l'administration le 26 novembre 2026.",
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Revenir aux prix du déploiement' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(`analyse de sol 12${NNBSP}000 DA, autres services sur devis`);
    await user.click(within(dialog).getByRole('button', { name: 'Oui, revenir' }));
    expect(await screen.findByText("Les prix du déploiement s'appliquent de nouveau.")).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    await waitFor(() => expect((screen.getByLabelText('Analyse de sol (DA)') as HTMLInputElement).value).toBe('12000'));
  }, 20_000);

  it('Arabic: the labels, the error and "on quotation" in Arabic; an empty field is sent as on quotation', async () => {
    await i18n.changeLanguage('ar');
    const { calls } = stub();
    const user = userEvent.setup();
    renderAdmin(<ServicePricesPanel />);
    const soil = await screen.findByLabelText('تحليل التربة (دج)');
    expect(screen.getByText('قيمة النشر: حسب عرض السعر')).toBeTruthy();
    await user.clear(soil);
    await user.type(soil, '1.5');
    await user.click(screen.getByRole('button', { name: 'حفظ الأسعار' }));
    expect(
      await screen.findByText(
        'أدخل مبلغًا صحيحًا بالدينار من 1 إلى 100 000 000 (بدون فواصل عشرية)، أو اتركه فارغًا لـ«حسب عرض السعر».',
      ),
    ).toBeTruthy();
    await user.clear(soil);
    await user.click(screen.getByRole('button', { name: 'حفظ الأسعار' }));
    expect(await screen.findByText('تم حفظ أسعار الخدمات.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ soil: null, other: null });
  });
});
