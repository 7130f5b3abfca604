import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS, UpdateUserInput, WILAYAS } from '@filaha/shared';
import { PendingSubmissions } from '../../components/offline/PendingSubmissions.tsx';
import { ErrorBanner } from '../../components/ui/ErrorBanner.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { SelectField, TextField } from '../../components/ui/fields.tsx';
import { PhoneField } from '../../components/ui/contactFields.tsx';
import { focusFirstInvalid } from '../../lib/focusFirstInvalid.ts';
import { useMessages } from '../../lib/messages.ts';
import { sendOrKeep } from '../../lib/outbox.ts';
import { call } from '../../lib/client.ts';
import { ApiAnswerError, profileQuery, unwrap, type Profile } from '../../lib/queries.ts';
import { parseRole } from '../../lib/roles.ts';
import { AlertChannelSettings } from '../alerts/AlertChannelSettings.tsx';

/** The editable profile fields (SPEC §2 "Profile"): the shared update schema with these three required. */
const ProfileForm = UpdateUserInput.pick({ userName: true, phone_number: true, wilaya: true }).required();
type ProfileFormOutput = ReturnType<typeof ProfileForm.parse>;

async function userIdOf(profile: Profile): Promise<number> {
  const direct = profile.id ?? profile.user_id;
  if (typeof direct === 'number') return direct;
  const me = await call('GET /users/get');
  if (typeof me.user_id !== 'number') throw new ApiAnswerError(404, 'NOT_FOUND', 'no user id');
  return me.user_id;
}

