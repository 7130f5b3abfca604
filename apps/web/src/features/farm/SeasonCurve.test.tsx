import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { stubResizeObserver } from '../../../test/dom.ts';
import { json, reply, stubContracts, type Call } from '../../../test/fetch.ts';
import { contrast } from '../../../test/contrast.ts';
import { signInFarmer } from '../../../test/session.ts';
import { renderApp } from '../../../test/render.tsx';
import { CHART_COLOURS } from './HistoryChart.tsx';
import type { SeriesAnswer, SeriesPoint } from './farmApi.ts';
import { MIN_TARGET_PX, SEASON_COLOURS, nearestIndex } from './SeasonChart.tsx';
import { CONFIG, PARCEL, seriesPoint, status, tapSeasonPoint } from './testData.ts';

/** French numbers and percentages carry (narrow) no-break spaces: compared as plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const NDVI_ID = CONFIG.find((c) => c.code === 'NDVI')!.indiceId;

function answer(from: string, to: string, points: SeriesPoint[], skipped: SeriesAnswer['skipped'] = []): SeriesAnswer {
  return { parcelId: PARCEL.id, index: 'NDVI', from, to, minValidFraction: 0.6, points, skipped };
}

const SEASON = answer(
  '2024-08-26',
  '2025-08-25',
  [
    seriesPoint('2025-08-12', 0.41, 0.98),
    seriesPoint('2025-08-15', 0.43, 1),
    seriesPoint('2025-08-19', 0.47, 0.87),
    seriesPoint('2025-08-22', 0.49, 0.93),
    seriesPoint('2025-08-25', 0.5, 1),
  ],
  [{ date: '2025-08-17', sceneId: 'S2_2025-08-17', reason: 'CLOUDY', validFraction: 0.05 }],
);
const LAST_YEAR = answer('2023-08-26', '2024-08-25', [
  seriesPoint('2024-08-14', 0.38, 1),
  seriesPoint('2024-08-24', 0.4, 0.9),
]);

type Series = (call: Call) => Response;

/** The demo farmer on the parcel page; `series` answers GET /api/parcelle/11/series (both years). */
function farmer(series: Series) {
  return stubContracts(
    {
      'GET /parcelle': () => reply(200, [PARCEL]),
      'GET /parcelle/:id': () => reply(200, PARCEL),
      'GET /request/image': () => json(404, { code: 'NOT_FOUND', message: 'x' }),
      'GET /indice/:userId/indices': () => reply(200, CONFIG),
      'GET /images/latest-acquisition': () =>
        reply(200, { parcelId: PARCEL.id, date: '2025-08-25', window: { start: '2025-08-19', end: '2025-08-25' } }),
      'GET /parcelle/:id/series': series,
    },
    {
      ...signInFarmer(),
      'GET /api/abonnementUser/user/5/status': () => json(200, status('actif')),
    },
  );
}

/** This year's answer for the default window, last year's for the window a year before. */
const bothYears =
  (current: SeriesAnswer, previous: SeriesAnswer): Series =>
  (call) =>
    new URL(call.url, 'http://x').searchParams.get('from')!.startsWith('2023')
      ? json(200, previous)
      : json(200, current);

const seriesCalls = (calls: Call[]) =>
  calls
    .filter((c) => c.url.includes('/series'))
    .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));

// recharts measures its box: a phone-sized chart.
beforeEach(() => stubResizeObserver({ width: 340, height: 256 }));
afterEach(() => queryClient.clear());

