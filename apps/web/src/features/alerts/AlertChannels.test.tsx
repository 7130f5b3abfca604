import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertSettings, SmsSubscriptionAnswer } from '@filaha/shared';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, stubApi, type Call } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

afterEach(() => queryClient.clear());

const SETTINGS: AlertSettings = {
  language: 'fr',
  bell: { NEW_IMAGE: true, DROP: true, WATER_STRESS: true, PARTIAL_DROP: true },
  email: { NEW_IMAGE: false, DROP: true, WATER_STRESS: true, PARTIAL_DROP: true },
  sms: { NEW_IMAGE: false, DROP: false, WATER_STRESS: false, PARTIAL_DROP: false },
};

const PHONE = '+213550123456';
const CODE = '246810';

function smsAnswer(overrides: Partial<SmsSubscriptionAnswer> = {}): SmsSubscriptionAnswer {
  return {
    state: 'none',
    phone: null,
    verifiedAt: null,
    optedOutAt: null,
    optedOutBy: null,
    codeExpiresAt: null,
    dailyCap: 5,
    sentToday: 0,
    ...overrides,
  };
}

/**
 * The demo farmer's profile page with the alert settings and a fake SMS opt-in that behaves as the API: a phone
 * gets a code (pending) unless `rateLimited` (429, Retry-After 40 s), the right code makes it active, a wrong one answers PHONE_CODE_INVALID, DELETE opts out.
 */
function farmer(sms: SmsSubscriptionAnswer = smsAnswer(), { rateLimited = false } = {}) {
  localStorage.setItem('Token', 'jwt.farmer');
  let state = sms;
  let stored = structuredClone(SETTINGS);
  return stubApi({
    'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
    'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, userName: 'Karim', roleName: 'User', wilaya: 9 })),
    'GET /api/alerts': () => json(200, { unread: 0, alerts: [] }),
    'GET /api/alerts/settings': () => json(200, stored),
    'PUT /api/alerts/settings': (call: Call) => {
      stored = call.body as AlertSettings;
      return json(200, stored);
    },
    'GET /api/sms': () => json(200, state),
    'POST /api/sms/phone': (call: Call) => {
      if (rateLimited)
        return new Response(JSON.stringify({ code: 'RATE_LIMITED', message: 'slow down' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '40' },
        });
      const phone = (call.body as { phone: string }).phone;
      state = smsAnswer({ state: 'pending', phone, codeExpiresAt: new Date(Date.now() + 600_000).toISOString() });
      return json(202, state);
    },
    'POST /api/sms/verify': (call: Call) => {
      if ((call.body as { code: string }).code !== CODE)
        return json(400, { code: 'PHONE_CODE_INVALID', message: 'wrong code' });
      state = smsAnswer({ state: 'active', phone: state.phone, verifiedAt: new Date().toISOString() });
      return json(200, state);
    },
    'DELETE /api/sms': () => {
      state = { ...state, state: 'opted_out', optedOutAt: new Date().toISOString(), optedOutBy: 'farmer' };
      return json(200, state);
    },
  });
}

const group = (name: string) => screen.getByRole('group', { name });
const smsBox = (kind: string, label = 'SMS') =>
  within(group(kind)).getByRole('checkbox', { name: label }) as HTMLInputElement;

