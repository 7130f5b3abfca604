import type { ServerResponse } from 'node:http';

/**
 * Server-sent events for messaging: the framing of one stream, and the streams THIS process holds. Events from
 * other API processes reach them through `live-events.ts` (PostgreSQL LISTEN/NOTIFY).
 */

export interface EventStream {
  readonly userId: number;
  send(event: string, data: unknown, id?: string | number): void;
  close(): void;
}

export interface EventStreamOptions {
  heartbeatMs: number;
  /** Client reconnection delay announced with `retry:`. */
  retryMs?: number;
  onClose?: () => void;
}

/**
 * Writes the SSE framing on a raw response that Fastify no longer manages (`reply.hijack()`): headers, a
 * `retry:` hint, events as `event:`/`id:`/`data:` lines, and a comment line every `heartbeatMs` so proxies
 * and the browser keep an idle connection open.
 */
export function openEventStream(raw: ServerResponse, userId: number, options: EventStreamOptions): EventStream {
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx and similar proxies buffer responses unless told not to; events must leave at once.
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  raw.write(`retry: ${options.retryMs ?? 3000}\n\n`);
  let closed = false;
  const heartbeat = setInterval(() => {
    if (!closed) raw.write(`: heartbeat ${Date.now()}\n\n`);
  }, options.heartbeatMs);
  heartbeat.unref();

  const cleanup = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    options.onClose?.();
  };
  raw.on('close', cleanup);

  return {
    userId,
    send(event, data, id) {
      if (closed) return;
      // JSON.stringify never emits a raw line break, so one data: line carries the whole payload.
      const idLine = id === undefined ? '' : `id: ${String(id).replace(/[\r\n]/g, '')}\n`;
      raw.write(`event: ${event}\n${idLine}data: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      if (closed) return;
      cleanup();
      raw.end();
    },
  };
}

/** Per-user fan-out of events to the streams open in this process, capped per user (the oldest is closed first). */
export class EventHub {
  private readonly streams = new Map<number, Set<EventStream>>();

  constructor(private readonly maxPerUser: number) {}

  add(stream: EventStream): void {
    let set = this.streams.get(stream.userId);
    if (!set) {
      set = new Set();
      this.streams.set(stream.userId, set);
    }
    set.add(stream);
    // A Set iterates in insertion order: the first one is the oldest.
    while (set.size > this.maxPerUser) {
      const oldest = set.values().next().value;
      if (!oldest) break;
      set.delete(oldest);
      oldest.close();
    }
  }

  remove(stream: EventStream): void {
    const set = this.streams.get(stream.userId);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) this.streams.delete(stream.userId);
  }

  /** Sends to every open stream of each user (a user listed twice receives the event once per stream). */
  publish(userIds: Iterable<number>, event: string, data: unknown, id?: string | number): void {
    for (const userId of new Set(userIds)) {
      for (const stream of this.streams.get(userId) ?? []) stream.send(event, data, id);
    }
  }

  count(userId: number): number {
    return this.streams.get(userId)?.size ?? 0;
  }

  closeAll(): void {
    for (const set of this.streams.values()) for (const stream of [...set]) stream.close();
    this.streams.clear();
  }
}
