import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ResetPasswordForm } from '@filaha/shared';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { ErrorBanner } from '../../components/ui/ErrorBanner.tsx';
import { PasswordField } from '../../components/ui/fields.tsx';
import { useMessages } from '../../lib/messages.ts';
import { AuthCard, linkClass, primaryButton } from './AuthCard.tsx';
import { resetPassword } from './authApi.ts';
import type { ResetState } from './ForgotPasswordPage.tsx';

const CODE_DEAD = new Set(['RESET_CODE_EXPIRED', 'RESET_CODE_LOCKED']);

function readState(state: unknown): ResetState | null {
  if (!state || typeof state !== 'object') return null;
  const { email, code } = state as Partial<ResetState>;
  return typeof email === 'string' && typeof code === 'string' ? { email, code } : null;
}

/** /auth/RessetPassword: new password for the e-mail and code carried in router state from the previous step. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const { fieldMessage, errorMessage, failureMessage } = useMessages();
  const navigate = useNavigate();
  const carried = readState(useLocation().state);
  const [error, setError] = useState<{ message: string; newCode: boolean } | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({
    resolver: zodResolver(ResetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (!carried) {
    return (
      <AuthCard title={t('reset.title')}>
        <p className="text-stone-700">{t('reset.missingCode')}</p>
        <Link to="/auth/ForgotPassword" className={`${primaryButton} mt-6`}>
          {t('reset.toForgot')}
        </Link>
      </AuthCard>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const result = await resetPassword({ email: carried.email, code: carried.code, password: values.password });
      if (result.ok) {
        setDone(true);
        return;
      }
      const code = result.error.code;
      // An invalid code can be retyped; an expired or locked one needs a new code.
      setError({ message: errorMessage(result.error), newCode: CODE_DEAD.has(code) || code === 'RESET_CODE_INVALID' });
    } catch (e) {
      setError({ message: failureMessage(e), newCode: false });
    }
  });

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle', { email: carried.email })}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {error ? (
          <div className="space-y-2">
            <ErrorBanner message={error.message} onClose={() => setError(null)} />
            {error.newCode ? (
              <Link to="/auth/ForgotPassword" className={`${linkClass} text-sm`}>
                {t('reset.newCode')}
              </Link>
            ) : null}
          </div>
        ) : null}
        <PasswordField
          label={t('reset.password')}
          hint={t('signUp.passwordHint')}
          autoComplete="new-password"
          error={fieldMessage(errors.password?.message)}
          {...register('password')}
        />
        <PasswordField
          label={t('reset.confirm')}
          autoComplete="new-password"
          error={fieldMessage(errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
        <button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className={primaryButton}>
          {isSubmitting ? t('reset.loading') : t('reset.submit')}
        </button>
      </form>
      {done ? (
        <Dialog
          title={t('reset.successTitle')}
          onClose={() => navigate('/auth/SignIn', { replace: true })}
          actions={
            <button
              type="button"
              className={`${primaryButton} w-auto`}
              onClick={() => navigate('/auth/SignIn', { replace: true })}
            >
              {tc('actions.ok')}
            </button>
          }
        >
          {t('reset.successText')}
        </Dialog>
      ) : null}
    </AuthCard>
  );
}
