import { vi } from 'vitest';

export interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces fetch for one test with a table of "METHOD /api/path" → handler; anything else is a 404
 * answer. Every call is recorded so tests can check headers and payloads.
 */
export function stubApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, url, headers, body };
    calls.push(call);
    const handler = routes[`${method} ${url.split('?')[0]}`];
    return handler ? handler(call) : json(404, { code: 'NOT_FOUND', message: 'not stubbed' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
