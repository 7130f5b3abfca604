import type { QueryClient } from '@tanstack/react-query';
import { apiCalls } from '../../lib/apiCalls.ts';

/** apps/api/README.md, "Messaging". */
export interface Participant {
  id: number;
  userName: string;
  roleName: string;
}

export interface Message {
  id: number;
  conversationId: number;
  senderId: number;
  text: string;
  createdAt: string;
  readAt: string | null;
}

export interface Conversation {
  id: number;
  participant: Participant;
  publication: { id: number; productName: string } | null;
  lastMessage: { id: number; senderId: number; text: string; createdAt: string } | null;
  unreadCount: number;
  updatedAt: string;
  blockedByMe: boolean;
  canSend: boolean;
}

export interface MessagePage {
  items: Message[];
  hasMore: boolean;
}

export const PAGE_SIZE = 50;

export const chatKeys = {
  all: ['messaging'] as const,
  conversations: ['messaging', 'conversations'] as const,
  messages: (id: number) => ['messaging', 'messages', id] as const,
  unread: ['messaging', 'unread'] as const,
};

export const fetchConversations = () => apiCalls.get<Conversation[]>('/conversations');
export const fetchUnread = () => apiCalls.get<{ count: number }>('/conversations/unread-count');
export const fetchMessages = (id: number, before?: number) =>
  apiCalls.get<MessagePage>(
    `/conversations/${id}/messages?limit=${PAGE_SIZE}${before === undefined ? '' : `&before=${before}`}`,
  );
export const sendMessage = (id: number, text: string) =>
  apiCalls.post<Message>(`/conversations/${id}/messages`, { text });
export const markRead = (id: number) =>
  apiCalls.post<{ marked: number; unreadCount: number }>(`/conversations/${id}/read`, {});
/** Opens (or finds) the conversation with a user, optionally about one of their products. */
export const openConversation = (userId: number, publicationId?: number) =>
  apiCalls.post<Conversation>('/conversations', publicationId === undefined ? { userId } : { userId, publicationId });
export const blockUser = (userId: number) => apiCalls.post<{ blocked: boolean }>(`/users/${userId}/block`, {});
export const unblockUser = (userId: number) => apiCalls.delete<{ blocked: boolean }>(`/users/${userId}/block`);

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
