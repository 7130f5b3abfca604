import type { MovementDirection, MovementKind, StockItemInput, StockMovementInput } from '@filaha/shared';
import type { NegativeStockIssue, RouteData, RouteInput } from '@filaha/shared/contracts';
import { call, pathOf } from '../../lib/client.ts';
import { downloadWithToken } from '../../lib/download.ts';
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

/**
 * GET /api/stock/export.csv needs the Bearer token, so a plain link cannot download it (lib/download.ts). Resolves
 * with the file's name.
 */
export function downloadCsv(period: Period, lang: 'ar' | 'fr'): Promise<string> {
  // A file, not JSON: fetched as such, its path and query typed by the route's contract.
  const query: RouteInput<'GET /stock/export.csv'>['query'] = { ...period, lang };
  return downloadWithToken(pathOf('/stock/export.csv', { query }), lang, 'stock.csv');
}
