import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import type { FlashState } from '../marketplace/MyProductPage.tsx';
import { currentQuery } from './api.ts';
import { MyPublications } from './MyPublications.tsx';
import { canSell } from './SellerOffersPage.tsx';
import { SubmissionForm } from './SubmissionForm.tsx';
import { SubscribePrompt } from './SubscribePrompt.tsx';

/**
 * /seller/product-submission and /user/product-submission (SPEC §2): the form for a caller with an active
 * seller subscription, else the prompt to take a seller plan; the caller's own publications below.
 */
export function ProductSubmissionPage() {
  const { t } = useTranslation('seller');
  const { session } = useSession();
  const role = session.status === 'authenticated' ? session.role : null;
  const flash = (useLocation().state as FlashState | null)?.flash;
  const allowed = canSell(role);
  const current = useQuery({ ...currentQuery, enabled: allowed });

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-5xl space-y-6">
      <header>
        <h1 id="page-title" className="text-2xl font-bold text-stone-900">
          {t('submit.title')}
        </h1>
        <p className="mt-1 text-stone-700">{t('submit.intro')}</p>
      </header>
      {flash ? (
        <p role="status" className="rounded-lg bg-brand-50 p-3 font-medium text-brand-900">
          {flash}
        </p>
      ) : null}
      {!allowed ? (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          {t('plans.notAllowed')}
        </p>
      ) : current.isPending ? (
        <Loading />
      ) : current.isError ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {t('current.loadError')}
        </p>
      ) : current.data.hasActiveSubscription && current.data.data ? (
        <SubmissionForm subscription={current.data.data} />
      ) : (
        <SubscribePrompt farmer={role === 'User'} last={current.data.data} />
      )}
      {allowed ? <MyPublications /> : null}
    </section>
  );
}
