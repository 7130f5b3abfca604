import type { RouteData } from '@filaha/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { forgetPublicSettings } from '../../lib/publicSettings.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

function farmer(extra: Parameters<typeof stubApi>[0] = {}, profile: Record<string, unknown> = { userName: 'Karim' }) {
  localStorage.setItem('Token', 'jwt.farmer');
  return stubApi({
    'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
    'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, roleName: 'User', ...profile })),
    ...extra,
  });
}

afterEach(() => {
  queryClient.clear();
  forgetPublicSettings();
});

// Lazy page chunks load on the first test and the form tests type like a person: seconds on a busy machine.
describe('services page', { timeout: 20_000 }, () => {
  it('lists the four services with their starting price and opens a detail view', async () => {
    await i18n.changeLanguage('fr');
    farmer({
      'GET /api/settings/public': () =>
        json(200, {
          contact: { phone: '+213 21 45 67 89', email: null, address: null },
          servicePrices: { soil: 12000, other: 20000 },
          demoImagery: false,
        }),
    });
    const user = userEvent.setup();
    renderApp('/user/service-offert');
    const cards = await screen.findAllByRole('button', { name: /^Voir les détails/ });
    expect(cards).toHaveLength(4);
    // Prices in DA, as everything else, set by the deployment (SERVICE_PRICE_*).
    expect(await screen.findByText('À partir de 12 000 DA')).toBeTruthy();
    expect(screen.getAllByText('À partir de 20 000 DA')).toHaveLength(3);
    expect(document.body.textContent).not.toContain('€');

    await user.click(screen.getByRole('button', { name: 'Voir les détails : Analyse physique et minérale du sol' }));
    const heading = await screen.findByRole('heading', { name: 'Analyse physique et minérale du sol', level: 2 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('Ce qui est inclus')).toBeTruthy();
    expect((screen.getByLabelText('Service') as HTMLSelectElement).value).toBe('soil');
    expect(screen.getByRole('link', { name: 'Écrire sur la messagerie' }).getAttribute('href')).toBe(
      '/user/Messaging-page',
    );
    expect(screen.getByRole('link', { name: /Facebook/ }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: /Par téléphone/ }).getAttribute('href')).toBe('tel:+21321456789');

    await user.click(screen.getByRole('button', { name: 'Retour aux services' }));
    expect(await screen.findAllByRole('button', { name: /^Voir les détails/ })).toHaveLength(4);
  });

  it('says "on quotation" in Arabic when the deployment sets no service price, and offers no phone', async () => {
    farmer({
      'GET /api/settings/public': () =>
        json(200, {
          contact: { phone: null, email: null, address: null },
          servicePrices: { soil: null, other: null },
          demoImagery: false,
        }),
    });
    renderApp('/user/service-offert');
    expect(await screen.findAllByText('السعر حسب عرض سعر')).toHaveLength(4);
    expect(document.body.textContent).not.toMatch(/€|يورو/);
  });

  it('validates the request with the shared schema and ignores letters in the phone', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = farmer({}, { userName: '' });
    const user = userEvent.setup();
    renderApp('/user/service-offert');
    await user.click(await screen.findByRole('button', { name: 'Envoyer la demande' }));
    const form = screen.getByRole('button', { name: 'Envoyer la demande' }).closest('form') as HTMLFormElement;
    await waitFor(() => expect(within(form).getAllByRole('alert')).toHaveLength(4));
    // The focus goes to the first refused field on screen (the phone is registered first, but comes later).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Nom complet')));
    expect(within(form).getAllByText('Ce champ est obligatoire.')).toHaveLength(2);
    expect(within(form).getByText('Saisissez une adresse e-mail valide.')).toBeTruthy();
    expect(within(form).getByText(/uniquement de chiffres/)).toBeTruthy();
    expect((screen.getByLabelText('Nom complet') as HTMLInputElement).getAttribute('aria-invalid')).toBe('true');

    const phone = screen.getByLabelText('Téléphone') as HTMLInputElement;
    await user.type(phone, '05a50-12 34567899');
    expect(phone.value).toBe('0550123456');
    await user.type(screen.getByLabelText('E-mail'), 'pas-un-email');
    await user.click(screen.getByRole('button', { name: 'Envoyer la demande' }));
    expect(await within(form).findByText('Saisissez une adresse e-mail valide.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('keeps showing what is missing when the profile arrives after Send was pressed', async () => {
    await i18n.changeLanguage('fr');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The session check reads the profile first (app/restoreSession.ts): here it fails, the role comes from
    // GET /roles/my-role, and the form asks the profile itself, which arrives late.
    let reads = 0;
    farmer({
      'GET /api/users/profile': async () => {
        if (++reads === 1) return json(500, { code: 'INTERNAL', message: 'down' });
        await held;
        return json(200, profileAnswer({ id: 5, roleName: 'User', userName: 'Karim' }));
      },
    });
    const user = userEvent.setup();
    renderApp('/user/service-offert');
    await user.click(await screen.findByRole('button', { name: 'Envoyer la demande' }));
    const form = screen.getByRole('button', { name: 'Envoyer la demande' }).closest('form') as HTMLFormElement;
    await waitFor(() => expect(within(form).getAllByRole('alert')).toHaveLength(4));
    release();
    // The name is filled from the profile; the three other refusals stay on screen.
    await waitFor(() => expect((screen.getByLabelText('Nom complet') as HTMLInputElement).value).toBe('Karim'));
    await waitFor(() => expect(within(form).getAllByRole('alert')).toHaveLength(3));
    expect(within(form).getAllByText('Ce champ est obligatoire.')).toHaveLength(1);
  });

  it('sends a valid request and shows the success message, then a translated error on 429', async () => {
    await i18n.changeLanguage('ar');
    const saved: RouteData<'POST /service-requests'> = {
      message: 'ok',
      request: {
        id: 1,
        serviceKey: 'precision',
        name: 'كريم',
        email: 'karim@filaha.dz',
        phone: '0550123456',
        message: 'Analyse du sol',
        userId: 5,
        createdAt: '2025-03-01T08:00:00.000Z',
        handledAt: null,
      },
    };
    let answer = json(201, saved);
    const { calls } = farmer(
      { 'POST /api/service-requests': () => answer },
      { userName: 'كريم', email: 'karim@filaha.dz', phoneNumber: '0550123456' },
    );
    const user = userEvent.setup();
    renderApp('/user/service-offert');
    const name = (await screen.findByLabelText('الاسم الكامل')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('كريم'));
    await user.selectOptions(screen.getByLabelText('الخدمة'), 'drilling');
    await user.type(screen.getByLabelText('رسالتك'), 'أريد حفر بئر في قطعتي بالبليدة.');
    await user.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    expect((await screen.findByText(/تم إرسال طلبك بنجاح/)).getAttribute('role')).toBe('status');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      serviceKey: 'drilling',
      name: 'كريم',
      email: 'karim@filaha.dz',
      phone: '0550123456',
      message: 'أريد حفر بئر في قطعتي بالبليدة.',
    });
    expect((screen.getByLabelText('رسالتك') as HTMLTextAreaElement).value).toBe('');

    answer = json(429, { code: 'RATE_LIMITED', message: 'Too many' });
    await user.type(screen.getByLabelText('رسالتك'), 'طلب ثان');
    await user.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(i18n.t('errors:RATE_LIMITED'));
    expect(screen.queryByText(/تم إرسال طلبك بنجاح/)).toBeNull();
  });
});
