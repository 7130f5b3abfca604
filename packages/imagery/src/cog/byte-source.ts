import { open } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CogUnavailableError } from '../errors.ts';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Counters a test or the benchmark reads to know what a call cost on the wire. */
export interface ReadStats {
  requests: number;
  bytes: number;
}

/**
 * Random access to the bytes of one file, local or remote. Reads past the end return fewer bytes. Every read
 * answers bytes of its own (never a view into a buffer kept for later reads), so the caller may keep or reuse them.
 */
export interface ByteSource {
  readonly href: string;
  /** Total size once known (Content-Range total, a full 200 answer, or fstat), else null. */
  readonly size: number | null;
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** One HTTP GET with a Range header, its answer already read. */
export interface RangeAnswer {
  status: number;
  contentRange: string | null;
  body: Uint8Array;
}
export type RangeGet = (url: string, range: string, signal: AbortSignal) => Promise<RangeAnswer>;

/** A RangeGet over a fetch-like function (an injected fetch, e.g. in tests); error bodies are not read. */
export function rangeGetFromFetch(fetchImpl: FetchLike): RangeGet {
  return async (url, range, signal) => {
    const response = await fetchImpl(url, { headers: { Range: range }, signal });
    const contentRange = response.headers.get('content-range');
    if (response.status !== 200 && response.status !== 206) {
      await response.body?.cancel();
      return { status: response.status, contentRange, body: new Uint8Array(0) };
    }
    return { status: response.status, contentRange, body: new Uint8Array(await response.arrayBuffer()) };
  };
}

export interface HttpOptions {
  get: RangeGet;
  timeoutMs: number;
  retries: number;
  stats: ReadStats;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** HTTP Range reads with a per-attempt timeout and bounded retries on network errors, 5xx and 429. */
export class HttpByteSource implements ByteSource {
  readonly href: string;
  size: number | null = null;
  private full: Uint8Array | null = null;
  private readonly options: HttpOptions;

  constructor(href: string, options: HttpOptions) {
    this.href = href;
    this.options = options;
  }

  async read(offset: number, length: number): Promise<Uint8Array> {
    if (this.full) return this.full.slice(offset, offset + length);
    if (this.size !== null && offset >= this.size) return new Uint8Array(0);
    const { retries } = this.options;
    let lastError: unknown;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await sleep(50 * 2 ** (attempt - 1));
      try {
        return await this.attempt(offset, length);
      } catch (error) {
        // A CogUnavailableError is final (404, 403…); anything else (network, timeout, 5xx) is retried.
        if (error instanceof CogUnavailableError) throw error;
        lastError = error;
      }
    }
    const reason = lastError instanceof Error ? lastError.message : String(lastError);
    throw new CogUnavailableError(this.href, `unreachable after ${retries + 1} attempt(s): ${reason}`, {
      cause: lastError,
    });
  }

  private async attempt(offset: number, length: number): Promise<Uint8Array> {
    const { get, timeoutMs, stats } = this.options;
    const signal = AbortSignal.timeout(timeoutMs);
    let answer: RangeAnswer;
    try {
      answer = await get(this.href, `bytes=${offset}-${offset + length - 1}`, signal);
      stats.requests++;
      if (answer.status === 416) {
        this.size = parseTotal(answer.contentRange) ?? this.size;
        return new Uint8Array(0);
      }
      if (answer.status !== 200 && answer.status !== 206) throw new HttpStatusError(answer.status);
    } catch (error) {
      if (error instanceof HttpStatusError && !isRetryableStatus(error.status)) {
        throw new CogUnavailableError(this.href, error.message);
      }
      if (signal.aborted) throw new Error(`timed out after ${timeoutMs} ms`, { cause: error });
      throw error;
    }
    const bytes = answer.body;
    stats.bytes += bytes.byteLength;
    if (answer.status === 200) {
      // The server ignored Range and sent the whole file: keep it so later reads cost nothing.
      this.full = bytes;
      this.size = bytes.byteLength;
      return bytes.slice(offset, offset + length);
    }
    this.size = parseTotal(answer.contentRange) ?? this.size;
    return bytes;
  }
}

class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

function parseTotal(contentRange: string | null): number | null {
  const match = contentRange?.match(/\/(\d+)\s*$/);
  return match ? Number(match[1]) : null;
}

/** Positional reads from a local file; the handle is opened per read so nothing leaks between requests. */
export class FileByteSource implements ByteSource {
  readonly href: string;
  size: number | null = null;
  private readonly path: string;
  private readonly stats: ReadStats;

  constructor(href: string, stats: ReadStats) {
    this.href = href;
    this.path = href.startsWith('file:') ? fileURLToPath(href) : href;
    this.stats = stats;
  }

  async read(offset: number, length: number): Promise<Uint8Array> {
    let handle;
    try {
      handle = await open(this.path, 'r');
    } catch (error) {
      throw new CogUnavailableError(
        this.href,
        `cannot open file (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
    try {
      if (this.size === null) this.size = (await handle.stat()).size;
      const available = Math.max(0, Math.min(length, this.size - offset));
      const buffer = new Uint8Array(available);
      if (available > 0) await handle.read(buffer, 0, available, offset);
      this.stats.requests++;
      this.stats.bytes += available;
      return buffer;
    } finally {
      await handle.close();
    }
  }
}

export function isRemote(href: string): boolean {
  return /^https?:\/\//i.test(href);
}
