import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, reply, stubContracts, type ContractStubs } from '../../../test/fetch.ts';
import { profileAnswer } from '../../../test/fixtures.ts';
import { i18n } from '../../i18n/index.ts';
import { renderPart } from '../marketplace/testUtils.tsx';
import type { Conversation, Message } from './api.ts';
import { MessagingPage } from './MessagingPage.tsx';
import { resetStreamState, useMessagingStream, useUnreadCount } from './live.ts';

const ME = 3;
const conversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  id: 11,
  participant: { id: 5, userName: 'Rachid', roleName: 'Seller' },
  publication: { id: 7, productName: 'Huile d’olive' },
  lastMessage: { id: 1, senderId: 5, text: 'Bonjour', createdAt: '2025-08-14T09:00:00.000Z' },
  unreadCount: 1,
  updatedAt: '2025-08-14T09:00:00.000Z',
  blockedByMe: false,
  canSend: true,
  ...overrides,
});
const message = (id: number, senderId: number, text: string, readAt: string | null = null): Message => ({
  id,
  conversationId: 11,
  senderId,
  text,
  createdAt: '2025-08-14T09:00:00.000Z',
  readAt,
});

/** A stand-in for the browser's EventSource: tests push server events into the open stream. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly url: string;
  onerror: (() => void) | null = null;
  closed = false;
  private readonly handlers = new Map<string, Array<(e: MessageEvent<string>) => void>>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.last = this;
  }
  addEventListener(type: string, handler: (e: MessageEvent<string>) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  emit(type: string, data: unknown) {
    for (const h of this.handlers.get(type) ?? []) h(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {
    this.closed = true;
  }
}

function Live() {
  useMessagingStream(true);
  const unread = useUnreadCount(true);
  return <p data-testid="unread">{unread}</p>;
}

beforeEach(async () => {
  await i18n.changeLanguage('fr');
  resetStreamState();
  FakeEventSource.last = null;
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

function api(overrides: ContractStubs = {}) {
  return stubContracts(
    {
      'GET /conversations': () => reply(200, [conversation()]),
      'GET /conversations/:id/messages': () => reply(200, { items: [message(1, 5, 'Bonjour')], hasMore: false }),
      'POST /conversations/:id/read': () => reply(200, { marked: 1, unreadCount: 0 }),
      'GET /conversations/unread-count': () => reply(200, { count: 0 }),
      'POST /conversations/stream-ticket': () => reply(200, { ticket: 'tk-1', expiresIn: 60 }),
      ...overrides,
    },
    { 'GET /api/users/profile': () => json(200, profileAnswer({ id: ME, userName: 'Karim', roleName: 'User' })) },
  );
}

describe('MessagingPage', () => {
  it('lists the conversations, opens one from the URL, marks it read and sends a message as text', async () => {
    const { calls } = api({
      'POST /conversations/:id/messages': (call) => reply(201, message(2, ME, (call.body as { text: string }).text)),
    });
    renderPart(<MessagingPage />, '/user/Messaging-page?c=11');
    expect(await screen.findByRole('heading', { level: 2, name: 'Rachid' })).toBeTruthy();
    expect(await screen.findByText('Bonjour', { selector: 'p' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/conversations/11/read')).toBe(true),
    );

    const markup = '<b>prix ?</b>';
    await userEvent.type(screen.getByLabelText('Votre message'), markup);
    expect(screen.getByText(`${markup.length} / 2000 caractères`)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    const sent = await screen.findByTestId('message-mine');
    // Rendered as text: the tags are visible characters, not markup.
    expect(within(sent).getByText(markup)).toBeTruthy();
    expect(sent.querySelector('b')).toBeNull();
    expect(calls.find((c) => c.url === '/api/conversations/11/messages' && c.method === 'POST')?.body).toEqual({
      text: markup,
    });
    expect((screen.getByLabelText('Votre message') as HTMLTextAreaElement).value).toBe('');
  });

  it('isolates user text: a bidi override in a message or a name cannot reorder the text around it', async () => {
    const spoof = '\u202Egnp.exe';
    api({
      'GET /conversations': () =>
        reply(200, [
          conversation({
            participant: { id: 5, userName: `Rachid${spoof}`, roleName: 'Seller' },
            lastMessage: { id: 1, senderId: ME, text: spoof, createdAt: '2025-08-14T09:00:00.000Z' },
          }),
        ]),
      'GET /conversations/:id/messages': () => reply(200, { items: [message(1, ME, spoof)], hasMore: false }),
    });
    renderPart(<MessagingPage />, '/user/Messaging-page?c=11');
    const bubble = within(await screen.findByTestId('message-mine')).getByText(spoof);
    expect(bubble.getAttribute('dir')).toBe('auto');
    expect(bubble.className).toContain('[unicode-bidi:isolate]');
    // The list's preview and the names are <bdi> elements, isolated from the "Vous : " prefix and the layout.
    expect(screen.getByTestId('last-message').tagName).toBe('BDI');
    expect(screen.getByTestId('last-message').textContent).toBe(spoof);
    expect(document.querySelector('#conversation-title bdi')?.textContent).toBe(`Rachid${spoof}`);
  });

  it('says who blocked whom and disables writing', async () => {
    api({ 'GET /conversations': () => reply(200, [conversation({ canSend: false, blockedByMe: true })]) });
    renderPart(<MessagingPage />, '/user/Messaging-page?c=11');
    expect(await screen.findByText('Vous avez bloqué Rachid. Débloquez cette personne pour lui écrire.')).toBeTruthy();
    expect(screen.queryByLabelText('Votre message')).toBeNull();
    expect(screen.getByRole('button', { name: 'Débloquer' })).toBeTruthy();
  });

  it('shows the server refusal when the other side has blocked the sender', async () => {
    api({
      'POST /conversations/:id/messages': () =>
        json(403, { code: 'BLOCKED', message: 'x', issues: [{ path: 'text', code: 'blocked_by_them', message: 'm' }] }),
    });
    renderPart(<MessagingPage />, '/user/Messaging-page?c=11');
    await userEvent.type(await screen.findByLabelText('Votre message'), 'Allô');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Message impossible : cette personne vous a bloqué.');
  });

  it('explains how to start when there is no conversation', async () => {
    api({ 'GET /conversations': () => reply(200, []) });
    renderPart(<MessagingPage />, '/user/Messaging-page');
    expect(await screen.findByText("Aucune conversation pour l'instant.")).toBeTruthy();
  });
});

describe('live stream', () => {
  it('opens the stream with a ticket, adds pushed messages and refetches the badge', async () => {
    let unread = 0;
    const { calls } = api({ 'GET /conversations/unread-count': () => reply(200, { count: unread }) });
    const view = renderPart(
      <>
        <Live />
        <MessagingPage />
      </>,
      '/user/Messaging-page?c=11',
    );
    await screen.findByText('Bonjour', { selector: 'p' });
    await waitFor(() => expect(FakeEventSource.last?.url).toBe('/api/conversations/stream?ticket=tk-1'));
    const stream = FakeEventSource.last!;
    unread = 2;
    act(() => {
      stream.emit('ready', { userId: ME });
      stream.emit('message', { conversationId: 11, message: message(9, 5, 'Nouveau prix : 850 DA') });
    });
    expect(await screen.findByText('Nouveau prix : 850 DA', { selector: 'p' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('unread').textContent).toBe('2'));
    expect(calls.filter((c) => c.url === '/api/conversations/stream-ticket')).toHaveLength(1);
    view.unmount();
    expect(stream.closed).toBe(true);
  });

  it('reconnects with a fresh ticket after an error', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let n = 0;
      api({ 'POST /conversations/stream-ticket': () => reply(200, { ticket: `tk-${++n}`, expiresIn: 60 }) });
      renderPart(<Live />);
      await waitFor(() => expect(FakeEventSource.last?.url).toContain('tk-1'));
      const first = FakeEventSource.last!;
      act(() => first.onerror?.());
      expect(first.closed).toBe(true);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_100);
      });
      await waitFor(() => expect(FakeEventSource.last?.url).toContain('tk-2'));
    } finally {
      vi.useRealTimers();
    }
  });
});
