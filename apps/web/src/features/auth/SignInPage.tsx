import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { LoginInput } from '@filaha/shared';
import { afterSignIn, NEXT_PARAM, safeRelativePath } from '../../app/nextPath.ts';
import { prepareScreen } from '../../app/screenPrep.ts';
import { useSession } from '../../app/session.tsx';
import { ErrorBanner } from '../../components/ui/ErrorBanner.tsx';
import { PasswordField } from '../../components/ui/fields.tsx';
import { EmailField } from '../../components/ui/contactFields.tsx';
import { lazyResolver } from '../../lib/lazyResolver.ts';
import { useMessages } from '../../lib/messages.ts';
import { setSellerRole } from '../../lib/storage.ts';
import { AuthCard, linkClass, primaryButton } from './AuthCard.tsx';
import { fetchSellerRoleName, login, roleOfLogin } from './authApi.ts';

/** The form's rules load after the page is usable (a weak connection: issue 13 §4). */
const rules = lazyResolver<LoginInput>(() => import('./loginRules.ts').then((m) => m.loginResolver));

/**
 * /auth/SignIn (SPEC §4): Loading… while submitting, token stored, seller role fetched; then the deep link the
 * visitor was sent here from (`?next=`, a safe relative path their role may open) or their home by role.
 */
export function SignInPage() {
  const { t } = useTranslation('auth');
  const { fieldMessage, errorMessage, failureMessage } = useMessages();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: rules.resolver, defaultValues: { email: '', password: '' } });
  useEffect(() => rules.prefetch(), []);
  // Signing in to a screen named by the link (`?next=`): its code sets off with the sign-in, not after it.
  const nextLink = safeRelativePath(searchParams.get(NEXT_PARAM));
  const preloadNext = () => {
    if (nextLink) void prepareScreen(nextLink, null);
  };

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const result = await login(values);
      if (!result.ok) {
        setError(errorMessage(result.error));
        return;
      }
      const role = roleOfLogin(result.data);
      const token = result.data.token;
      if (!role || !token) {
        setError(t('signIn.unknownRole'));
        return;
      }
      if (role === 'Seller' && result.data.user?.userId !== undefined) {
        const sellerRole = await fetchSellerRoleName(result.data.user.userId, token);
        if (sellerRole) setSellerRole(sellerRole);
      }
      signIn(token, role);
      const next = afterSignIn(role, searchParams.get(NEXT_PARAM));
      // The next screen's code and first reads all set off now, together (app/screenPrep.ts).
      void prepareScreen(next, { status: 'authenticated', role });
      navigate(next, { replace: true });
    } catch (e) {
      setError(failureMessage(e));
    }
  });

  return (
    <AuthCard title={t('signIn.title')} subtitle={t('signIn.subtitle')}>
      <form
        noValidate
        onSubmit={(event) => {
          preloadNext();
          void onSubmit(event);
        }}
        className="space-y-4"
      >
        {error ? <ErrorBanner message={error} onClose={() => setError(null)} /> : null}
        <EmailField label={t('fields.email')} error={fieldMessage(errors.email?.message)} {...register('email')} />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          error={fieldMessage(errors.password?.message)}
          {...register('password')}
        />
        <div className="text-end text-sm">
          <Link to="/auth/ForgotPassword" className={linkClass}>
            {t('signIn.forgot')}
          </Link>
        </div>
        <button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className={primaryButton}>
          {isSubmitting ? t('signIn.loading') : t('signIn.submit')}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-700">
        {t('signIn.noAccount')}{' '}
        <Link to="/auth/SignUp" className={linkClass}>
          {t('signIn.signUpLink')}
        </Link>
      </p>
    </AuthCard>
  );
}
