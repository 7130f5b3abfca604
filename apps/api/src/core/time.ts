/** Algerian time: the calendar day every module dates things by (UTC+1, no DST), whatever the server's zone. */
export const ALGIERS_TIME_ZONE = 'Africa/Algiers';

const DAY_MS = 24 * 3600 * 1000;

/** Dates are the Algerian calendar day (UTC+1, no DST), whatever the server's time zone. */
export function algiersToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: ALGIERS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** 'YYYY-MM-DD' plus whole years (29 February rolls over to 1 March). */
export function addYears(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}

/** SPEC §9: the rounded-up absolute difference in days between the end date (midnight UTC) and now. */
export function remainingDays(endDate: string, now: Date = new Date()): number {
  const end = Date.parse(`${endDate}T00:00:00Z`);
  return Math.ceil(Math.abs(end - now.getTime()) / DAY_MS);
}
