import { Suspense, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Publication } from './api.ts';

/** Renders one component with a router, a fresh query client and the Suspense that lazy locales need. */
export function renderPart(ui: ReactNode, path = '/seller/marketplace') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <Suspense fallback={<p>suspended</p>}>{ui}</Suspense>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

export function publication(overrides: Partial<Publication> = {}): Publication {
  return {
    id: 7,
    nomProduit: 'Huile d’olive de Kabylie',
    prixUnitaire: 1500,
    addresse: 'Route de Tizi Ouzou, Azazga',
    phoneNumber: '0550123456',
    quantité: 200,
    unit: 'litre',
    etat: 'DISPO',
    images: [1, 2, 3].map((id) => ({
      id,
      imagePath: `/api/publications/images/p${id}.webp`,
      thumbPath: `/api/publications/images/p${id}.thumb.webp`,
    })),
    seller: {
      id: 5,
      userName: 'Rachid',
      sellerRole: { id: 1, roleName: 'Agriculteur', roleNameAr: 'فلاح' },
      wilaya: 15,
    },
    userId: 5,
    sellerAbonnementUserId: 3,
    createdAt: '2025-11-02T10:00:00.000Z',
    updatedAt: '2025-11-02T10:00:00.000Z',
    ...overrides,
  };
}
