import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE } from '../../lib/api.ts';
import { useSettled, whenSettled } from '../../lib/settled.ts';
import { call, streamEventData } from '../../lib/client.ts';
import { ApiAnswerError } from '../../lib/queries.ts';
import { chatKeys, fetchUnread, receiveMessage, type MessagePage } from './api.ts';

const MAX_DELAY_MS = 30_000;
/** Without a live stream the badge still follows, by polling. */
const POLL_MS = 60_000;

let listeners = new Set<(live: boolean) => void>();
let liveNow = false;
function setLive(live: boolean) {
  liveNow = live;
  for (const listener of listeners) listener(live);
}

/**
 * The one live channel of a tab (apps/api/README.md, "Live updates"): a one-use ticket, then an EventSource.
 * A ticket works once, so the browser's own reconnection cannot work: on any error the stream is closed and
 * reopened with a fresh ticket after a growing delay (1 s … 30 s), and what the screens show is refetched.
 * Mounted once by the signed-in layout of the areas that have messaging.
 */
export function useMessagingStream(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const retry = () => {
      if (stopped) return;
      const delay = Math.min(MAX_DELAY_MS, 1000 * 2 ** attempt);
      attempt += 1;
      timer = setTimeout(() => void connect(), delay);
    };

    const connect = async () => {
      let ticket: string;
      try {
        ticket = (await call('POST /conversations/stream-ticket')).ticket;
      } catch (error) {
        // Signed out or not allowed: nothing to retry for.
        if (error instanceof ApiAnswerError && (error.status === 401 || error.status === 403)) return;
        retry();
        return;
      }
      if (stopped) return;
      source = new EventSource(`${API_BASE}/conversations/stream?ticket=${encodeURIComponent(ticket)}`);
      source.addEventListener('ready', () => {
        attempt = 0;
        setLive(true);
        // Whatever happened while the stream was down.
        void client.invalidateQueries({ queryKey: chatKeys.all });
      });
      source.addEventListener('message', (event) => {
        const data = streamEventData('message', event.data);
        receiveMessage(client, data.message);
      });
      source.addEventListener('read', (event) => {
        if (!(event instanceof MessageEvent)) return;
        const data = streamEventData('read', event.data);
        client.setQueryData<MessagePage>(chatKeys.messages(data.conversationId), (page) =>
          page
            ? {
                ...page,
                items: page.items.map((m) =>
                  m.senderId !== data.readerId && m.readAt === null ? { ...m, readAt: data.readAt } : m,
                ),
              }
            : page,
        );
        void client.invalidateQueries({ queryKey: chatKeys.unread });
        void client.invalidateQueries({ queryKey: chatKeys.conversations });
      });
      source.onerror = () => {
        source?.close();
        source = null;
        setLive(false);
        retry();
      };
    };

    // Not on the first screen's critical path: the ticket and the stream wait until the page has settled.
    void whenSettled().then(() => void connect());
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
      setLive(false);
    };
  }, [enabled, client]);
}

/** Whether the live stream is open (the page says so when it is not). */
export function useStreamLive(): boolean {
  const [live, setLiveState] = useState(liveNow);
  useEffect(() => {
    const listener = (value: boolean) => setLiveState(value);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return live;
}

/** For tests: forget the stream state between renders. */
export function resetStreamState() {
  listeners = new Set();
  liveNow = false;
}

/** Unread messages over all conversations (the sidebar badge); the stream keeps it fresh. */
export function useUnreadCount(enabled: boolean): number {
  const live = useStreamLive();
  const settled = useSettled();
  const query = useQuery({
    queryKey: chatKeys.unread,
    queryFn: fetchUnread,
    // The badge is not part of the first screen either (lib/settled.ts).
    enabled: enabled && settled,
    refetchInterval: live ? false : POLL_MS,
  });
  return query.data?.count ?? 0;
}
