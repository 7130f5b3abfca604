import { describe, expect, it } from 'vitest';
import { addDays, changeRange, DEFAULT_RANGE, isValidRange, neighbourRanges } from './dateRange.ts';
import { generateState } from './generateState.ts';
import { indexCodeOf, legendClassOf, legendRange, type LegendEntry } from './legend.ts';

const YMD = /^\d{4}-\d{2}-\d{2}$/;

describe('date range rule (SPEC §5)', () => {
  it('starts on the SPEC default window', () => {
    expect(DEFAULT_RANGE).toEqual({ start: '2025-08-14', end: '2025-08-19' });
    expect(isValidRange(DEFAULT_RANGE)).toBe(true);
  });

  it('moving the start so the gap exceeds 6 days sets end = start + 6, and says so', () => {
    const out = changeRange({ start: '2025-08-14', end: '2025-08-19' }, 'start', '2025-08-01');
    expect(out).toEqual({ range: { start: '2025-08-01', end: '2025-08-07' }, clamped: true });
  });

  it('moving the end so the gap exceeds 6 days sets start = end − 6, and says so', () => {
    const out = changeRange({ start: '2025-08-14', end: '2025-08-19' }, 'end', '2025-08-31');
    expect(out).toEqual({ range: { start: '2025-08-25', end: '2025-08-31' }, clamped: true });
  });

  it('keeps a period of exactly 6 days and anything shorter untouched', () => {
    expect(changeRange(DEFAULT_RANGE, 'end', '2025-08-20')).toEqual({
      range: { start: '2025-08-14', end: '2025-08-20' },
      clamped: false,
    });
    expect(changeRange(DEFAULT_RANGE, 'start', '2025-08-16').range).toEqual({ start: '2025-08-16', end: '2025-08-19' });
    expect(isValidRange({ start: '2025-08-14', end: '2025-08-20' })).toBe(true);
    expect(isValidRange({ start: '2025-08-14', end: '2025-08-21' })).toBe(false);
  });

  it('crosses month and year ends and always hands over YYYY-MM-DD', () => {
    const a = changeRange({ start: '2025-12-20', end: '2025-12-22' }, 'start', '2025-12-28');
    expect(a.range).toEqual({ start: '2025-12-28', end: '2025-12-28' });
    const b = changeRange({ start: '2025-12-28', end: '2025-12-28' }, 'end', '2026-01-05');
    expect(b).toEqual({ range: { start: '2025-12-30', end: '2026-01-05' }, clamped: true });
    expect(addDays('2024-02-26', 6)).toBe('2024-03-03');
    for (const r of [a.range, b.range]) {
      expect(r.start).toMatch(YMD);
      expect(r.end).toMatch(YMD);
    }
  });

  it('never leaves the window upside down', () => {
    expect(changeRange(DEFAULT_RANGE, 'start', '2025-08-22').range).toEqual({ start: '2025-08-22', end: '2025-08-22' });
    expect(changeRange(DEFAULT_RANGE, 'end', '2025-08-10').range).toEqual({ start: '2025-08-10', end: '2025-08-10' });
  });

  it('treats a cleared or impossible date as an invalid period without moving the other end', () => {
    const cleared = changeRange(DEFAULT_RANGE, 'end', '');
    expect(cleared).toEqual({ range: { start: '2025-08-14', end: '' }, clamped: false });
    expect(isValidRange(cleared.range)).toBe(false);
    expect(isValidRange({ start: '2025-02-30', end: '2025-03-01' })).toBe(false);
  });

  it('proposes the 6-day windows either side of a clouded one', () => {
    expect(neighbourRanges(DEFAULT_RANGE)).toEqual({
      before: { start: '2025-08-07', end: '2025-08-13' },
      after: { start: '2025-08-20', end: '2025-08-26' },
    });
  });
});

describe('generate button state (SPEC §5)', () => {
  const ok = { parcelId: 3, indexId: 1, range: DEFAULT_RANGE, loading: false };

  it('is enabled with a parcel, an index and a valid period', () => {
    expect(generateState(ok)).toEqual({ disabled: false, hint: null });
  });

  it('names what is missing: both, the parcel, the index, then the period', () => {
    expect(generateState({ ...ok, parcelId: null, indexId: null })).toEqual({ disabled: true, hint: 'selectBoth' });
    expect(generateState({ ...ok, parcelId: null })).toEqual({ disabled: true, hint: 'selectParcel' });
    expect(generateState({ ...ok, indexId: null })).toEqual({ disabled: true, hint: 'selectIndex' });
    expect(generateState({ ...ok, range: { start: '2025-08-01', end: '2025-08-19' } })).toEqual({
      disabled: true,
      hint: 'invalidPeriod',
    });
  });

  it('is disabled while a request runs', () => {
    expect(generateState({ ...ok, loading: true })).toEqual({ disabled: true, hint: null });
  });
});

describe('legend formatting (SPEC §9)', () => {
  it("writes ranges with 'à' in French and 'إلى' in Arabic, numbers per language", () => {
    expect(legendRange(0.2, 0.4, 'fr')).toBe('0,2 à 0,4');
    expect(legendRange(0.2, 0.4, 'ar')).toBe('0,2 إلى 0,4');
    expect(legendRange(-1, 0, 'fr')).toBe('-1 à 0');
    expect(legendRange(-1, 0, 'ar')).toBe('-1 إلى 0');
    expect(legendRange(0.125, 1, 'fr')).toBe('0,125 à 1');
  });

  const legend: LegendEntry[] = [
    { id: 2, intervalDeb: 0, intervalFin: 0.5, color: 'rgb(1, 2, 3)', descriptionLeg: 'bas' },
    { id: 1, intervalDeb: -1, intervalFin: 0, color: 'rgb(4, 5, 6)', descriptionLeg: 'eau' },
    { id: 3, intervalDeb: 0.5, intervalFin: 1, color: 'rgb(7, 8, 9)', descriptionLeg: 'dense' },
  ];

  it('finds the class of a value on [start, end) intervals, the last one closed', () => {
    expect(legendClassOf(-0.2, legend)?.id).toBe(1);
    expect(legendClassOf(0, legend)?.id).toBe(2);
    expect(legendClassOf(0.5, legend)?.id).toBe(3);
    expect(legendClassOf(1, legend)?.id).toBe(3);
    expect(legendClassOf(1.2, legend)).toBeNull();
  });

  it("matches an index by its name without 'Indice', spaces and case", () => {
    expect(indexCodeOf({ indiceName: 'Indice NDVI' })).toBe('NDVI');
    expect(indexCodeOf({ indiceName: ' indice  nd re ' })).toBe('NDRE');
    expect(indexCodeOf({ code: 'ndmi', indiceName: 'Humidité' })).toBe('NDMI');
  });
});
