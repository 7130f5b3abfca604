import { useSyncExternalStore } from 'react';
import type { ApiError } from '@filaha/shared';
import type { RouteData, RouteInput } from '@filaha/shared/contracts';
import { ApiFailure, apiRequest, type ApiResult } from './api.ts';
import { request, writeTarget, type WriteKey } from './client.ts';
import { isOnline, subscribeOnline } from './offline.ts';

/**
 * The outbox of forms filled in the field (docs/ARCHITECTURE.md, "Offline and installable"). A submission gets
 * an idempotency key once; it is sent at once when the browser is online, and when there is no connection (or
 * no answer in time) it is kept here, in localStorage, and sent again — same key, so the server runs it at most
 * once (apps/api/src/plugins/idempotency.ts) — when the `online` event fires, when the app starts, and after a
 * failed attempt 2 s later, then 4, 8, 16 s, then every 30 s while something waits and the browser says it is online
 * (a phone's network often comes back in steps: the first attempt at the `online` event may still fail). The
 * screens show what waits and what was sent.
 *
 * localStorage rather than IndexedDB: the entries are small JSON forms (no photos), reads are synchronous (the
 * pending state is there at the first render), and it needs no library. Rather than Workbox background sync:
 * the page must show each pending form, replay must work where the Background Sync API does not exist
 * (Firefox, Safari), and the page holds the token the request needs.
 */

export type OutboxKind = 'serviceRequest' | 'stockMovement' | 'stockItem' | 'profile';

export interface OutboxEntry {
  /** The idempotency key: one per submission, the same on every retry. */
  id: string;
  kind: OutboxKind;
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
  /** When the farmer submitted it (ISO). */
  createdAt: string;
}

/** What happened to a kept entry once the network answered. */
export type OutboxEvent =
  { type: 'sent'; entry: OutboxEntry; data: unknown } | { type: 'rejected'; entry: OutboxEntry; error: ApiError };

export type SendOutcome<T> = { state: 'sent'; result: ApiResult<T> } | { state: 'kept'; entry: OutboxEntry };

const STORAGE_KEY = 'filaha:outbox';
/** The first retry after a failed attempt; each next one waits twice as long, up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_MAX_MS = 30_000;

function load(): OutboxEntry[] {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as OutboxEntry[]) : [];
  } catch {
    return [];
  }
}

let entries: readonly OutboxEntry[] = typeof localStorage === 'undefined' ? [] : load();
let recent: readonly OutboxEvent[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function save(next: readonly OutboxEntry[]): void {
  entries = next;
  try {
    if (next.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or unavailable: the entries live for this page only.
  }
  emit();
}

const eventListeners = new Set<(event: OutboxEvent) => void>();

function remember(event: OutboxEvent): void {
  recent = [...recent.filter((e) => e.entry.id !== event.entry.id), event].slice(-10);
  eventListeners.forEach((l) => l(event));
}

/** Called with each kept entry the server answered (the layout refreshes the data it changed). */
export function onOutboxEvent(listener: (event: OutboxEvent) => void): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const outboxEntries = () => entries;

function newKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context (https or localhost); getRandomValues does not, and is as unpredictable.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A lost connection or no answer in time: the request may be sent again with its key. */
const retriable = (error: unknown) =>
  error instanceof ApiFailure && (error.kind === 'network' || error.kind === 'timeout');

/**
 * Sends one submission to a contract route with a fresh idempotency key; without a connection it is kept (its
 * method, path and body) and sent later. An answer (2xx or 4xx) is returned as usual, typed and checked like
 * `request`'s; a server failure (5xx) is thrown as before.
 */
export async function sendOrKeep<K extends WriteKey>(
  kind: OutboxKind,
  key: K,
  input: RouteInput<K>,
): Promise<SendOutcome<RouteData<K>>> {
  const { method, path } = writeTarget(key, input);
  const body = (input as { body?: unknown }).body;
  const entry: OutboxEntry = { id: newKey(), kind, method, path, body, createdAt: new Date().toISOString() };
  const keep = (): SendOutcome<RouteData<K>> => {
    save([...entries, entry]);
    scheduleRetry();
    return { state: 'kept', entry };
  };
  if (!isOnline()) return keep();
  try {
    const send = request as (
      key: K,
      input: RouteInput<K>,
      options: { idempotencyKey: string },
    ) => ReturnType<typeof request<K>>;
    return { state: 'sent', result: await send(key, input, { idempotencyKey: entry.id }) };
  } catch (error) {
    if (retriable(error)) return keep();
    throw error;
  }
}

let flushing: Promise<void> | null = null;
/** A flush was asked for while one ran (the connection came back meanwhile): run another once it ends. */
let flushAgain = false;

/** Sends every kept entry, oldest first; stops at the first one the network still cannot take. */
export function flushOutbox(): Promise<void> {
  if (flushing) {
    flushAgain = true;
    return flushing;
  }
  flushing = (async () => {
    try {
      for (const entry of [...entries]) {
        if (!isOnline()) return;
        let result: ApiResult<unknown>;
        try {
          result = await apiRequest(entry.method, entry.path, { body: entry.body, idempotencyKey: entry.id });
        } catch {
          // No connection, no answer in time, or the server failed: try again later, same key.
          scheduleRetry();
          return;
        }
        if (!result.ok && (result.error.code === 'IDEMPOTENCY_IN_PROGRESS' || result.status === 401)) {
          // The first send is still running, or the session ended (sign-in again clears or resends): later.
          scheduleRetry();
          return;
        }
        remember(
          result.ok ? { type: 'sent', entry, data: result.data } : { type: 'rejected', entry, error: result.error },
        );
        save(entries.filter((e) => e.id !== entry.id));
        retryDelay = RETRY_FIRST_MS;
      }
    } finally {
      flushing = null;
      if (flushAgain) {
        flushAgain = false;
        if (entries.length > 0 && isOnline()) void flushOutbox();
      }
    }
  })();
  return flushing;
}

let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryDelay = RETRY_FIRST_MS;
function scheduleRetry(): void {
  if (retryTimer || typeof window === 'undefined') return;
  const delay = retryDelay;
  retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    if (entries.length > 0 && isOnline()) void flushOutbox();
  }, delay);
}

/** Starts sending kept entries when the connection returns; returns the stop function (for the layout's effect). */
export function startOutbox(): () => void {
  const unsubscribe = subscribeOnline(() => {
    if (!isOnline()) return;
    // The connection is back: quick retries again.
    retryDelay = RETRY_FIRST_MS;
    if (entries.length > 0) void flushOutbox();
  });
  // Another tab of the app changed the outbox.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) {
      entries = load();
      emit();
    }
  };
  window.addEventListener('storage', onStorage);
  if (isOnline() && entries.length > 0) void flushOutbox();
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}

/** Forgets every kept entry and event (sign-out, another account signing in). */
export function clearOutbox(): void {
  recent = [];
  save([]);
}

/** A screen's view of the outbox: its kept entries and what became of those sent since the page opened. */
export function useOutbox(kind: OutboxKind): { pending: OutboxEntry[]; events: OutboxEvent[]; dismiss: () => void } {
  const all = useSyncExternalStore(subscribe, outboxEntries, outboxEntries);
  const events = useSyncExternalStore(subscribe, recentEvents, recentEvents);
  return {
    pending: all.filter((e) => e.kind === kind),
    events: events.filter((e) => e.entry.kind === kind),
    dismiss: () => {
      recent = recent.filter((e) => e.entry.kind !== kind);
      emit();
    },
  };
}

const recentEvents = () => recent;
