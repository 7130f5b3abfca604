import { Suspense, type ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ToastProvider } from '../../components/ui/Toasts.tsx';
import type { PlanDetails } from './types.ts';

/** Renders a back-office component as the area layout would: a fresh query client, toasts, lazy locales. */
export function renderAdmin(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Suspense fallback={null}>
        <ToastProvider>{ui}</ToastProvider>
      </Suspense>
    </QueryClientProvider>,
  );
}

/**
 * A plan of GET /api/abonnement/details (its contract's shape) with the given fields; the others are empty (no
 * Arabic, no description, granting no functionality or index).
 */
export function planDetails(plan: Pick<PlanDetails, 'id' | 'nameAbonnement'> & Partial<PlanDetails>): PlanDetails {
  return {
    nameAbonnementAr: '',
    nameClient: '',
    nameClientAr: '',
    prices: '',
    description: '',
    descriptionFr: '',
    descriptionAr: '',
    fonctionnalities: [],
    indices: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...plan,
  };
}
