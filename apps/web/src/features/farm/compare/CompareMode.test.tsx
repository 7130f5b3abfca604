import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../../app/App.tsx';
import { i18n } from '../../../i18n/index.ts';
import { queryClient } from '../../../lib/queries.ts';
import { stubResizeObserver } from '../../../../test/dom.ts';
import { json, reply, stubContracts, type Call } from '../../../../test/fetch.ts';
import { signInFarmer } from '../../../../test/session.ts';
import type { SeriesAnswer } from '../farmApi.ts';
import { CONFIG, PARCEL, gridBytes, seriesPoint, status, tapSeasonPoint } from '../testData.ts';
import { alertItem } from '../../alerts/testData.ts';
import type { AlertList } from '../../alerts/alertsApi.ts';
import { alertPair, changeClassOf, seasonPair, type ChangeResult } from './compareApi.ts';

/** French numbers and percentages carry (narrow) no-break spaces: compared as plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const point = (date: string, median: number, validFraction = 1) => seriesPoint(date, median, validFraction);

const SEASON: SeriesAnswer = {
  parcelId: PARCEL.id,
  index: 'NDVI',
  from: '2024-08-26',
  to: '2025-08-25',
  minValidFraction: 0.6,
  points: [
    point('2025-06-20', 0.62),
    point('2025-07-24', 0.58),
    point('2025-07-30', 0.55),
    point('2025-08-15', 0.5),
    point('2025-08-25', 0.41),
  ],
  skipped: [],
};

const LEGEND = [
  { start: -2, end: -0.3, color: 'rgb(103, 0, 13)' },
  { start: -0.3, end: -0.2, color: 'rgb(203, 24, 29)' },
  { start: -0.2, end: -0.1, color: 'rgb(251, 106, 74)' },
  { start: -0.1, end: -0.05, color: 'rgb(252, 187, 161)' },
  { start: -0.05, end: 0.05, color: 'rgb(247, 247, 247)' },
  { start: 0.05, end: 0.1, color: 'rgb(199, 233, 192)' },
  { start: 0.1, end: 0.2, color: 'rgb(116, 196, 118)' },
  { start: 0.2, end: 0.3, color: 'rgb(35, 139, 69)' },
  { start: 0.3, end: 2, color: 'rgb(0, 68, 27)' },
];

function change(earlier: string, later: string, threshold: number): ChangeResult {
  const date = (day: string, which: string) => ({
    scene: { id: `S2_${day}`, datetime: `${day}T10:30:00Z`, cloudFraction: 0 },
    imageUrl: `/api/files/c/${which}.png?sig=x`,
    stats: {
      min: 0.3,
      max: 0.7,
      mean: 0.5,
      std: 0.1,
      median: 0.5,
      p25: 0.45,
      p75: 0.55,
      count: 240,
      validFraction: 1,
      resolution: 10,
    },
    startDate: day,
    endDate: day,
  });
  return {
    success: true,
    changeId: 7,
    cached: false,
    index: 'NDVI',
    imageUrl: '/api/files/c/change.png?sig=x',
    valuesUrl: '/api/files/c/change.fvg?sig=y',
    downloadUrl: '/api/files/c/change.tif?sig=z',
    width: 2,
    height: 2,
    bounds: [
      [36.595, 2.995],
      [36.599, 3.001],
    ],
    stats: {
      min: -0.31,
      max: 0.04,
      mean: -0.1234,
      std: 0.05,
      median: -0.12,
      p25: -0.15,
      p75: -0.08,
      count: 240,
      validFraction: 0.96,
      resolution: 10,
    },
    threshold,
    fellFraction: threshold === 0.1 ? 0.42 : 0.17,
    fellCount: threshold === 0.1 ? 101 : 41,
    alignment: 'native',
    legend: LEGEND,
    minValidFraction: 0.6,
    earlier: date(earlier, 'earlier'),
    later: date(later, 'later'),
  };
}

type Handler = (call: Call) => Response;

function farmer(changeRoute: Handler, season: SeriesAnswer = SEASON, alerts?: AlertList | (() => Promise<AlertList>)) {
  return stubContracts(
    {
      // Without alerts the route answers 404 (not stubbed): the screen does without. A function: answered when
      // its promise settles.
      ...(alerts
        ? {
            'GET /alerts': async () => reply(200, typeof alerts === 'function' ? await alerts() : alerts),
          }
        : {}),
      'GET /parcelle': () => reply(200, [PARCEL]),
      'GET /indice/:userId/indices': () => reply(200, CONFIG),
      'GET /images/latest-acquisition': () =>
        reply(200, { parcelId: PARCEL.id, date: '2025-08-25', window: { start: '2025-08-19', end: '2025-08-25' } }),
      'GET /parcelle/:id/series': (call) =>
        new URL(call.url, 'http://x').searchParams.get('from')!.startsWith('2023')
          ? reply(200, { ...season, from: '2023-08-26', to: '2024-08-25', points: [] })
          : reply(200, season),
      'POST /images/:indexName/change': changeRoute,
    },
    {
      ...signInFarmer(),
      'GET /api/settings/public': () =>
        json(200, {
          contact: { phone: null, email: null, address: null },
          servicePrices: { soil: null, other: null },
          demoImagery: false,
        }),
      'GET /api/abonnementUser/user/5/status': () => json(200, status('actif')),
      'GET /api/files/c/change.fvg': () => new Response(new Uint8Array(gridBytes()), { status: 200 }),
    },
  );
}

const renderApp = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <AppShell />
    </MemoryRouter>,
  );

const changeCalls = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.url.includes('/change'));

// recharts measures its box: a phone-sized chart.
beforeEach(() => stubResizeObserver({ width: 340, height: 256 }));
afterEach(() => queryClient.clear());

describe('compare helpers', () => {
  it("opens on the pair behind the parcel's latest alert that compares two acquisitions", () => {
    const clear = SEASON.points.map((p) => p.date);
    const alerts = [
      alertItem({ id: 1, rule: 'DROP', date: '2025-07-30', previousDate: '2025-07-24' }),
      alertItem({ id: 2, rule: 'PARTIAL_DROP', date: '2025-08-15', previousDate: '2025-07-30' }),
      // Newer, but naming one date only, or another parcel's: passed over.
      alertItem({ id: 3, rule: 'NEW_IMAGE', date: '2025-08-25', previousDate: null }),
      alertItem({ id: 4, rule: 'DROP', parcelId: 12, date: '2025-08-25', previousDate: '2025-08-15' }),
    ];
    expect(alertPair(alerts, PARCEL.id, clear)).toEqual({ earlier: '2025-07-30', later: '2025-08-15' });
    // A pair the date pickers cannot offer (a day not among the clear ones) is passed over too.
    expect(
      alertPair(
        alerts,
        PARCEL.id,
        clear.filter((d) => d !== '2025-08-15'),
      ),
    ).toEqual({
      earlier: '2025-07-24',
      later: '2025-07-30',
    });
    expect(alertPair(alerts.slice(2), PARCEL.id, clear)).toBeNull();
    expect(alertPair([], PARCEL.id, clear)).toBeNull();
  });

  it('else the last two clear acquisitions of the growing season (NDVI canopy), else the last two clear', () => {
    const harvested = [
      point('2025-06-10', 0.71),
      point('2025-06-20', 0.66),
      point('2025-06-25', 0.64, 0.3), // clouded: under the answer's 60 %
      point('2025-09-29', 0.18), // bare soil after harvest
      point('2025-10-29', 0.16),
    ];
    expect(seasonPair(harvested, 0.6, 'NDVI')).toEqual({ earlier: '2025-06-10', later: '2025-06-20' });
    // Other indices have no canopy edge here: the last two clear acquisitions of the period.
    expect(seasonPair(harvested, 0.6, 'NDMI')).toEqual({ earlier: '2025-09-29', later: '2025-10-29' });
    // Fewer than two canopy acquisitions: the last two clear ones.
    expect(seasonPair([point('2025-06-10', 0.71), ...harvested.slice(3)], 0.6, 'NDVI')).toEqual({
      earlier: '2025-09-29',
      later: '2025-10-29',
    });
    expect(seasonPair([point('2025-08-10', 0.5)], 0.6, 'NDVI')).toBeNull();
  });

  it('finds the diverging class of a difference, the extremes clamped into the end classes', () => {
    expect(changeClassOf(0, LEGEND)?.color).toBe('rgb(247, 247, 247)');
    expect(changeClassOf(-0.15, LEGEND)?.color).toBe('rgb(251, 106, 74)');
    expect(changeClassOf(-5, LEGEND)?.color).toBe('rgb(103, 0, 13)');
    expect(changeClassOf(2, LEGEND)?.color).toBe('rgb(0, 68, 27)');
  });
});

// The whole app is mounted, with three Leaflet maps and the chart chunk: slow on a busy machine.
describe('compare mode on the farm map', { timeout: 60_000 }, () => {
  for (const [lang, texts] of [
    [
      'fr',
      {
        toggle: 'Comparer deux dates',
        run: 'Comparer (NDVI)',
        fell: '42 % de la parcelle a baissé de plus de 0,1',
        fellAfter: '17 % de la parcelle a baissé de plus de 0,2',
        mean: '-0,123',
        setEarlier: 'Choisir comme date 1',
        back: 'Revenir à la carte',
      },
    ],
    [
      'ar',
      {
        toggle: 'مقارنة تاريخين',
        run: 'قارن (NDVI)',
        fell: '42% من القطعة انخفض بأكثر من 0,1',
        fellAfter: '17% من القطعة انخفض بأكثر من 0,2',
        mean: '-0,123',
        setEarlier: 'اختيار كتاريخ 1',
        back: 'العودة إلى الخريطة',
      },
    ],
  ] as const) {
    it(`compares two dates of the season and shows the change map, its legend and statistics (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      const { calls } = farmer((call) => {
        const body = call.body as { earlier: { startDate: string }; later: { startDate: string }; threshold: number };
        return json(200, change(body.earlier.startDate, body.later.startDate, body.threshold));
      });
      renderApp(`/user/ferme-map?parcel=${PARCEL.id}`);
      await userEvent.click(await screen.findByRole('button', { name: texts.toggle }, { timeout: 20_000 }));
      const mode = await screen.findByTestId('compare-mode');
      // The form and the ordinary map step aside (still mounted, hidden).
      expect(screen.getByTestId('farm-form').hidden).toBe(true);
      expect(screen.getByTestId('farm-result').hidden).toBe(true);

      // No alert (GET /api/alerts not answered): the last two clear acquisitions of the growing season.
      const earlier = (await within(mode).findByTestId('compare-earlier')) as HTMLSelectElement;
      await waitFor(() => expect(earlier.value).toBe('2025-08-15'));
      expect((within(mode).getByTestId('compare-later') as HTMLSelectElement).value).toBe('2025-08-25');

      await userEvent.click(within(mode).getByRole('button', { name: texts.run }));
      const result = await within(mode).findByTestId('compare-result');
      expect(changeCalls(calls).map((c) => c.body)).toEqual([
        {
          parcelle_id: PARCEL.id,
          indice_id: CONFIG.find((c) => c.code === 'NDVI')!.indiceId,
          earlier: { startDate: '2025-08-15', endDate: '2025-08-15' },
          later: { startDate: '2025-08-25', endDate: '2025-08-25' },
          threshold: 0.1,
          width: 1024,
          height: 1024,
        },
      ]);
      expect(plain(within(result).getByTestId('compare-fell').textContent)).toBe(texts.fell);
      expect(plain(within(result).getByTestId('compare-stat-mean').textContent)).toBe(texts.mean);
      expect(within(result).getByTestId('compare-stat-count').getAttribute('data-value')).toBe('240');
      const classes = within(within(result).getByTestId('compare-legend')).getAllByRole('listitem');
      expect(classes).toHaveLength(9);
      // Signed numbers are isolated left-to-right, so Arabic text never shows "0,3-".
      expect(classes[0]!.textContent).toMatch(/\u2066-0,3\u2069/);
      expect(within(result).getByTestId('compare-download').getAttribute('href')).toBe('/api/files/c/change.tif?sig=z');

      // Before/after swipe: both dates' overlays, the divider follows the slider.
      const swipe = within(result).getByTestId('compare-swipe');
      await waitFor(() => expect(swipe.querySelector('img.compare-before')).not.toBeNull());
      expect(swipe.querySelector('img.compare-before')!.getAttribute('src')).toBe('/api/files/c/earlier.png?sig=x');
      expect(swipe.querySelector('img.compare-after')!.getAttribute('src')).toBe('/api/files/c/later.png?sig=x');
      // Before and after in reading order: before on the left in French, on the right in Arabic; the slider runs
      // the same way and says how much of the map shows the earlier date.
      const beforeSide = lang === 'ar' ? 'right' : 'left';
      const afterSide = lang === 'ar' ? 'left' : 'right';
      expect(swipe.getAttribute('data-before-side')).toBe(beforeSide);
      expect(within(swipe).getByTestId('compare-before-label').className).toContain(`${beforeSide}-2`);
      expect(within(swipe).getByTestId('compare-after-label').className).toContain(`${afterSide}-2`);
      const slider = within(swipe).getByTestId('compare-slider');
      expect(slider.getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      fireEvent.change(slider, { target: { value: '30' } });
      expect(within(swipe).getByTestId('compare-divider').style.left).toBe(lang === 'ar' ? '70%' : '30%');

      // Another threshold asks again for the same pair (answered from the stored one, never charged twice).
      await userEvent.selectOptions(within(mode).getByTestId('compare-threshold'), '0.2');
      await waitFor(() => expect(plain(within(mode).getByTestId('compare-fell').textContent)).toBe(texts.fellAfter));
      expect(changeCalls(calls).map((c) => (c.body as { threshold: number }).threshold)).toEqual([0.1, 0.2]);

      // Two points of the season curve can be the dates too.
      const curve = within(mode).getByTestId('season-curve');
      await within(curve).findAllByTestId('season-point');
      tapSeasonPoint(curve, '2025-06-20');
      await userEvent.click(within(curve).getByRole('button', { name: texts.setEarlier }));
      expect((within(mode).getByTestId('compare-earlier') as HTMLSelectElement).value).toBe('2025-06-20');
      expect(within(mode).queryByTestId('compare-result')).toBeNull();

      await userEvent.click(screen.getByRole('button', { name: texts.back }));
      expect(screen.queryByTestId('compare-mode')).toBeNull();
      expect(screen.getByTestId('farm-form').hidden).toBe(false);
    });
  }

  it("opens on the pair behind the parcel's latest alert", async () => {
    await i18n.changeLanguage('fr');
    farmer(() => json(500, {}), SEASON, {
      unread: 2,
      alerts: [
        alertItem({ id: 9, rule: 'NEW_IMAGE', date: '2025-08-25', previousDate: null }),
        alertItem({ id: 8, rule: 'DROP', date: '2025-07-30', previousDate: '2025-07-24' }),
        alertItem({ id: 7, rule: 'PARTIAL_DROP', date: '2025-07-24', previousDate: '2025-06-20' }),
      ],
    });
    renderApp(`/user/ferme-map?parcel=${PARCEL.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Comparer deux dates' }, { timeout: 20_000 }));
    const mode = await screen.findByTestId('compare-mode');
    const earlier = (await within(mode).findByTestId('compare-earlier')) as HTMLSelectElement;
    await waitFor(() => expect(earlier.value).toBe('2025-07-24'));
    expect((within(mode).getByTestId('compare-later') as HTMLSelectElement).value).toBe('2025-07-30');
  });

  it('while the alerts are still asked, shows no date rather than a wrong one, then the alert pair', async () => {
    await i18n.changeLanguage('fr');
    let answerAlerts: (list: AlertList) => void = () => undefined;
    const held = new Promise<AlertList>((resolve) => (answerAlerts = resolve));
    farmer(
      () => json(500, {}),
      SEASON,
      () => held,
    );
    renderApp(`/user/ferme-map?parcel=${PARCEL.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Comparer deux dates' }, { timeout: 20_000 }));
    const mode = await screen.findByTestId('compare-mode');
    const earlier = (await within(mode).findByTestId('compare-earlier')) as HTMLSelectElement;
    const later = within(mode).getByTestId('compare-later') as HTMLSelectElement;
    // The season's dates are there, the pair is not chosen yet: nothing shown as chosen, nothing to pick.
    await waitFor(() => expect(earlier.tagName).toBe('SELECT'));
    for (const select of [earlier, later]) {
      expect(select.value).toBe('');
      expect(select.selectedOptions[0]?.textContent).toBe('…');
      expect(select.disabled).toBe(true);
    }
    answerAlerts({
      unread: 1,
      alerts: [alertItem({ id: 8, rule: 'DROP', date: '2025-07-30', previousDate: '2025-07-24' })],
    });
    await waitFor(() => expect(earlier.value).toBe('2025-07-24'));
    expect(later.value).toBe('2025-07-30');
    expect(earlier.disabled).toBe(false);
    expect([...earlier.options].some((o) => o.value === '')).toBe(false);
  });

  it('with fewer than two clear dates, chooses no pair and lets the farmer pick', async () => {
    await i18n.changeLanguage('fr');
    const clouded: SeriesAnswer = {
      ...SEASON,
      points: [point('2025-08-15', 0.7), point('2025-08-20', 0.6, 0.3), point('2025-08-25', 0.6, 0.2)],
    };
    farmer(() => json(500, {}), clouded, { unread: 0, alerts: [] });
    renderApp(`/user/ferme-map?parcel=${PARCEL.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Comparer deux dates' }, { timeout: 20_000 }));
    const mode = await screen.findByTestId('compare-mode');
    const earlier = (await within(mode).findByTestId('compare-earlier')) as HTMLSelectElement;
    await waitFor(() => expect(earlier.disabled).toBe(false));
    expect(earlier.value).toBe('');
    await userEvent.selectOptions(earlier, '2025-08-15');
    expect(earlier.value).toBe('2025-08-15');
  });

  it('without an alert, opens on the growing season, not on the bare soil after harvest', async () => {
    await i18n.changeLanguage('ar');
    const harvested: SeriesAnswer = {
      ...SEASON,
      from: '2024-10-30',
      to: '2025-10-29',
      points: [
        point('2025-06-10', 0.71),
        point('2025-06-20', 0.66),
        point('2025-06-25', 0.64, 0.3),
        point('2025-09-29', 0.18),
        point('2025-10-29', 0.16),
      ],
    };
    farmer(() => json(500, {}), harvested, { unread: 0, alerts: [] });
    renderApp(`/user/ferme-map?parcel=${PARCEL.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'مقارنة تاريخين' }, { timeout: 20_000 }));
    const mode = await screen.findByTestId('compare-mode');
    const earlier = (await within(mode).findByTestId('compare-earlier')) as HTMLSelectElement;
    await waitFor(() => expect(earlier.value).toBe('2025-06-10'));
    expect((within(mode).getByTestId('compare-later') as HTMLSelectElement).value).toBe('2025-06-20');
  });

  it('opens the limit modal on a 429 and says why a date cannot be compared (clouded), charging nothing', async () => {
    await i18n.changeLanguage('fr');
    let answer: Response = json(429, {
      code: 'QUOTA_EXHAUSTED',
      error: 'x',
      message: 'x',
      title: 'Limite atteinte',
      message_fr: 'Vous avez utilisé 2 demandes sur 2.',
      message_ar: 'x',
      indicator_info: { indicators_used: 2, indicators_limit: 2 },
    });
    farmer(() => answer);
    renderApp(`/user/ferme-map?parcel=${PARCEL.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Comparer deux dates' }, { timeout: 20_000 }));
    const mode = await screen.findByTestId('compare-mode');
    const run = within(mode).getByRole('button', { name: 'Comparer (NDVI)' });
    await waitFor(() => expect((run as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(run);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('farm-limit-counter').textContent).toContain('2 / 2');

    answer = json(422, {
      code: 'ALL_CLOUDY',
      message: 'La parcelle est couverte de nuages (visible à 12 %).',
      validFraction: 0.12,
      sceneId: 's',
      nearestDates: [],
      nearestBefore: null,
      nearestAfter: null,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(run);
    const alert = await within(mode).findByRole('alert');
    expect(plain(alert.textContent)).toContain('Comparaison impossible : La parcelle est couverte de nuages');
    expect(within(mode).queryByTestId('compare-result')).toBeNull();
  });
});

describe('season curve on the farm map', { timeout: 60_000 }, () => {
  for (const [lang, hint] of [
    ['fr', 'Date de début'],
    ['ar', 'تاريخ البداية'],
  ] as const) {
    it(`shows the selected parcel's curve for the selected index; a tapped point sets the window (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      const { calls } = farmer(() => json(500, {}));
      renderApp(`/user/ferme-map?parcel=${PARCEL.id}`);
      const curve = await screen.findByTestId('season-curve', {}, { timeout: 20_000 });
      const dots = await within(curve).findAllByTestId('season-point');
      expect(dots.map((d) => d.getAttribute('data-date'))).toEqual(SEASON.points.map((p) => p.date));
      // The page's index picker chooses the curve's index: no second picker.
      expect(within(curve).queryByRole('combobox')).toBeNull();
      expect(calls.some((c) => c.url.includes('/series?index=NDVI'))).toBe(true);
      tapSeasonPoint(curve, '2025-07-24');
      expect(within(curve).getByTestId('season-window-set')).toBeTruthy();
      await waitFor(() => expect((screen.getByLabelText(hint) as HTMLInputElement).value).toBe('2025-07-24'));
    });
  }

  it('draws the chart only once it comes near the screen; the numbers are asked at once (issue 27 §2)', async () => {
    // A browser's IntersectionObserver, told by the test when the chart's place comes near the screen.
    const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    class FakeObserver {
      targets: Element[] = [];
      constructor(public callback: IntersectionObserverCallback) {
        observers.push(this);
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      disconnect() {
        this.targets = [];
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    try {
      await i18n.changeLanguage('fr');
      const { calls } = farmer(() => json(500, {}));
      renderApp(`/user/ferme-map?parcel=${PARCEL.id}`);
      const curve = await screen.findByTestId('season-curve', {}, { timeout: 20_000 });
      const place = await within(curve).findByTestId('season-chart-deferred', {}, { timeout: 20_000 });
      expect(calls.some((c) => c.url.includes('/series?index=NDVI'))).toBe(true);
      expect(place.textContent).toBe(i18n.t('farm:season.loading'));
      expect(within(curve).queryAllByTestId('season-point')).toHaveLength(0);

      const watching = observers.find((o) => o.targets.includes(place));
      expect(watching).toBeDefined();
      act(() =>
        watching!.callback(
          [{ isIntersecting: true, target: place } as unknown as IntersectionObserverEntry],
          watching as unknown as IntersectionObserver,
        ),
      );
      const dots = await within(curve).findAllByTestId('season-point');
      expect(dots.map((d) => d.getAttribute('data-date'))).toEqual(SEASON.points.map((p) => p.date));
      expect(within(curve).queryByTestId('season-chart-deferred')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
