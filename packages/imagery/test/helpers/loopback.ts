import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP server for the tests: serves files honouring single Range requests (206 +
 * Content-Range, 416 past the end), answers a STAC API stub, counts requests and bytes, and can be made
 * slow, failing (503 for the first N requests) or garbage-speaking to test the engine's error paths.
 */
export interface LoopbackStats {
  requests: number;
  rangeRequests: number;
  bytes: number;
  byPath: Map<string, number>;
}

export interface Behaviour {
  /** Delay before answering anything, in ms. */
  delayMs: number;
  /** Answer 503 to this many requests first. */
  failFirst: number;
  /** Answer HTML / random bytes instead of the real content. */
  garbage: boolean;
  /** Ignore Range and always send the whole file with 200. */
  ignoreRange: boolean;
}

export type StacHandler = (body: Record<string, unknown>, baseUrl: string) => unknown;

export interface Loopback {
  url: string;
  stats: LoopbackStats;
  behaviour: Behaviour;
  /** URL path (e.g. /cogs/B04.tif) → local file. */
  files: Map<string, string>;
  /** POST /stac/search handler; receives the parsed body. */
  stac: StacHandler | null;
  resetStats(): void;
  /** Back to a well-behaved server (no delay, failure, garbage or ignored Range) with zeroed counters. */
  reset(): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const WELL_BEHAVED: Behaviour = { delayMs: 0, failFirst: 0, garbage: false, ignoreRange: false };

export async function startLoopback(): Promise<Loopback> {
  const stats: LoopbackStats = { requests: 0, rangeRequests: 0, bytes: 0, byPath: new Map() };
  const behaviour: Behaviour = { ...WELL_BEHAVED };
  const files = new Map<string, string>();
  const state: { stac: StacHandler | null } = { stac: null };

  const send = (response: ServerResponse, status: number, headers: Record<string, string>, body: Buffer) => {
    stats.bytes += body.length;
    response.writeHead(status, { ...headers, 'content-length': String(body.length) });
    response.end(body);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    stats.requests++;
    stats.byPath.set(path, (stats.byPath.get(path) ?? 0) + 1);
    if (behaviour.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
    if (behaviour.failFirst > 0) {
      behaviour.failFirst--;
      return send(response, 503, { 'content-type': 'text/plain' }, Buffer.from('busy'));
    }
    if (behaviour.garbage) {
      return send(
        response,
        200,
        { 'content-type': 'text/html' },
        Buffer.from('<html><body>Gateway error page</body></html>'),
      );
    }
    if (request.method === 'POST' && path.endsWith('/search') && state.stac) {
      const body = JSON.parse((await readBody(request)) || '{}') as Record<string, unknown>;
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const answer = state.stac(body, base);
      return send(response, 200, { 'content-type': 'application/geo+json' }, Buffer.from(JSON.stringify(answer)));
    }
    const file = files.get(path);
    if (!file) return send(response, 404, { 'content-type': 'text/plain' }, Buffer.from('not found'));
    const size = (await stat(file)).size;
    const range = request.headers.range?.match(/^bytes=(\d+)-(\d*)$/);
    if (!range || behaviour.ignoreRange) {
      return send(
        response,
        200,
        { 'content-type': 'application/octet-stream', 'accept-ranges': 'bytes' },
        await readFile(file),
      );
    }
    stats.rangeRequests++;
    const start = Number(range[1]);
    const end = Math.min(size - 1, range[2] ? Number(range[2]) : size - 1);
    if (start >= size) return send(response, 416, { 'content-range': `bytes */${size}` }, Buffer.alloc(0));
    const content = (await readFile(file)).subarray(start, end + 1);
    return send(
      response,
      206,
      { 'content-type': 'image/tiff', 'content-range': `bytes ${start}-${end}/${size}` },
      content,
    );
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const resetStats = () => {
    stats.requests = 0;
    stats.rangeRequests = 0;
    stats.bytes = 0;
    stats.byPath.clear();
  };
  return {
    url,
    stats,
    behaviour,
    files,
    get stac() {
      return state.stac;
    },
    set stac(handler: StacHandler | null) {
      state.stac = handler;
    },
    resetStats,
    reset() {
      Object.assign(behaviour, WELL_BEHAVED);
      resetStats();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on which nothing listens: connections are refused ("down"). */
export async function deadUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
