// The CSV the platform writes for spreadsheets (the stock export, an import's report, an organisation's export).

/**
 * One cell. Quoted when it holds the separator, a quote or a line break (quotes doubled). Text that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe, so an item name or
 * note can never become a formula in the farmer's Excel.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Decimal comma: the `;` separator is what French-locale Excel expects, and it reads `12,5` as a number. */
export function csvNumber(value: number): string {
  return String(value).replace('.', ',');
}