// The whole app is mounted and the chart comes in its own chunk: slower than one component on a busy machine.
describe('season curve on the parcel page', { timeout: 30_000 }, () => {
  it('draws the points of the answer, lists the clouded date and shows last year beside it (Arabic)', async () => {
    await i18n.changeLanguage('ar');
    const { calls } = farmer(bothYears(SEASON, LAST_YEAR));
    renderApp(`/user/ferme-map/${PARCEL.id}`);
    const section = await screen.findByTestId('season-curve');
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('منحنى الموسم');

    const dots = await within(section).findAllByTestId('season-point');
    expect(dots.map((d) => d.getAttribute('data-date'))).toEqual(SEASON.points.map((p) => p.date));
    expect(dots[2]!.getAttribute('data-selected')).toBe('false');
    // One tab stop, a slider over the acquisitions: it starts on the newest.
    const slider = within(section).getByRole('slider');
    expect(slider.getAttribute('aria-valuetext')).toBe('التقاط 25 أوت 2025، الوسيط 0,5');
    expect(slider.getAttribute('aria-valuenow')).toBe('5');
    // The twelve months up to the latest acquisition, NDVI first, then the same months a year before.
    expect(seriesCalls(calls)).toEqual([
      { index: 'NDVI', from: '2024-08-26', to: '2025-08-25' },
      { index: 'NDVI', from: '2023-08-26', to: '2024-08-25' },
    ]);
    expect((within(section).getByLabelText('من') as HTMLInputElement).value).toBe('2024-08-26');
    expect((within(section).getByLabelText('إلى') as HTMLInputElement).value).toBe('2025-08-25');

    const skipped = within(section).getByTestId('season-skipped');
    expect(
      within(skipped)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['17 أوت 2025 — غائم']);
    expect(within(section).getByTestId('season-legend-previous').textContent).toBe('نفس الفترة من السنة الماضية');
    // Before a point is read, one hint says how, above the chart (points are no targets: no "tap a point").
    expect(within(section).getByTestId('season-drag-hint').textContent).toBe(
      'اسحب إصبعك على المنحنى أو استعمل الأسهم.',
    );
    expect(within(section).queryByText('المس نقطة لعرض تاريخها.')).toBeNull();
  });

  it('a tapped point shows its date, its visible share and a link to that day on the farm map (French)', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = farmer(bothYears(SEASON, answer('2023-08-26', '2024-08-25', [])));
    renderApp(`/user/ferme-map/${PARCEL.id}`);
    const section = await screen.findByTestId('season-curve');
    const points = () => within(section).getAllByTestId('season-point');
    await within(section).findAllByTestId('season-point');
    // Last year's (empty) answer has arrived: the chart is final.
    await waitFor(() => expect(seriesCalls(calls)).toHaveLength(2));
    expect(points()).toHaveLength(5);
    tapSeasonPoint(section, '2025-08-19');

    const chosen = within(section).getByTestId('season-selected');
    expect(plain(chosen.querySelector('p')!.textContent)).toBe('Acquisition du 19 août 2025');
    expect(plain(within(chosen).getByTestId('season-selected-valid').textContent)).toBe(
      'Parcelle visible à 87 % (min. 60 %)',
    );
    const link = within(chosen).getByRole('link', { name: 'Commander la carte de cette date' });
    const href = new URL(link.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/user/ferme-map');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      parcel: String(PARCEL.id),
      index: String(NDVI_ID),
      start: '2025-08-19',
      end: '2025-08-19',
      // The farm map asks to confirm the cost, then orders it (issue 27 §2).
      order: '1',
    });
    // One tab stop for the whole curve (issue 27 §2): the slider, on the selected point.
    const slider = within(section).getByRole('slider');
    expect(slider.getAttribute('tabindex')).toBe('0');
    expect(slider.getAttribute('aria-valuenow')).toBe('3');
    expect(points().map((p) => p.getAttribute('data-selected'))).toEqual(['false', 'false', 'true', 'false', 'false']);
    // Last year held no clear point: nothing is said about it.
    expect(within(section).queryByTestId('season-legend-previous')).toBeNull();
    expect(within(section).getByTestId('season-skipped').textContent).toBe('17 août 2025 — nuageux');

    // The keyboard reaches the same points: End, the arrows, Home; the focus stays on the curve.
    slider.focus();
    await userEvent.keyboard('{End}');
    const title = () => plain(within(section).getByTestId('season-selected').querySelector('p')!.textContent);
    expect(title()).toBe('Acquisition du 25 août 2025');
    expect(points()[4]!.getAttribute('data-selected')).toBe('true');
    expect(document.activeElement).toBe(slider);
    await userEvent.keyboard('{ArrowLeft}');
    expect(title()).toBe('Acquisition du 22 août 2025');
    expect(slider.getAttribute('aria-valuetext')).toBe('Acquisition du 22 août 2025, médiane 0,49');
    // None past the last.
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(title()).toBe('Acquisition du 25 août 2025');
    await userEvent.keyboard('{Home}');
    expect(title()).toBe('Acquisition du 12 août 2025');
  });

  it('says when the plan does not include the index, in both languages', async () => {
    for (const [lang, text] of [
      ['fr', "Votre abonnement n'inclut pas cet indice."],
      ['ar', 'اشتراكك لا يشمل هذا المؤشر.'],
    ] as const) {
      await i18n.changeLanguage(lang);
      const { calls } = farmer(() => json(403, { code: 'INDEX_NOT_IN_PLAN', message: 'x' }));
      const view = renderApp(`/user/ferme-map/${PARCEL.id}`);
      const error = await screen.findByTestId('season-error');
      expect(error.textContent).toBe(text);
      expect(screen.queryAllByTestId('season-point')).toHaveLength(0);
      // A refusal is not asked again, and last year is not asked at all.
      expect(seriesCalls(calls)).toHaveLength(1);
      view.unmount();
      queryClient.clear();
    }
  });

  it('says when the period holds no clear acquisition, still listing the skipped ones, in both languages', async () => {
    const empty = answer(
      '2024-08-26',
      '2025-08-25',
      [],
      [
        { date: '2025-08-17', sceneId: 'S2_2025-08-17', reason: 'CLOUDY', validFraction: 0.05 },
        { date: '2025-08-20', sceneId: 'S2_2025-08-20', reason: 'MISSING_BAND', validFraction: null },
      ],
    );
    for (const [lang, text, reasons] of [
      ['fr', 'Aucune acquisition claire dans cette période.', ['nuageux', 'bande manquante']],
      ['ar', 'لا يوجد أي التقاط صافٍ في هذه الفترة.', ['غائم', 'نطاق طيفي ناقص']],
    ] as const) {
      await i18n.changeLanguage(lang);
      farmer(() => json(200, empty));
      const view = renderApp(`/user/ferme-map/${PARCEL.id}`);
      expect((await screen.findByTestId('season-empty')).textContent).toBe(text);
      expect(screen.queryByTestId('season-chart')).toBeNull();
      const items = within(screen.getByTestId('season-skipped')).getAllByRole('listitem');
      expect(items.map((li) => li.getAttribute('data-reason'))).toEqual(['CLOUDY', 'MISSING_BAND']);
      expect(items.map((li) => li.textContent!.split(' — ')[1])).toEqual(reasons);
      view.unmount();
      queryClient.clear();
    }
  });

  it('names the wait when the daily fair use is reached (429), in both languages', async () => {
    for (const [lang, text] of [
      ['fr', "Vous avez atteint le nombre de courbes permis aujourd'hui. Réessayez dans 14 minutes."],
      ['ar', 'بلغت عدد المنحنيات المسموح به اليوم. أعد المحاولة بعد 14 دقيقة.'],
    ] as const) {
      await i18n.changeLanguage(lang);
      farmer(
        () =>
          new Response(JSON.stringify({ code: 'RATE_LIMITED', message: 'x' }), {
            status: 429,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '820' },
          }),
      );
      const view = renderApp(`/user/ferme-map/${PARCEL.id}`);
      expect(plain((await screen.findByTestId('season-error')).textContent)).toBe(text);
      view.unmount();
      queryClient.clear();
    }
  });

  it('follows the index picked for the curve (any index of the plan)', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = farmer(bothYears(SEASON, LAST_YEAR));
    renderApp(`/user/ferme-map/${PARCEL.id}`);
    await screen.findAllByTestId('season-point');
    const picker = screen.getByLabelText('Indice de la courbe') as HTMLSelectElement;
    expect(picker.value).toBe(String(NDVI_ID));
    expect([...picker.options].map((o) => o.text)).toEqual(['NDMI', 'NDVI', 'MSAVI']);
    await userEvent.selectOptions(picker, 'MSAVI');
    await waitFor(() => expect(seriesCalls(calls).some((q) => q.index === 'MSAVI')).toBe(true));
    expect(seriesCalls(calls).filter((q) => q.index === 'NDMI')).toEqual([]);
  });

  it('checks a period of at most 366 days before asking', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = farmer(bothYears(SEASON, LAST_YEAR));
    renderApp(`/user/ferme-map/${PARCEL.id}`);
    await screen.findAllByTestId('season-point');
    const from = screen.getByLabelText('Du');
    await userEvent.clear(from);
    await userEvent.type(from, '2024-01-01');
    expect(screen.getByText("Choisissez une période d'au plus 366 jours, le début avant la fin.")).toBeTruthy();
    expect(seriesCalls(calls).every((q) => q.from !== '2024-01-01')).toBe(true);
  });
});

