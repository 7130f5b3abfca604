import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { algerianMobile, SMS_LIMITS } from '@filaha/shared';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { TextField } from '../../components/ui/fields.tsx';
import { dateFormat, numberFormat } from '../../lib/intl.ts';
import { localeOf } from '../../lib/format.ts';
import { useMessages, waitText } from '../../lib/messages.ts';
import { ApiAnswerError } from '../../lib/queries.ts';
import { useErrorText, type AnswerText } from '../../lib/useErrorText.ts';
import {
  maskPhone,
  nationalPhone,
  nextCodeAt,
  requestSmsCode,
  smsKeys,
  smsQueries,
  stopSms,
  verifySmsCode,
  type SmsState,
} from './smsApi.ts';

/**
 * A phone number kept left to right inside a right-to-left sentence (Unicode isolates, as <bdi dir="ltr">), on one
 * line (no-break spaces).
 */
const ltr = (text: string) => `\u2066${text.replace(/ /g, '\u00a0')}\u2069`;

/** The current time, ticking every second until `until` (then still). */
function useNowUntil(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    // At once: the last tick may be long past when a new deadline comes.
    tick();
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      tick();
      if (Date.now() >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return now;
}

type Focus = 'state' | 'phone' | 'code' | null;

/**
 * The SMS opt-in (issue 31 §4) on the profile page: the state (none, pending, active with the masked phone, opted
 * out), the phone (an Algerian mobile) and "send the code", then the 6-digit code and "verify", resend once the API
 * allows it, change the number, and "stop SMS" after a confirmation. Says the daily cap and that STOP / توقف stops
 * them.
 */
export function SmsOptIn() {
  const { t, i18n } = useTranslation('alerts');
  const lang = i18n.language === 'fr' ? 'fr' : 'ar';
  const client = useQueryClient();
  const sms = useQuery(smsQueries.state);
  const { errorMessage, fieldMessage } = useMessages();
  // A 429 says how long to wait: the text names it.
  const own = useCallback<AnswerText>(
    (e) =>
      e.code === 'RATE_LIMITED' && e.retryAfterSeconds
        ? errorMessage({ code: 'RATE_LIMITED', message: e.message, retryAfterSeconds: e.retryAfterSeconds })
        : undefined,
    [errorMessage],
  );
  const errorText = useErrorText(own);
  const headingId = useId();

  const [changing, setChanging] = useState(false);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [resendError, setResendError] = useState<string | undefined>();
  const [blockedUntil, setBlockedUntil] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [announce, setAnnounce] = useState('');
  const [focus, setFocus] = useState<Focus>(null);
  const stateRef = useRef<HTMLParagraphElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const data = sms.data;
  const nextAt = Math.max(blockedUntil, data ? nextCodeAt(data) : 0);
  // Ticks while a resend waits and until the pending code expires (the state then says so).
  const now = useNowUntil(Math.max(nextAt, data?.codeExpiresAt ? Date.parse(data.codeExpiresAt) : 0));
  const waitSeconds = Math.max(0, Math.ceil((nextAt - now) / 1000));

  useEffect(() => {
    if (!focus) return;
    ({ state: stateRef, phone: phoneRef, code: codeRef })[focus].current?.focus();
    setFocus(null);
  }, [focus]);

  // A phone given before (opted out) fills the field again, as the farmer would type it.
  useEffect(() => {
    if (data?.phone && data.state === 'opted_out') setPhone((p) => p || nationalPhone(data.phone!));
  }, [data?.phone, data?.state]);

  const state = data?.state;
  const showPhoneForm = state === 'none' || state === 'opted_out' || changing;

  const settle = (answer: SmsState) => client.setQueryData(smsKeys.state, answer);

  const rateLimited = (error: unknown) => {
    if (error instanceof ApiAnswerError && error.code === 'RATE_LIMITED' && error.retryAfterSeconds)
      setBlockedUntil(Date.now() + error.retryAfterSeconds * 1000);
  };

  const send = useMutation({
    mutationFn: requestSmsCode,
    onSuccess: (answer) => {
      settle(answer);
      setChanging(false);
      setCode('');
      setCodeError(undefined);
      setResendError(undefined);
      setAnnounce(t('sms.codeSent'));
      setFocus('code');
    },
    onError: (error) => {
      rateLimited(error);
      const text = errorText(error);
      if (showPhoneForm) setPhoneError(text);
      else setResendError(text);
    },
  });

  const verify = useMutation({
    mutationFn: verifySmsCode,
    onSuccess: (answer) => {
      settle(answer);
      setCode('');
      setAnnounce(t('sms.verified'));
      setFocus('state');
    },
    onError: (error) => setCodeError(errorText(error)),
  });

  const stop = useMutation({
    mutationFn: stopSms,
    onSuccess: (answer) => {
      settle(answer);
      setConfirming(false);
      setAnnounce(t('sms.stopped'));
      setFocus('state');
    },
  });

  const expired = state === 'pending' && (!data?.codeExpiresAt || Date.parse(data.codeExpiresAt) <= now);
  const shownPhone = data?.phone ? ltr(maskPhone(data.phone)) : '';
  const time = (iso: string) =>
    dateFormat(localeOf(lang), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
  const day = (iso: string) => dateFormat(localeOf(lang), { dateStyle: 'long' }).format(new Date(iso));

  const stateText = !data
    ? ''
    : data.state === 'none'
      ? t('sms.state.none')
      : data.state === 'active'
        ? t('sms.state.active', { phone: shownPhone })
        : data.state === 'opted_out'
          ? t(data.optedOutBy === 'sms' ? 'sms.state.optedOutBySms' : 'sms.state.optedOut', {
              date: data.optedOutAt ? day(data.optedOutAt) : '',
            })
          : expired
            ? t('sms.state.expired', { phone: shownPhone })
            : t('sms.state.pending', { phone: shownPhone, time: time(data.codeExpiresAt!) });

  const submitPhone = () => {
    const e164 = algerianMobile(phone);
    if (!e164) {
      setPhoneError(fieldMessage('validation.smsPhone'));
      setFocus('phone');
      return;
    }
    setPhoneError(undefined);
    setAnnounce('');
    send.mutate(e164);
  };

  const submitCode = () => {
    if (!new RegExp(`^\\d{${SMS_LIMITS.codeLength}}$`).test(code)) {
      setCodeError(fieldMessage('validation.smsCode'));
      setFocus('code');
      return;
    }
    setCodeError(undefined);
    setAnnounce('');
    verify.mutate(code);
  };

  // The countdown in seconds ("45 s", "45 ث") under two minutes, else in minutes.
  const waitLabel =
    waitSeconds <= 0
      ? ''
      : waitSeconds < 120
        ? numberFormat(localeOf(lang), { style: 'unit', unit: 'second', unitDisplay: 'short' }).format(waitSeconds)
        : waitText(waitSeconds, lang);

  return (
    <section
      id="sms-optin"
      aria-labelledby={headingId}
      data-testid="sms-optin"
      className="mt-6 rounded-2xl border border-stone-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-bold text-stone-900">
        {t('sms.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t('sms.intro')}</p>
      {sms.isPending ? (
        <Loading className="py-6" />
      ) : sms.isError || !data ? (
        <p role="alert" className="mt-2 text-red-800">
          {t('sms.loadError')}
        </p>
      ) : (
        <div className="mt-3 flex flex-col gap-3">
          <p
            ref={stateRef}
            tabIndex={-1}
            data-testid="sms-state"
            data-state={data.state}
            className={`rounded-lg p-3 text-sm ${data.state === 'active' ? 'bg-brand-50 text-brand-900' : 'bg-stone-100 text-stone-800'}`}
          >
            {stateText}
          </p>

          {showPhoneForm ? (
            <form
              noValidate
              className="flex flex-col gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                submitPhone();
              }}
            >
              {changing ? <p className="text-sm text-stone-700">{t('sms.changeHint')}</p> : null}
              <TextField
                ref={phoneRef}
                label={t('sms.phone')}
                hint={t('sms.phoneHint')}
                error={phoneError}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                dir="ltr"
                maxLength={30}
                value={phone}
                onChange={(e) => {
                  setPhone(e.target.value);
                  setPhoneError(undefined);
                }}
                className="min-h-11 text-start"
              />
              <div className="flex flex-wrap gap-3">
                <Button
                  type="submit"
                  variant="primary"
                  disabled={send.isPending || waitSeconds > 0}
                  className="min-h-11"
                >
                  {send.isPending
                    ? t('sms.sending')
                    : waitSeconds > 0
                      ? t('sms.sendIn', { wait: waitLabel })
                      : t('sms.send')}
                </Button>
                {changing ? (
                  <Button
                    type="button"
                    variant="secondary"
                    className="min-h-11"
                    onClick={() => {
                      setChanging(false);
                      setPhoneError(undefined);
                      setFocus('state');
                    }}
                  >
                    {t('sms.cancelChange')}
                  </Button>
                ) : null}
              </div>
            </form>
          ) : null}

          {state === 'pending' && !changing ? (
            <form
              noValidate
              className="flex flex-col gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                submitCode();
              }}
            >
              <TextField
                ref={codeRef}
                label={t('sms.code')}
                error={codeError}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                dir="ltr"
                maxLength={SMS_LIMITS.codeLength}
                value={code}
                onChange={(e) => {
                  setCode(e.target.value.replace(/\D/g, '').slice(0, SMS_LIMITS.codeLength));
                  setCodeError(undefined);
                }}
                className="min-h-11 max-w-48 text-start tracking-widest"
              />
              <div className="flex flex-wrap gap-3">
                <Button type="submit" variant="primary" disabled={verify.isPending} className="min-h-11">
                  {verify.isPending ? t('sms.verifying') : t('sms.verify')}
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  className="min-h-11"
                  disabled={send.isPending || waitSeconds > 0}
                  onClick={() => {
                    setResendError(undefined);
                    send.mutate(data.phone!);
                  }}
                >
                  {waitSeconds > 0 ? t('sms.resendIn', { wait: waitLabel }) : t('sms.resend')}
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  className="min-h-11"
                  onClick={() => {
                    setChanging(true);
                    setPhone(data.phone ? nationalPhone(data.phone) : '');
                    setFocus('phone');
                  }}
                >
                  {t('sms.changePhone')}
                </Button>
              </div>
              {resendError ? (
                <p role="alert" className="text-sm text-red-800">
                  {resendError}
                </p>
              ) : null}
            </form>
          ) : null}

          {state === 'active' && !changing ? (
            <div className="flex flex-wrap gap-3">
              <Button
                type="button"
                variant="secondary"
                className="min-h-11"
                onClick={() => {
                  setChanging(true);
                  setPhone('');
                  setFocus('phone');
                }}
              >
                {t('sms.changePhone')}
              </Button>
              <Button
                type="button"
                variant="secondary"
                className="min-h-11 border-red-300 text-red-800 hover:bg-red-50"
                onClick={() => {
                  stop.reset();
                  setConfirming(true);
                }}
              >
                {t('sms.stop')}
              </Button>
            </div>
          ) : null}

          <p role="status" className="text-sm font-medium text-brand-800">
            {announce}
          </p>
          <p data-testid="sms-cap" className="text-sm text-stone-700">
            {t('sms.cap', { cap: data.dailyCap, sent: data.sentToday })}
          </p>
        </div>
      )}
      {confirming ? (
        <Dialog
          tone="error"
          title={t('sms.stopTitle')}
          onClose={() => setConfirming(false)}
          actions={
            <>
              <Button type="button" variant="secondary" className="min-h-11" onClick={() => setConfirming(false)}>
                {t('sms.keep')}
              </Button>
              <Button
                type="button"
                variant="danger"
                className="min-h-11"
                disabled={stop.isPending}
                onClick={() => stop.mutate()}
              >
                {stop.isPending ? t('sms.stopping') : t('sms.stopConfirm')}
              </Button>
            </>
          }
        >
          <p>{t('sms.stopMessage')}</p>
          {stop.error ? (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {errorText(stop.error)}
            </p>
          ) : null}
        </Dialog>
      ) : null}
    </section>
  );
}
