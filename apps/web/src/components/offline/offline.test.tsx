import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { forgetSavedCopies, noteAnswer } from '../../lib/offline.ts';
import { OFFLINE_READY_EVENT } from '../../lib/storage.ts';
import { clearOutbox, outboxEntries } from '../../lib/outbox.ts';
import { queryClient } from '../../lib/queries.ts';
import { setOnline } from '../../../test/dom.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';

afterEach(() => {
  setOnline(true);
  forgetSavedCopies();
  clearOutbox();
  queryClient.clear();
});

const TEXT = {
  ar: {
    offline: /أنت غير متصل بالإنترنت/,
    saved: 'معروض من نسخة محفوظة بتاريخ',
    month: 'أوت',
    submit: 'إرسال الطلب',
    message: 'رسالتك',
    pending: /في انتظار الاتصال/,
    sent: /أُرسل عند عودة الاتصال/,
    reused: 'يختلف عن الطلب الذي أُرسل أولًا',
  },
  fr: {
    offline: /Vous êtes hors ligne/,
    saved: 'Affiché depuis une copie enregistrée le',
    month: 'août',
    submit: 'Envoyer la demande',
    message: 'Votre message',
    pending: /En attente de connexion/,
    sent: /Envoyée au retour de la connexion/,
    reused: 'diffère de celle envoyée d',
  },
} as const;

describe.each(['ar', 'fr'] as const)('offline banner (%s)', (lang) => {
  it('shows when the connection is gone and leaves when it returns', async () => {
    await i18n.changeLanguage(lang);
    render(<OfflineBanner />);
    expect(screen.queryByText(TEXT[lang].offline)).toBeNull();
    setOnline(false);
    expect(screen.getByText(TEXT[lang].offline)).toBeTruthy();
    expect(screen.getByTestId('offline-banner').textContent).toMatch(TEXT[lang].offline);
    expect(screen.getByTestId('offline-banner').getAttribute('role')).toBe('status');
    setOnline(true);
    expect(screen.queryByText(TEXT[lang].offline)).toBeNull();
  });

  it('says once, visibly, that the app is ready offline, while online', async () => {
    await i18n.changeLanguage(lang);
    render(<OfflineBanner />);
    expect(screen.queryByTestId('offline-ready')).toBeNull();
    act(() => {
      window.dispatchEvent(new Event(OFFLINE_READY_EVENT));
    });
    const note = screen.getByTestId('offline-ready');
    expect(note.textContent).toBe(i18n.t('common:offline.ready'));
    // Not inside the banner's region, which is visually hidden while online: the note was never seen there.
    expect(note.closest('.sr-only')).toBeNull();
    expect(note.closest('[role="status"]')).not.toBeNull();
    expect(note.className).toContain('pointer-events-none');
  });

  it('marks data from a kept copy with the day it was saved, in the Algerian date format', async () => {
    await i18n.changeLanguage(lang);
    render(<OfflineBanner />);
    setOnline(false);
    act(() => {
      noteAnswer('/parcelle/3', '2026-08-25T10:15:00Z');
      noteAnswer('/request/image?parcelleId=3&indiceId=1', '2026-08-24T09:00:00Z');
    });
    const saved = screen.getByTestId('saved-on');
    expect(saved.textContent).toContain(TEXT[lang].saved);
    // The oldest of the copies on screen.
    expect(saved.textContent).toContain(`24 ${TEXT[lang].month} 2026`);
    // A fresh network answer for each path removes its mark.
    act(() => {
      noteAnswer('/request/image?parcelleId=3&indiceId=1', null);
    });
    expect(screen.getByTestId('saved-on').textContent).toContain(`25 ${TEXT[lang].month} 2026`);
    act(() => {
      noteAnswer('/parcelle/3', null);
    });
    expect(screen.queryByTestId('saved-on')).toBeNull();
  });
});

