import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { messageLength, sanitizeMessageText, SOCIAL_LIMITS } from '@filaha/shared';
import { Icon } from '../../components/ui/Icon.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { profileQuery } from '../../lib/queries.ts';
import { parseRole } from '../../lib/roles.ts';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { useAreaBase, useLang } from '../marketplace/format.ts';
import {
  blockUser,
  chatKeys,
  fetchConversations,
  fetchMessages,
  markRead,
  mergeMessages,
  receiveMessage,
  sendMessage,
  unblockUser,
  type Conversation,
  type MessagePage,
} from './api.ts';
import { useChatErrors } from './errors.ts';
import { formatMessageTime } from './format.ts';
import { useStreamLive } from './live.ts';

function useRoleLabel() {
  const { t } = useTranslation();
  return (roleName: string) => {
    const role = parseRole(roleName);
    return role ? t(`roles.${role}`) : roleName;
  };
}

function ConversationList({
  conversations,
  openId,
  me,
}: {
  conversations: Conversation[];
  openId: number | null;
  me: number | undefined;
}) {
  const { t } = useTranslation('messaging');
  const lang = useLang();
  const roleLabel = useRoleLabel();
  if (conversations.length === 0) {
    return (
      <div className="p-4 text-sm text-stone-700" data-testid="conversations-empty">
        <p className="font-semibold text-stone-900">{t('list.empty')}</p>
        <p className="mt-1">{t('list.emptyHint')}</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-stone-200" aria-label={t('list.title')}>
      {conversations.map((c) => {
        const last = c.lastMessage;
        return (
          <li key={c.id}>
            <Link
              to={`?c=${c.id}`}
              aria-current={c.id === openId ? 'true' : undefined}
              className={`flex gap-3 px-4 py-3 hover:bg-brand-50 ${c.id === openId ? 'bg-brand-50' : ''}`}
            >
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline justify-between gap-2">
                  <p className="truncate font-semibold text-stone-900">
                    <bdi>{c.participant.userName}</bdi>
                  </p>
                  {last ? (
                    <time className="shrink-0 text-xs text-stone-600" dateTime={last.createdAt}>
                      {formatMessageTime(last.createdAt, lang)}
                    </time>
                  ) : null}
                </div>
                <p className="truncate text-xs text-stone-600">
                  {roleLabel(c.participant.roleName)}
                  {c.publication ? (
                    <>
                      {' · '}
                      <bdi>{c.publication.productName}</bdi>
                    </>
                  ) : null}
                </p>
                <p className="mt-0.5 truncate text-sm text-stone-700">
                  {last ? (
                    <>
                      {last.senderId === me ? t('list.you') : ''}
                      {/* Isolated: whatever direction the user's text takes, it cannot reorder the prefix. */}
                      <bdi data-testid="last-message">{last.text}</bdi>
                    </>
                  ) : (
                    t('list.noMessages')
                  )}
                </p>
              </div>
              {c.unreadCount > 0 ? (
                <span
                  className="self-center rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white"
                  aria-label={t('list.unread', { count: c.unreadCount })}
                >
                  {c.unreadCount}
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function Composer({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('messaging');
  const client = useQueryClient();
  const errorText = useChatErrors();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const length = messageLength(sanitizeMessageText(text));
  const tooLong = length > SOCIAL_LIMITS.messageMaxLength;
  const send = useMutation({
    mutationFn: (body: string) => sendMessage(conversation.id, body),
    onSuccess: (message) => {
      setText('');
      receiveMessage(client, message);
    },
    onError: (e) => setError(errorText(e)),
  });

  if (!conversation.canSend) {
    return (
      <p className="border-t border-stone-200 bg-stone-50 p-4 text-sm text-stone-700" role="status">
        {conversation.blockedByMe
          ? t('composer.blockedByMe', { name: conversation.participant.userName })
          : t('composer.blockedByThem', { name: conversation.participant.userName })}
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (length === 0 || tooLong || send.isPending) return;
    send.mutate(text);
  };

  return (
    <form onSubmit={submit} className="space-y-1 border-t border-stone-200 p-3">
      <div className="flex items-end gap-2">
        <label className="sr-only" htmlFor="message-text">
          {t('composer.label')}
        </label>
        <textarea
          id="message-text"
          value={text}
          rows={2}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) submit(e);
          }}
          placeholder={t('composer.placeholder')}
          aria-invalid={tooLong || undefined}
          aria-describedby="message-count"
          className="min-h-11 flex-1 resize-y rounded-lg border border-stone-300 px-3 py-2 text-stone-900"
        />
        <button
          type="submit"
          disabled={length === 0 || tooLong || send.isPending}
          className="rounded-lg bg-brand-800 px-4 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:opacity-50"
        >
          {send.isPending ? t('composer.sending') : t('composer.send')}
        </button>
      </div>
      <p id="message-count" className={`text-xs ${tooLong ? 'text-red-800' : 'text-stone-600'}`}>
        {tooLong
          ? t('composer.tooLong', { max: SOCIAL_LIMITS.messageMaxLength })
          : t('composer.count', { count: length, max: SOCIAL_LIMITS.messageMaxLength })}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function ConversationView({ conversation, me }: { conversation: Conversation; me: number | undefined }) {
  const { t } = useTranslation('messaging');
  const lang = useLang();
  const base = useAreaBase();
  const client = useQueryClient();
  const errorText = useChatErrors();
  const roleLabel = useRoleLabel();
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [olderError, setOlderError] = useState<string | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const key = chatKeys.messages(conversation.id);
  const messages = useQuery({ queryKey: key, queryFn: () => fetchMessages(conversation.id) });
  const items = messages.data?.items ?? [];
  const unreadFromThem = items.some((m) => m.senderId !== me && m.readAt === null);
  const lastId = items.at(-1)?.id;

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  // What is shown is read: mark the other side's messages, then the badge and the list follow.
  useEffect(() => {
    if (!unreadFromThem || me === undefined) return;
    void markRead(conversation.id).then(
      () => {
        client.setQueryData<MessagePage>(key, (page) =>
          page
            ? {
                ...page,
                items: page.items.map((m) =>
                  m.senderId !== me && !m.readAt ? { ...m, readAt: new Date().toISOString() } : m,
                ),
              }
            : page,
        );
        void client.invalidateQueries({ queryKey: chatKeys.unread });
        void client.invalidateQueries({ queryKey: chatKeys.conversations });
      },
      () => undefined,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per new unread message
  }, [unreadFromThem, lastId, conversation.id, me]);

  const older = useMutation({
    mutationFn: () => fetchMessages(conversation.id, items[0]?.id),
    onSuccess: (page) =>
      client.setQueryData<MessagePage>(key, (current) => ({
        ...mergeMessages(current, page.items, true),
        hasMore: page.hasMore,
      })),
    onError: (e) => setOlderError(errorText(e)),
  });

  const block = useMutation({
    mutationFn: () =>
      conversation.blockedByMe ? unblockUser(conversation.participant.id) : blockUser(conversation.participant.id),
    onSuccess: () => {
      setNotice(conversation.blockedByMe ? t('block.undone') : t('block.done'));
      setConfirmBlock(false);
      void client.invalidateQueries({ queryKey: chatKeys.conversations });
    },
    onError: (e) => {
      setNotice(errorText(e));
      setConfirmBlock(false);
    },
  });

  return (
    <section aria-labelledby="conversation-title" className="flex h-full min-h-[28rem] flex-col">
      <header className="flex flex-wrap items-center gap-3 border-b border-stone-200 p-3">
        <Link
          to="?"
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50 md:hidden"
        >
          <Icon name="chevronPrev" className="size-4" />
          {t('conversation.back')}
        </Link>
        <div className="min-w-0 flex-1">
          <h2 id="conversation-title" className="truncate text-lg font-bold text-stone-900">
            <bdi>{conversation.participant.userName}</bdi>
          </h2>
          <p className="truncate text-sm text-stone-600">
            {roleLabel(conversation.participant.roleName)}
            {conversation.publication ? (
              <>
                {' · '}
                <Link
                  className="underline underline-offset-2"
                  to={`${base}/product-details/${conversation.publication.id}`}
                >
                  {t('conversation.about', { product: conversation.publication.productName })}
                </Link>
              </>
            ) : null}
          </p>
        </div>
        <button
          type="button"
          onClick={() => (conversation.blockedByMe ? block.mutate() : setConfirmBlock(true))}
          disabled={block.isPending}
          className="rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100"
        >
          {conversation.blockedByMe ? t('block.unblock') : t('block.block')}
        </button>
      </header>
      {notice ? (
        <p role="status" className="bg-brand-50 px-4 py-2 text-sm text-brand-900">
          {notice}
        </p>
      ) : null}

      <div className="flex-1 space-y-2 overflow-y-auto p-4" data-testid="message-list" aria-live="polite">
        {messages.isPending ? <Loading /> : null}
        {messages.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {errorText(messages.error)}
          </p>
        ) : null}
        {messages.data?.hasMore ? (
          <div className="text-center">
            <button
              type="button"
              onClick={() => older.mutate()}
              disabled={older.isPending}
              className="rounded-md px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            >
              {t('conversation.loadOlder')}
            </button>
            {olderError ? <p className="text-sm text-red-800">{olderError}</p> : null}
          </div>
        ) : null}
        {messages.isSuccess && items.length === 0 ? (
          <p className="text-center text-sm text-stone-600">{t('conversation.empty')}</p>
        ) : null}
        {items.map((m) => {
          const mine = m.senderId === me;
          return (
            <div key={m.id} className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
              <div
                className={`max-w-[80%] rounded-2xl px-3 py-2 ${mine ? 'bg-brand-800 text-white' : 'bg-white text-stone-900 ring-1 ring-stone-200'}`}
                data-testid={mine ? 'message-mine' : 'message-theirs'}
              >
                <p className="sr-only">
                  {mine
                    ? t('conversation.fromMe')
                    : t('conversation.from', { name: conversation.participant.userName })}
                </p>
                <p className="whitespace-pre-wrap break-words [unicode-bidi:isolate]" dir="auto">
                  {m.text}
                </p>
                <p className={`mt-1 text-xs ${mine ? 'text-brand-100' : 'text-stone-600'}`}>
                  <time dateTime={m.createdAt}>{formatMessageTime(m.createdAt, lang)}</time>
                  {mine && m.readAt ? ` · ${t('conversation.read')}` : ''}
                </p>
              </div>
            </div>
          );
        })}
        <div ref={bottom} />
      </div>

      <Composer conversation={conversation} />

      {confirmBlock ? (
        <ConfirmDialog
          title={t('block.confirmTitle', { name: conversation.participant.userName })}
          message={t('block.confirmText', { name: conversation.participant.userName })}
          confirmLabel={t('block.confirm')}
          onConfirm={() => block.mutate()}
          onCancel={() => setConfirmBlock(false)}
        />
      ) : null}
    </section>
  );
}

/** /user/Messaging-page and /seller/Messaging-page: conversations kept in the database, live over SSE. */
export function MessagingPage() {
  const { t } = useTranslation('messaging');
  const errorText = useChatErrors();
  const [params] = useSearchParams();
  const live = useStreamLive();
  const me = useQuery(profileQuery);
  const myId = me.data?.id;
  const conversations = useQuery({ queryKey: chatKeys.conversations, queryFn: fetchConversations });
  const raw = Number(params.get('c'));
  const openId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const open = conversations.data?.find((c) => c.id === openId) ?? null;

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div>
        <h1 id="page-title" className="text-2xl font-bold text-stone-900">
          {t('title')}
        </h1>
        <p className="text-stone-700">{t('subtitle')}</p>
      </div>
      {conversations.isSuccess && !live ? (
        <p className="text-xs text-stone-600" role="status">
          {t('live.offline')}
        </p>
      ) : null}
      {/* minmax(0, 1fr) and min-w-0: a long name or message preview is truncated inside the screen instead of
          widening the column past its edge (cut on a phone, on the right in French and the left in Arabic). */}
      <div className="grid grid-cols-[minmax(0,1fr)] overflow-hidden rounded-2xl border border-stone-200 bg-white md:grid-cols-[20rem_minmax(0,1fr)]">
        <div className={`min-w-0 border-stone-200 md:border-e ${openId ? 'hidden md:block' : ''}`}>
          <h2 className="border-b border-stone-200 px-4 py-3 font-bold text-stone-900">{t('list.title')}</h2>
          {conversations.isPending ? <Loading /> : null}
          {conversations.isError ? (
            <p role="alert" className="p-4 text-sm text-red-800">
              {errorText(conversations.error)}
            </p>
          ) : null}
          {conversations.data ? (
            <ConversationList conversations={conversations.data} openId={openId} me={myId} />
          ) : null}
        </div>
        <div className={`min-w-0 ${openId ? '' : 'hidden md:block'}`}>
          {open ? (
            <ConversationView key={open.id} conversation={open} me={myId} />
          ) : (
            <div className="grid h-full min-h-[16rem] place-items-center p-6 text-center text-stone-600">
              {openId && conversations.isSuccess ? (
                <p role="alert">{t('errors.notFound')}</p>
              ) : (
                <p>{t('conversation.select')}</p>
              )}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
