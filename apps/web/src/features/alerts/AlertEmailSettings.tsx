import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALERT_RULE_NAMES, type AlertSettings } from '@filaha/shared';
import { useSession } from '../../app/session.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { SelectField } from '../../components/ui/fields.tsx';
import { useMessages } from '../../lib/messages.ts';
import { ApiAnswerError } from '../../lib/queries.ts';
import { alertKeys, alertQueries, saveSettings } from './alertsApi.ts';

/**
 * On the profile page (farmers): which alerts also come by e-mail, and the e-mails' language. Every alert is
 * always in the in-app notification centre.
 */
export function AlertEmailSettings() {
  const { session } = useSession();
  if (session.status !== 'authenticated' || session.role !== 'User') return null;
  return <SettingsForm />;
}

function SettingsForm() {
  const { t } = useTranslation('alerts');
  const { errorMessage, failureMessage } = useMessages();
  const client = useQueryClient();
  const settings = useQuery(alertQueries.settings);
  const [draft, setDraft] = useState<AlertSettings | null>(null);
  const [saved, setSaved] = useState(false);
  const headingId = useId();

  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);

  const save = useMutation({
    mutationFn: saveSettings,
    onSuccess: (answer) => {
      client.setQueryData(alertKeys.settings, answer);
      setSaved(true);
    },
  });

  const saveError = save.error
    ? save.error instanceof ApiAnswerError
      ? errorMessage(save.error.code)
      : failureMessage(save.error)
    : null;

  return (
    <section
      id="alert-settings"
      aria-labelledby={headingId}
      data-testid="alert-settings"
      className="mt-6 rounded-2xl border border-stone-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-bold text-stone-900">
        {t('settings.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t('settings.intro')}</p>
      {settings.isPending ? (
        <Loading className="py-6" />
      ) : settings.isError || !draft ? (
        <p role="alert" className="mt-2 text-red-800">
          {t('settings.loadError')}
        </p>
      ) : (
        <form
          noValidate
          className="mt-3 flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(draft);
          }}
        >
          <fieldset>
            <legend className="text-sm font-medium text-stone-800">{t('settings.emailLegend')}</legend>
            {ALERT_RULE_NAMES.map((rule) => (
              <label key={rule} className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  checked={draft.email[rule]}
                  onChange={(e) => {
                    setSaved(false);
                    setDraft({ ...draft, email: { ...draft.email, [rule]: e.target.checked } });
                  }}
                  className="size-5 accent-brand-700"
                />
                <span>{t(`rule.${rule}`)}</span>
              </label>
            ))}
          </fieldset>
          <SelectField
            label={t('settings.language')}
            value={draft.language}
            onChange={(e) => {
              setSaved(false);
              setDraft({ ...draft, language: e.target.value === 'fr' ? 'fr' : 'ar' });
            }}
          >
            <option value="ar">{t('settings.languages.ar')}</option>
            <option value="fr">{t('settings.languages.fr')}</option>
          </SelectField>
          {saveError ? (
            <p role="alert" className="text-sm text-red-800">
              {saveError}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="submit"
              disabled={save.isPending}
              className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white disabled:opacity-50"
            >
              {save.isPending ? t('settings.saving') : t('settings.save')}
            </button>
            <p role="status" className="text-sm text-brand-800">
              {saved ? t('settings.saved') : ''}
            </p>
          </div>
        </form>
      )}
    </section>
  );
}
