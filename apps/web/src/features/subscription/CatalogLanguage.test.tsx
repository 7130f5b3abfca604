import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { PlanPicker } from '../seller/PlanPicker.tsx';
import type { SellerPlan } from '../seller/api.ts';
import type { Plan } from './api.ts';
import { OfferPicker } from './OfferPicker.tsx';

/**
 * Issue 13 §5: what a farmer or a seller reads of the catalogue is in their language (the French where the
 * Arabic is missing) and the prices are in their locale ("40 000 دج / سنة", "40 000 DA / an").
 */
const NNBSP = '\u202f';
const plans: Plan[] = [
  {
    id: 2,
    nameAbonnement: 'Standard',
    nameAbonnementAr: 'القياسي',
    nameClient: 'Exploitations de 10 à 50 ha',
    nameClientAr: 'المستثمرات من 10 إلى 50 هكتارًا',
    prices: '40000 DA/an',
    description: 'Les cinq indices.',
    descriptionFr: 'Les cinq indices.',
    descriptionAr: 'المؤشرات الخمسة.',
    fonctionnalities: [
      { id: 5, name: 'Statistiques de végétation', nameAr: 'إحصائيات الغطاء النباتي', psudo: 's' },
      { id: 6, name: 'Conseil maison', nameAr: '', psudo: 'm' },
    ],
    indices: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  },
];
const sellerPlans: SellerPlan[] = [
  {
    id: 8,
    nameAbonnement: 'Vendeur Pro',
    nameAbonnementAr: 'البائع المحترف',
    nameClient: 'Coopératives',
    nameClientAr: '',
    price: 12000,
    isLimited: false,
    nbPost: null,
    priority: 2,
    description: 'Annonces illimitées.',
    descriptionAr: 'إعلانات غير محدودة.',
    fonctionnalities: [{ id: 7, name: 'Publication de produits', nameAr: 'نشر المنتجات', psudo: 'p' }],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  },
];

function renderWithClient(ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Suspense fallback={null}>{ui}</Suspense>
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  await i18n.changeLanguage('ar');
});

describe('farmer offers in the reader’s language', () => {
  it('shows the Arabic texts, the French where there is no Arabic, and the price as "40 000 دج / سنة"', async () => {
    await i18n.changeLanguage('ar');
    renderWithClient(<OfferPicker plans={plans} userId={1} />);
    expect(await screen.findByRole('heading', { name: 'القياسي' })).toBeTruthy();
    expect(screen.getByText('المستثمرات من 10 إلى 50 هكتارًا')).toBeTruthy();
    expect(screen.getByText('المؤشرات الخمسة.')).toBeTruthy();
    expect(screen.getByText('إحصائيات الغطاء النباتي')).toBeTruthy();
    expect(screen.getByText('Conseil maison')).toBeTruthy();
    expect(document.body.textContent).toContain(`40${NNBSP}000 دج / سنة`);
    expect(screen.queryByText('Standard')).toBeNull();
  });

  it('shows the French texts and "40 000 DA / an" in French', async () => {
    await i18n.changeLanguage('fr');
    renderWithClient(<OfferPicker plans={plans} userId={1} />);
    expect(await screen.findByRole('heading', { name: 'Standard' })).toBeTruthy();
    expect(screen.getByText('Exploitations de 10 à 50 ha')).toBeTruthy();
    expect(screen.getByText('Statistiques de végétation')).toBeTruthy();
    expect(document.body.textContent).toContain(`40${NNBSP}000 DA / an`);
    expect(screen.queryByText('القياسي')).toBeNull();
  });
});

describe('seller plans in the reader’s language', () => {
  it('shows the Arabic plan with its price per year in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderWithClient(<PlanPicker plans={sellerPlans} selected={null} onSelect={() => undefined} />);
    expect(await screen.findByText('البائع المحترف')).toBeTruthy();
    expect(screen.getByText('Coopératives')).toBeTruthy();
    expect(screen.getByText('إعلانات غير محدودة.')).toBeTruthy();
    expect(screen.getByText('نشر المنتجات')).toBeTruthy();
    expect(screen.getByTestId('plan-price').textContent).toBe(`12${NNBSP}000 دج / سنة`);
  });

  it('shows the French plan with its price per year in French', async () => {
    await i18n.changeLanguage('fr');
    renderWithClient(<PlanPicker plans={sellerPlans} selected={null} onSelect={() => undefined} />);
    expect(await screen.findByText('Vendeur Pro')).toBeTruthy();
    expect(screen.getByText('Annonces illimitées.')).toBeTruthy();
    expect(screen.getByText('Publication de produits')).toBeTruthy();
    expect(screen.getByTestId('plan-price').textContent).toBe(`12${NNBSP}000 DA / an`);
  });
});
