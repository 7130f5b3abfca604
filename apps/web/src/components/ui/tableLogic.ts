export type SortDir = 'asc' | 'desc';
export type SortValue = string | number | null | undefined;

/** Numbers by value, text by the language's collation (Arabic or French), empty values last. */
export function compareValues(a: SortValue, b: SortValue, lang: string): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), lang, { numeric: true, sensitivity: 'base' });
}

export function pageCount(rows: number, pageSize: number): number {
  return Math.max(1, Math.ceil(rows / pageSize));
}
