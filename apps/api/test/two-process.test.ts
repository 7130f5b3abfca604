import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '@filaha/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_LIMITS } from '../src/plugins/security.ts';
import { TEST_JWT_SECRET, validRegistration } from './helper.ts';
import { startHealthy, stopServer } from './server-process.ts';
import { SseReader } from './sse.ts';

/*
 * Issue 11 §5: the API is stateless — two real API processes (`apps/api/src/server.ts` through tsx, as
 * `npm start` runs it) on ONE PostgreSQL database, different ports and DATA_DIRs, the same JWT_SECRET. Needs a
 * PostgreSQL server: CI runs it with DATABASE_URL set; without it the suite says why it is skipped.
 */
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) console.log('two-process test skipped: DATABASE_URL is not set (it needs a PostgreSQL server)');

interface ApiProcess {
  name: string;
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

async function startApi(name: string, databaseUrl: string): Promise<ApiProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), `filaha-2p-${name}-`));
  const server = await startHealthy({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: TEST_JWT_SECRET,
  }).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`API ${name}: ${(error as Error).message}`, { cause: error });
  });
  const stop = async () => {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  };
  return { name, url: server.url, output: server.output, stop };
}

describe.skipIf(!serverUrl)('two API processes on one PostgreSQL database', () => {
  let database: ScratchDatabase | undefined;
  let a: ApiProcess;
  let b: ApiProcess;

  beforeAll(async () => {
    database = await createScratchDatabase(serverUrl ?? '', 'filaha_2p');
    // One after the other: A migrates and seeds the new database, B finds it ready.
    a = await startApi('A', database.url);
    b = await startApi('B', database.url);
  }, 360_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  }, 60_000);

  const call = (api: ApiProcess, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
    fetch(`${api.url}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** Registers on `on`, signs in on `on`: the Bearer headers of a new account. */
  async function account(on: ApiProcess, role_id: number, extra: Record<string, unknown> = {}) {
    const registration = validRegistration({ role_id, ...extra });
    const registered = await call(on, 'POST', '/api/auth/register', {}, registration);
    expect(registered.status, await registered.clone().text()).toBe(201);
    const login = await call(
      on,
      'POST',
      '/api/auth/login',
      {},
      {
        email: registration.email,
        password: registration.password,
      },
    );
    expect(login.status).toBe(200);
    const { token, user } = (await login.json()) as { token: string; user: { userId: number } };
    return { id: user.userId, email: registration.email, headers: { authorization: `Bearer ${token}` } };
  }

  async function ticketFrom(api: ApiProcess, headers: Record<string, string>): Promise<string> {
    const res = await call(api, 'POST', '/api/conversations/stream-ticket', headers, {});
    expect(res.status).toBe(200);
    return ((await res.json()) as { ticket: string }).ticket;
  }

  const streamUrl = (api: ApiProcess, ticket: string) =>
    `${api.url}/api/conversations/stream?ticket=${encodeURIComponent(ticket)}`;

  it('accepts on B a token issued by A', async () => {
    const farmer = await account(a, 2);
    const res = await call(b, 'GET', '/api/conversations/unread-count', farmer.headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ count: 0 });
  });

  it('opens on B a stream with a ticket issued by A, once; a message sent on A arrives there within 2 s', async () => {
    const farmer = await account(a, 2);
    const seller = await account(b, 2);
    const opened = await call(a, 'POST', '/api/conversations', farmer.headers, { userId: seller.id });
    expect(opened.status).toBe(201);
    const conversation = (await opened.json()) as { id: number };

    const ticket = await ticketFrom(a, seller.headers);
    const stream = await SseReader.open(streamUrl(b, ticket));
    try {
      expect((await stream.next((e) => e.event === 'ready')).data).toEqual({ userId: seller.id });
      // One use, wherever it is tried again.
      for (const api of [b, a]) {
        const again = await fetch(streamUrl(api, ticket));
        expect(again.status, `ticket reused on ${api.name}`).toBe(401);
      }

      const sentAt = Date.now();
      const posted = await call(a, 'POST', `/api/conversations/${conversation.id}/messages`, farmer.headers, {
        text: 'Bonjour, il vous reste des semences de blé dur ?',
      });
      expect(posted.status).toBe(201);
      const message = (await posted.json()) as { id: number };
      // Waits generously, then checks the bound on the measured delay.
      const event = await stream.next((e) => e.event === 'message', 15_000);
      const delayMs = Date.now() - sentAt;
      expect(event.id).toBe(String(message.id));
      expect(event.data).toEqual({ conversationId: conversation.id, message });
      console.log(`live message sent on A, received on B's stream after ${delayMs} ms`);
      expect(delayMs).toBeLessThanOrEqual(2000);
    } finally {
      stream.close();
    }
  });

  it('counts failed sign-ins made on both processes against one limit', async () => {
    const target = await account(a, 2);
    const limit = ATTEMPT_LIMITS.login.perAccount;
    const wrong = { email: target.email, password: 'not-the-password-1' };
    for (let i = 0; i < limit; i++) {
      const api = i % 2 === 0 ? a : b;
      const res = await call(api, 'POST', '/api/auth/login', {}, wrong);
      expect(res.status, `failed sign-in ${i + 1} of ${limit} on ${api.name}: ${await res.clone().text()}`).toBe(401);
    }
    for (const api of [a, b]) {
      const res = await call(api, 'POST', '/api/auth/login', {}, wrong);
      expect(res.status, `sign-in after ${limit} failures, on ${api.name}: ${await res.clone().text()}`).toBe(429);
    }
  });
});
