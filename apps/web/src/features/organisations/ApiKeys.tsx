import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { controlClass } from '../../components/ui/fields.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { useErrorText } from '../../lib/useErrorText.ts';
import { asLang, formatDay } from '../farm/format.ts';
import {
  API_KEY_SCOPES,
  apiKeyQueries,
  createApiKey,
  organisationKeys,
  revokeApiKey,
  type ApiKeyItem,
  type ApiKeyScope,
} from './organisationsApi.ts';

/** A scope's locale key: i18next reads `:` as its namespace separator. */
const scopeKey = (scope: ApiKeyScope) => scope.replace(':', '_') as 'parcels_read' | 'parcels_write' | 'points_read';

/**
 * An organisation's API keys (issue 30 §4), for its admins: make one with its scopes (the key is shown once, to
 * copy), see them with their last use, revoke one after a confirmation. docs/API.md says how a key is used.
 */
export function ApiKeys({ organisationId }: { organisationId: number }) {
  const { t, i18n } = useTranslation('organisations');
  const lang = asLang(i18n.language);
  const client = useQueryClient();
  const errorText = useErrorText();
  const keys = useQuery(apiKeyQueries.list(organisationId));
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['parcels:read']);
  const [problem, setProblem] = useState<string | null>(null);
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [asked, setAsked] = useState<ApiKeyItem | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: organisationKeys.apiKeys(organisationId) });
  const create = useMutation({
    mutationFn: () => createApiKey(organisationId, { name: name.trim(), scopes }),
    onMutate: () => {
      setProblem(null);
      setCopied(false);
    },
    onSuccess: (created) => {
      setShown({ name: created.name, key: created.key });
      setName('');
      void refresh();
    },
    onError: (error) => setProblem(errorText(error)),
  });
  const revoke = useMutation({
    mutationFn: (k: ApiKeyItem) => revokeApiKey(organisationId, k.id),
    onSuccess: () => {
      setAsked(null);
      void refresh();
    },
    onError: (error) => {
      setAsked(null);
      setProblem(errorText(error));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim().length < 2) return setProblem(t('apiKeys.nameRequired'));
    if (scopes.length === 0) return setProblem(t('apiKeys.scopeRequired'));
    create.mutate();
  };
  const toggle = (scope: ApiKeyScope) =>
    setScopes((s) => (s.includes(scope) ? s.filter((x) => x !== scope) : [...s, scope]));
  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      setCopied(true);
    } catch {
      // No clipboard (an old browser, a page not served over https): the key stays selectable on screen.
      setCopied(false);
    }
  };

  return (
    <div className="space-y-3" data-testid="api-keys">
      <p className="text-sm text-stone-700">{t('apiKeys.intro')}</p>
      {shown ? (
        <div role="status" className="rounded-xl border border-amber-400 bg-amber-50 p-3" data-testid="api-key-shown">
          <p className="font-semibold text-stone-900">{t('apiKeys.copyNow', { name: shown.name })}</p>
          <code dir="ltr" className="mt-2 block rounded bg-white p-2 font-mono text-sm break-all select-all">
            {shown.key}
          </code>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => void copy(shown.key)}
              className="min-h-11 rounded-lg border border-brand-700 px-4 font-semibold text-brand-800"
            >
              {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
            </button>
            <button
              type="button"
              onClick={() => setShown(null)}
              className="min-h-11 rounded-lg border border-stone-400 px-4 font-semibold text-stone-800"
            >
              {t('apiKeys.done')}
            </button>
          </div>
        </div>
      ) : null}
      {keys.isPending ? (
        <Loading className="py-4" />
      ) : keys.isError ? (
        <p role="alert" className="text-red-900">
          {t('loadError')}
        </p>
      ) : keys.data.length === 0 ? (
        <p className="text-stone-700" data-testid="api-keys-empty">
          {t('apiKeys.empty')}
        </p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {keys.data.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center gap-2 py-2" data-testid="api-key">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-stone-900">
                  {k.name}{' '}
                  <bdi dir="ltr" className="font-mono text-sm font-normal text-stone-600">
                    {k.prefix}…
                  </bdi>
                </p>
                <p className="text-sm text-stone-700">
                  {k.scopes.map((s) => t(`apiKeys.scope.${scopeKey(s)}`)).join(' · ')}
                </p>
                <p className="text-sm text-stone-600">
                  {k.revokedAt
                    ? t('apiKeys.revokedOn', { date: formatDay(k.revokedAt.slice(0, 10), lang) })
                    : k.lastUsedAt
                      ? t('apiKeys.usedOn', { date: formatDay(k.lastUsedAt.slice(0, 10), lang) })
                      : t('apiKeys.neverUsed')}
                </p>
              </div>
              {k.revokedAt ? null : (
                <button
                  type="button"
                  onClick={() => setAsked(k)}
                  className="min-h-11 rounded-lg border border-red-700 px-3 text-sm font-semibold text-red-800"
                >
                  {t('apiKeys.revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {problem ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate className="space-y-2" aria-label={t('apiKeys.create')}>
        <label className="block text-sm font-semibold text-stone-800">
          {t('apiKeys.name')}
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={80}
            autoComplete="off"
            className={`${controlClass} mt-1`}
          />
        </label>
        <fieldset>
          <legend className="text-sm font-semibold text-stone-800">{t('apiKeys.scopes')}</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="mt-1 flex min-h-11 items-center gap-2 text-stone-800">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={() => toggle(scope)}
                className="size-5"
              />
              {t(`apiKeys.scope.${scopeKey(scope)}`)}
            </label>
          ))}
        </fieldset>
        <button
          type="submit"
          disabled={create.isPending}
          className="min-h-11 rounded-lg bg-brand-800 px-4 font-semibold text-white disabled:opacity-50"
        >
          {t('apiKeys.create')}
        </button>
      </form>
      {asked ? (
        <ConfirmDialog
          title={t('apiKeys.confirmTitle')}
          message={t('apiKeys.confirmMessage', { name: asked.name })}
          confirmLabel={t('apiKeys.revoke')}
          busy={revoke.isPending}
          onConfirm={() => revoke.mutate(asked)}
          onCancel={() => setAsked(null)}
        />
      ) : null}
    </div>
  );
}
