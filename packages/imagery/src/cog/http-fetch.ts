import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { FetchLike } from './byte-source.ts';

/**
 * The reader's default transport: a GET through node:http / node:https on keep-alive agents. A windowed read
 * is a handful of small Range requests to the same host, so the fixed cost per request dominates; the
 * global fetch (undici) costs noticeably more per request than node:http here (see docs/PERFORMANCE.md).
 * The answer is buffered and handed back as a standard Response, so the byte source treats both alike.
 */
export function createHttpFetch(maxSockets = 16): { fetch: FetchLike; close: () => void } {
  const http = new HttpAgent({ keepAlive: true, maxSockets });
  const https = new HttpsAgent({ keepAlive: true, maxSockets });
  const fetchImpl: FetchLike = (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input);
      const secure = url.protocol === 'https:';
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
      const signal = init?.signal ?? undefined;
      const onResponse = (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const out = new Headers();
          for (const [key, value] of Object.entries(res.headers)) {
            if (typeof value === 'string') out.set(key, value);
            else if (Array.isArray(value)) out.set(key, value.join(', '));
          }
          const status = res.statusCode ?? 502;
          // Response refuses a body on 204/304 and any status outside 200–599.
          const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          if (status < 200 || status > 599) reject(new Error(`HTTP ${status}`));
          else resolve(new Response(body, { status, headers: out }));
        });
      };
      const options = { method: init?.method ?? 'GET', headers, signal, agent: secure ? https : http };
      const req = secure ? httpsRequest(url, options, onResponse) : httpRequest(url, options, onResponse);
      req.on('error', reject);
      req.end();
    });
  return {
    fetch: fetchImpl,
    close: () => {
      http.destroy();
      https.destroy();
    },
  };
}

let shared: FetchLike | null = null;

/** One keep-alive transport per process, created on first use. */
export function defaultHttpFetch(): FetchLike {
  shared ??= createHttpFetch().fetch;
  return shared;
}
