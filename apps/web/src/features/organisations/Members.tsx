import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { controlClass } from '../../components/ui/fields.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { ApiAnswerError } from '../../lib/queries.ts';
import { useErrorText } from '../../lib/useErrorText.ts';
import {
  addMember,
  organisationKeys,
  organisationQueries,
  ORGANISATION_ROLES,
  removeMember,
  type OrganisationDetail,
  type OrganisationRole,
} from './organisationsApi.ts';

type Member = OrganisationDetail['memberList'][number];

/**
 * An organisation's members: who they are and their role; its admins (and platform admins, `canManage`) add an
 * account by e-mail and remove a member after a confirmation.
 */
export function Members({ organisationId, canManage }: { organisationId: number; canManage: boolean }) {
  const { t } = useTranslation('organisations');
  const client = useQueryClient();
  const detail = useQuery(organisationQueries.one(organisationId));
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrganisationRole>('viewer');
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState<Member | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: organisationKeys.all });
  const add = useMutation({
    mutationFn: () => addMember(organisationId, { email: email.trim(), role }),
    onMutate: () => setProblem(null),
    onSuccess: () => {
      setEmail('');
      void refresh();
    },
    onError: (error) =>
      setProblem(
        error instanceof ApiAnswerError && error.issues[0]?.code === 'unknown_reference'
          ? t('members.unknownEmail')
          : errorText(error, { duplicate: t('members.already') }),
      ),
  });
  const remove = useMutation({
    mutationFn: (m: Member) => removeMember(organisationId, m.userId),
    onMutate: () => setProblem(null),
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
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) return setProblem(t('members.emailRequired'));
    add.mutate();
  };
  const formId = `members-${organisationId}`;

  return (
    <div data-testid="members">
      {detail.isPending ? (
        <Loading className="py-4" />
      ) : detail.isError ? (
        <p role="alert" className="text-red-900">
          {t('loadError')}
        </p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {detail.data.memberList.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center gap-2 py-2" data-testid="member">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-stone-900">{m.userName}</p>
                <p className="text-sm break-all text-stone-700" dir="ltr">
                  {m.email}
                </p>
              </div>
              <span className="rounded-full bg-stone-100 px-2 py-0.5 text-sm text-stone-800">
                {t(`role.${m.role}`)}
              </span>
              {canManage ? (
                <button
                  type="button"
                  onClick={() => setAsked(m)}
                  className="min-h-11 rounded-lg border border-red-700 px-3 text-sm font-semibold text-red-800"
                >
                  {t('members.remove')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {problem ? (
        <p role="alert" className="mt-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      ) : null}
      {canManage ? (
        <form
          onSubmit={submit}
          noValidate
          className="mt-3 flex flex-wrap items-end gap-2"
          aria-label={t('members.add')}
        >
          <label className="min-w-0 flex-[2_1_14rem] text-sm font-semibold text-stone-800">
            {t('members.email')}
            <input
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              dir="ltr"
              autoComplete="off"
              className={`${controlClass} mt-1`}
              id={`${formId}-email`}
            />
          </label>
          <label className="min-w-0 flex-[1_1_9rem] text-sm font-semibold text-stone-800">
            {t('members.role')}
            <select
              value={role}
              onChange={(e) => setRole(e.target.value as OrganisationRole)}
              className={`${controlClass} mt-1`}
            >
              {ORGANISATION_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`role.${r}`)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            disabled={add.isPending}
            className="min-h-11 rounded-lg bg-brand-800 px-4 font-semibold text-white disabled:opacity-50"
          >
            {t('members.add')}
          </button>
        </form>
      ) : null}
      {asked ? (
        <ConfirmDialog
          title={t('members.confirmTitle')}
          message={t('members.confirmMessage', { name: asked.userName })}
          confirmLabel={t('members.remove')}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(asked)}
          onCancel={() => setAsked(null)}
        />
      ) : null}
    </div>
  );
}
