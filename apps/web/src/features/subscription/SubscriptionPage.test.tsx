import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppShell } from '../../app/App.tsx';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import type { FarmerSubscription, Plan, Usage } from './api.ts';

const path = () => screen.getByTestId('path').textContent;

const PLANS: Plan[] = [
  {
    id: 1,
    nameAbonnement: 'Basic',
    nameAbonnementAr: '',
    nameClient: 'Exploitations de 1 à 10 ha',
    nameClientAr: '',
    prices: '15000 DA/an',
    description: 'Pour les petites exploitations',
    descriptionFr: 'Pour les petites exploitations',
    descriptionAr: '',
    fonctionnalities: [{ id: 1, name: 'Imagerie satellitaire', nameAr: '', psudo: 'imagerie' }],
    indices: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  },
  {
    id: 2,
    nameAbonnement: 'Standard',
    nameAbonnementAr: '',
    nameClient: 'Exploitations de 10 à 50 ha',
    nameClientAr: '',
    prices: '40000, 45000',
    description: 'Les cinq indices',
    descriptionFr: 'Les cinq indices',
    descriptionAr: '',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    fonctionnalities: [],
    indices: [
      {
        id: 7,
        name: 'Indice NDVI',
        code: 'NDVI',
        description: JSON.stringify({ ar: 'مؤشر الغطاء النباتي', fr: 'Vigueur de la végétation' }),
        recommendation: [
          {
            range: { ar: '0,2 إلى 0,4', fr: '0,2 à 0,4' },
            ar: 'غطاء متفرق. افحص المناطق الضعيفة.',
            fr: 'Végétation clairsemée. Inspectez les zones faibles. Vérifiez 0.3 aussi!',
          },
        ],
        nombre_de_requete: 12,
      },
    ],
  },
];

function subscription(over: Partial<FarmerSubscription> = {}): FarmerSubscription {
  return {
    id: 30,
    abn_id: 2,
    user_id: 5,
    date_abonnement: '2025-08-14T10:00:00.000Z',
    durée: 12,
    etat: 'actif',
    date_activation: '2025-08-15T10:00:00.000Z',
    abonnement: {
      id: 2,
      nameAbonnement: 'Standard',
      nameAbonnementAr: '',
      nameClient: 'Exploitations de 10 à 50 ha',
      nameClientAr: '',
      prices: '40000',
    },
    ...over,
  };
}

function farmer(status: FarmerSubscription[], usage: Usage[] = [], extra: Parameters<typeof stubApi>[0] = {}) {
  localStorage.setItem('Token', 'jwt.farmer');
  return stubApi({
    'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
    'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, userName: 'Karim', roleName: 'User' })),
    'GET /api/users/get': () => json(200, { user_id: 5, role_id: 2 }),
    'GET /api/abonnement/details': () => json(200, PLANS),
    'GET /api/abonnementUser/user/5/status': () => json(200, status),
    'GET /api/abonnementUserIndice/restReq/30/indices-restants': () => json(200, usage),
    'GET /api/settings/public': () =>
      json(200, {
        contact: { phone: '+213 21 45 67 89', email: null, address: null },
        servicePrices: { soil: null, other: null },
        demoImagery: false,
      }),
    ...extra,
  });
}

afterEach(() => queryClient.clear());

