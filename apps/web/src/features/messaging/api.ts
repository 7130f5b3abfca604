import type { QueryClient } from '@tanstack/react-query';
import type { RouteData } from '@filaha/shared/contracts';
import { call } from '../../lib/client.ts';

/** apps/api/README.md, "Messaging". */
export type Conversation = RouteData<'GET /conversations'>[number];
export type Participant = Conversation['participant'];
export type Message = RouteData<'POST /conversations/:id/messages'>;
export type MessagePage = RouteData<'GET /conversations/:id/messages'>;

export const PAGE_SIZE = 50;

export const chatKeys = {
  all: ['messaging'] as const,
  conversations: ['messaging', 'conversations'] as const,
  messages: (id: number) => ['messaging', 'messages', id] as const,
  unread: ['messaging', 'unread'] as const,
};

export const fetchConversations = () => call('GET /conversations');
export const fetchUnread = () => call('GET /conversations/unread-count');
export const fetchMessages = (id: number, before?: number) =>
  call('GET /conversations/:id/messages', { params: { id }, query: { limit: PAGE_SIZE, before } });
export const sendMessage = (id: number, text: string) =>
  call('POST /conversations/:id/messages', { params: { id }, body: { text } });
export const markRead = (id: number) => call('POST /conversations/:id/read', { params: { id } });
/** Opens (or finds) the conversation with a user, optionally about one of their products. */
export const openConversation = (userId: number, publicationId?: number) =>
  call('POST /conversations', { body: publicationId === undefined ? { userId } : { userId, publicationId } });
export const blockUser = (userId: number) => call('POST /users/:id/block', { params: { id: userId } });
export const unblockUser = (userId: number) => call('DELETE /users/:id/block', { params: { id: userId } });

/** The messaging page of an area, opened on one conversation. */
export const conversationPath = (base: string, id: number) => `${base}/Messaging-page?c=${id}`;

/** Adds messages to a conversation's cached page (oldest first, each id once). */
export function mergeMessages(current: MessagePage | undefined, incoming: readonly Message[], older = false) {
  const items = current?.items ?? [];
  const known = new Set(items.map((m) => m.id));
  const fresh = incoming.filter((m) => !known.has(m.id));
  const merged = older ? [...fresh, ...items] : [...items, ...fresh];
  merged.sort((a, b) => a.id - b.id);
  return { items: merged, hasMore: current?.hasMore ?? false };
}

/** A message arrived (ours or theirs): into its conversation's page, and the list and badge refetch. */
export function receiveMessage(client: QueryClient, message: Message) {
  client.setQueryData<MessagePage>(chatKeys.messages(message.conversationId), (page) =>
    page ? mergeMessages(page, [message]) : page,
  );
  void client.invalidateQueries({ queryKey: chatKeys.conversations });
  void client.invalidateQueries({ queryKey: chatKeys.unread });
}
