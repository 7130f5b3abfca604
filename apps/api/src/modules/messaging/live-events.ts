import { randomBytes } from 'node:crypto';
import { afterCommit, listenOnPostgres, notify, type Database, type PostgresListener } from '@filaha/db';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { EventHub } from './event-stream.ts';
import type { ConversationMessage as Message } from '@filaha/shared/contracts';

/** What the messaging service announces; each goes to every open stream of `users`, in any API process. */
export type LiveEvent =
  | { type: 'message'; users: number[]; conversationId: number; message: Message }
  | { type: 'read'; users: number[]; conversationId: number; readerId: number; readAt: string };

export interface LiveEvents {
  /** Delivers to this process's streams at once, then (PostgreSQL) to the other processes'. Never throws. */
  publish(event: LiveEvent): Promise<void>;
  /** Starts listening (PostgreSQL); settles after the first attempt. */
  start(): Promise<void>;
  close(): Promise<void>;
  /** The LISTEN connection, for tests; undefined on PGlite. */
  readonly listener: PostgresListener | undefined;
}

export const LIVE_CHANNEL = 'filaha_live';

/*
 * The NOTIFY payload (PostgreSQL caps it at 8000 bytes): ids only, never a message's text. `o` is the
 * publishing process, which has already delivered the event to its own streams and ignores its echo.
 */
const Wire = z.discriminatedUnion('t', [
  z.object({
    o: z.string(),
    t: z.literal('message'),
    u: z.array(z.number().int()).max(10),
    m: z.number().int(),
  }),
  z.object({
    o: z.string(),
    t: z.literal('read'),
    u: z.array(z.number().int()).max(10),
    c: z.number().int(),
    r: z.number().int(),
    at: z.string(),
  }),
]);
type Wire = z.infer<typeof Wire>;

export interface LiveEventsOptions {
  hub: EventHub;
  database: Database;
  /** Reads a message for a notification from another process. */
  loadMessage: (id: number) => Promise<Message | undefined>;
  log: FastifyBaseLogger;
}

function deliver(hub: EventHub, event: LiveEvent): void {
  if (event.type === 'message') {
    const { conversationId, message } = event;
    hub.publish(event.users, 'message', { conversationId, message }, message.id);
  } else {
    const { conversationId, readerId, readAt } = event;
    hub.publish(event.users, 'read', { conversationId, readerId, readAt });
  }
}

/**
 * Live events across API processes. On PGlite (one process owns the data folder) the in-memory hub is the
 * whole story. On a PostgreSQL server each event is also sent with NOTIFY on `filaha_live`; every process
 * LISTENs on one dedicated connection and delivers to the streams it holds, reading the message by id. The
 * listener reconnects by itself; after a reconnection the streams of this process are closed, so their clients
 * reconnect and refetch what they missed (apps/web/src/features/messaging/live.ts does on `ready`).
 */
export function createLiveEvents({ hub, database, loadMessage, log }: LiveEventsOptions): LiveEvents {
  if (database.kind !== 'postgres') {
    return {
      async publish(event) {
        deliver(hub, event);
      },
      async start() {},
      async close() {},
      listener: undefined,
    };
  }

  const origin = randomBytes(9).toString('base64url');
  // Notifications are handled one after another, so the streams receive them in the server's order.
  let queue: Promise<void> = Promise.resolve();

  const receive = async (payload: string) => {
    let wire: Wire;
    try {
      wire = Wire.parse(JSON.parse(payload));
    } catch {
      log.warn({ channel: LIVE_CHANNEL }, 'ignored a malformed live-event notification');
      return;
    }
    if (wire.o === origin) return;
    const users = wire.u.filter((u) => hub.count(u) > 0);
    if (users.length === 0) return;
    if (wire.t === 'read') {
      deliver(hub, { type: 'read', users, conversationId: wire.c, readerId: wire.r, readAt: wire.at });
      return;
    }
    const message = await loadMessage(wire.m);
    if (message) deliver(hub, { type: 'message', users, conversationId: message.conversationId, message });
  };

  const listener = listenOnPostgres(database, {
    channel: LIVE_CHANNEL,
    onNotification: (payload) => {
      queue = queue
        .then(() => receive(payload))
        .catch((error: unknown) => log.error({ err: error }, 'live-event notification failed'));
    },
    onListening: ({ reconnected }) => {
      if (reconnected) hub.closeAll();
    },
    log,
  });

  return {
    async publish(event) {
      deliver(hub, event);
      const wire: Wire =
        event.type === 'message'
          ? { o: origin, t: 'message', u: event.users, m: event.message.id }
          : { o: origin, t: 'read', u: event.users, c: event.conversationId, r: event.readerId, at: event.readAt };
      // After the commit (a keyed request's transaction may still be open): the other processes read the row.
      await afterCommit(async () => {
        try {
          await notify(database, LIVE_CHANNEL, JSON.stringify(wire));
        } catch (error) {
          // The message is stored; other processes' clients will see it on their next fetch.
          log.error({ err: error }, 'live-event NOTIFY failed');
        }
      });
    },
    async start() {
      await listener?.ready;
    },
    async close() {
      await listener?.close();
      await queue;
    },
    listener,
  };
}
