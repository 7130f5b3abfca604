import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ROLE_IDS, SignUpForm, WILAYAS, type RegisterInput } from '@filaha/shared';
import { signInWithNext } from '../../app/nextPath.ts';
import { SIGN_IN_PATH } from '../../app/session.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import type { RouteData } from '@filaha/shared/contracts';
import { request } from '../../lib/client.ts';
import { useCatalogText } from '../../lib/catalogText.ts';
import { focusFirstInvalid } from '../../lib/focusFirstInvalid.ts';
import { PasswordField, SelectField, TextField } from '../../components/ui/fields.tsx';
import { EmailField, PhoneField } from '../../components/ui/contactFields.tsx';
import { useMessages } from '../../lib/messages.ts';
import { AuthCard, linkClass, primaryButton } from './AuthCard.tsx';
import { register as registerAccount } from './authApi.ts';
import { PriceTag } from '../subscription/PriceTag.tsx';
import { SellerRoleSelect } from './SellerRoleSelect.tsx';

const ROLE_OPTIONS = [
  { id: ROLE_IDS.user, key: 'signUp.roles.farmer' },
  { id: ROLE_IDS.investor, key: 'signUp.roles.investor' },
  { id: ROLE_IDS.seller, key: 'signUp.roles.seller' },
] as const;

type Outcome = { kind: 'success' } | { kind: 'error'; message: string } | null;

type CatalogPlan = RouteData<'GET /abonnement'>[number];

/** The catalogue's plans, asked only when the visitor arrives with a plan chosen on /offre (`?plan=`). */
function usePlansWhen(wanted: boolean): CatalogPlan[] {
  const [plans, setPlans] = useState<CatalogPlan[]>([]);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    request('GET /abonnement', {}, { token: null })
      .then((r) => {
        if (live && r.ok && Array.isArray(r.data)) setPlans(r.data);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wanted]);
  return plans;
}

/**
 * /auth/SignUp: every field of the registration payload, validated by the shared SignUpForm schema. A plan chosen on
 * /offre (`?plan=<id>`) is preselected for a farmer; after sign-up, signing in opens the subscription screen with
 * that plan checked, ready to be requested.
 */
