import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from '@filaha/db';
import { getTestDb } from '@filaha/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json, TEST_JWT_SECRET, type TestApp } from '../../../test/helper.ts';
import { SseReader } from '../../../test/sse.ts';
import { EventHub, openEventStream } from './event-stream.ts';
import type { Conversation, ConversationMessage as Message } from '@filaha/shared/contracts';
import { StreamTickets } from './stream-tickets.ts';

describe('GET /api/conversations/stream (real server on 127.0.0.1)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_MAX: '100000' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // Open streams must not keep close() waiting: the module ends them first.
    await t.close();
  });

  const api = (path: string, headers: Record<string, string>, body?: unknown) =>
    fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function ticketFor(headers: Record<string, string>): Promise<string> {
    const res = await api('/api/conversations/stream-ticket', headers, {});
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ticket: string; expiresIn: number };
    expect(body.expiresIn).toBe(60);
    return body.ticket;
  }

  async function openStream(ticket: string): Promise<SseReader> {
    const abort = new AbortController();
    const res = await fetch(`${base}/api/conversations/stream?ticket=${encodeURIComponent(ticket)}`, {
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    if (!res.body) throw new Error('no body');
    const reader = new SseReader(res.body.getReader(), abort);
    await reader.next((e) => e.event === 'ready');
    return reader;
  }

  it('pushes a message to the other participant, and not to a third user', async () => {
    const farmer = await t.createUser({ role: 'User' });
    const seller = await t.createUser({ role: 'Seller' });
    const outsider = await t.createUser({ role: 'User' });
    const conversation = json<Conversation>({
      body: await (await api('/api/conversations', farmer.headers, { userId: seller.user.id })).text(),
    });

    const sellerStream = await openStream(await ticketFor(seller.headers));
    const outsiderStream = await openStream(await ticketFor(outsider.headers));
    try {
      const posted = await api(`/api/conversations/${conversation.id}/messages`, farmer.headers, {
        text: 'Bonjour, vos tomates sont-elles disponibles ?',
      });
      expect(posted.status).toBe(201);
      const message = (await posted.json()) as Message;

      const event = await sellerStream.next((e) => e.event === 'message');
      expect(event.id).toBe(String(message.id));
      expect(event.data).toEqual({ conversationId: conversation.id, message });

      // The reader's "read" reaches the sender too.
      const farmerStream = await openStream(await ticketFor(farmer.headers));
      try {
        expect((await api(`/api/conversations/${conversation.id}/read`, seller.headers, {})).status).toBe(200);
        const read = await farmerStream.next((e) => e.event === 'read');
        expect(read.data).toMatchObject({ conversationId: conversation.id, readerId: seller.user.id });
      } finally {
        farmerStream.close();
      }
      await expect(outsiderStream.next((e) => e.event === 'message', 500)).rejects.toThrow(/no matching event/);
    } finally {
      sellerStream.close();
      outsiderStream.close();
    }
  });

  it('accepts a ticket once, and refuses a missing, unknown or used one with 401', async () => {
    const user = await t.createUser({ role: 'User' });
    const ticket = await ticketFor(user.headers);
    const stream = await openStream(ticket);
    stream.close();
    const reused = await fetch(`${base}/api/conversations/stream?ticket=${ticket}`);
    expect(reused.status).toBe(401);
    expect(((await reused.json()) as { code: string }).code).toBe('UNAUTHENTICATED');
    expect((await fetch(`${base}/api/conversations/stream?ticket=forged`)).status).toBe(401);
    expect((await fetch(`${base}/api/conversations/stream`)).status).toBe(400);
    expect((await api('/api/conversations/stream-ticket', {}, {})).status).toBe(401);
  });
});

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

