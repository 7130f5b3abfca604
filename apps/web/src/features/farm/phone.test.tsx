import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../app/App.tsx';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, stubApi, type Call } from '../../../test/fetch.ts';
import { mediaQueryList } from '../../../test/dom.ts';
import { signInFarmer } from '../../../test/session.ts';
import { addDays, todayYmd } from './dateRange.ts';
import type { IndexConfig } from './farmApi.ts';
import { CONFIG, IMAGE, PARCEL, gridBytes, status } from './testData.ts';

/**
 * Issue 13 §2, the index map on a phone: a tap reads the value with its class, the relative view and its
 * legend, Generate disabled with its reason at 0 requests left, the default window from the catalog, the
 * folded form on a small screen. Each in Arabic and in French.
 */
type Lang = 'ar' | 'fr';
const LANGS: Lang[] = ['ar', 'fr'];

const TEXT = {
  ar: {
    generate: 'إنشاء الصورة',
    parcel: 'القطعة الأرضية',
    start: 'تاريخ البداية',
    end: 'تاريخ النهاية',
    dense: 'غطاء كثيف',
    bare: 'تربة عارية',
    value: /NDVI.*0,4/,
    relative: 'نسبي داخل القطعة',
    classes: 'فئات المؤشر',
    relativeTitle: 'العرض النسبي NDVI',
    noRequests: 'لم يتبقَّ أي طلب NDVI في اشتراكك (0 / 2): اختر مؤشرًا آخر أو جدّد اشتراكك.',
    tapLabel: 'إظهار القيمة عند اللمس',
    more: 'خيارات أكثر',
    latestClear: 'آخر صورة دون غيوم',
  },
  fr: {
    generate: "Générer l'image",
    parcel: 'Parcelle',
    start: 'Date de début',
    end: 'Date de fin',
    dense: 'Végétation dense',
    bare: 'Sol nu',
    value: /NDVI : 0,4/,
    relative: 'Relatif à la parcelle',
    classes: "Classes de l'indice",
    relativeTitle: 'Vue relative NDVI',
    noRequests:
      'Plus aucune analyse NDVI dans votre abonnement (0 / 2) : choisissez un autre indice ou renouvelez votre abonnement.',
    tapLabel: 'Afficher la valeur au toucher',
    more: "Plus d'options",
    latestClear: 'Dernière image sans nuages',
  },
} as const;

const LATEST = { parcelId: PARCEL.id, date: '2025-08-19', window: { start: '2025-08-13', end: '2025-08-19' } };

function farmer(config: IndexConfig[] = CONFIG, extra: Record<string, (call: Call) => Response> = {}) {
  return stubApi({
    ...signInFarmer(),
    'GET /api/parcelle': () => json(200, [PARCEL]),
    'GET /api/files/r/NDVI.fvg': () => new Response(new Uint8Array(gridBytes()), { status: 200 }),
    'GET /api/abonnementUser/user/5/status': () => json(200, status('actif')),
    'GET /api/indice/5/indices': () => json(200, config),
    'GET /api/images/latest-acquisition': () => json(200, LATEST),
    'POST /api/images/NDVI': () => json(200, IMAGE),
    ...extra,
  });
}

const renderApp = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <AppShell />
    </MemoryRouter>,
  );

/** Media queries as a phone answers them (a finger, < 640 px); the others as a desk. */
function phoneMedia(matching: string[]) {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => mediaQueryList(query, matching.includes(query));
  return () => {
    window.matchMedia = original;
  };
}

let restore: (() => void) | null = null;
const scrollIntoView = Element.prototype.scrollIntoView;
afterEach(() => {
  queryClient.clear();
  restore?.();
  restore = null;
  Element.prototype.scrollIntoView = scrollIntoView;
});

/** Generates NDVI over the parcel and waits for the values grid (the tap reads it). */
async function generated(lang: Lang) {
  const { calls } = farmer();
  renderApp(`/user/ferme-map?parcel=${PARCEL.id}`);
  const button = await screen.findByRole('button', { name: TEXT[lang].generate });
  await waitFor(() => expect(button).toHaveProperty('disabled', false));
  await userEvent.click(button);
  await screen.findByTestId('farm-stats');
  await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/files/r/NDVI.fvg'))).toBe(true));
  return calls;
}

/**
 * A tap on the map: Leaflet reads it as a click. jsdom has no layout, so (0, 0) is the map's centre (the
 * result's centre at zoom 15); 20 px right and down is inside the grid's south-east cell.
 */
async function tapMap() {
  // The map's code loads once the screen is usable (map/LazyFarmMap.tsx).
  const container = await waitFor(() => {
    const found = document.querySelector('.leaflet-container');
    expect(found).not.toBeNull();
    return found!;
  });
  await waitFor(() => {
    fireEvent.click(container, { clientX: 20, clientY: 20 });
    expect(screen.getByTestId('farm-value-tooltip')).toBeTruthy();
  });
  return screen.getByTestId('farm-value-tooltip');
}