// The first test loads the lazy area chunks; on a busy 2-core machine that alone can take seconds.
describe('offers (no subscription)', { timeout: 20_000 }, () => {
  it('selects one offer at a time, switches, and clears on a second click', async () => {
    await i18n.changeLanguage('fr');
    farmer([]);
    const user = userEvent.setup();
    renderApp('/user/Abonnement');
    const basic = (await screen.findByRole('checkbox', { name: "Choisir l'offre Basic" })) as HTMLInputElement;
    const standard = screen.getByRole('checkbox', { name: "Choisir l'offre Standard" }) as HTMLInputElement;
    expect(screen.getByText('15 000 DA / an')).toBeTruthy();
    expect(screen.getByText('40 000 DA')).toBeTruthy();

    await user.click(basic);
    expect([basic.checked, standard.checked]).toEqual([true, false]);
    await user.click(standard);
    expect([basic.checked, standard.checked]).toEqual([false, true]);
    await user.click(standard);
    expect([basic.checked, standard.checked]).toEqual([false, false]);
  });

  it('refuses to submit without a choice, then requests the plan and says what happens next, staying here', async () => {
    await i18n.changeLanguage('fr');
    const requested = subscription({
      etat: 'désactivé',
      date_activation: null,
      date_abonnement: '2025-09-02T08:00:00Z',
    });
    let sent = false;
    const { calls } = farmer([], [], {
      'GET /api/abonnementUser/user/5/status': () => json(200, sent ? [requested] : []),
      'POST /api/abonnementUser': () => {
        sent = true;
        return json(201, { message: 'ok', abonnementUser: requested });
      },
    });
    const user = userEvent.setup();
    renderApp('/user/Abonnement');
    await user.click(await screen.findByRole('button', { name: 'Valider mon choix' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Veuillez sélectionner une offre avant de continuer');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: "Choisir l'offre Standard" }));
    expect(screen.queryByText('Veuillez sélectionner une offre avant de continuer')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Valider mon choix' }));
    const notice = await screen.findByTestId('plan-request');
    const heading = within(notice).getByRole('heading', { name: 'Demande envoyée : offre Standard' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(within(notice).getByText('40 000 DA')).toBeTruthy();
    expect(within(notice).getByText('2 septembre 2025')).toBeTruthy();
    expect(within(notice).getByText(/Un administrateur de Filaha vérifie votre demande/)).toBeTruthy();
    expect(within(notice).getByText(/vos 12 mois commencent ce jour-là/)).toBeTruthy();
    expect(path()).toBe('/user/Abonnement');
    expect(screen.getByTestId('subscription-card')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ abn_id: 2, user_id: 5 });
  });

  it('shows a pending request on a later visit, in Arabic', async () => {
    farmer([subscription({ etat: 'désactivé', date_activation: null })]);
    renderApp('/user/Abonnement');
    const notice = await screen.findByTestId('plan-request');
    const heading = within(notice).getByRole('heading', { name: 'طلب اشتراكك: عرض Standard' });
    expect(within(notice).getByText(/يتحقق أحد مسؤولي فلاحة من طلبك/)).toBeTruthy();
    expect(within(notice).getByText(/تبدأ مدة 12 شهرًا من ذلك اليوم/)).toBeTruthy();
    expect(document.activeElement).not.toBe(heading);
  });

  it('pre-checks the offer chosen on /offre (?plan=), in both languages', async () => {
    for (const lang of ['ar', 'fr'] as const) {
      await i18n.changeLanguage(lang);
      farmer([]);
      const { unmount } = render(
        <MemoryRouter initialEntries={['/user/Abonnement?plan=2']}>
          <AppShell />
        </MemoryRouter>,
      );
      const name = lang === 'fr' ? "Choisir l'offre Standard" : 'اختيار عرض Standard';
      expect(((await screen.findByRole('checkbox', { name })) as HTMLInputElement).checked).toBe(true);
      expect(
        screen.getByText(
          lang === 'fr'
            ? "Vous avez choisi l'offre Standard : vérifiez-la puis validez votre choix pour envoyer la demande."
            : 'لقد اخترت عرض Standard: راجعه ثم أكّد اختيارك لإرسال الطلب.',
        ),
      ).toBeTruthy();
      unmount();
      queryClient.clear();
    }
  });

  it('shows the Arabic message and explains a 409 (a subscription already open)', async () => {
    farmer([], [], {
      'POST /api/abonnementUser': () => json(409, { code: 'CONFLICT', message: 'open' }),
    });
    const user = userEvent.setup();
    renderApp('/user/Abonnement');
    await user.click(await screen.findByRole('button', { name: 'تأكيد اختياري' }));
    expect((await screen.findByRole('alert')).textContent).toBe('يرجى اختيار عرض قبل المتابعة');
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'اختيار عرض Basic' }));
    await user.click(screen.getByRole('checkbox', { name: 'اختيار عرض Basic' }));
    await user.click(screen.getByRole('button', { name: 'تأكيد اختياري' }));
    expect((await screen.findByRole('alert')).textContent).toContain('لديك بالفعل اشتراك مفعّل أو في انتظار التفعيل.');
    expect(path()).toBe('/user/Abonnement');
  });
});

describe('Mes Abonnements', { timeout: 20_000 }, () => {
  it('shows the details: state in green, usage capped at 100 %, recommendations in sentences', async () => {
    await i18n.changeLanguage('fr');
    farmer(
      [subscription()],
      [
        { indice_id: 7, indiceName: 'Indice NDVI', code: 'NDVI', nbreq_total: 12, nbreq_used: 3, nbreq_restante: 9 },
        { indice_id: 8, indiceName: 'Indice NDMI', code: 'NDMI', nbreq_total: 12, nbreq_used: 15, nbreq_restante: -3 },
      ],
    );
    const user = userEvent.setup();
    renderApp('/user/Abonnement');
    expect(await screen.findByRole('heading', { name: 'Mes Abonnements' })).toBeTruthy();
    const card = screen.getByTestId('subscription-card');
    expect(within(card).getByText('Actif').closest('span')?.className).toContain('bg-brand-100');
    await user.click(within(card).getByRole('button', { name: 'Voir les détails' }));

    const bars = await within(card).findAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['25', '100']);
    expect((bars[1]?.firstElementChild as HTMLElement).style.width).toBe('100%');
    expect(within(card).getByText('12 mois')).toBeTruthy();
    expect(within(card).getByText('Vigueur de la végétation')).toBeTruthy();
    const sentences = within(card).getByTestId('recommendation-sentences');
    expect(
      within(sentences)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Végétation clairsemée.', 'Inspectez les zones faibles.', 'Vérifiez 0.3 aussi!']);
    expect(within(card).getByText('Aucune fonctionnalité disponible.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choisir une nouvelle offre' })).toBeNull();
  });

  it('shows on the card, unopened, the end date and the requests left (issue 27), in both languages', async () => {
    for (const [lang, ends, left] of [
      ['fr', '15 août 2026', '11 sur 24'],
      ['ar', '15 أوت 2026', '11 من 24'],
    ] as const) {
      await i18n.changeLanguage(lang);
      farmer(
        [subscription()],
        [
          { indice_id: 7, indiceName: 'Indice NDVI', code: 'NDVI', nbreq_total: 12, nbreq_used: 1, nbreq_restante: 11 },
          {
            indice_id: 8,
            indiceName: 'Indice NDMI',
            code: 'NDMI',
            nbreq_total: 12,
            nbreq_used: 15,
            nbreq_restante: -3,
          },
        ],
      );
      const view = renderApp('/user/Abonnement');
      const card = await screen.findByTestId('subscription-card');
      const value = (key: 'ends' | 'requestsLeft') =>
        within(card).getByText(i18n.t(`subscription:card.${key}`)).nextElementSibling;
      // Activated 15 Aug 2025 for 12 months; 11 + 0 (a quota overrun counts as none) of 12 + 12 left.
      expect(value('ends')?.textContent).toBe(ends);
      await waitFor(() => expect(value('requestsLeft')?.textContent).toBe(left));
      view.unmount();
      queryClient.clear();
    }
  });

  it('says on the card of a request awaiting activation when it ends and when requests start', async () => {
    await i18n.changeLanguage('fr');
    farmer([subscription({ etat: 'désactivé', date_activation: null })]);
    renderApp('/user/Abonnement');
    const card = await screen.findByTestId('subscription-card');
    // formatMonths puts a no-break space between the number and "mois".
    expect(within(card).getByText('Se termine le').nextElementSibling?.textContent?.replace(/\s/g, ' ')).toBe(
      "12 mois à compter de l'activation",
    );
    expect(within(card).getByText('Demandes restantes').nextElementSibling?.textContent).toBe("Après l'activation");
  });

  it('shows a pending subscription in red with the support phone and no usage yet', async () => {
    await i18n.changeLanguage('fr');
    farmer([subscription({ etat: 'désactivé', date_activation: null, abn_id: 99 })]);
    const user = userEvent.setup();
    renderApp('/user/Abonnement');
    const card = await screen.findByTestId('subscription-card');
    expect(within(card).getByText("En attente d'activation").closest('span')?.className).toContain('bg-red-100');
    await user.click(within(card).getByRole('button', { name: 'Voir les détails' }));
    expect(await within(card).findByText("Informations d'utilisation non disponibles")).toBeTruthy();
    expect((await within(card).findByRole('link', { name: /\+213/ })).getAttribute('href')).toBe('tel:+21321456789');
    expect(within(card).getByText('Aucune fonctionnalité disponible.')).toBeTruthy();
    expect(within(card).getByText('Aucun indice disponible.')).toBeTruthy();
  });

  it('offers a new plan once the previous one was deactivated', async () => {
    await i18n.changeLanguage('fr');
    farmer([subscription({ etat: 'désactivé' })]);
    const user = userEvent.setup();
    renderApp('/user/Abonnement');
    const renew = await screen.findByRole('button', { name: 'Choisir une nouvelle offre' });
    expect(screen.getByText('Désactivé')).toBeTruthy();
    await user.click(renew);
    expect(await screen.findByRole('checkbox', { name: "Choisir l'offre Basic" })).toBeTruthy();
  });
});
