import { eq, messages } from '@filaha/db';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { codeOf, issuesOf, kit, type Caller } from '../plans/test-kit.ts';
import type { Conversation, ConversationMessage as Message } from '@filaha/shared/contracts';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });
const k = kit(t);

const open = async (from: Caller, to: Caller) =>
  json<Conversation>(await k.post('/api/conversations', from.headers, { userId: to.id }));
const send = (from: Caller, conversationId: number, text: string) =>
  k.post(`/api/conversations/${conversationId}/messages`, from.headers, { text });

describe('blocking', () => {
  it('refuses the blocked user’s messages (403 BLOCKED) while the conversation stays readable', async () => {
    const farmer = await k.as('User');
    const pest = await k.as('Seller');
    const c = await open(pest, farmer);
    expect((await send(pest, c.id, 'Offre spéciale !')).statusCode).toBe(201);

    const block = await k.post(`/api/users/${pest.id}/block`, farmer.headers, {});
    expect(block.statusCode).toBe(201);
    expect(json(block)).toEqual({ blocked: true });
    expect((await k.post(`/api/users/${pest.id}/block`, farmer.headers, {})).statusCode).toBe(200);

    const refused = await send(pest, c.id, 'Encore moi');
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('BLOCKED');
    expect(issuesOf(refused)[0]).toMatchObject({ code: 'blocked_by_them', message: 'messaging.blockedByThem' });
    // The blocker cannot write either until they unblock (the screen offers "unblock").
    const own = await send(farmer, c.id, 'Réponse');
    expect(own.statusCode).toBe(403);
    expect(issuesOf(own)[0]?.code).toBe('blocked_by_you');

    const rows = await t.current.database.db.select().from(messages).where(eq(messages.conversationId, c.id));
    expect(rows.map((r) => r.text)).toEqual(['Offre spéciale !']);
    for (const who of [farmer, pest]) {
      const page = await k.get(`/api/conversations/${c.id}/messages`, who.headers);
      expect(page.statusCode).toBe(200);
      expect(json<{ items: Message[] }>(page).items.map((m) => m.text)).toEqual(['Offre spéciale !']);
    }
    const mine = json<Conversation[]>(await k.get('/api/conversations', farmer.headers))[0];
    expect(mine).toMatchObject({ id: c.id, blockedByMe: true, canSend: false });
    const theirs = json<Conversation[]>(await k.get('/api/conversations', pest.headers))[0];
    expect(theirs).toMatchObject({ id: c.id, blockedByMe: false, canSend: false });
  });

  it('refuses a new conversation across a block but reopens an existing one', async () => {
    const a = await k.as('User');
    const b = await k.as('Seller');
    const c = await k.as('Seller');
    const existing = await open(a, b);
    await k.post(`/api/users/${a.id}/block`, b.headers, {});
    await k.post(`/api/users/${a.id}/block`, c.headers, {});

    const reopened = await k.post('/api/conversations', a.headers, { userId: b.id });
    expect(reopened.statusCode).toBe(200);
    expect(json<Conversation>(reopened).id).toBe(existing.id);
    const fresh = await k.post('/api/conversations', a.headers, { userId: c.id });
    expect(fresh.statusCode).toBe(403);
    expect(codeOf(fresh)).toBe('BLOCKED');
    const fromBlocker = await k.post('/api/conversations', c.headers, { userId: a.id });
    expect(fromBlocker.statusCode).toBe(403);
    expect(issuesOf(fromBlocker)[0]?.code).toBe('blocked_by_you');
  });

  it('lists my blocks, unblocks, and lets messages through again', async () => {
    const me = await k.as('User');
    const x = await k.as('Seller');
    const y = await k.as('Investor');
    const c = await open(x, me);
    await k.post(`/api/users/${x.id}/block`, me.headers, {});
    await k.post(`/api/users/${y.id}/block`, me.headers, {});

    const list = json<Array<{ userId: number; roleName: string }>>(await k.get('/api/blocks', me.headers));
    expect(list.map((b) => b.userId).sort()).toEqual([x.id, y.id].sort());
    expect(list.find((b) => b.userId === y.id)?.roleName).toBe('Investor');
    expect(json(await k.get('/api/blocks', x.headers))).toEqual([]);

    const undo = await k.del(`/api/users/${x.id}/block`, me.headers);
    expect(undo.statusCode).toBe(200);
    expect(json(undo)).toEqual({ blocked: false });
    expect((await send(x, c.id, 'Merci de m’avoir débloqué')).statusCode).toBe(201);
    expect(json<Array<{ userId: number }>>(await k.get('/api/blocks', me.headers)).map((b) => b.userId)).toEqual([
      y.id,
    ]);
  });

  it('refuses blocking oneself or an unknown user, and needs a token', async () => {
    const me = await k.as('User');
    const self = await k.post(`/api/users/${me.id}/block`, me.headers, {});
    expect(self.statusCode).toBe(400);
    expect(issuesOf(self)[0]?.code).toBe('self');
    expect((await k.post('/api/users/2000000000/block', me.headers, {})).statusCode).toBe(404);
    expect((await k.post(`/api/users/${me.id}/block`, {}, {})).statusCode).toBe(401);
    expect((await k.get('/api/blocks')).statusCode).toBe(401);
  });
});
