import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ForgotPasswordInput } from '@filaha/shared';
import { ErrorBanner } from '../../components/ui/ErrorBanner.tsx';
import { EmailField } from '../../components/ui/contactFields.tsx';
import { useMessages } from '../../lib/messages.ts';
import { AuthCard, linkClass, primaryButton } from './AuthCard.tsx';
import { forgotPassword } from './authApi.ts';
import { CodeBoxes, emptyCode } from './CodeBoxes.tsx';

export interface ResetState {
  email: string;
  code: string;
}

/** /auth/ForgotPassword: the e-mail gets a 5-digit code (POST /api/auth/forgot-password), typed in five boxes. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { fieldMessage, errorMessage, failureMessage } = useMessages();
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  const [digits, setDigits] = useState<string[]>(emptyCode);
  const [codeError, setCodeError] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sentId = useId();
  const codeErrorId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(ForgotPasswordInput), defaultValues: { email: '' } });

  const send = async (address: string) => {
    setError(null);
    try {
      const result = await forgotPassword(address);
      if (!result.ok) {
        setError(errorMessage(result.error));
        return;
      }
      setEmail(address);
      setDigits(emptyCode());
    } catch (e) {
      setError(failureMessage(e));
    }
  };

  const onSend = handleSubmit((values) => send(values.email));

  const onConfirm = () => {
    const code = digits.join('');
    if (!/^\d{5}$/.test(code) || !email) {
      setCodeError(true);
      return;
    }
    const state: ResetState = { email, code };
    navigate('/auth/RessetPassword', { state });
  };

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      {error ? (
        <div className="mb-4">
          <ErrorBanner message={error} onClose={() => setError(null)} />
        </div>
      ) : null}
      <form noValidate onSubmit={onSend} className="space-y-4">
        <EmailField
          label={t('fields.email')}
          readOnly={email !== null}
          error={fieldMessage(errors.email?.message)}
          {...register('email')}
        />
        {email === null ? (
          <button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className={primaryButton}>
            {isSubmitting ? t('forgot.sending') : t('forgot.send')}
          </button>
        ) : null}
      </form>
      {email !== null ? (
        <div className="mt-6 space-y-5">
          <p id={sentId} role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
            {t('forgot.sent')}
          </p>
          <fieldset>
            <legend className="mb-3 block w-full text-center text-sm font-medium text-stone-800">
              {t('forgot.codeLegend')}
            </legend>
            <CodeBoxes
              digits={digits}
              onChange={(d) => {
                setDigits(d);
                setCodeError(false);
              }}
              invalid={codeError}
              describedBy={codeError ? codeErrorId : sentId}
            />
            {codeError ? (
              <p id={codeErrorId} role="alert" className="mt-2 text-center text-sm text-red-700">
                {t('forgot.codeIncomplete')}
              </p>
            ) : null}
          </fieldset>
          <button type="button" onClick={onConfirm} className={primaryButton}>
            {t('forgot.confirm')}
          </button>
          <button
            type="button"
            disabled={isSubmitting}
            onClick={() => void send(email)}
            className="w-full text-center text-sm font-medium text-brand-800 hover:underline"
          >
            {t('forgot.resend')}
          </button>
        </div>
      ) : null}
      <p className="mt-6 text-center text-sm">
        <Link to="/auth/SignIn" className={linkClass}>
          {t('backToSignIn')}
        </Link>
      </p>
    </AuthCard>
  );
}
