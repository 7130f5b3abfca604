import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALERT_RULE_NAMES, type AlertRuleName, type AlertSettings } from '@filaha/shared';
import { useSession } from '../../app/session.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { controlClass, SelectField } from '../../components/ui/fields.tsx';
import { SaveRow } from './SaveRow.tsx';
import { SmsOptIn } from './SmsOptIn.tsx';
import { alertKeys, alertQueries, saveSettings } from './alertsApi.ts';
import { smsQueries } from './smsApi.ts';

const CHANNELS = ['bell', 'email', 'sms'] as const;
type Channel = (typeof CHANNELS)[number];

/**
 * On the profile page (farmers): per alert kind, the channels that tell it — the in-app notifications (bell),
 * e-mail and/or SMS (issue 31 §4) — and the language of e-mails and SMS; below, the SMS opt-in (the phone verified by
 * a code). SMS can be ticked only once the phone is verified.
 */
export function AlertChannelSettings() {
  const { session } = useSession();
  if (session.status !== 'authenticated' || session.role !== 'User') return null;
  return (
    <>
      <ChannelsForm />
      <SmsOptIn />
    </>
  );
}

function ChannelsForm() {
  const { t } = useTranslation('alerts');
  const client = useQueryClient();
  const settings = useQuery(alertQueries.settings);
  const sms = useQuery(smsQueries.state);
  const [draft, setDraft] = useState<AlertSettings | null>(null);
  const [saved, setSaved] = useState(false);
  const headingId = useId();
  const smsNoteId = useId();
  const smsActive = sms.data?.state === 'active';

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

  const toggle = (channel: Channel, rule: AlertRuleName, on: boolean) => {
    if (!draft) return;
    setSaved(false);
    setDraft({ ...draft, [channel]: { ...draft[channel], [rule]: on } });
  };

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
          {smsActive ? null : (
            <p
              id={smsNoteId}
              data-testid="sms-channel-note"
              className="rounded-lg bg-amber-50 p-3 text-sm text-stone-800"
            >
              {sms.data?.state === 'opted_out' ? t('settings.smsStopped') : t('settings.smsLocked')}{' '}
              <a href="#sms-optin" className="font-semibold text-brand-800 underline">
                {t('settings.smsLink')}
              </a>
            </p>
          )}
          {ALERT_RULE_NAMES.map((rule) => {
            const none = CHANNELS.every((c) => !draft[c][rule] || (c === 'sms' && !smsActive));
            return (
              <fieldset key={rule} data-rule={rule} className="min-w-0 rounded-xl border border-stone-200 px-3 pb-2">
                <legend className="px-1 font-semibold text-stone-900">{t(`rule.${rule}`)}</legend>
                <div className="flex flex-col sm:flex-row sm:flex-wrap sm:gap-x-6">
                  {CHANNELS.map((channel) => {
                    const locked = channel === 'sms' && !smsActive;
                    return (
                      <label
                        key={channel}
                        className={`flex min-h-11 items-center gap-3 ${locked ? 'text-stone-600' : 'text-stone-900'}`}
                      >
                        <input
                          type="checkbox"
                          checked={draft[channel][rule]}
                          disabled={locked}
                          aria-describedby={locked ? smsNoteId : undefined}
                          onChange={(e) => toggle(channel, rule, e.target.checked)}
                          className="size-5 shrink-0 accent-brand-700"
                        />
                        <span>{t(`settings.channels.${channel}`)}</span>
                      </label>
                    );
                  })}
                </div>
                {none ? <p className="pb-1 text-sm text-amber-900">{t('settings.noChannel')}</p> : null}
              </fieldset>
            );
          })}
          <SelectField
            label={t('settings.language')}
            className={`${controlClass} min-h-11`}
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