describe.each(['ar', 'fr'] as const)('a service request typed offline (%s)', { timeout: 20_000 }, (lang) => {
  it('is kept with a visible pending state and sent once when the connection returns', async () => {
    await i18n.changeLanguage(lang);
    localStorage.setItem('Token', 'jwt.farmer');
    const { calls } = stubApi({
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
      'GET /api/users/profile': () =>
        json(
          200,
          profileAnswer({
            id: 5,
            roleName: 'User',
            userName: 'Karim',
            email: 'karim@example.dz',
            phoneNumber: '0550123456',
          }),
        ),
      'POST /api/service-requests': () => json(201, { message: 'ok', request: { id: 1 } }),
    });
    const user = userEvent.setup();
    renderApp('/user/service-offert');
    const submit = await screen.findByRole('button', { name: TEXT[lang].submit });
    await waitFor(() => expect((screen.getByLabelText(/e-mail|البريد/i) as HTMLInputElement).value).not.toBe(''));

    setOnline(false);
    expect(screen.getByText(TEXT[lang].offline)).toBeTruthy();
    await user.type(screen.getByLabelText(TEXT[lang].message), 'Analyse de sol pour 12 ha à Blida.');
    await user.click(submit);

    const form = submit.closest('form') as HTMLFormElement;
    const pending = await within(form).findByText(TEXT[lang].pending);
    expect(pending.closest('[data-state="pending"]')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(outboxEntries()).toHaveLength(1);
    // Nothing waits forever: the button is usable again at once.
    expect((submit as HTMLButtonElement).disabled).toBe(false);

    setOnline(true);
    await within(form).findByText(TEXT[lang].sent);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers['idempotency-key']).toBe(outboxEntriesKey(posts[0]?.headers));
    expect(posts[0]?.body).toMatchObject({ message: 'Analyse de sol pour 12 ha à Blida.', email: 'karim@example.dz' });
    expect(within(form).queryByText(TEXT[lang].pending)).toBeNull();
    expect(outboxEntries()).toHaveLength(0);

    // Another "online" (a flaky connection) sends nothing more.
    setOnline(false);
    setOnline(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});

const PROFILE = {
  ar: { edit: 'تعديل', name: 'الاسم الكامل', save: 'حفظ', saved: 'تم حفظ التعديلات.' },
  fr: { edit: 'Modifier', name: 'Nom complet', save: 'Enregistrer', saved: 'Modifications enregistrées.' },
} as const;

describe.each(['ar', 'fr'] as const)('a profile change saved offline (%s)', { timeout: 20_000 }, (lang) => {
  it('is pending, then sent once with its key; a refusal on return is shown with its reason', async () => {
    await i18n.changeLanguage(lang);
    localStorage.setItem('Token', 'jwt.farmer');
    const profile = profileAnswer({
      id: 5,
      userName: 'Karim',
      email: 'k@filaha.dz',
      phoneNumber: '0550123456',
      wilaya: 9,
      roleName: 'User',
    });
    let answer = 200;
    const { calls } = stubApi({
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
      'GET /api/users/profile': () => json(200, profile),
      'PUT /api/users/5': (call) =>
        answer === 200
          ? json(200, { message: 'ok', user: { ...profile, ...(call.body as object) } })
          : json(422, { code: 'IDEMPOTENCY_KEY_REUSED', message: 'reused' }),
    });
    const user = userEvent.setup();
    renderApp('/user/profile');
    await user.click(await screen.findByRole('button', { name: PROFILE[lang].edit }));
    const name = screen.getByLabelText(PROFILE[lang].name) as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Karim Benali');

    setOnline(false);
    await user.click(screen.getByRole('button', { name: PROFILE[lang].save }));
    const pending = await screen.findByText(TEXT[lang].pending);
    expect(pending.closest('[data-state="pending"]')).toBeTruthy();
    expect(screen.queryByText(PROFILE[lang].saved)).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    setOnline(true);
    await screen.findByText(TEXT[lang].sent);
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toMatchObject({ userName: 'Karim Benali' });
    outboxEntriesKey(puts[0]?.headers);

    // A second change kept offline and refused when the network returns says why, in the user's language.
    answer = 422;
    await user.click(screen.getByRole('button', { name: PROFILE[lang].edit }));
    setOnline(false);
    await user.click(screen.getByRole('button', { name: PROFILE[lang].save }));
    await screen.findByText(TEXT[lang].pending);
    setOnline(true);
    const refused = await screen.findByText(new RegExp(TEXT[lang].reused));
    expect(refused.getAttribute('data-outcome')).toBe('rejected');
    expect(outboxEntries()).toHaveLength(0);
  });
});

describe('a stock entry typed offline', { timeout: 30_000 }, () => {
  it('is pending in its form, sent once when the connection returns, and the stock is read again', async () => {
    await i18n.changeLanguage('fr');
    localStorage.setItem('Token', 'jwt.farmer');
    const wheat = {
      id: 3,
      name: 'Blé dur',
      unit: 'kg',
      kind: 'product',
      stock: 40,
      movementCount: 0,
      createdAt: '2025-08-01',
    };
    const { calls } = stubApi({
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
      'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, roleName: 'User', userName: 'Karim' })),
      'GET /api/stock/items': () => json(200, [wheat]),
      'GET /api/stock/summary': () =>
        json(200, { from: null, to: null, items: [], totals: { purchasesValue: 0, salesValue: 0 } }),
      'GET /api/stock/movements': () => json(200, []),
      'POST /api/stock/movements': (call) =>
        json(201, {
          id: 12,
          itemName: 'Blé dur',
          unit: 'kg',
          total: 0,
          note: '',
          createdAt: '2025-08-10',
          ...(call.body as object),
        }),
    });
    const user = userEvent.setup();
    renderApp('/user/stock-management');
    await screen.findAllByTestId('item-stock');
    await user.click(screen.getByRole('button', { name: 'Enregistrer une entrée / sortie' }));
    const form = within(await screen.findByRole('region', { name: /mouvement/ }));
    await user.selectOptions(form.getByLabelText('Article'), 'Blé dur');
    await user.type(form.getByLabelText('Quantité (kg)'), '12,5');

    setOnline(false);
    await user.click(form.getByRole('button', { name: 'Enregistrer le mouvement' }));
    await form.findByText(TEXT.fr.pending);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    const itemsReads = calls.filter((c) => c.url.startsWith('/api/stock/items')).length;

    setOnline(true);
    await form.findByText(TEXT.fr.sent);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ itemId: 3, quantity: 12.5 });
    outboxEntriesKey(posts[0]?.headers);
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith('/api/stock/items')).length).toBeGreaterThan(itemsReads),
    );
  });
});

