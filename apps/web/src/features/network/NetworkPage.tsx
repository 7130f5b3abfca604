import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { NETWORK_FILTERS, type NetworkFilter } from '@filaha/shared';
import { Loading } from '../../components/ui/Loading.tsx';
import { parseRole } from '../../lib/roles.ts';
import { useErrorText } from '../../lib/useErrorText.ts';
import { useAreaBase, useLang } from '../marketplace/format.ts';
import { conversationPath, openConversation } from '../messaging/api.ts';
import { useChatErrors } from '../messaging/errors.ts';
import { fetchHidden, fetchSuggestions, hidePerson, networkKeys, showPerson, type Suggestion } from './api.ts';

const isFilter = (value: string | null): value is NetworkFilter =>
  value !== null && (NETWORK_FILTERS as readonly string[]).includes(value);

const button =
  'rounded-lg px-3 py-1.5 text-sm font-semibold disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2';

function SuggestionCard({
  person,
  onMessage,
  onRemove,
  busy,
}: {
  person: Suggestion;
  onMessage: () => void;
  onRemove: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('network');
  const { t: tc } = useTranslation();
  const lang = useLang();
  const role = parseRole(person.roleName);
  const sub = person.sellerRole ? (lang === 'ar' ? person.sellerRole.roleNameAr : person.sellerRole.roleName) : null;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4" data-testid="suggestion">
      <div>
        <h2 className="text-lg font-bold text-stone-900">{person.userName}</h2>
        <p className="text-sm text-stone-700">
          {[role ? tc(`roles.${role}`) : person.roleName, sub].filter(Boolean).join(' · ')}
        </p>
        <p className="text-sm text-stone-600">{person.wilaya ? person.wilaya[lang] : t('noWilaya')}</p>
        <p className="mt-1 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900">
          {t(`reason.${person.reason}`)}
        </p>
      </div>
      <div className="mt-auto flex gap-2">
        <button
          type="button"
          onClick={onMessage}
          disabled={busy}
          className={`${button} bg-brand-800 text-white hover:bg-brand-900`}
          aria-label={t('messageLabel', { name: person.userName })}
        >
          {t('message')}
        </button>
        <button
          type="button"
          onClick={onRemove}
          disabled={busy}
          className={`${button} border border-stone-300 text-stone-800 hover:bg-stone-100`}
          aria-label={t('removeLabel', { name: person.userName })}
        >
          {t('remove')}
        </button>
      </div>
    </li>
  );
}

/** /user/ami: people to know, from real accounts near the farmer and complementary to them (SPEC §2 "Other"). */
export function NetworkPage() {
  const { t } = useTranslation('network');
  const client = useQueryClient();
  const navigate = useNavigate();
  const base = useAreaBase();
  const errorText = useErrorText();
  const chatError = useChatErrors();
  const [params, setParams] = useSearchParams();
  const raw = params.get('filter');
  const filter: NetworkFilter | '' = isFilter(raw) ? raw : '';
  const [notice, setNotice] = useState<{ text: string; undo?: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const suggestions = useQuery({ queryKey: networkKeys.suggestions(filter), queryFn: () => fetchSuggestions(filter) });
  const hidden = useQuery({ queryKey: networkKeys.hidden, queryFn: fetchHidden });

  const refresh = () => client.invalidateQueries({ queryKey: networkKeys.all });
  const remove = useMutation({
    mutationFn: (person: Suggestion) => hidePerson(person.id),
    onSuccess: (_, person) => {
      setNotice({ text: t('removed', { name: person.userName }), undo: person.id });
      void refresh();
    },
    onError: (e) => setError(errorText(e)),
  });
  const restore = useMutation({
    mutationFn: (userId: number) => showPerson(userId),
    onSuccess: () => {
      setNotice({ text: t('restored') });
      void refresh();
    },
    onError: (e) => setError(errorText(e)),
  });
  const message = useMutation({
    mutationFn: (person: Suggestion) => openConversation(person.id),
    onSuccess: (conversation) => navigate(conversationPath(base, conversation.id)),
    onError: (e) => setError(chatError(e)),
  });

  const choose = (value: string) => {
    setNotice(null);
    setParams(value ? { filter: value } : {}, { replace: true });
  };
  const busy = remove.isPending || message.isPending || restore.isPending;

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div>
        <h1 id="page-title" className="text-2xl font-bold text-stone-900">
          {t('title')}
        </h1>
        <p className="text-stone-700">{t('subtitle')}</p>
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-semibold text-stone-800">
          {t('filter.label')}
          <select
            value={filter}
            onChange={(e) => choose(e.target.value)}
            className="rounded-lg border border-stone-300 bg-white px-3 py-2 font-normal text-stone-900"
          >
            <option value="">{t('filter.all')}</option>
            {NETWORK_FILTERS.map((f) => (
              <option key={f} value={f}>
                {t(`filter.${f}`)}
              </option>
            ))}
          </select>
        </label>
      </div>

      {notice ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-lg bg-brand-50 px-4 py-2 text-sm text-brand-900"
        >
          <span>{notice.text}</span>
          {notice.undo !== undefined ? (
            <button
              type="button"
              className="font-semibold underline underline-offset-2"
              onClick={() => restore.mutate(notice.undo!)}
              disabled={busy}
            >
              {t('undo')}
            </button>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-900">
          {error}
        </p>
      ) : null}

      {suggestions.isPending ? <Loading /> : null}
      {suggestions.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorText(suggestions.error)}
        </p>
      ) : null}
      {suggestions.data && suggestions.data.length === 0 ? (
        <p
          className="rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-center text-stone-700"
          data-testid="network-empty"
        >
          {filter ? t('emptyFiltered', { filter: t(`filter.${filter}`) }) : t('empty')}
        </p>
      ) : null}
      {suggestions.data && suggestions.data.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('listLabel')}>
          {suggestions.data.map((person) => (
            <SuggestionCard
              key={person.id}
              person={person}
              busy={busy}
              onMessage={() => message.mutate(person)}
              onRemove={() => remove.mutate(person)}
            />
          ))}
        </ul>
      ) : null}

      {hidden.data && hidden.data.length > 0 ? (
        <details className="rounded-2xl border border-stone-200 bg-white p-4">
          <summary className="cursor-pointer font-semibold text-stone-900">
            {t('hidden.title', { count: hidden.data.length })}
          </summary>
          <ul className="mt-3 divide-y divide-stone-200">
            {hidden.data.map((h) => (
              <li key={h.userId} className="flex items-center justify-between gap-3 py-2">
                <span className="text-stone-800">{h.userName}</span>
                <button
                  type="button"
                  onClick={() => restore.mutate(h.userId)}
                  disabled={busy}
                  className={`${button} border border-stone-300 text-stone-800 hover:bg-stone-100`}
                  aria-label={t('hidden.showLabel', { name: h.userName })}
                >
                  {t('hidden.show')}
                </button>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
