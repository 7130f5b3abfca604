import type { RoleName } from '@filaha/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertList } from './alertsApi.ts';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { ALERTS, INDICES, alertItem } from './testData.ts';

/** French numbers carry (narrow) no-break spaces: compared as plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** The demo farmer; `alerts` is the server's state, changed by the read routes like the API does. */
function farmer(alerts: AlertList | (() => Response), role: RoleName = 'User') {
  localStorage.setItem('Token', 'jwt.farmer');
  const state = typeof alerts === 'function' ? null : structuredClone(alerts);
  const unread = () => state!.alerts.filter((a) => !a.read).length;
  return stubApi({
    'GET /api/roles/my-role': () => json(200, myRoleAnswer(role)),
    'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, userName: 'Karim', roleName: role })),
    'GET /api/indice': () => json(200, INDICES),
    'GET /api/alerts': typeof alerts === 'function' ? alerts : () => json(200, { ...state!, unread: unread() }),
    'POST /api/alerts/3/read': () => {
      state!.alerts.find((a) => a.id === 3)!.read = true;
      return json(200, { id: 3, read: true, unread: unread() });
    },
    'POST /api/alerts/read-all': () => {
      const updated = unread();
      for (const a of state!.alerts) a.read = true;
      return json(200, { updated, unread: 0 });
    },
  });
}