async function streamAt(base: string, headers: Record<string, string>): Promise<SseReader> {
  const ticketRes = await fetch(`${base}/api/conversations/stream-ticket`, { method: 'POST', headers });
  expect(ticketRes.status).toBe(200);
  const { ticket } = (await ticketRes.json()) as { ticket: string };
  const abort = new AbortController();
  const res = await fetch(`${base}/api/conversations/stream?ticket=${encodeURIComponent(ticket)}`, {
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  if (!res.body) throw new Error('no body');
  const reader = new SseReader(res.body.getReader(), abort);
  await reader.next((e) => e.event === 'ready');
  return reader;
}

const postJson = (base: string, path: string, headers: Record<string, string>, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

// Two apps on one database stand for two API processes (apps/api/test/two-process.test.ts starts real ones).
describe.skipIf(!process.env.DATABASE_URL)('live events between processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  beforeAll(async () => {
    a = await buildTestApp({ RATE_LIMIT_MAX: '100000' });
    b = await buildTestApp({ RATE_LIMIT_MAX: '100000' });
    baseA = await listening(a);
    baseB = await listening(b);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('pushes a message and a read receipt written through A to streams opened on B', async () => {
    const farmer = await a.createUser({ role: 'User' });
    const seller = await a.createUser({ role: 'Seller' });
    const conversation = (await (
      await postJson(baseA, '/api/conversations', farmer.headers, { userId: seller.user.id })
    ).json()) as Conversation;
    const sellerOnB = await streamAt(baseB, seller.headers);
    const farmerOnB = await streamAt(baseB, farmer.headers);
    try {
      const text = 'مرحبا، هل الطماطم متوفرة؟ '.repeat(70).slice(0, 1990);
      const posted = await postJson(baseA, `/api/conversations/${conversation.id}/messages`, farmer.headers, { text });
      expect(posted.status).toBe(201);
      const message = (await posted.json()) as Message;
      const event = await sellerOnB.next((e) => e.event === 'message');
      expect(event.id).toBe(String(message.id));
      expect(event.data).toEqual({ conversationId: conversation.id, message });
      // The sender's own streams on other processes too.
      expect((await farmerOnB.next((e) => e.event === 'message')).data).toEqual({
        conversationId: conversation.id,
        message,
      });

      expect((await postJson(baseA, `/api/conversations/${conversation.id}/read`, seller.headers, {})).status).toBe(
        200,
      );
      const read = await farmerOnB.next((e) => e.event === 'read');
      expect(read.data).toMatchObject({ conversationId: conversation.id, readerId: seller.user.id });
    } finally {
      sellerOnB.close();
      farmerOnB.close();
    }
  });

  it('listens again after losing its connection, and closes its streams so clients refetch', async () => {
    const farmer = await a.createUser({ role: 'User' });
    const seller = await a.createUser({ role: 'Seller' });
    const conversation = (await (
      await postJson(baseA, '/api/conversations', farmer.headers, { userId: seller.user.id })
    ).json()) as Conversation;
    const before = await streamAt(baseB, seller.headers);
    const listeners = async () =>
      (
        await b.database.db.execute<{ pid: number }>(sql`SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'filaha-listen' ORDER BY pid`)
      ).rows.map((r) => r.pid);
    const old = await listeners();
    expect(old).toHaveLength(2);
    await b.database.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = 'filaha-listen'`);
    // The stream open during the outage is ended once B listens again.
    await expect(before.next(() => false, 15_000)).rejects.toThrow(/stream ended/);
    const renewed = await listeners();
    expect(renewed.length).toBeGreaterThanOrEqual(1);
    expect(renewed.filter((pid) => old.includes(pid))).toEqual([]);

    const after = await streamAt(baseB, seller.headers);
    try {
      const posted = await postJson(baseA, `/api/conversations/${conversation.id}/messages`, farmer.headers, {
        text: 'Toujours là ?',
      });
      expect(posted.status).toBe(201);
      const message = (await posted.json()) as Message;
      expect((await after.next((e) => e.event === 'message')).id).toBe(String(message.id));
    } finally {
      after.close();
    }
  });
});

describe('closing the server', () => {
  it('ends open streams instead of waiting for them', async () => {
    const t = await buildTestApp();
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const user = await t.createUser({ role: 'User' });
      const ticketRes = await fetch(`${base}/api/conversations/stream-ticket`, {
        method: 'POST',
        headers: user.headers,
      });
      const { ticket } = (await ticketRes.json()) as { ticket: string };
      const res = await fetch(`${base}/api/conversations/stream?ticket=${ticket}`);
      if (!res.body) throw new Error('no body');
      const reader = new SseReader(res.body.getReader(), new AbortController());
      await reader.next((e) => e.event === 'ready');
      const closed = t.app.close().then(() => 'closed');
      const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 5000));
      expect(await Promise.race([closed, timeout])).toBe('closed');
      await expect(reader.next(() => false, 2000)).rejects.toThrow(/stream ended/);
    } finally {
      await t.close();
    }
  });
});

describe('stream building blocks', () => {
  it('expires tickets after their lifetime', async () => {
    const { db } = await getTestDb();
    let now = Date.now();
    const tickets = new StreamTickets({ db, secret: TEST_JWT_SECRET, ttlSeconds: 60, now: () => now });
    const a = (await tickets.issue(7)).ticket;
    const b = (await tickets.issue(8)).ticket;
    expect(await tickets.redeem(a)).toBe(7);
    // 60 s of lifetime and 5 s of tolerated clock difference between processes.
    now += 66_000;
    expect(await tickets.redeem(b)).toBeUndefined();
  });

  it('accepts a ticket in another process once, and refuses forged ones and Bearer tokens', async () => {
    const { db } = await getTestDb();
    // Two instances on one database stand for two API processes.
    const a = new StreamTickets({ db, secret: TEST_JWT_SECRET, ttlSeconds: 60 });
    const b = new StreamTickets({ db, secret: TEST_JWT_SECRET, ttlSeconds: 60 });
    const { ticket } = await a.issue(42);
    expect(await b.redeem(ticket)).toBe(42);
    expect(await a.redeem(ticket)).toBeUndefined();
    expect(await b.redeem(ticket)).toBeUndefined();

    const forger = new StreamTickets({ db, secret: 'another-secret-that-is-long-enough-0123456789', ttlSeconds: 60 });
    expect(await b.redeem((await forger.issue(42)).ticket)).toBeUndefined();
    const [header, payload, signature] = (await a.issue(42)).ticket.split('.');
    const other = JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), sub: '1' });
    expect(await b.redeem(`${header}.${Buffer.from(other).toString('base64url')}.${signature}`)).toBeUndefined();
    const t = await buildTestApp();
    try {
      const user = await t.createUser({ role: 'User' });
      expect(await b.redeem(user.token)).toBeUndefined();
      // …and a ticket is no Bearer token.
      const res = await t.inject({
        method: 'GET',
        url: '/api/conversations',
        headers: { authorization: `Bearer ${(await a.issue(user.user.id)).ticket}` },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('deletes used nonces once their tickets have expired, and keeps the others', async () => {
    const { db } = await getTestDb();
    const tickets = new StreamTickets({ db, secret: TEST_JWT_SECRET, ttlSeconds: 60 });
    const old = `test-old-${Math.random()}`;
    const live = `test-live-${Math.random()}`;
    await db.execute(sql`INSERT INTO stream_ticket_uses (nonce, expires_at)
      VALUES (${old}, now() - interval '1 minute'), (${live}, now() + interval '1 minute')`);
    expect(await tickets.sweep()).toBeGreaterThanOrEqual(1);
    const { rows } = await db.execute<{ nonce: string }>(
      sql`SELECT nonce FROM stream_ticket_uses WHERE nonce IN (${old}, ${live})`,
    );
    expect(rows.map((r) => r.nonce)).toEqual([live]);
  });

  it('sends heartbeats and closes the oldest stream past the per-user cap', async () => {
    const hub = new EventHub(2);
    const server: Server = createServer((req, res) => {
      const stream = openEventStream(res, 1, { heartbeatMs: 50, onClose: () => hub.remove(stream) });
      hub.add(stream);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const readers: SseReader[] = [];
    const connect = async () => {
      const abort = new AbortController();
      const res = await fetch(url, { signal: abort.signal });
      if (!res.body) throw new Error('no body');
      const reader = new SseReader(res.body.getReader(), abort);
      readers.push(reader);
      return reader;
    };
    try {
      const first = await connect();
      const heartbeat = await first.next((e) => e.event === ':');
      expect(String(heartbeat.data)).toMatch(/^: heartbeat \d+/);
      await connect();
      await connect();
      // The third connection closed the first one.
      await expect(first.next(() => false, 2000)).rejects.toThrow(/stream ended/);
      expect(hub.count(1)).toBe(2);
    } finally {
      for (const r of readers) r.close();
      hub.closeAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
