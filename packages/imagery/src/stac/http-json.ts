import type { FetchLike } from '../cog/byte-source.ts';
import { CatalogUnavailableError } from '../errors.ts';

export interface JsonRequest {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

export interface RetryPolicy {
  fetch: FetchLike;
  timeoutMs: number;
  retries: number;
}

class Retryable extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One JSON exchange with a per-attempt timeout (covering the body too) and bounded retries on network
 * errors, timeouts, 429 and 5xx. Anything else — 4xx, HTML, truncated JSON — fails at once: retrying
 * garbage only makes the user wait longer for the same error.
 */
export async function requestJson(request: JsonRequest, policy: RetryPolicy, sourceName: string): Promise<unknown> {
  let lastReason = '';
  for (let attempt = 0; attempt <= policy.retries; attempt++) {
    if (attempt > 0) await sleep(100 * 2 ** (attempt - 1));
    const signal = AbortSignal.timeout(policy.timeoutMs);
    try {
      const response = await policy.fetch(request.url, {
        method: request.method,
        headers:
          request.method === 'POST'
            ? { 'content-type': 'application/json', accept: 'application/geo+json, application/json' }
            : { accept: 'application/geo+json, application/json' },
        body: request.method === 'POST' ? JSON.stringify(request.body ?? {}) : undefined,
        signal,
      });
      const text = await response.text();
      if (response.status === 429 || response.status >= 500) throw new Retryable(`HTTP ${response.status}`);
      if (!response.ok) throw new CatalogUnavailableError(sourceName, `HTTP ${response.status} from ${request.url}`);
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new CatalogUnavailableError(sourceName, `answered something that is not JSON (${text.slice(0, 60)}…)`);
      }
    } catch (error) {
      if (error instanceof CatalogUnavailableError) throw error;
      lastReason = signal.aborted
        ? `timed out after ${policy.timeoutMs} ms`
        : error instanceof Error
          ? error.message
          : String(error);
    }
  }
  throw new CatalogUnavailableError(sourceName, `unreachable after ${policy.retries + 1} attempt(s): ${lastReason}`);
}
