/**
 * Intl formatters, one per locale and options. Building one is costly (ICU loads the locale's patterns: about a
 * millisecond, several on a slow phone) and using one is cheap; a screen that formats every day of a season
 * curve or every row of a history built them by the hundred (seen in a CPU profile of the farm map: about a
 * quarter of its rendering). Formatters hold no state between calls, so sharing them is safe.
 */
const made = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function once<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let format = made.get(key) as T | undefined;
  if (!format) {
    format = make();
    made.set(key, format);
  }
  return format;
}

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return once(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return once(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/**
 * Builds a date formatter once the main thread is idle (a screen waiting for its reads), so that its first use, in
 * the screen's first render, does not: the first formatter of a locale loads its ICU data (tens of milliseconds on a
 * slow phone). Where the browser has no requestIdleCallback the first use builds it, as without this.
 */
export function prepareDateFormat(locale: string, options: Intl.DateTimeFormatOptions): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => dateFormat(locale, options));
}
