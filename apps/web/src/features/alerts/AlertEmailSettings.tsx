import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALERT_RULE_NAMES, type AlertSettings } from '@filaha/shared';
import { useSession } from '../../app/session.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { SelectField } from '../../components/ui/fields.tsx';
import { SaveRow } from './SaveRow.tsx';
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
          <SaveRow
            error={save.error}
            pending={save.isPending}
            saved={saved}
            labels={{ save: t('settings.save'), saving: t('settings.saving'), saved: t('settings.saved') }}
          />
        </form>
      )}
    </section>
  );
}