export function SignUpPage() {
  const { t, i18n } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const { fieldMessage, errorMessage, failureMessage } = useMessages();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const askedPlan = Number(searchParams.get('plan')) || null;
  const plans = usePlansWhen(askedPlan !== null);
  const text = useCatalogText();
  const [planId, setPlanId] = useState<string>(askedPlan ? String(askedPlan) : '');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const lang = i18n.language === 'fr' ? 'fr' : 'ar';
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(SignUpForm),
    defaultValues: { role_id: String(ROLE_IDS.user), wilaya: '', sellerRole_id: '', phone_number: '' },
    // The first refused field on screen gets the focus (focusFirstInvalid), not the first registered one.
    shouldFocusError: false,
  });
  const isSeller = Number(watch('role_id')) === ROLE_IDS.seller;
  const isFarmer = Number(watch('role_id')) === ROLE_IDS.user;
  const phone = register('phone_number');
  const chosenPlan = isFarmer ? plans.find((p) => String(p.id) === planId) : undefined;
  // After sign-up, sign-in returns to the subscription screen with the chosen plan checked.
  const signInPath = chosenPlan ? signInWithNext(SIGN_IN_PATH, `/user/Abonnement?plan=${chosenPlan.id}`) : SIGN_IN_PATH;

  const onSubmit = handleSubmit(async (values) => {
    const payload: RegisterInput & { profile_picture: string } = {
      email: values.email,
      userName: values.userName,
      password: values.password,
      phone_number: values.phone_number,
      profile_picture: 'profile.jpg',
      wilaya: values.wilaya,
      role_id: values.role_id as RegisterInput['role_id'],
      ...(values.role_id === ROLE_IDS.seller && values.sellerRole_id
        ? { sellerRole_id: Number(values.sellerRole_id) }
        : {}),
    };
    try {
      const result = await registerAccount(payload);
      if (result.ok) {
        setOutcome({ kind: 'success' });
        return;
      }
      if (result.error.code === 'EMAIL_TAKEN') {
        setOutcome({ kind: 'error', message: t('signUp.emailTaken') });
        return;
      }
      // Field issues from the server land on their fields, like the client's own checks.
      for (const issue of result.error.issues ?? []) {
        const field = issue.path.split(/[./]/).filter(Boolean).pop();
        if (field && field in values) setError(field as keyof typeof values, { message: issue.message });
      }
      setOutcome({ kind: 'error', message: errorMessage(result.error) });
    } catch (e) {
      setOutcome({ kind: 'error', message: failureMessage(e) });
    }
  }, focusFirstInvalid);

  return (
    <AuthCard title={t('signUp.title')} subtitle={t('signUp.subtitle')}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label={t('signUp.userName')}
          autoComplete="name"
          error={fieldMessage(errors.userName?.message)}
          {...register('userName')}
        />
        <EmailField label={t('fields.email')} error={fieldMessage(errors.email?.message)} {...register('email')} />
        <PhoneField
          label={t('signUp.phone')}
          hint={t('signUp.phoneHint')}
          autoComplete="tel-national"
          error={fieldMessage(errors.phone_number?.message)}
          {...phone}
        />
        <PasswordField
          label={t('fields.password')}
          hint={t('signUp.passwordHint')}
          autoComplete="new-password"
          error={fieldMessage(errors.password?.message)}
          {...register('password')}
        />
        <PasswordField
          label={t('signUp.confirmPassword')}
          autoComplete="new-password"
          error={fieldMessage(errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
        <SelectField label={t('signUp.wilaya')} error={fieldMessage(errors.wilaya?.message)} {...register('wilaya')}>
          <option value="">{t('signUp.wilayaPlaceholder')}</option>
          {WILAYAS.map((w) => (
            <option key={w.id} value={w.id}>
              {String(w.id).padStart(2, '0')} — {w[lang]}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('signUp.role')} error={fieldMessage(errors.role_id?.message)} {...register('role_id')}>
          {ROLE_OPTIONS.map((r) => (
            <option key={r.id} value={r.id}>
              {t(r.key)}
            </option>
          ))}
        </SelectField>
        {isFarmer && plans.length > 0 ? (
          <SelectField
            label={t('signUp.plan')}
            hint={chosenPlan ? t('signUp.planHint') : undefined}
            name="plan"
            value={planId}
            onChange={(e) => setPlanId(e.target.value)}
          >
            <option value="">{t('signUp.planNone')}</option>
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                {text(p.nameAbonnement, p.nameAbonnementAr)}
              </option>
            ))}
          </SelectField>
        ) : null}
        {chosenPlan ? (
          <p className="-mt-2 text-sm font-semibold text-brand-900" data-testid="chosen-plan-price">
            <PriceTag prices={chosenPlan.prices} />
          </p>
        ) : null}
        {isSeller ? (
          <SellerRoleSelect
            error={fieldMessage(errors.sellerRole_id?.message)}
            registration={register('sellerRole_id')}
          />
        ) : null}
        <button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className={primaryButton}>
          {isSubmitting ? t('signUp.loading') : t('signUp.submit')}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-700">
        {t('signUp.haveAccount')}{' '}
        <Link to="/auth/SignIn" className={linkClass}>
          {t('signUp.signInLink')}
        </Link>
      </p>
      {outcome?.kind === 'success' ? (
        <Dialog
          title={t('signUp.successTitle')}
          onClose={() => navigate(signInPath)}
          actions={
            <button type="button" className={`${primaryButton} w-auto`} onClick={() => navigate(signInPath)}>
              {tc('actions.ok')}
            </button>
          }
        >
          {t('signUp.successText')}
        </Dialog>
      ) : null}
      {outcome?.kind === 'error' ? (
        <Dialog
          tone="error"
          title={t('signUp.errorTitle')}
          onClose={() => setOutcome(null)}
          actions={
            <button type="button" className={`${primaryButton} w-auto`} onClick={() => setOutcome(null)}>
              {tc('actions.close')}
            </button>
          }
        >
          {outcome.message}
        </Dialog>
      ) : null}
    </AuthCard>
  );
}
