import { conversations, eq, messages } from '@filaha/db';
import { createConversation, createMessage, factories } from '@filaha/db/testing';
import { SOCIAL_LIMITS } from '@filaha/shared';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { codeOf, issuesOf, kit, type Caller } from '../plans/test-kit.ts';
import type { Conversation, ConversationMessage as Message } from '@filaha/shared/contracts';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });
const k = kit(t);
const db = () => t.current.database.db;

async function open(from: Caller, to: Caller, extra: Record<string, unknown> = {}): Promise<Conversation> {
  const res = await k.post('/api/conversations', from.headers, { userId: to.id, ...extra });
  expect([200, 201]).toContain(res.statusCode);
  return json<Conversation>(res);
}
const send = (from: Caller, conversationId: number, text: unknown) =>
  k.post(`/api/conversations/${conversationId}/messages`, from.headers, { text });
const unread = async (who: Caller) =>
  json<{ count: number }>(await k.get('/api/conversations/unread-count', who.headers)).count;

describe('conversations', () => {
  it('opens one conversation per pair, whoever starts it, with the publication as subject', async () => {
    const farmer = await k.as('User');
    const seller = await k.as('Seller');
    const { publication } = await factories.createPublication(db(), { userId: seller.id, productName: 'Tomates' });

    const first = await k.post('/api/conversations', farmer.headers, {
      userId: seller.id,
      publicationId: publication.id,
    });
    expect(first.statusCode).toBe(201);
    const created = json<Conversation>(first);
    expect(created).toMatchObject({
      participant: { id: seller.id, roleName: 'Seller' },
      publication: { id: publication.id, productName: 'Tomates' },
      lastMessage: null,
      unreadCount: 0,
      canSend: true,
      blockedByMe: false,
    });

    const again = await k.post('/api/conversations', seller.headers, { userId: farmer.id });
    expect(again.statusCode).toBe(200);
    expect(json<Conversation>(again).id).toBe(created.id);
    const rows = await db().select().from(conversations).where(eq(conversations.id, created.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a conversation with oneself, an unknown user or someone else’s publication', async () => {
    const farmer = await k.as('User');
    const seller = await k.as('Seller');
    const other = await k.as('Seller');
    const { publication } = await factories.createPublication(db(), { userId: other.id });

    const self = await k.post('/api/conversations', farmer.headers, { userId: farmer.id });
    expect(self.statusCode).toBe(400);
    expect(issuesOf(self)[0]).toMatchObject({ path: 'userId', code: 'self' });
    const unknown = await k.post('/api/conversations', farmer.headers, { userId: 2_000_000_000 });
    expect(unknown.statusCode).toBe(400);
    expect(issuesOf(unknown)[0]?.code).toBe('unknown_reference');
    const wrongPub = await k.post('/api/conversations', farmer.headers, {
      userId: seller.id,
      publicationId: publication.id,
    });
    expect(wrongPub.statusCode).toBe(400);
    expect(issuesOf(wrongPub)[0]?.path).toBe('publicationId');
    expect((await k.post('/api/conversations', {}, { userId: seller.id })).statusCode).toBe(401);
  });

  it('lists mine newest first with the other participant, last message and unread count', async () => {
    const me = await k.as('User');
    const a = await k.as('Seller');
    const b = await k.as('Investor');
    const withA = await open(me, a);
    const withB = await open(me, b);
    expect((await send(a, withA.id, 'Bonjour, le stock est disponible.')).statusCode).toBe(201);
    expect((await send(a, withA.id, 'Livraison possible à Blida.')).statusCode).toBe(201);

    const list = json<Conversation[]>(await k.get('/api/conversations', me.headers));
    expect(list.map((c) => c.id)).toEqual([withA.id, withB.id]);
    expect(list[0]).toMatchObject({
      participant: { id: a.id, roleName: 'Seller' },
      lastMessage: { senderId: a.id, text: 'Livraison possible à Blida.' },
      unreadCount: 2,
    });
    expect(list[1]).toMatchObject({ participant: { id: b.id, roleName: 'Investor' }, unreadCount: 0 });

    await send(me, withB.id, 'Salam');
    const reordered = json<Conversation[]>(await k.get('/api/conversations', me.headers));
    expect(reordered.map((c) => c.id)).toEqual([withB.id, withA.id]);
    // The other side sees my message as unread, I do not.
    expect(json<Conversation[]>(await k.get('/api/conversations', b.headers))[0]?.unreadCount).toBe(1);
    expect(reordered[0]?.unreadCount).toBe(0);
  });
});

describe('seeded rows (factories)', () => {
  it('shows a conversation written directly in the database like one made through the API', async () => {
    const a = await k.as('User');
    const b = await k.as('Seller');
    const { conversation } = await createConversation(db(), { userIds: [b.id, a.id] });
    await createMessage(db(), { conversationId: conversation.id, senderId: b.id, text: 'Première' });
    await createMessage(db(), { conversationId: conversation.id, senderId: b.id, text: 'Lue', readAt: new Date() });
    const [listed] = json<Conversation[]>(await k.get('/api/conversations', a.headers));
    expect(listed).toMatchObject({ id: conversation.id, participant: { id: b.id }, unreadCount: 1 });
    expect(listed?.lastMessage?.text).toBe('Lue');
  });
});

describe('privacy: only the two participants', () => {
  it('answers 404 to a third user reading, posting or marking read, and writes nothing', async () => {
    const farmer = await k.as('User');
    const seller = await k.as('Seller');
    const intruder = await k.as('User');
    const conversation = await open(farmer, seller);
    await send(farmer, conversation.id, 'Prix du kilo ?');

    const read = await k.get(`/api/conversations/${conversation.id}/messages`, intruder.headers);
    expect(read.statusCode).toBe(404);
    expect(codeOf(read)).toBe('NOT_FOUND');
    const post = await send(intruder, conversation.id, 'Je m’invite');
    expect(post.statusCode).toBe(404);
    const mark = await k.post(`/api/conversations/${conversation.id}/read`, intruder.headers, {});
    expect(mark.statusCode).toBe(404);
    // Same answer as a conversation that does not exist at all.
    expect((await k.get('/api/conversations/2000000000/messages', intruder.headers)).statusCode).toBe(404);

    const rows = await db().select().from(messages).where(eq(messages.conversationId, conversation.id));
    expect(rows.map((r) => r.text)).toEqual(['Prix du kilo ?']);
    expect(rows[0]?.readAt).toBeNull();
    expect(json<Conversation[]>(await k.get('/api/conversations', intruder.headers))).toEqual([]);
  });
});

describe('messages', () => {
  it('pages backwards with before/limit, oldest first within a page', async () => {
    const a = await k.as('User');
    const b = await k.as('Seller');
    const c = await open(a, b);
    for (let i = 1; i <= 5; i += 1) expect((await send(i % 2 ? a : b, c.id, `m${i}`)).statusCode).toBe(201);

    const last = json<{ items: Message[]; hasMore: boolean }>(
      await k.get(`/api/conversations/${c.id}/messages?limit=2`, a.headers),
    );
    expect(last.items.map((m) => m.text)).toEqual(['m4', 'm5']);
    expect(last.hasMore).toBe(true);
    const before = last.items[0]?.id ?? 0;
    const older = json<{ items: Message[]; hasMore: boolean }>(
      await k.get(`/api/conversations/${c.id}/messages?limit=2&before=${before}`, b.headers),
    );
    expect(older.items.map((m) => m.text)).toEqual(['m2', 'm3']);
    const first = json<{ items: Message[]; hasMore: boolean }>(
      await k.get(`/api/conversations/${c.id}/messages?before=${older.items[0]?.id ?? 0}`, b.headers),
    );
    expect(first).toMatchObject({ items: [{ text: 'm1', senderId: a.id }], hasMore: false });
    expect((await k.get(`/api/conversations/${c.id}/messages?limit=101`, a.headers)).statusCode).toBe(400);
  });

  it('strips control characters, refuses U+0000, trims, and limits the text to 1–2000 characters', async () => {
    const a = await k.as('User');
    const b = await k.as('Seller');
    const c = await open(a, b);

    const dirty = await send(a, c.id, '  \u0007Bon\u0001jour\u202E<b>x</b>\r\nligne 2\u0085 ');
    expect(dirty.statusCode).toBe(201);
    // Stored as plain text: markup stays literal characters, never interpreted.
    expect(json<Message>(dirty).text).toBe('Bonjour<b>x</b>\nligne 2');

    // U+0000 is refused at the edge for every route (400 VALIDATION_FAILED naming the field), never stripped.
    const nul = await send(a, c.id, 'Bon\u0000jour');
    expect(nul.statusCode).toBe(400);
    expect(codeOf(nul)).toBe('VALIDATION_FAILED');
    for (const bad of ['', '   ', '\u0001\u0002\n\t', 'x'.repeat(2001), 42, null]) {
      const res = await send(a, c.id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(issuesOf(res)[0]?.path).toBe('text');
    }
    const arabic = 'سلام '.repeat(400).trim(); // 1999 code points
    expect((await send(a, c.id, arabic)).statusCode).toBe(201);
    expect((await send(a, c.id, `${'x'.repeat(1999)}😀`)).statusCode).toBe(201);
    const rows = await db().select().from(messages).where(eq(messages.conversationId, c.id));
    expect(rows).toHaveLength(3);
  });

  it(`limits a sender to ${SOCIAL_LIMITS.messageRate.max} messages per minute`, async () => {
    const a = await k.as('User');
    const b = await k.as('Seller');
    const c = await open(a, b);
    for (let i = 0; i < SOCIAL_LIMITS.messageRate.max; i += 1)
      expect((await send(a, c.id, `n${i}`)).statusCode).toBe(201);
    const limited = await send(a, c.id, 'one too many');
    expect(limited.statusCode).toBe(429);
    expect(codeOf(limited)).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    // The limit is the sender's, not the conversation's.
    expect((await send(b, c.id, 'still fine')).statusCode).toBe(201);
  });
});

describe('unread counts', () => {
  it('counts the other side’s unread messages across conversations and clears them on read', async () => {
    const me = await k.as('User');
    const a = await k.as('Seller');
    const b = await k.as('Seller');
    const withA = await open(a, me);
    const withB = await open(b, me);
    expect(await unread(me)).toBe(0);
    await send(a, withA.id, '1');
    await send(a, withA.id, '2');
    await send(b, withB.id, '3');
    await send(me, withB.id, 'mine does not count for me');
    expect(await unread(me)).toBe(3);
    expect(await unread(b)).toBe(1);

    const marked = await k.post(`/api/conversations/${withA.id}/read`, me.headers, {});
    expect(marked.statusCode).toBe(200);
    expect(json(marked)).toEqual({ marked: 2, unreadCount: 1 });
    expect(await unread(me)).toBe(1);
    // Reading again changes nothing; the sender's own messages are untouched by their read.
    expect(json(await k.post(`/api/conversations/${withA.id}/read`, me.headers, {}))).toEqual({
      marked: 0,
      unreadCount: 1,
    });
    const page = json<{ items: Message[] }>(await k.get(`/api/conversations/${withA.id}/messages`, a.headers));
    expect(page.items.every((m) => m.readAt !== null)).toBe(true);
    await k.post(`/api/conversations/${withB.id}/read`, me.headers, {});
    expect(await unread(me)).toBe(0);
    expect(await unread(b)).toBe(1);
  });
});
