import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setOnline } from '../../../test/dom.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { i18n } from '../../i18n/index.ts';
import { forgetSavedCopies } from '../../lib/offline.ts';
import { clearOutbox, outboxEntries } from '../../lib/outbox.ts';
import { queryClient } from '../../lib/queries.ts';

/**
 * Issue 13 §3: a new stock item typed without a connection goes through the outbox like a stock entry: kept on
 * the phone with a visible pending state, sent once (with its Idempotency-Key) when the connection returns.
 */

afterEach(() => {
  setOnline(true);
  forgetSavedCopies();
  clearOutbox();
  queryClient.clear();
  localStorage.clear();
});

const TEXT = {
  ar: {
    add: 'إضافة مادة',
    name: 'اسم المادة',
    submit: 'إضافة المادة',
    pending: /في انتظار الاتصال/,
    sent: /أُرسل عند عودة الاتصال/,
  },
  fr: {
    add: 'Ajouter un article',
    name: "Nom de l'article",
    submit: "Ajouter l'article",
    pending: /En attente de connexion/,
    sent: /Envoyée au retour de la connexion/,
  },
} as const;

function stub(answer: (body: unknown) => Response) {
  return stubApi({
    'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
    'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, roleName: 'User', userName: 'Karim' })),
    'GET /api/stock/items': () => json(200, []),
    'GET /api/stock/summary': () =>
      json(200, { from: null, to: null, items: [], totals: { purchasesValue: 0, salesValue: 0 } }),
    'GET /api/stock/movements': () => json(200, []),
    'POST /api/stock/items': (call) => answer(call.body),
  });
}

async function typeItemOffline(lang: 'ar' | 'fr', name: string) {
  const user = userEvent.setup();
  renderApp('/user/stock-management');
  // The stock screen is a lazy chunk: on a loaded machine it takes a few seconds to appear.
  await user.click(await screen.findByRole('button', { name: TEXT[lang].add }, { timeout: 15_000 }));
  await user.type(await screen.findByLabelText(TEXT[lang].name), name);
  setOnline(false);
  await user.click(screen.getByRole('button', { name: TEXT[lang].submit }));
  return screen.findByText(TEXT[lang].pending);
}

describe.each(['ar', 'fr'] as const)('a new stock item typed offline (%s)', (lang) => {
  it('is pending, then sent once with its key when the connection returns, and the list is read again', async () => {
    await i18n.changeLanguage(lang);
    localStorage.setItem('Token', 'jwt.farmer');
    const { calls } = stub((body) =>
      json(201, { id: 9, stock: 0, movementCount: 0, createdAt: '2025-08-10', ...(body as object) }),
    );
    await typeItemOffline(lang, 'Engrais NPK');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(outboxEntries().map((e) => [e.kind, e.path, e.body])).toEqual([
      ['stockItem', '/stock/items', { name: 'Engrais NPK', unit: 'kg', kind: 'product' }],
    ]);
    const reads = calls.filter((c) => c.url.startsWith('/api/stock/items')).length;

    setOnline(true);
    expect(await screen.findByText(TEXT[lang].sent)).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ name: 'Engrais NPK', unit: 'kg', kind: 'product' });
    expect(posts[0]?.headers['idempotency-key']).toBe(outboxKey(posts[0]?.headers));
    expect(outboxEntries()).toHaveLength(0);
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith('/api/stock/items')).length).toBeGreaterThan(reads),
    );
    // Another "online" event sends nothing again.
    setOnline(false);
    setOnline(true);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  }, 30_000);
});

describe('a kept stock item the server refuses on return', () => {
  it('says it was not sent, with the reason (French)', async () => {
    await i18n.changeLanguage('fr');
    localStorage.setItem('Token', 'jwt.farmer');
    stub(() => json(409, { code: 'CONFLICT', message: 'duplicate', issues: [{ path: 'name', code: 'duplicate' }] }));
    await typeItemOffline('fr', 'Blé dur');
    setOnline(true);
    expect(await screen.findByText(/Non envoyée/)).toBeTruthy();
    expect(outboxEntries()).toHaveLength(0);
  }, 30_000);
});

/** The key is made on the client (a UUID, or 32 hex digits without randomUUID). */
function outboxKey(headers: Record<string, string> | undefined): string {
  const key = headers?.['idempotency-key'] ?? '';
  expect(key).toMatch(/^(?:[0-9a-f-]{36}|[0-9a-f]{32})$/);
  return key;
}
