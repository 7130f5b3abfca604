import type { MovementDirection, MovementKind, StockItemInput, StockMovementInput } from '@filaha/shared';
import type { NegativeStockIssue, RouteData, RouteInput } from '@filaha/shared/contracts';
import { API_BASE, ApiFailure, toApiError } from '../../lib/api.ts';
import { call, pathOf } from '../../lib/client.ts';
import { getToken, UNAUTHENTICATED_EVENT } from '../../lib/storage.ts';
import { ApiAnswerError } from '../../lib/queries.ts';

/** GET /api/stock/items (apps/api/README.md, "Stock management"); `stock` is computed by the server. */
export type StockItem = RouteData<'GET /stock/items'>[number];
export type StockMovement = RouteData<'GET /stock/movements'>[number];
export type StockSummary = RouteData<'GET /stock/summary'>;
export type SummaryRow = StockSummary['items'][number];

/** An inclusive period of YYYY-MM-DD days; '' leaves that end open. */
export interface Period {
  from: string;
  to: string;
}

export interface MovementFilters extends Period {
  kind?: MovementKind;
  direction?: MovementDirection;
  itemId?: number;
}

/** One root, so every write refreshes the items, the summaries and the movement lists together. */
export const stockKeys = {
  all: ['stock'] as const,
  items: ['stock', 'items'] as const,
  movements: (filters: MovementFilters) => ['stock', 'movements', filters] as const,
  summary: (period: Period) => ['stock', 'summary', period] as const,
};

export const stockApi = {
  items: () => call('GET /stock/items'),
  createItem: (input: StockItemInput) => call('POST /stock/items', { body: input }),
  updateItem: (id: number, input: StockItemInput) => call('PUT /stock/items/:id', { params: { id }, body: input }),
  deleteItem: (id: number, withMovements: boolean) =>
    call('DELETE /stock/items/:id', { params: { id }, query: { withMovements: withMovements ? true : undefined } }),
  movements: (filters: MovementFilters) => call('GET /stock/movements', { query: { ...filters } }),
  addMovement: (input: StockMovementInput) => call('POST /stock/movements', { body: input }),
  deleteMovement: (id: number) => call('DELETE /stock/movements/:id', { params: { id } }),
  summary: (period: Period) => call('GET /stock/summary', { query: { ...period } }),
};

export const itemsQuery = { queryKey: stockKeys.items, queryFn: stockApi.items };
export const summaryQuery = (period: Period) => ({
  queryKey: stockKeys.summary(period),
  queryFn: () => stockApi.summary(period),
});

/** What a 409 STOCK_NEGATIVE says (its issue: `NegativeStockIssue` in packages/shared/src/contracts/error-bodies.ts). */
export type Shortfall = Pick<NegativeStockIssue, 'date' | 'shortfall'>;

export function shortfallOf(error: unknown): Shortfall | null {
  if (!(error instanceof ApiAnswerError) || error.code !== 'STOCK_NEGATIVE') return null;
  const issue: Partial<Record<keyof NegativeStockIssue, unknown>> | undefined = error.issues[0];
  if (typeof issue?.date !== 'string' || typeof issue.shortfall !== 'number') return null;
  return { date: issue.date, shortfall: issue.shortfall };
}

/** The file name of `Content-Disposition: attachment; filename="…"` (or RFC 5987 `filename*=UTF-8''…`). */
export function filenameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? null;
}

/**
 * GET /api/stock/export.csv needs the Bearer token, so a plain link cannot download it: the file is fetched,
 * then saved through a Blob link under the server's name. Resolves with that name.
 */
export async function downloadCsv(period: Period, lang: 'ar' | 'fr'): Promise<string> {
  const token = getToken();
  let response: Response;
  try {
    // A file, not JSON: fetched as such, its path and query typed by the route's contract.
    const query: RouteInput<'GET /stock/export.csv'>['query'] = { ...period, lang };
    response = await fetch(`${API_BASE}${pathOf('/stock/export.csv', { query })}`, {
      headers: { Accept: 'text/csv', 'Accept-Language': lang, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch (error) {
    throw new ApiFailure('network', error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) {
    const error = toApiError(await response.json().catch(() => undefined), response.status);
    if (response.status === 401 && token) window.dispatchEvent(new Event(UNAUTHENTICATED_EVENT));
    if (response.status >= 500) throw new ApiFailure('server', error.message, response.status, error.code);
    throw new ApiAnswerError(response.status, error.code, error.message, error.issues);
  }
  const name = filenameFrom(response.headers.get('Content-Disposition')) ?? 'stock.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the Blob to the download; release it once that is under way.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
