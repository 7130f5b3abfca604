import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ALERT_RULE_DEFAULTS, type AlertRuleConfig, type AlertSettings } from '@filaha/shared';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, stubApi, type Call } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { ParcelAlertRules } from './ParcelAlertRules.tsx';

afterEach(() => queryClient.clear());

const DEFAULT_RULES: AlertRuleConfig[] = Object.values(ALERT_RULE_DEFAULTS);

/** PUT answers what the API would save: the rules sent replace the stored ones. */
function rulesApi(status = 200) {
  let rules = structuredClone(DEFAULT_RULES);
  return stubApi({
    'GET /api/parcelle/11/alert-rules': () => json(200, { parcelId: 11, rules }),
    'PUT /api/parcelle/11/alert-rules': (call: Call) => {
      if (status !== 200) return json(status, { code: 'VALIDATION_FAILED', message: 'x' });
      const sent = (call.body as { rules: Array<Partial<AlertRuleConfig> & { rule: string }> }).rules;
      rules = rules.map((r) => {
        const s = sent.find((x) => x.rule === r.rule);
        return s ? { ...r, enabled: s.enabled!, threshold: s.threshold ?? null, share: s.share ?? null } : r;
      });
      return json(200, { parcelId: 11, rules });
    },
  });
}

const renderRules = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <ParcelAlertRules parcelId={11} />
    </QueryClientProvider>,
  );

const fieldset = (legend: string) => screen.getByRole('group', { name: legend });

describe('the parcel alert rules', { timeout: 20_000 }, () => {
  it('shows the defaults in French with a decimal comma, and saves changed thresholds and share', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = rulesApi();
    const user = userEvent.setup();
    renderRules();
    await screen.findByTestId('alert-rules');
    const drop = fieldset("Baisse de l'indice");
    const threshold = within(drop).getByLabelText("Baisse qui déclenche l'alerte (NDVI)") as HTMLInputElement;
    expect(threshold.value).toBe('0,1');
    const water = within(fieldset('Stress hydrique')).getByLabelText(
      "Seuil sous lequel l'alerte se déclenche (NDMI)",
    ) as HTMLInputElement;
    expect(water.value).toBe('-0,1');
    const partial = fieldset('Baisse sur une partie de la parcelle');
    const share = within(partial).getByLabelText('Part de la parcelle (%)') as HTMLInputElement;
    expect(share.value).toBe('20');

    await user.clear(threshold);
    await user.type(threshold, '0,15');
    await user.clear(share);
    await user.type(share, '35');
    await user.click(within(fieldset('Nouvelle image claire')).getByRole('checkbox', { name: 'Activée' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer les alertes' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Alertes enregistrées.'));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({
      rules: [
        { rule: 'NEW_IMAGE', enabled: false },
        { rule: 'DROP', enabled: true, threshold: 0.15 },
        { rule: 'WATER_STRESS', enabled: true, threshold: -0.1 },
        { rule: 'PARTIAL_DROP', enabled: true, threshold: 0.1, share: 0.35 },
      ],
    });
    expect(threshold.value).toBe('0,15');
  });

  it('refuses a threshold out of range or not a number in Arabic, and sends nothing', async () => {
    await i18n.changeLanguage('ar');
    const { calls } = rulesApi();
    const user = userEvent.setup();
    renderRules();
    await screen.findByTestId('alert-rules');
    const drop = fieldset('انخفاض المؤشر');
    const threshold = within(drop).getByLabelText('الانخفاض الذي يطلق التنبيه (NDVI)') as HTMLInputElement;
    expect(threshold.value).toBe('0,1');
    await user.clear(threshold);
    await user.type(threshold, '3');
    const share = within(fieldset('انخفاض في جزء من القطعة')).getByLabelText('الحصة من القطعة (%)');
    await user.clear(share);
    await user.type(share, 'كثير');
    await user.click(screen.getByRole('button', { name: 'حفظ التنبيهات' }));
    expect(within(drop).getByRole('alert').textContent).toBe(
      'أدخل عتبة بين 0,01 و1 (الانخفاض)، أو بين ‎−1 و1 (الإجهاد المائي).',
    );
    expect(within(fieldset('انخفاض في جزء من القطعة')).getByRole('alert').textContent).toBe('أدخل عددًا صالحًا.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('e-mail settings on the profile page', { timeout: 20_000 }, () => {
  function farmer(settings: AlertSettings) {
    localStorage.setItem('Token', 'jwt.farmer');
    return stubApi({
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
      'GET /api/users/profile': () =>
        json(200, profileAnswer({ id: 5, userName: 'Karim', roleName: 'User', wilaya: 9 })),
      'GET /api/alerts': () => json(200, { unread: 0, alerts: [] }),
      'GET /api/alerts/settings': () => json(200, settings),
      'PUT /api/alerts/settings': (call) => json(200, call.body),
      'GET /api/sms': () =>
        json(200, {
          state: 'none',
          phone: null,
          verifiedAt: null,
          optedOutAt: null,
          optedOutBy: null,
          codeExpiresAt: null,
          dailyCap: 5,
          sentToday: 0,
        }),
    });
  }

  it.each([
    [
      'fr',
      'Comment recevoir les alertes',
      "Baisse de l'indice",
      'E-mail',
      'Langue des e-mails et des SMS',
      "Enregistrer les choix d'alertes",
      'Choix enregistrés.',
    ],
    [
      'ar',
      'كيف تصلك التنبيهات',
      'انخفاض المؤشر',
      'البريد الإلكتروني',
      'لغة الرسائل (البريد والرسائل القصيرة)',
      'حفظ اختيارات التنبيهات',
      'تم حفظ الاختيارات.',
    ],
  ] as const)(
    '%s: per rule on or off and the language, saved',
    async (lang, title, dropLegend, emailLabel, languageLabel, save, saved) => {
      await i18n.changeLanguage(lang);
      const { calls } = farmer({
        language: 'ar',
        bell: { NEW_IMAGE: true, DROP: true, WATER_STRESS: true, PARTIAL_DROP: true },
        email: { NEW_IMAGE: false, DROP: true, WATER_STRESS: true, PARTIAL_DROP: true },
        sms: { NEW_IMAGE: false, DROP: true, WATER_STRESS: false, PARTIAL_DROP: false },
      });
      const user = userEvent.setup();
      renderApp('/user/profile');
      const section = await screen.findByTestId('alert-settings');
      expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe(title);
      const drop = within(await within(section).findByRole('group', { name: dropLegend })).getByRole('checkbox', {
        name: emailLabel,
      }) as HTMLInputElement;
      expect(drop.checked).toBe(true);
      await user.click(drop);
      await user.selectOptions(within(section).getByLabelText(languageLabel), 'fr');
      await user.click(within(section).getByRole('button', { name: save }));
      await waitFor(() => expect(within(section).getByRole('status').textContent).toBe(saved));
      expect(calls.find((c) => c.method === 'PUT' && c.url === '/api/alerts/settings')!.body).toEqual({
        language: 'fr',
        bell: { NEW_IMAGE: true, DROP: true, WATER_STRESS: true, PARTIAL_DROP: true },
        email: { NEW_IMAGE: false, DROP: false, WATER_STRESS: true, PARTIAL_DROP: true },
        // SMS cannot be changed before the phone is verified: sent back as they were.
        sms: { NEW_IMAGE: false, DROP: true, WATER_STRESS: false, PARTIAL_DROP: false },
      });
    },
  );
});
