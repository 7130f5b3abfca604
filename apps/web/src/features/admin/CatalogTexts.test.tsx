import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../test/fetch.ts';
import { i18n } from '../../i18n/index.ts';
import { FunctionalitiesPage } from './FunctionalitiesPage.tsx';
import { PlansPage } from './PlansPage.tsx';
import { SellerPlansPage } from './SellerPlansPage.tsx';
import { planDetails, renderAdmin } from './testing.tsx';

/**
 * Issue 13 §5: catalogue texts are edited in French and Arabic in the back office; the lists show the reader's
 * language, the French where the Arabic is missing with an "AR missing" badge, and prices in the reader's locale.
 */
const NNBSP = '\u202f';
const features = [
  { id: 5, name: 'Statistiques de végétation', nameAr: 'إحصائيات الغطاء النباتي', psudo: 'statistiques' },
  { id: 6, name: 'Conseil maison', nameAr: '', psudo: 'maison' },
];
const plans = [
  planDetails({
    id: 2,
    nameAbonnement: 'Standard',
    nameAbonnementAr: 'القياسي',
    nameClient: 'Exploitations de 10 à 50 ha',
    nameClientAr: 'المستثمرات من 10 إلى 50 هكتارًا',
    prices: '40000 DA/an',
    description: 'Les cinq indices.',
    descriptionFr: 'Les cinq indices.',
    descriptionAr: 'المؤشرات الخمسة.',
    fonctionnalities: features.slice(0, 1),
  }),
  planDetails({ id: 3, nameAbonnement: 'Plan maison', nameClient: 'Tout le monde', prices: '1500 DA / mois' }),
];
const sellerPlans = [
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
    descriptionAr: '',
    fonctionnalities: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  },
];

function stub(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/abonnement/details': () => json(200, plans),
    'GET /api/sellerAbonnement': () => json(200, sellerPlans),
    'GET /api/fonctionnality': () => json(200, features),
    ...extra,
  });
}

/** The table row (not the small-screen card) holding `text`. */
async function row(text: string) {
  const table = await screen.findByRole('table');
  const cell = await within(table).findByText(text);
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`no row for ${text}`);
  return tr;
}

afterEach(async () => {
  await i18n.changeLanguage('ar');
});