describe.each(LANGS)('the index map on a phone (%s)', (lang) => {
  it('a tap shows the real value at that point with its colour class', async () => {
    await i18n.changeLanguage(lang);
    await generated(lang);
    // The centre of the result is the grid's south-east cell: 0.4, in the "dense" class.
    const tooltip = await tapMap();
    expect(tooltip.getAttribute('data-value')).toBe(String(Math.fround(0.4)));
    expect(tooltip.textContent).toMatch(TEXT[lang].value);
    expect(within(tooltip).getByText(TEXT[lang].dense)).toBeTruthy();
    expect(within(tooltip).getByTestId('farm-value-swatch').style.backgroundColor).toBe('rgb(26, 120, 50)');
    expect(tooltip.getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');

    // A long press (the browser's contextmenu) reads the value too, here in the north-west cell (0.1, bare soil).
    fireEvent.contextMenu(document.querySelector('.leaflet-container')!, { clientX: -20, clientY: -20 });
    await waitFor(() =>
      expect(screen.getByTestId('farm-value-tooltip').getAttribute('data-value')).toBe(String(Math.fround(0.1))),
    );
    expect(within(screen.getByTestId('farm-value-tooltip')).getByText(TEXT[lang].bare)).toBeTruthy();
  });

  it('the relative view has its own legend over the parcel’s p2–p98, and the value stays real', async () => {
    await i18n.changeLanguage(lang);
    await generated(lang);
    expect(screen.queryByTestId('farm-relative-legend')).toBeNull();
    await userEvent.click(await screen.findByRole('radio', { name: TEXT[lang].relative }));
    const legend = screen.getByRole('region', { name: TEXT[lang].relativeTitle });
    // Valid values 0.1, 0.2, 0.4 (one masked): p2 = 0.104, p98 = 0.392.
    expect(Number(legend.getAttribute('data-low'))).toBeCloseTo(0.104, 6);
    expect(Number(legend.getAttribute('data-high'))).toBeCloseTo(0.392, 6);
    expect(within(legend).getByText('0,104')).toBeTruthy();
    expect(within(legend).getByText('0,392')).toBeTruthy();
    // The absolute classes stay listed and one tap brings them back.
    expect(within(screen.getByTestId('farm-legend')).getByText(TEXT[lang].dense)).toBeTruthy();
    const tooltip = await tapMap();
    expect(tooltip.getAttribute('data-value')).toBe(String(Math.fround(0.4)));
    // 0.4 is above p98: the top of the ramp (green), while the class named is still the real one.
    expect(within(tooltip).getByTestId('farm-value-swatch').style.backgroundColor).toBe('rgb(26, 152, 80)');
    expect(within(tooltip).getByText(TEXT[lang].dense)).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: TEXT[lang].classes }));
    expect(screen.queryByTestId('farm-relative-legend')).toBeNull();
  });

  it('Generate is disabled with the reason when the index has 0 requests left', async () => {
    await i18n.changeLanguage(lang);
    const spent = CONFIG.map((c) => (c.code === 'NDVI' ? { ...c, nbreq_restante: 0 } : c));
    const { calls } = farmer(spent);
    renderApp(`/user/ferme-map?parcel=${PARCEL.id}`);
    const button = await screen.findByRole('button', { name: TEXT[lang].generate });
    expect(button).toHaveProperty('disabled', true);
    const hint = screen.getByText(TEXT[lang].noRequests);
    expect(button.getAttribute('aria-describedby')).toBe(hint.id);
    expect(screen.getByRole('button', { name: TEXT[lang].latestClear })).toHaveProperty('disabled', true);
    // Another index with requests left can be generated.
    await userEvent.click(screen.getByRole('radio', { name: /NDMI/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: TEXT[lang].generate })).toHaveProperty('disabled', false),
    );
    expect(screen.queryByText(TEXT[lang].noRequests)).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a 429 that raced the counter opens the limit modal and reloads the counter: then disabled, with why', async () => {
    await i18n.changeLanguage(lang);
    const spent = CONFIG.map((c) => (c.code === 'NDVI' ? { ...c, nbreq_restante: 0 } : c));
    let configs = 0;
    const quota = {
      code: 'QUOTA_EXHAUSTED',
      error: 'x',
      title: 'x',
      message: 'x',
      message_ar: 'استنفدت طلبات NDVI (2/2).',
      message_fr: 'Vous avez utilisé vos analyses NDVI (2/2).',
      indicator_info: { indicators_used: 2, indicators_limit: 2 },
    };
    farmer(CONFIG, {
      // The page loaded with one request left; another device spent it meanwhile.
      'GET /api/indice/5/indices': () => json(200, configs++ === 0 ? CONFIG : spent),
      'POST /api/images/NDVI': () => json(429, quota),
    });
    renderApp(`/user/ferme-map?parcel=${PARCEL.id}`);
    const button = await screen.findByRole('button', { name: TEXT[lang].generate });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    await userEvent.click(button);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('farm-limit-counter').textContent).toContain('2 / 2');
    await userEvent.click(within(dialog).getByRole('button'));
    expect(await screen.findByText(TEXT[lang].noRequests)).toBeTruthy();
    expect(screen.getByRole('button', { name: TEXT[lang].generate })).toHaveProperty('disabled', true);
  });

  it('default dates: the 6 days up to today, then the latest window over the chosen parcel', async () => {
    await i18n.changeLanguage(lang);
    const { calls } = farmer();
    renderApp('/user/ferme-map');
    const start = await screen.findByLabelText<HTMLInputElement>(TEXT[lang].start);
    const end = screen.getByLabelText<HTMLInputElement>(TEXT[lang].end);
    const today = todayYmd();
    expect([start.value, end.value]).toEqual([addDays(today, -6), today]);
    await userEvent.selectOptions(screen.getByLabelText(TEXT[lang].parcel, { exact: true }), String(PARCEL.id));
    await waitFor(() => expect([start.value, end.value]).toEqual(['2025-08-13', '2025-08-19']));
    const asked = calls.find((c) => c.url.startsWith('/api/images/latest-acquisition'));
    expect(asked?.url).toBe(`/api/images/latest-acquisition?parcelId=${PARCEL.id}&index=NDVI`);
    await userEvent.click(screen.getByRole('button', { name: TEXT[lang].generate }));
    await screen.findByTestId('farm-stats');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      startDate: '2025-08-13',
      endDate: '2025-08-19',
    });
  });

  it('"latest clear image" asks the API (free) and generates on the day it found', async () => {
    await i18n.changeLanguage(lang);
    const clear = {
      parcelId: PARCEL.id,
      date: '2025-08-15',
      validFraction: 1,
      sceneId: 'S2C_31SDA_20250815_0_L2A',
      searched: { start: '2025-06-20', end: '2025-08-19' },
      minValidFraction: 0.1,
    };
    const { calls } = farmer(CONFIG, { 'GET /api/images/latest-clear': () => json(200, clear) });
    renderApp(`/user/ferme-map?parcel=${PARCEL.id}`);
    const button = await screen.findByRole('button', { name: TEXT[lang].latestClear });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    await userEvent.click(button);
    await screen.findByTestId('farm-stats');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      startDate: '2025-08-15',
      endDate: '2025-08-15',
    });
    expect(screen.getByLabelText<HTMLInputElement>(TEXT[lang].start).value).toBe('2025-08-15');
    expect(screen.getByTestId('farm-latest-clear-status').textContent).toContain('2025');
  });

  it('DOM order is the screen order (WCAG 2.4.3): on a phone the map, the numbers, then the indices', async () => {
    await i18n.changeLanguage(lang);
    const columns = () => [...document.querySelectorAll('[data-column]')].map((el) => el.getAttribute('data-column'));
    restore = phoneMedia(['(max-width: 639.98px)', '(pointer: coarse)']);
    farmer();
    const phone = renderApp(`/user/ferme-map?parcel=${PARCEL.id}`);
    await screen.findByTestId('farm-form');
    await waitFor(() => expect(columns()).toEqual(['map', 'info', 'indices', 'season']));
    // The statistics before the legend, in the document as on the screen.
    const info = document.querySelector('[data-column="info"]')!;
    expect(info.children[1]?.querySelector('[data-testid="farm-legend"]')).not.toBeNull();
    expect(info.children[0]?.querySelector('[data-testid="farm-legend"]')).toBeNull();
    // No block is moved on screen only.
    const moved = [...document.querySelectorAll('[class]')].filter((el) =>
      [...el.classList].some((c) => /(^|:)order-/.test(c)),
    );
    expect(moved).toEqual([]);
    phone.unmount();
    restore();
    restore = phoneMedia([]);
    renderApp(`/user/ferme-map?parcel=${PARCEL.id}`);
    await screen.findByTestId('farm-form');
    await waitFor(() => expect(columns()).toEqual(['indices', 'map', 'info', 'season']));
  });

  it('on a small touch screen: the form folds into a bar, "on tap", and the result is brought into view', async () => {
    await i18n.changeLanguage(lang);
    restore = phoneMedia(['(max-width: 639.98px)', '(pointer: coarse)']);
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    farmer();
    renderApp(`/user/ferme-map?parcel=${PARCEL.id}`);
    const form = await screen.findByTestId('farm-form');
    expect(form.getAttribute('data-folded')).toBe('true');
    expect(screen.queryByLabelText(TEXT[lang].start)).toBeNull();
    const generate = screen.getByRole('button', { name: TEXT[lang].generate });
    await waitFor(() => expect(generate).toHaveProperty('disabled', false));
    await userEvent.click(generate);
    await screen.findByTestId('farm-stats');
    await waitFor(() => expect(scroll).toHaveBeenCalled());
    expect(scroll.mock.contexts[0]).toBe(screen.getByTestId('farm-result'));
    // The folded options open, with the switch that says "on tap".
    const more = screen.getByRole('button', { name: TEXT[lang].more });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(more);
    expect(screen.getByLabelText<HTMLInputElement>(TEXT[lang].end).value).toBe('2025-08-19');
    expect(screen.getByLabelText(TEXT[lang].tapLabel)).toHaveProperty('checked', true);
  });
});
