import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { RangeGet } from './byte-source.ts';

/**
 * The reader's default transport: a Range GET through node:http / node:https on keep-alive agents. A windowed
 * read is a handful of small Range requests to the same host, so the fixed cost per request dominates; the
 * global fetch (undici) costs noticeably more per request than node:http here, and building a Response only
 * to read it back copies every byte once more (see docs/PERFORMANCE.md).
 */
export function createHttpRangeGet(maxSockets = 16): { get: RangeGet; close: () => void } {
  const http = new HttpAgent({ keepAlive: true, maxSockets });
  const https = new HttpsAgent({ keepAlive: true, maxSockets });
  const get: RangeGet = (url, range, signal) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const secure = target.protocol === 'https:';
      const onResponse = (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.byteLength;
        });
        res.on('error', reject);
        res.on('end', () => {
          const contentRange = res.headers['content-range'] ?? null;
          // Exactly the body's bytes in their own buffer: the TIFF source can hand them on without a copy.
          const body = new Uint8Array(size);
          let at = 0;
          for (const chunk of chunks) {
            body.set(chunk, at);
            at += chunk.byteLength;
          }
          resolve({ status: res.statusCode ?? 502, contentRange, body });
        });
      };
      const options = { method: 'GET', headers: { range }, signal, agent: secure ? https : http };
      const req = secure ? httpsRequest(target, options, onResponse) : httpRequest(target, options, onResponse);
      req.on('error', reject);
      req.end();
    });
  return {
    get,
    close: () => {
      http.destroy();
      https.destroy();
    },
  };
}

let shared: RangeGet | null = null;

/** One keep-alive transport per process, created on first use. */
export function defaultRangeGet(): RangeGet {
  shared ??= createHttpRangeGet().get;
  return shared;
}