describe('season chart colours (WCAG 1.4.11, graphics ≥ 3:1)', () => {
  it("last year's line stands out from its white halo and the card; the median from the band", () => {
    expect(contrast(SEASON_COLOURS.previous, SEASON_COLOURS.halo)).toBeGreaterThanOrEqual(3);
    expect(contrast(SEASON_COLOURS.previous, CHART_COLOURS.background)).toBeGreaterThanOrEqual(3);
    expect(contrast(CHART_COLOURS.mean, CHART_COLOURS.band)).toBeGreaterThanOrEqual(3);
    expect(contrast(CHART_COLOURS.band, CHART_COLOURS.background)).toBeGreaterThanOrEqual(3);
  });
});

describe('season chart on a phone: drag, previous/next, readout (issue 27 §2)', { timeout: 30_000 }, () => {
  /** The parcel page in `lang` with the curve drawn (last year's empty answer arrived too). */
  async function openCurve(lang: 'ar' | 'fr') {
    await i18n.changeLanguage(lang);
    const { calls } = farmer(bothYears(SEASON, answer('2023-08-26', '2024-08-25', [])));
    renderApp(`/user/ferme-map/${PARCEL.id}`);
    const section = await screen.findByTestId('season-curve');
    await within(section).findAllByTestId('season-point');
    await waitFor(() => expect(seriesCalls(calls)).toHaveLength(2));
    return section;
  }
  const selectedDates = (section: HTMLElement) =>
    within(section)
      .getAllByTestId('season-point')
      .filter((p) => p.getAttribute('data-selected') === 'true')
      .map((p) => p.getAttribute('data-date'));

  it('a finger dragged along the plot moves the selection to the nearest acquisition', async () => {
    const section = await openCurve('fr');
    const target = within(section).getByTestId('season-plot-target');
    const dots = within(section).getAllByTestId('season-point');
    const cx = dots.map((d) => Number(d.getAttribute('cx')));
    const plotX = Number(target.getAttribute('x'));
    const plotWidth = Number(target.getAttribute('width'));
    // The plot shown at twice its drawn size, 100 px from the screen's left edge.
    vi.spyOn(target, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 100, y: 50, width: plotWidth * 2, height: 400 }),
    );
    const screenX = (chartX: number) => 100 + (chartX - plotX) * 2;
    // Down between the first two dots, nearer the second: the second is picked.
    fireEvent.pointerDown(target, {
      pointerId: 7,
      pointerType: 'touch',
      clientX: screenX(cx[0]! + 0.7 * (cx[1]! - cx[0]!)),
    });
    expect(selectedDates(section)).toEqual(['2025-08-15']);
    // Moving on, with the finger still down: the cursor follows, snapped, and the readout with it.
    fireEvent.pointerMove(target, { pointerId: 7, pointerType: 'touch', clientX: screenX(cx[3]! - 1) });
    expect(selectedDates(section)).toEqual(['2025-08-22']);
    expect(within(section).getByTestId('season-cursor').getAttribute('x1')).toBe(String(cx[3]));
    expect(plain(within(section).getByTestId('season-readout-date').textContent)).toBe('22 août 2025');
    // Past the end of the plot: the newest.
    fireEvent.pointerMove(target, { pointerId: 7, pointerType: 'touch', clientX: screenX(cx[4]! + 500) });
    expect(selectedDates(section)).toEqual(['2025-08-25']);
    // Another finger's moves, and moves after the finger is lifted, change nothing.
    fireEvent.pointerMove(target, { pointerId: 8, pointerType: 'touch', clientX: screenX(cx[0]!) });
    fireEvent.pointerUp(target, { pointerId: 7, pointerType: 'touch', clientX: screenX(cx[4]!) });
    fireEvent.pointerMove(target, { pointerId: 7, pointerType: 'touch', clientX: screenX(cx[0]!) });
    expect(selectedDates(section)).toEqual(['2025-08-25']);
    // A vertical swipe still scrolls the page; a sideways one drags the cursor.
    expect(within(section).getByTestId('season-chart').className).toMatch(/(^|\s)touch-pan-y(\s|$)/);
  });

  it('previous/next step along the acquisitions in time and stop at both ends', async () => {
    const section = await openCurve('ar');
    const previous = within(section).getByRole('button', { name: 'الالتقاط السابق' });
    const next = within(section).getByRole('button', { name: 'الالتقاط التالي' });
    // Time runs left to right on the chart in Arabic too: "previous" (earlier) sits on the left.
    expect(within(section).getByTestId('season-stepper').getAttribute('dir')).toBe('ltr');
    expect(within(section).getByTestId('season-stepper').firstElementChild).toBe(previous);
    // Nothing selected: "previous" starts at the newest, "next" has nowhere to go.
    expect(next.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(previous);
    expect(selectedDates(section)).toEqual(['2025-08-25']);
    await userEvent.click(next);
    expect(selectedDates(section)).toEqual(['2025-08-25']);
    await userEvent.click(previous);
    expect(selectedDates(section)).toEqual(['2025-08-22']);
    for (let i = 0; i < 6; i++) await userEvent.click(previous);
    expect(selectedDates(section)).toEqual(['2025-08-12']);
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    expect(next.getAttribute('aria-disabled')).toBe('false');
    await userEvent.click(next);
    expect(selectedDates(section)).toEqual(['2025-08-15']);
    // The order link follows the selection.
    const link = within(section).getByTestId('season-order');
    expect(new URL(link.getAttribute('href')!, 'http://x').searchParams.get('start')).toBe('2025-08-15');
  });

  for (const [lang, texts] of [
    ['fr', { date: '19 août 2025', value: 'médiane 0,47', valid: 'visible à 87 %' }],
    ['ar', { date: '19 أوت 2025', value: 'الوسيط 0,47', valid: 'مرئية بنسبة 87%' }],
  ] as const) {
    it(`reads the date, the median and the visible share above the chart (${lang})`, async () => {
      const section = await openCurve(lang);
      const readout = within(section).getByTestId('season-readout');
      expect(readout.getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      tapSeasonPoint(section, '2025-08-19');
      expect(plain(within(readout).getByTestId('season-readout-date').textContent)).toBe(texts.date);
      expect(plain(within(readout).getByTestId('season-readout-value').textContent)).toBe(texts.value);
      expect(plain(within(readout).getByTestId('season-readout-valid').textContent)).toBe(texts.valid);
    });
  }

  it('declares no pointer target under 24 × 24 px (WCAG 2.5.8)', async () => {
    const section = await openCurve('fr');
    const chart = within(section).getByTestId('season-chart');
    const svg = chart.querySelector('svg')!;
    // In the chart, nothing is a control of its own: the plot's one target, as large as the plot.
    // (recharts marks its drawing layers tabindex="-1": never reached by Tab, not a target.)
    expect(svg.getAttribute('tabindex')).toBeNull();
    expect(svg.querySelectorAll('[role], a, button')).toHaveLength(0);
    expect([...svg.querySelectorAll('[tabindex]')].filter((e) => e.getAttribute('tabindex') !== '-1')).toEqual([]);
    const handlers = within(section).getByTestId('season-points');
    const target = within(section).getByTestId('season-plot-target');
    expect(target.parentElement).toBe(handlers);
    // …and the only one: the chart's other layers (grid, band, lines, axes) take no pointer, so a finger's touch
    // area near a grid line or the curve is not adjusted onto them, outside the target.
    expect(chart.className.split(/\s+/)).toContain('[&_svg]:pointer-events-none');
    expect(handlers.style.pointerEvents).toBe('auto');
    expect(Number(target.getAttribute('width'))).toBeGreaterThanOrEqual(MIN_TARGET_PX);
    expect(Number(target.getAttribute('height'))).toBeGreaterThanOrEqual(MIN_TARGET_PX);
    // The dots lie inside it (a tap on one lands on the plot's target).
    for (const dot of within(section).getAllByTestId('season-point')) expect(dot.parentElement).toBe(handlers);
    // The curve's controls outside the chart: the slider (the whole chart, 16rem high) and the two buttons of
    // 2.75rem (Tailwind's h-11 w-11, 44 px).
    const px = (el: Element, side: 'h' | 'w') => {
      const size = el.getAttribute('class')!.match(new RegExp(`(?:^|\\s)${side}-(\\d+)(?:\\s|$)`));
      return size ? Number(size[1]) * 4 : el.getAttribute('class')!.includes(`${side}-full`) ? Infinity : 0;
    };
    expect(px(chart, 'h')).toBeGreaterThanOrEqual(MIN_TARGET_PX);
    expect(px(chart, 'w')).toBeGreaterThanOrEqual(MIN_TARGET_PX);
    const buttons = within(within(section).getByTestId('season-stepper')).getAllByRole('button');
    expect(buttons).toHaveLength(2);
    for (const b of buttons) {
      expect(px(b, 'h')).toBeGreaterThanOrEqual(MIN_TARGET_PX);
      expect(px(b, 'w')).toBeGreaterThanOrEqual(MIN_TARGET_PX);
    }
  });
});

describe('nearestIndex', () => {
  it('picks the nearest x, the earlier on a tie, none in an empty list', () => {
    expect(nearestIndex([100, 106, 200], 104)).toBe(1);
    expect(nearestIndex([100, 106, 200], 103)).toBe(0);
    expect(nearestIndex([100, 106, 200], 1000)).toBe(2);
    expect(nearestIndex([], 5)).toBe(-1);
  });
});