describe('farmer plans in the back office', () => {
  it('lists the Arabic texts in Arabic, the French where the Arabic is missing with a badge, prices per locale', async () => {
    await i18n.changeLanguage('ar');
    stub();
    renderAdmin(<PlansPage />);
    const standard = await row('القياسي');
    expect(within(standard).getByText('المستثمرات من 10 إلى 50 هكتارًا')).toBeTruthy();
    expect(standard.textContent).toContain(`40${NNBSP}000 دج / سنة`);
    expect(within(standard).queryByTestId('ar-missing')).toBeNull();
    const own = await row('Plan maison');
    expect(within(own).getByText('Plan maison').getAttribute('lang')).toBe('fr');
    expect(
      within(own)
        .getAllByTestId('ar-missing')
        .map((b) => b.firstChild?.textContent),
    ).toEqual(['العربية ناقصة', 'العربية ناقصة']);
    expect(own.textContent).toContain(`1${NNBSP}500 دج / شهر`);
  });

  it('shows the French texts in French, still marking the missing Arabic', async () => {
    await i18n.changeLanguage('fr');
    stub();
    renderAdmin(<PlansPage />);
    const standard = await row('Standard');
    expect(within(standard).getByText('Exploitations de 10 à 50 ha')).toBeTruthy();
    expect(standard.textContent).toContain(`40${NNBSP}000 DA / an`);
    const own = await row('Plan maison');
    expect(within(own).getAllByTestId('ar-missing')[0]?.firstChild?.textContent).toBe('AR manquant');
  });

  it('edits a plan in both languages (PUT with the trimmed texts)', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = stub({ 'PUT /api/abonnement/3': () => json(200, plans[1]) });
    const user = userEvent.setup();
    renderAdmin(<PlansPage />);
    await row('Plan maison');
    await user.click(screen.getAllByRole('button', { name: 'Modifier — Plan maison' })[0] as HTMLElement);
    const panel = await screen.findByRole('region', { name: 'Modifier l’offre « Plan maison »'.replace('’', "'") });
    const nameFr = within(panel).getByLabelText("Nom de l'offre (français)") as HTMLInputElement;
    expect(nameFr.value).toBe('Plan maison');
    const nameAr = within(panel).getByLabelText("Nom de l'offre (arabe)") as HTMLInputElement;
    expect(nameAr.value).toBe('');
    expect(nameAr.getAttribute('dir')).toBe('rtl');
    await user.type(nameAr, '  باقة البيت ');
    await user.type(within(panel).getByLabelText('Clientèle (arabe)'), 'الجميع');
    await user.click(within(panel).getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      nameAbonnement: 'Plan maison',
      nameAbonnementAr: 'باقة البيت',
      nameClient: 'Tout le monde',
      nameClientAr: 'الجميع',
      prices: '1500 DA / mois',
      descriptionFr: '',
      descriptionAr: '',
    });
  });

  it('keeps the French name required and refuses a hidden bidi control in the Arabic one, sending nothing', async () => {
    await i18n.changeLanguage('ar');
    const { calls } = stub();
    const user = userEvent.setup();
    renderAdmin(<PlansPage />);
    await row('القياسي');
    await user.click(screen.getByRole('button', { name: 'إضافة عرض جديد' }));
    const nameAr = await screen.findByLabelText('اسم العرض (بالعربية)');
    await user.type(nameAr, '\u202Eباقة');
    await user.type(screen.getByLabelText('الأسعار'), '1000 DA');
    await user.click(screen.getByRole('button', { name: 'إضافة العرض' }));
    await waitFor(() =>
      expect(screen.getByLabelText('اسم العرض (بالفرنسية)').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(nameAr.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('seller plans in the back office', () => {
  it('shows names in the reader’s language with the price per year, and edits the Arabic description', async () => {
    await i18n.changeLanguage('ar');
    const { calls } = stub({ 'PUT /api/sellerAbonnement/8': () => json(200, sellerPlans[0]) });
    const user = userEvent.setup();
    renderAdmin(<SellerPlansPage />);
    const pro = await row('البائع المحترف');
    expect(within(pro).getByText('Coopératives')).toBeTruthy();
    expect(within(pro).getAllByTestId('ar-missing')).toHaveLength(1);
    expect(pro.textContent).toContain(`12${NNBSP}000 دج / سنة`);

    await user.click(screen.getAllByRole('button', { name: 'تعديل — البائع المحترف' })[0] as HTMLElement);
    const panel = await screen.findByRole('region', { name: 'تعديل العرض «البائع المحترف»' });
    await user.type(within(panel).getByLabelText('الوصف بالعربية (اختياري)'), 'إعلانات غير محدودة.');
    await user.click(within(panel).getByRole('button', { name: 'حفظ التعديلات' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      nameAbonnement: 'Vendeur Pro',
      nameAbonnementAr: 'البائع المحترف',
      nameClientAr: '',
      price: 12000,
      priority: 2,
      nbPost: null,
      description: 'Annonces illimitées.',
      descriptionAr: 'إعلانات غير محدودة.',
    });
  });

  it('shows the French names and price in French', async () => {
    await i18n.changeLanguage('fr');
    stub();
    renderAdmin(<SellerPlansPage />);
    const pro = await row('Vendeur Pro');
    expect(pro.textContent).toContain(`12${NNBSP}000 DA / an`);
    expect(within(pro).getByTestId('ar-missing').firstChild?.textContent).toBe('AR manquant');
  });
});

describe('functionalities in the back office', () => {
  it('marks an untranslated functionality and edits its Arabic name', async () => {
    await i18n.changeLanguage('ar');
    const { calls } = stub({ 'PUT /api/fonctionnality/6': () => json(200, { ...features[1], nameAr: 'نصيحة' }) });
    const user = userEvent.setup();
    renderAdmin(<FunctionalitiesPage />);
    const stats = await row('إحصائيات الغطاء النباتي');
    expect(within(stats).queryByTestId('ar-missing')).toBeNull();
    const own = await row('Conseil maison');
    expect(within(own).getByTestId('ar-missing')).toBeTruthy();

    await user.click(screen.getAllByRole('button', { name: 'تعديل — Conseil maison' })[0] as HTMLElement);
    const panel = await screen.findByRole('region', { name: 'تعديل الوظيفة «Conseil maison»' });
    await user.type(within(panel).getByLabelText('الاسم (بالعربية)'), 'نصيحة');
    await user.click(within(panel).getByRole('button', { name: 'حفظ التعديلات' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Conseil maison',
      nameAr: 'نصيحة',
      psudo: 'maison',
    });
  });

  it('shows the French names in French', async () => {
    await i18n.changeLanguage('fr');
    stub();
    renderAdmin(<FunctionalitiesPage />);
    expect(await row('Statistiques de végétation')).toBeTruthy();
    const own = await row('Conseil maison');
    expect(within(own).getByTestId('ar-missing').firstChild?.textContent).toBe('AR manquant');
  });
});
