import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ServiceRequestInput, type ServiceKey } from '@filaha/shared';
import { PendingSubmissions } from '../../components/offline/PendingSubmissions.tsx';
import { ErrorBanner } from '../../components/ui/ErrorBanner.tsx';
import { SelectField, TextField } from '../../components/ui/fields.tsx';
import { TextAreaField } from '../../components/ui/TextAreaField.tsx';
import { digitsOnly, EmailField, PhoneField } from '../../components/ui/contactFields.tsx';
import { focusFirstInvalid } from '../../lib/focusFirstInvalid.ts';
import { useMessages } from '../../lib/messages.ts';
import { sendOrKeep } from '../../lib/outbox.ts';
import { ApiAnswerError, profileQuery, unwrap } from '../../lib/queries.ts';
import { SERVICES } from './catalog.ts';

type Values = ReturnType<typeof ServiceRequestInput.parse>;
const MESSAGE_MAX = 4000;

/**
 * The service request form (SPEC §5: name, e-mail, phone, message required), validated with the shared
 * schema the API uses, and stored by POST /api/service-requests (administrators read it). The signed-in
 * farmer's name, e-mail and phone are filled in for them.
 */
export function ServiceRequestForm({ serviceKey }: { serviceKey?: ServiceKey }) {
  const { t } = useTranslation('services');
  const { fieldMessage, errorMessage, failureMessage } = useMessages();
  const titleId = useId();
  const successRef = useRef<HTMLParagraphElement>(null);
  const [sent, setSent] = useState(false);
  const profile = useQuery({ ...profileQuery, retry: false });
  const form = useForm({
    resolver: zodResolver(ServiceRequestInput),
    defaultValues: { serviceKey: serviceKey ?? 'precision', name: '', email: '', phone: '', message: '' },
    shouldFocusError: false, // focusFirstInvalid: the first refused field on screen
  });
  const { errors, isDirty } = form.formState;

  useEffect(() => {
    if (serviceKey) form.setValue('serviceKey', serviceKey);
  }, [serviceKey, form]);

  // Prefill once the profile arrives, unless the farmer already started typing.
  useEffect(() => {
    const p = profile.data;
    if (!p || isDirty) return;
    // A farmer who pressed Send before the profile arrived keeps seeing what is still missing.
    const submitted = form.formState.isSubmitted;
    form.reset(
      {
        ...form.getValues(),
        name: p.userName ?? '',
        email: p.email ?? '',
        phone: digitsOnly(p.phoneNumber ?? ''),
      },
      { keepIsSubmitted: true },
    );
    if (submitted) void form.trigger();
    // Only the profile's arrival should trigger this, not every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile.data]);

  // Without a connection the request is kept on the phone and sent when it returns (lib/outbox.ts), once:
  // the same idempotency key goes with every try.
  const send = useMutation({
    mutationFn: async (values: Values) => {
      const outcome = await sendOrKeep('serviceRequest', 'POST /service-requests', { body: values });
      if (outcome.state === 'sent') unwrap(outcome.result);
      return outcome.state;
    },
    onSuccess: (state) => {
      setSent(state === 'sent');
      form.reset({ ...form.getValues(), message: '' });
    },
  });

  useEffect(() => {
    if (sent) successRef.current?.focus();
  }, [sent]);

  const sendError = send.error
    ? send.error instanceof ApiAnswerError
      ? errorMessage(send.error.code)
      : failureMessage(send.error)
    : null;
  const phone = form.register('phone');
  const message = form.register('message');

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
      <h2 id={titleId} className="text-lg font-bold text-stone-900">
        {t('form.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t('form.lead')}</p>
      <form
        noValidate
        onSubmit={form.handleSubmit((v) => {
          setSent(false);
          send.mutate(v);
        }, focusFirstInvalid)}
        onChange={() => sent && setSent(false)}
        className="mt-5 space-y-4"
      >
        {sent ? (
          <p
            ref={successRef}
            tabIndex={-1}
            role="status"
            className="rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm font-medium text-brand-900"
          >
            {t('form.success')}
          </p>
        ) : null}
        {sendError ? <ErrorBanner message={sendError} onClose={() => send.reset()} /> : null}
        <PendingSubmissions kind="serviceRequest" />
        <SelectField
          label={t('form.service')}
          error={fieldMessage(errors.serviceKey?.message)}
          {...form.register('serviceKey')}
        >
          {SERVICES.map((s) => (
            <option key={s.key} value={s.key}>
              {t(`items.${s.key}.title`)}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('form.name')}
            autoComplete="name"
            maxLength={120}
            error={fieldMessage(errors.name?.message)}
            {...form.register('name')}
          />
          <EmailField label={t('form.email')} error={fieldMessage(errors.email?.message)} {...form.register('email')} />
        </div>
        <PhoneField label={t('form.phone')} autoComplete="tel" error={fieldMessage(errors.phone?.message)} {...phone} />
        <TextAreaField
          label={t('form.message')}
          rows={5}
          maxLength={MESSAGE_MAX}
          error={fieldMessage(errors.message?.message)}
          {...message}
        />
        <button
          type="submit"
          disabled={send.isPending}
          className="rounded-lg bg-brand-800 px-6 py-3 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
        >
          {send.isPending ? t('form.sending') : t('form.submit')}
        </button>
      </form>
    </section>
  );
}