/** The key is a UUID made on the client. */
function outboxEntriesKey(headers: Record<string, string> | undefined): string {
  const key = headers?.['idempotency-key'] ?? '';
  expect(key).toMatch(/^[0-9a-f-]{36}$/);
  return key;
}

describe('a service request whose first send fails as the connection returns', { timeout: 40_000 }, () => {
  it('is sent by a retry a few seconds later, not half a minute later, once', async () => {
    await i18n.changeLanguage('fr');
    localStorage.setItem('Token', 'jwt.farmer');
    let attempts = 0;
    const { calls } = stubApi({
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
      'GET /api/users/profile': () =>
        json(
          200,
          profileAnswer({
            id: 5,
            roleName: 'User',
            userName: 'Karim',
            email: 'karim@example.dz',
            phoneNumber: '0550123456',
          }),
        ),
      // The network is back for the page, not yet for the request (a phone's radio, a worker not yet online).
      'POST /api/service-requests': () => {
        attempts += 1;
        if (attempts === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return json(201, { message: 'ok', request: { id: 1 } });
      },
    });
    const user = userEvent.setup();
    renderApp('/user/service-offert');
    const submit = await screen.findByRole('button', { name: TEXT.fr.submit });
    await waitFor(() => expect((screen.getByLabelText(/e-mail/i) as HTMLInputElement).value).not.toBe(''));
    setOnline(false);
    await user.type(screen.getByLabelText(TEXT.fr.message), 'Analyse de sol.');
    await user.click(submit);
    const form = submit.closest('form') as HTMLFormElement;
    await within(form).findByText(TEXT.fr.pending);

    setOnline(true);
    await waitFor(() => expect(attempts).toBe(1));
    // Still pending after the failed attempt; sent by the first quick retry (2 s), well before the 30 s ceiling.
    expect(within(form).getByText(TEXT.fr.pending)).toBeTruthy();
    await within(form).findByText(TEXT.fr.sent, undefined, { timeout: 15_000 });
    expect(attempts).toBe(2);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(new Set(posts.map((p) => p.headers['idempotency-key'])).size).toBe(1);
    expect(outboxEntries()).toHaveLength(0);
  });
});
