import { LIMITS } from '@filaha/shared';

/** The analysis window, both ends as YYYY-MM-DD (the form the API takes). */
export interface DateRange {
  start: string;
  end: string;
}

/** The demo window (SPEC §4); the map itself opens on the latest window over the parcel (`windowEnding`). */
export const DEFAULT_RANGE: DateRange = { start: '2025-08-14', end: '2025-08-19' };

const DAY_MS = 86_400_000;

/** Today's UTC day, YYYY-MM-DD. */
export const todayYmd = (now: number = Date.now()) => new Date(now).toISOString().slice(0, 10);

/** The longest allowed window ending on `end` (6 days before it to it). */
export function windowEnding(end: string): DateRange {
  return { start: addDays(end, -LIMITS.maxPeriodDays), end };
}
const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2025-02-30 is not one). */
export function isYmd(value: string): boolean {
  if (!YMD.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** Days are counted in UTC so a daylight-saving change never turns 6 days into 5.96. */
export function addDays(ymd: string, days: number): string {
  return new Date(Date.parse(`${ymd}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);
}

/** Two real days, in order, at most 6 days apart. */
export function isValidRange(range: DateRange): boolean {
  if (!isYmd(range.start) || !isYmd(range.end)) return false;
  const days = daysBetween(range.start, range.end);
  return days >= 0 && days <= LIMITS.maxPeriodDays;
}

export interface RangeChange {
  range: DateRange;
  /** True when the other end had to move because the period went over 6 days (show the SPEC's message). */
  clamped: boolean;
}

/**
 * SPEC §5: moving the start so the gap exceeds 6 days sets end = start + 6; moving the end so it exceeds 6
 * sets start = end − 6. A start moved past the end drags the end along (and the reverse), so the window
 * is never upside down. An incomplete date is stored as typed and simply makes the period invalid.
 */
export function changeRange(current: DateRange, edge: 'start' | 'end', value: string): RangeChange {
  const next: DateRange = { ...current, [edge]: value };
  if (!isYmd(next.start) || !isYmd(next.end)) return { range: next, clamped: false };
  const days = daysBetween(next.start, next.end);
  if (days > LIMITS.maxPeriodDays) {
    return edge === 'start'
      ? { range: { start: next.start, end: addDays(next.start, LIMITS.maxPeriodDays) }, clamped: true }
      : { range: { start: addDays(next.end, -LIMITS.maxPeriodDays), end: next.end }, clamped: true };
  }
  if (days < 0) {
    return edge === 'start'
      ? { range: { start: next.start, end: next.start }, clamped: false }
      : { range: { start: next.end, end: next.end }, clamped: false };
  }
  return { range: next, clamped: false };
}

/** The window a "use this date" suggestion sets: exactly that acquisition day. */
export function rangeOn(day: string): DateRange {
  return { start: day, end: day };
}

/** For a window where every acquisition is clouded: the 6-day windows just before and just after it. */
export function neighbourRanges(range: DateRange): { before: DateRange; after: DateRange } | null {
  if (!isValidRange(range)) return null;
  const beforeEnd = addDays(range.start, -1);
  const afterStart = addDays(range.end, 1);
  return {
    before: { start: addDays(beforeEnd, -LIMITS.maxPeriodDays), end: beforeEnd },
    after: { start: afterStart, end: addDays(afterStart, LIMITS.maxPeriodDays) },
  };
}

/** The same calendar day `years` later (29 February becomes the 28th in a common year). */
export function shiftYear(ymd: string, years: number): string {
  const year = Number(ymd.slice(0, 4)) + years;
  const md = ymd.slice(5);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${String(year).padStart(4, '0')}-${md === '02-29' && !leap ? '02-28' : md}`;
}

/** The longest season-curve window, in days (the API's SERIES_MAX_DAYS). */
export const SEASON_MAX_DAYS = 366;

/** The season curve's default: the twelve months up to `end` (a year back, plus a day). */
export function seasonEnding(end: string): DateRange {
  return { start: addDays(shiftYear(end, -1), 1), end };
}

/** Two real days, in order, at most 366 days apart. */
export function isSeasonRange(range: DateRange): boolean {
  if (!isYmd(range.start) || !isYmd(range.end)) return false;
  const days = daysBetween(range.start, range.end);
  return days >= 0 && days <= SEASON_MAX_DAYS;
}
