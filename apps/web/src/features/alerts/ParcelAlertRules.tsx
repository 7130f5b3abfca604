import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AlertRulesInput, type AlertRuleConfig, type AlertRuleName } from '@filaha/shared';
import { SavedCopyNote } from '../../components/offline/SavedCopyNote.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { TextField } from '../../components/ui/fields.tsx';
import { useMessages } from '../../lib/messages.ts';
import { ApiAnswerError } from '../../lib/queries.ts';
import { asLang, formatNumber } from '../farm/format.ts';
import { SaveRow } from './SaveRow.tsx';
import { alertKeys, alertQueries, saveRules } from './alertsApi.ts';

interface Draft {
  rule: AlertRuleName;
  enabled: boolean;
  index: string;
  threshold: string;
  /** PARTIAL_DROP: percent of the parcel, as typed. */
  share: string;
}

const panel = 'rounded-2xl border border-stone-200 bg-white p-4';

/** "0,15" or "0.15" → 0.15; anything else → NaN. */
const parseNumber = (text: string) =>
  /^\s*[-−]?\d+([.,]\d+)?\s*$/.test(text) ? Number(text.trim().replace('−', '-').replace(',', '.')) : NaN;

/**
 * The parcel's alert rules on the parcel page (owner): each rule on or off, its threshold, and for a partial
 * drop the share of the parcel. Defaults come from the API; what is saved applies to the next acquisitions.
 */
export function ParcelAlertRules({ parcelId }: { parcelId: number }) {
  const { t, i18n } = useTranslation('alerts');
  const lang = asLang(i18n.language);
  const { fieldMessage } = useMessages();
  const client = useQueryClient();
  const rules = useQuery(alertQueries.rules(parcelId));
  const [draft, setDraft] = useState<Draft[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<'idle' | 'saved'>('idle');
  const headingId = useId();

  const fmt = (v: number | null) => (v === null ? '' : formatNumber(v, lang, 2));
  useEffect(() => {
    if (!rules.data) return;
    setDraft(
      rules.data.rules.map((r) => ({
        rule: r.rule,
        enabled: r.enabled,
        index: r.index,
        threshold: fmt(r.threshold),
        share: r.share === null ? '' : formatNumber(Math.round(r.share * 1000) / 10, lang, 1),
      })),
    );
    // Re-read the saved rules when they change or the language does (decimal comma or point).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rules.data, lang]);

  const save = useMutation({
    mutationFn: (values: AlertRuleConfig[]) => saveRules(parcelId, values),
    onSuccess: (answer) => {
      client.setQueryData(alertKeys.rules(parcelId), answer);
      setStatus('saved');
    },
  });

  if (rules.isPending) return <Loading className="py-6" />;
  if (rules.isError) {
    // Another farmer's parcel or an Investor: the rules are not theirs to see.
    if (rules.error instanceof ApiAnswerError && [403, 404].includes(rules.error.status)) return null;
    return (
      <section className={panel} aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-bold text-stone-900">
          {t('rules.title')}
        </h2>
        <p role="alert" className="mt-2 text-red-800">
          {t('rules.loadError')}
        </p>
      </section>
    );
  }
  if (!draft) return null;

  const update = (rule: AlertRuleName, patch: Partial<Draft>) => {
    setStatus('idle');
    setDraft((old) => old!.map((d) => (d.rule === rule ? { ...d, ...patch } : d)));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const notNumbers: Record<string, string> = {};
    const values: AlertRuleConfig[] = draft.map((d) => {
      const threshold = d.rule === 'NEW_IMAGE' ? null : parseNumber(d.threshold);
      const share = d.rule === 'PARTIAL_DROP' ? parseNumber(d.share) / 100 : null;
      if (threshold !== null && Number.isNaN(threshold))
        notNumbers[`${d.rule}.threshold`] = fieldMessage('validation.number')!;
      if (share !== null && Number.isNaN(share)) notNumbers[`${d.rule}.share`] = fieldMessage('validation.number')!;
      return { rule: d.rule, enabled: d.enabled, index: d.index, threshold, share };
    });
    const checked = AlertRulesInput.safeParse({
      rules: values.map((v) =>
        v.rule === 'NEW_IMAGE'
          ? { rule: v.rule, enabled: v.enabled }
          : v.rule === 'PARTIAL_DROP'
            ? { rule: v.rule, enabled: v.enabled, threshold: v.threshold, share: v.share }
            : { rule: v.rule, enabled: v.enabled, threshold: v.threshold },
      ),
    });
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const [, i, field] = issue.path;
        const rule = typeof i === 'number' ? values[i]?.rule : undefined;
        if (rule && typeof field === 'string') found[`${rule}.${field}`] = fieldMessage(issue.message)!;
      }
    }
    Object.assign(found, notNumbers);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(values);
  };

  return (
    <section className={panel} aria-labelledby={headingId} data-testid="alert-rules">
      <h2 id={headingId} className="text-lg font-bold text-stone-900">
        {t('rules.title')}
      </h2>
      <SavedCopyNote prefix={`/parcelle/${parcelId}/alert-rules`} />
      <p className="mt-1 text-sm text-stone-600">{t('rules.intro')}</p>
      <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-4">
        {draft.map((d) => (
          <fieldset key={d.rule} className="rounded-xl border border-stone-200 p-3" data-rule={d.rule}>
            <legend className="px-1 font-semibold text-stone-900">{t(`rule.${d.rule}`)}</legend>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                checked={d.enabled}
                onChange={(e) => update(d.rule, { enabled: e.target.checked })}
                className="size-5 accent-brand-700"
              />
              <span>{t('rules.enabled')}</span>
            </label>
            <p className="text-xs text-stone-600">{t(`rules.help.${d.rule}`)}</p>
            {d.rule === 'NEW_IMAGE' ? null : (
              <div className="mt-2 grid gap-3 sm:grid-cols-2">
                <TextField
                  label={t(d.rule === 'WATER_STRESS' ? 'rules.thresholdBelow' : 'rules.thresholdFall', {
                    index: d.index,
                  })}
                  inputMode="decimal"
                  dir="ltr"
                  value={d.threshold}
                  disabled={!d.enabled}
                  error={errors[`${d.rule}.threshold`]}
                  onChange={(e) => update(d.rule, { threshold: e.target.value })}
                />
                {d.rule === 'PARTIAL_DROP' ? (
                  <TextField
                    label={t('rules.share')}
                    inputMode="decimal"
                    dir="ltr"
                    value={d.share}
                    disabled={!d.enabled}
                    error={errors[`${d.rule}.share`]}
                    onChange={(e) => update(d.rule, { share: e.target.value })}
                  />
                ) : null}
              </div>
            )}
          </fieldset>
        ))}
        <SaveRow
          error={save.error}
          pending={save.isPending}
          saved={status === 'saved'}
          labels={{ save: t('rules.save'), saving: t('rules.saving'), saved: t('rules.saved') }}
        />
      </form>
    </section>
  );
}