/** /user/profile: view mode, then edit mode with save or cancel (PUT /api/users/{id}). */
export function ProfilePage() {
  const { t, i18n } = useTranslation('layout');
  const { t: tc } = useTranslation();
  const { fieldMessage, errorMessage, failureMessage } = useMessages();
  const client = useQueryClient();
  const profile = useQuery(profileQuery);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const lang = i18n.language === 'fr' ? 'fr' : 'ar';
  // focusFirstInvalid: the first refused field on screen gets the focus (the phone is registered first).
  const form = useForm({ resolver: zodResolver(ProfileForm), shouldFocusError: false });
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Entering edit mode puts the cursor in the first field; leaving it returns focus to the Edit button.
  useEffect(() => {
    if (editing) form.setFocus('userName');
    else if (returnFocus.current) editButton.current?.focus();
  }, [editing, form]);

  const save = useMutation({
    mutationFn: async (values: ProfileFormOutput) => {
      if (!profile.data) throw new Error('profile not loaded');
      const id = await userIdOf(profile.data);
      // Without a connection the change is kept on the phone and sent once when it returns (lib/outbox.ts).
      const outcome = await sendOrKeep('profile', 'PUT /users/:id', { params: { id }, body: values });
      if (outcome.state === 'sent') unwrap(outcome.result);
      return outcome.state;
    },
    onSuccess: async (state) => {
      if (state === 'sent') await client.invalidateQueries({ queryKey: profileQuery.queryKey });
      returnFocus.current = true;
      setEditing(false);
      setSaved(state === 'sent');
    },
  });

  // The page keeps its title while the profile loads or fails to.
  const title = (
    <h1 id="page-title" className="text-2xl font-bold text-stone-900">
      {t('profile.title')}
    </h1>
  );
  if (profile.isPending)
    return (
      <section aria-labelledby="page-title" className="mx-auto max-w-2xl">
        {title}
        <Loading />
      </section>
    );
  if (profile.isError || !profile.data)
    return (
      <section aria-labelledby="page-title" className="mx-auto max-w-2xl">
        {title}
        <div role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          <p>{t('profile.loadError')}</p>
          <button
            type="button"
            onClick={() => void profile.refetch()}
            className="mt-3 rounded-lg border border-red-400 bg-white px-4 py-2 text-sm font-semibold text-red-900 hover:bg-red-100"
          >
            {t('profile.retry')}
          </button>
        </div>
      </section>
    );
  const data = profile.data;
  const role = parseRole(data.roleName);
  const roleText = role ? tc(`roles.${role}`) : data.roleName;
  const wilaya = WILAYAS.find((w) => w.id === Number(data.wilaya));

  const startEdit = () => {
    form.reset({
      userName: data.userName ?? '',
      phone_number: data.phoneNumber ?? '',
      wilaya: String(data.wilaya ?? ''),
    });
    setSaved(false);
    save.reset();
    setEditing(true);
  };

  const saveError = save.error
    ? save.error instanceof ApiAnswerError
      ? errorMessage(save.error.code)
      : failureMessage(save.error)
    : null;
  const phone = form.register('phone_number');

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-2xl">
      {title}
      <div className="mt-4">
        <PendingSubmissions kind="profile" />
      </div>
      {saved ? (
        <p role="status" className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
          {t('profile.saved')}
        </p>
      ) : null}
      {!editing ? (
        <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-6">
          <dl className="grid gap-4 sm:grid-cols-2">
            {(
              [
                [t('profile.userName'), data.userName, false],
                [t('profile.email'), data.email, true],
                [t('profile.phone'), data.phoneNumber, true],
                [t('profile.wilaya'), wilaya ? wilaya[lang] : undefined, false],
                [t('profile.role'), roleText, false],
              ] as const
            ).map(([label, value, ltr]) => (
              <div key={label} className="min-w-0">
                <dt className="text-sm text-stone-600">{label}</dt>
                {/* E-mail and phone read left to right even in Arabic; long addresses wrap instead of overflowing. */}
                <dd className="mt-0.5 font-medium text-stone-900 wrap-anywhere">
                  {value ? <bdi dir={ltr ? 'ltr' : undefined}>{value}</bdi> : t('profile.empty')}
                </dd>
              </div>
            ))}
          </dl>
          <button
            ref={editButton}
            type="button"
            onClick={startEdit}
            className="mt-6 rounded-lg bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-900"
          >
            {t('profile.edit')}
          </button>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit((v) => save.mutate(v), focusFirstInvalid)}
          className="mt-6 space-y-4 rounded-2xl border border-stone-200 bg-white p-6"
        >
          {saveError ? <ErrorBanner message={saveError} onClose={() => save.reset()} /> : null}
          <TextField
            label={t('profile.userName')}
            autoComplete="name"
            maxLength={LIMITS.userNameMaxLength}
            error={fieldMessage(form.formState.errors.userName?.message)}
            {...form.register('userName')}
          />
          <PhoneField
            label={t('profile.phone')}
            error={fieldMessage(form.formState.errors.phone_number?.message)}
            {...phone}
          />
          <SelectField
            label={t('profile.wilaya')}
            error={fieldMessage(form.formState.errors.wilaya?.message)}
            {...form.register('wilaya')}
          >
            {WILAYAS.map((w) => (
              <option key={w.id} value={w.id}>
                {String(w.id).padStart(2, '0')} — {w[lang]}
              </option>
            ))}
          </SelectField>
          <div>
            <p className="text-sm font-medium text-stone-800">{t('profile.role')}</p>
            <p className="mt-1 font-medium text-stone-900">{roleText || t('profile.empty')}</p>
            <p className="mt-0.5 text-xs text-stone-600">{t('profile.roleReadOnly')}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              disabled={save.isPending}
              className="rounded-lg bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
            >
              {save.isPending ? t('profile.saving') : t('profile.save')}
            </button>
            <button
              type="button"
              onClick={() => {
                returnFocus.current = true;
                save.reset();
                setEditing(false);
              }}
              className="rounded-lg border border-stone-300 px-5 py-2.5 font-semibold text-stone-800 hover:bg-stone-100"
            >
              {t('profile.cancel')}
            </button>
          </div>
        </form>
      )}
      <AlertChannelSettings />
    </section>
  );
}
