import type { RouteData, RouteKey } from '@filaha/shared/contracts';
import { vi } from 'vitest';

export interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Handler = (call: Call) => Response | Promise<Response>;

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
    const handler = findHandler(routes, method, url.split('?')[0]!);
    return handler ? handler(call) : json(404, { code: 'NOT_FOUND', message: 'not stubbed' });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', fakeXhr(fetchMock));
  return { calls, fetchMock };
}

/** The handler of `METHOD /api/path`: its exact entry, else an entry whose `:name` segments match any segment. */
function findHandler(routes: Record<string, Handler>, method: string, path: string): Handler | undefined {
  const exact = routes[`${method} ${path}`];
  if (exact) return exact;
  const segments = path.split('/');
  for (const [key, handler] of Object.entries(routes)) {
    const [keyMethod, pattern = ''] = key.split(' ');
    const parts = pattern.split('/');
    if (keyMethod !== method || parts.length !== segments.length) continue;
    if (parts.every((part, i) => part === segments[i] || (part.startsWith(':') && segments[i] !== ''))) return handler;
  }
  return undefined;
}

/** A stubbed success answer whose body is typed by the route's contract. */
export interface Reply<T> {
  status: number;
  body: T;
}
export const reply = <T>(status: number, body: T): Reply<T> => ({ status, body });

type Answer<T> = Reply<T> | Response;

/** Stubs named by contract route keys (`'GET /parcelle/:id'`): a success answer must have the contract's shape. */
export type ContractStubs = {
  [K in RouteKey]?: (call: Call) => Answer<RouteData<K>> | Promise<Answer<RouteData<K>>>;
};

/**
 * stubApi with routes named by their contract keys and answers typed by the contracts (the client checks them at
 * run time too); `raw` takes entries in stubApi's form for what is no contract route (a file, a failure).
 */
export function stubContracts(stubs: ContractStubs, raw: Record<string, Handler> = {}) {
  const routes: Record<string, Handler> = { ...raw };
  for (const [key, stub] of Object.entries(stubs) as Array<[string, (call: Call) => unknown]>) {
    const [method, pattern] = key.split(' ');
    routes[`${method} /api${pattern}`] = async (call) => {
      const answer = (await stub(call)) as Answer<unknown>;
      return answer instanceof Response ? answer : json(answer.status, answer.body);
    };
  }
  return stubApi(routes);
}

/**
 * Uploads (lib/api.ts apiUpload) go through XMLHttpRequest for their progress. This stand-in parses the
 * multipart body it is sent back into a FormData (so a malformed body fails the test), reports the upload in
 * two progress steps, and hands the request to the same fetch stub, so the tests see every call in one place.
 */
function fakeXhr(fetchMock: (input: string, init: RequestInit) => Promise<Response>) {
  return class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onprogress: (() => void) | null = null;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private answerHeaders = new Headers();
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getAllResponseHeaders() {
      return [...this.answerHeaders.entries()].map(([k, v]) => `${k}: ${v}`).join('\r\n');
    }
    abort() {
      this.onabort?.();
    }
    send(body: Blob) {
      void (async () => {
        const bytes = await readBlob(body);
        const form = parseMultipart(bytes, this.headers['Content-Type'] ?? '');
        const step = (loaded: number) =>
          this.upload.onprogress?.({ lengthComputable: true, loaded, total: bytes.byteLength } as ProgressEvent);
        step(Math.floor(bytes.byteLength / 2));
        step(bytes.byteLength);
        const { 'Content-Type': _type, ...headers } = this.headers;
        const response = await fetchMock(this.url, { method: this.method, headers, body: form });
        this.status = response.status;
        this.answerHeaders = response.headers;
        this.responseText = await response.text();
        this.onload?.();
      })().catch(() => this.onerror?.());
    }
  };
}

/** jsdom's Blob has no arrayBuffer(); its FileReader reads one. */
export function readBlob(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * A multipart/form-data body → FormData (jsdom's), strictly: a missing boundary, a part without its blank line
 * or a body without its closing delimiter throws, so a malformed upload fails the test.
 */
export function parseMultipart(bytes: Uint8Array, contentType: string): FormData {
  const boundary = /boundary=([^;]+)/.exec(contentType)?.[1];
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  // latin1 keeps one character per byte, so offsets in the text are offsets in the bytes.
  const text = new TextDecoder('latin1').decode(bytes);
  const utf8 = (from: number, to: number) => new TextDecoder().decode(bytes.subarray(from, to));
  const delimiter = `--${boundary}`;
  if (!text.startsWith(`${delimiter}\r\n`) || !text.endsWith(`${delimiter}--\r\n`))
    throw new Error('malformed multipart body');
  const form = new FormData();
  let at = delimiter.length + 2;
  for (;;) {
    const next = text.indexOf(`\r\n${delimiter}`, at);
    if (next === -1) throw new Error('unterminated multipart part');
    const headEnd = text.indexOf('\r\n\r\n', at);
    if (headEnd === -1 || headEnd > next) throw new Error('multipart part without headers');
    const head = utf8(at, headEnd);
    const name = /name="([^"]*)"/.exec(head)?.[1];
    if (name === undefined) throw new Error(`multipart part without a name: ${head}`);
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    const type = /Content-Type: (.+)/i.exec(head)?.[1]?.trim() ?? '';
    const start = headEnd + 4;
    if (filename === undefined) form.append(name, utf8(start, next));
    else form.append(name, new File([bytes.slice(start, next)], filename, { type }), filename);
    at = next + 2 + delimiter.length;
    if (text.startsWith('--', at)) break;
    at += 2;
  }
  return form;
}