describe('alert channels and the SMS opt-in on the profile page', { timeout: 20_000 }, () => {
  it('saves bell, e-mail and SMS per alert kind once the phone is verified', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = farmer(smsAnswer({ state: 'active', phone: PHONE, verifiedAt: '2025-06-01T10:00:00.000Z' }));
    const user = userEvent.setup();
    renderApp('/user/profile');
    const section = await screen.findByTestId('alert-settings');
    await within(section).findByRole('group', { name: 'Stress hydrique' });
    await waitFor(() => expect(smsBox('Stress hydrique').disabled).toBe(false));
    expect(screen.queryByTestId('sms-channel-note')).toBeNull();
    // Three channels in every kind's fieldset.
    for (const kind of ['Nouvelle image claire', "Baisse de l'indice", 'Stress hydrique'])
      expect(
        within(group(kind))
          .getAllByRole('checkbox')
          .map((c) => c.getAttribute('type')),
      ).toHaveLength(3);

    await user.click(smsBox('Stress hydrique'));
    await user.click(smsBox("Baisse de l'indice"));
    await user.click(
      within(group('Nouvelle image claire')).getByRole('checkbox', { name: "Notification dans l'application" }),
    );
    // Nothing left for a kind: the farmer is told it will not reach them.
    expect(
      within(group('Nouvelle image claire')).getByText('Aucun canal coché : cette alerte ne vous parviendra pas.'),
    ).toBeTruthy();
    await user.click(within(group('Baisse sur une partie de la parcelle')).getByRole('checkbox', { name: 'E-mail' }));
    await user.click(within(section).getByRole('button', { name: "Enregistrer les choix d'alertes" }));
    await waitFor(() => expect(within(section).getByRole('status').textContent).toBe('Choix enregistrés.'));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      language: 'fr',
      bell: { NEW_IMAGE: false, DROP: true, WATER_STRESS: true, PARTIAL_DROP: true },
      email: { NEW_IMAGE: false, DROP: true, WATER_STRESS: true, PARTIAL_DROP: false },
      sms: { NEW_IMAGE: false, DROP: true, WATER_STRESS: true, PARTIAL_DROP: false },
    });
  });

  it('keeps SMS disabled until the phone is verified: none → pending → active, a wrong code refused (ar)', async () => {
    await i18n.changeLanguage('ar');
    const { calls } = farmer();
    const user = userEvent.setup();
    renderApp('/user/profile');
    await screen.findByTestId('alert-settings');
    const drop = await screen.findByRole('group', { name: 'انخفاض المؤشر' });
    const sms = within(drop).getByRole('checkbox', { name: 'رسالة قصيرة (SMS)' }) as HTMLInputElement;
    expect(sms.disabled).toBe(true);
    // Why, and where to go: the note describes every SMS box and links to the opt-in below.
    const note = screen.getByTestId('sms-channel-note');
    expect(sms.getAttribute('aria-describedby')).toBe(note.id);
    expect(note.textContent).toContain('لاختيار الرسائل القصيرة، تحقّق أولًا من رقم هاتفك النقال.');
    expect(within(note).getByRole('link').getAttribute('href')).toBe('#sms-optin');

    const optIn = screen.getByTestId('sms-optin');
    await waitFor(() => expect(within(optIn).getByTestId('sms-state').dataset.state).toBe('none'));
    expect(within(optIn).getByTestId('sms-cap').textContent).toBe(
      'رسائل التنبيه القصيرة 5 في اليوم على الأكثر (اليوم: 0). للإيقاف، أجب على رسالة من فلاحة بكلمة «توقف» أو STOP.',
    );
    // Not an Algerian mobile: said in Arabic, nothing sent.
    const phone = within(optIn).getByLabelText('رقم الهاتف النقال');
    await user.type(phone, '0212 34 56 78');
    await user.click(within(optIn).getByRole('button', { name: 'إرسال الرمز' }));
    // The example number is isolated left-to-right (U+2066 … U+2069), so its digit groups keep their order.
    expect(within(optIn).getByRole('alert').textContent).toBe(
      'أدخل رقم هاتف نقال جزائري، مثل \u20660661 23 45 67\u2069.',
    );
    expect(calls.some((c) => c.url === '/api/sms/phone')).toBe(false);

    await user.clear(phone);
    await user.type(phone, '+213 550 12 34 56');
    await user.click(within(optIn).getByRole('button', { name: 'إرسال الرمز' }));
    const code = await within(optIn).findByLabelText('الرمز الوارد في الرسالة القصيرة (6 أرقام)');
    expect(calls.find((c) => c.url === '/api/sms/phone')!.body).toEqual({ phone: PHONE });
    expect(within(optIn).getByTestId('sms-state').dataset.state).toBe('pending');
    expect(within(optIn).getByTestId('sms-state').textContent?.replace(/\s/g, ' ')).toContain('+213 5 50 •• •• 56');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await waitFor(() => expect(document.activeElement).toBe(code));
    // Resend only once the API allows it (a minute after the last code).
    const resend = within(optIn).getByRole('button', { name: /^إعادة إرسال الرمز بعد/ }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(sms.disabled).toBe(true);

    await user.type(code, '111111');
    await user.click(within(optIn).getByRole('button', { name: 'تحقّق' }));
    await waitFor(() =>
      expect(within(optIn).getByRole('alert').textContent).toBe(
        'رمز التحقق غير صحيح. تحقّق من الأرقام الواردة في الرسالة القصيرة.',
      ),
    );
    expect(code.getAttribute('aria-invalid')).toBe('true');

    await user.clear(code);
    await user.type(code, CODE);
    await user.click(within(optIn).getByRole('button', { name: 'تحقّق' }));
    await waitFor(() => expect(within(optIn).getByTestId('sms-state').dataset.state).toBe('active'));
    expect(within(optIn).getByTestId('sms-state').textContent?.replace(/\s/g, ' ')).toContain('+213 5 50 •• •• 56');
    expect(within(optIn).getByRole('status').textContent).toBe(
      'تم التحقق من الرقم: يمكنك الآن اختيار الرسائل القصيرة.',
    );
    // Now SMS can be ticked, and the note is gone.
    await waitFor(() => expect(sms.disabled).toBe(false));
    expect(screen.queryByTestId('sms-channel-note')).toBeNull();
  });

  it('names the wait when the API refuses another code for now (fr)', async () => {
    await i18n.changeLanguage('fr');
    farmer(smsAnswer(), { rateLimited: true });
    const user = userEvent.setup();
    renderApp('/user/profile');
    const optIn = await screen.findByTestId('sms-optin');
    const phone = await within(optIn).findByLabelText('Numéro de mobile');
    await user.type(phone, '0550 12 34 56');
    await user.click(within(optIn).getByRole('button', { name: 'Envoyer le code' }));
    await waitFor(() =>
      // Intl writes "40 secondes" with a no-break space.
      expect(within(optIn).getByRole('alert').textContent?.replace(/\s/g, ' ')).toBe(
        'Trop de tentatives en peu de temps. Réessayez dans 40 secondes.',
      ),
    );
    expect((within(optIn).getByRole('button', { name: /^Envoyer le code dans/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('asks before stopping SMS, and stops them only when confirmed (fr)', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = farmer(smsAnswer({ state: 'active', phone: PHONE, verifiedAt: '2025-06-01T10:00:00.000Z' }));
    const user = userEvent.setup();
    renderApp('/user/profile');
    const optIn = await screen.findByTestId('sms-optin');
    const stop = await within(optIn).findByRole('button', { name: 'Arrêter les SMS' });
    await user.click(stop);
    let dialog = screen.getByRole('alertdialog', { name: 'Arrêter les SMS ?' });
    expect(dialog.textContent).toContain('Vous ne recevrez plus aucune alerte par SMS.');
    // The safe choice has the focus; keeping SMS sends nothing.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Non, les garder' }));
    await user.click(within(dialog).getByRole('button', { name: 'Non, les garder' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(within(optIn).getByTestId('sms-state').dataset.state).toBe('active');

    await user.click(stop);
    dialog = screen.getByRole('alertdialog', { name: 'Arrêter les SMS ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Oui, arrêter' }));
    await waitFor(() => expect(within(optIn).getByTestId('sms-state').dataset.state).toBe('opted_out'));
    expect(calls.filter((c) => c.method === 'DELETE' && c.url === '/api/sms')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(optIn).getByRole('status').textContent).toBe('SMS arrêtés.');
    // SMS boxes are locked again, with why; the number given before fills the field to opt in again.
    await waitFor(() => expect(smsBox('Stress hydrique').disabled).toBe(true));
    expect(screen.getByTestId('sms-channel-note').textContent).toContain('Les SMS sont arrêtés');
    expect((within(optIn).getByLabelText('Numéro de mobile') as HTMLInputElement).value).toBe('0550 12 34 56');
  });
});
