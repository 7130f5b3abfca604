import { Suspense, type ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ToastProvider } from '../../components/ui/Toasts.tsx';

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
