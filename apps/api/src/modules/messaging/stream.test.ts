import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json, type TestApp } from '../../../test/helper.ts';
import { EventHub, openEventStream, StreamTickets } from './event-stream.ts';
import type { Conversation, Message } from './messaging.schemas.ts';

interface SseEvent {
  event: string;
  id?: string;
  data: unknown;
}

/** Reads a real HTTP event stream and splits it into events (comments are returned as `:` events). */
class SseReader {
  private buffer = '';
  private readonly decoder = new TextDecoder();

  constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly abort: AbortController,
  ) {}

  /** The next event matching `predicate`, or a failure after `timeoutMs`. */
  async next(predicate: (e: SseEvent) => boolean, timeoutMs = 5000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let end: number;
      while ((end = this.buffer.indexOf('\n\n')) >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const event = parse(block);
        if (event && predicate(event)) return event;
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error('no matching event in time');
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no matching event in time')), remaining)),
      ]);
      if (chunk.done) throw new Error('stream ended');
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  close(): void {
    this.abort.abort();
  }
}

function parse(block: string): SseEvent | undefined {
  const lines = block.split('\n');
  if (lines.every((l) => l.startsWith(':'))) return { event: ':', data: lines.join('\n') };
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of lines) {
    if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  if (data.length === 0) return undefined;
  return { event, id, data: JSON.parse(data.join('\n')) };
}

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
  it('expires tickets after their lifetime', () => {
    let now = 1_000;
    const tickets = new StreamTickets(60_000, () => now);
    const a = tickets.issue(7).ticket;
    const b = tickets.issue(8).ticket;
    expect(tickets.redeem(a)).toBe(7);
    now += 60_001;
    expect(tickets.redeem(b)).toBeUndefined();
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