describe('notification centre', { timeout: 30_000 }, () => {
  it('lists the alerts in French: parcel, date, what happened, links; marks one then all as read; the bell follows', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = farmer(ALERTS);
    const user = userEvent.setup();
    renderApp('/user/alertes');
    const page = await screen.findByTestId('alerts-page');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Notifications');
    const items = await within(page).findAllByTestId('alert-item');
    expect(items.map((i) => i.getAttribute('data-rule'))).toEqual(['DROP', 'WATER_STRESS', 'NEW_IMAGE']);

    const drop = items[0]!;
    expect(within(drop).getByRole('heading', { level: 2 }).textContent).toBe("Baisse de l'indice");
    expect(plain(drop.textContent)).toContain('Blé Nord · Acquisition du 15 juin 2025');
    expect(plain(within(drop).getByTestId('alert-sentence').textContent)).toBe(
      "L'indice NDVI moyen a baissé de 0,19 depuis le 10 juin 2025 (de 0,71 à 0,52).",
    );
    // The link names the index once the index list has arrived (it may land after the alerts: it did under load).
    const mapLink = () =>
      new URL(within(drop).getByRole('link', { name: 'La carte à cette date' }).getAttribute('href')!, 'http://x');
    await waitFor(() => expect(mapLink().searchParams.get('index')).toBe('1'));
    const map = mapLink();
    expect(map.pathname).toBe('/user/ferme-map');
    expect(Object.fromEntries(map.searchParams)).toEqual({
      parcel: '11',
      index: '1',
      start: '2025-06-15',
      end: '2025-06-15',
    });
    expect(within(drop).getByRole('link', { name: 'La courbe de saison de la parcelle' }).getAttribute('href')).toBe(
      '/user/ferme-map/11',
    );
    expect(plain(within(items[1]!).getByTestId('alert-sentence').textContent)).toBe(
      "La médiane NDMI est de -0,15, sous le seuil de -0,10 : la parcelle manque peut-être d'eau.",
    );
    const ndmiMap = within(items[1]!).getByRole('link', { name: 'La carte à cette date' }).getAttribute('href')!;
    expect(ndmiMap).toContain('index=2');
    expect(plain(within(items[2]!).getByTestId('alert-sentence').textContent)).toBe(
      'Une nouvelle image Sentinel-2 claire est disponible (parcelle visible à 87 %).',
    );
    expect(within(items[2]!).queryByRole('button', { name: 'Marquer comme lu' })).toBeNull();

    const bell = await screen.findByTestId('alert-bell');
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Notifications, non lues : 2'));
    expect(within(bell).getByTestId('alert-bell-count').textContent).toBe('2');
    expect(screen.getByTestId('alerts-unread').textContent).toBe('Non lues : 2');

    await user.click(within(drop).getByRole('button', { name: 'Marquer comme lu' }));
    await waitFor(() => expect(drop.getAttribute('data-read')).toBe('true'));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/alerts/3/read')).toBe(true);
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Notifications, non lues : 1'));

    await user.click(screen.getByRole('button', { name: 'Tout marquer comme lu' }));
    await waitFor(() => expect(screen.getByTestId('alerts-unread').textContent).toBe('Non lues : 0'));
    expect(screen.getAllByTestId('alert-item').every((i) => i.getAttribute('data-read') === 'true')).toBe(true);
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('Notifications'));
    expect(within(bell).queryByTestId('alert-bell-count')).toBeNull();
    expect((screen.getByRole('button', { name: 'Tout marquer comme lu' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('in Arabic, right to left, and following an alert opens the farm map on its date', async () => {
    await i18n.changeLanguage('ar');
    farmer(ALERTS);
    const user = userEvent.setup();
    renderApp('/user/alertes');
    const items = await screen.findAllByTestId('alert-item');
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(items[0]!).getByRole('heading', { level: 2 }).textContent).toBe('انخفاض المؤشر');
    expect(items[0]!.textContent).toContain('التقاط 15 جوان 2025');
    expect(within(items[0]!).getByTestId('alert-sentence').textContent).toBe(
      'انخفض متوسط مؤشر NDVI بمقدار 0,19 منذ 10 جوان 2025 (من 0,71 إلى 0,52).',
    );
    const bell = await screen.findByTestId('alert-bell');
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('الإشعارات، غير المقروءة: 2'));
    await user.click(within(items[0]!).getByRole('link', { name: 'الخريطة في هذا التاريخ' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/user/ferme-map'));
  });

  it('says when there is nothing yet, and offers to retry when the list cannot be loaded', async () => {
    await i18n.changeLanguage('fr');
    farmer({ unread: 0, alerts: [] });
    renderApp('/user/alertes');
    expect((await screen.findByTestId('alerts-empty')).textContent).toContain('Aucune notification pour le moment.');
    expect(screen.queryByRole('button', { name: 'Tout marquer comme lu' })).toBeNull();
    queryClient.clear();

    let fail = true;
    farmer(() => (fail ? json(500, { code: 'INTERNAL', message: 'x' }) : json(200, ALERTS)));
    const user = userEvent.setup();
    renderApp('/user/alertes');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('Impossible de charger les notifications.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findAllByTestId('alert-item')).toHaveLength(3);
  });

  it('on a phone the bell is in the header, next to the menu button', async () => {
    await i18n.changeLanguage('ar');
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width: 767.98px'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    farmer(ALERTS);
    renderApp('/user/alertes');
    const bell = await screen.findByTestId('alert-bell');
    expect(bell.closest('header')).not.toBeNull();
    expect(screen.getAllByTestId('alert-bell')).toHaveLength(1);
  });

  it('has no bell for an investor (alerts are for farmers)', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = farmer(ALERTS, 'Investor');
    renderApp('/user/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon profil' })).toBeTruthy();
    expect(screen.queryByTestId('alert-bell')).toBeNull();
    expect(screen.queryByTestId('alert-settings')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/alerts'))).toBe(false);
  });

  it('names a drop at harvest time a likely harvest, and a water stress with its balance (issue 31 §3), in Arabic', async () => {
    await i18n.changeLanguage('ar');
    farmer({
      unread: 2,
      alerts: [
        alertItem({ id: 8, rule: 'DROP', likelyHarvest: true }),
        alertItem({
          id: 7,
          rule: 'WATER_STRESS',
          index: 'NDMI',
          value: -0.2,
          threshold: -0.1,
          depletion: 92,
          raw: 61.9,
        }),
      ],
    });
    renderApp('/user/alertes');
    const items = await within(await screen.findByTestId('alerts-page')).findAllByTestId('alert-item');
    expect(within(items[0]!).getByRole('heading', { level: 2 }).textContent).toBe('حصاد محتمل');
    expect(within(items[0]!).getByTestId('alert-sentence').textContent).toContain('على الأرجح حصاد وليس ضررًا');
    expect(within(items[1]!).getByTestId('alert-sentence').textContent).toContain('استُهلك 92 ملم');
    expect(within(items[1]!).getByTestId('alert-sentence').textContent).toContain('62 ملم');
    await i18n.changeLanguage('fr');
  });
});
