import type {
  ApiIssue,
  MovementDirection,
  MovementKind,
  StockItemInput,
  StockItemKind,
  StockMovementInput,
  StockUnit,
} from '@filaha/shared';
import { API_BASE, ApiFailure } from '../../lib/api.ts';
import { getToken, UNAUTHENTICATED_EVENT } from '../../lib/storage.ts';
import { apiCalls } from '../../lib/apiCalls.ts';
import { ApiAnswerError } from '../../lib/queries.ts';

/** GET /api/stock/items (apps/api/README.md, "Stock management"); `stock` is computed by the server. */
export interface StockItem {
  id: number;
  name: string;
  unit: StockUnit;
  kind: StockItemKind;
  stock: number;
  movementCount: number;
  createdAt: string;
}

export interface StockMovement {
  id: number;
  itemId: number;
  itemName: string;
  unit: StockUnit;
  direction: MovementDirection;
  kind: MovementKind;
  quantity: number;
  unitPrice: number;
  total: number;
  date: string;
  note: string;
  createdAt: string;
}

export interface SummaryRow {
  id: number;
  name: string;
  unit: StockUnit;
  kind: StockItemKind;
  entries: number;
  exits: number;
  difference: number;
  stock: number;
  purchasesValue: number;
  salesValue: number;
}

export interface StockSummary {
  from: string | null;
  to: string | null;
  items: SummaryRow[];
  totals: { purchasesValue: number; salesValue: number };
}

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

/** `?a=1&b=2` with only the values that are set. */
function search(values: Readonly<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const stockApi = {
  items: () => apiCalls.get<StockItem[]>('/stock/items'),
  createItem: (input: StockItemInput) => apiCalls.post<StockItem>('/stock/items', input),
  updateItem: (id: number, input: StockItemInput) => apiCalls.put<StockItem>(`/stock/items/${id}`, input),
  deleteItem: (id: number, withMovements: boolean) =>
    apiCalls.delete<{ message: string; deletedMovements: number }>(
      `/stock/items/${id}${withMovements ? '?withMovements=true' : ''}`,
    ),
  movements: (filters: MovementFilters) => apiCalls.get<StockMovement[]>(`/stock/movements${search({ ...filters })}`),
  addMovement: (input: StockMovementInput) => apiCalls.post<StockMovement>('/stock/movements', input),
  deleteMovement: (id: number) =>
    apiCalls.delete<{ message: string; movement: StockMovement }>(`/stock/movements/${id}`),
  summary: (period: Period) => apiCalls.get<StockSummary>(`/stock/summary${search({ ...period })}`),
};

export const itemsQuery = { queryKey: stockKeys.items, queryFn: stockApi.items };
export const summaryQuery = (period: Period) => ({
  queryKey: stockKeys.summary(period),
  queryFn: () => stockApi.summary(period),
});

/** What a 409 STOCK_NEGATIVE says: the first day the stock would go below zero, and by how much. */
export interface Shortfall {
  date: string;
  shortfall: number;
}

export function shortfallOf(error: unknown): Shortfall | null {
  if (!(error instanceof ApiAnswerError) || error.code !== 'STOCK_NEGATIVE') return null;
  const issue = error.issues[0] as (ApiIssue & Partial<Shortfall>) | undefined;
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
    response = await fetch(`${API_BASE}/stock/export.csv${search({ ...period, lang })}`, {
      headers: { Accept: 'text/csv', 'Accept-Language': lang, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch (error) {
    throw new ApiFailure('network', error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => ({}))) as {
      code?: string;
      message?: string;
      issues?: ApiIssue[];
    };
    if (response.status === 401 && token) window.dispatchEvent(new Event(UNAUTHENTICATED_EVENT));
    if (response.status >= 500)
      throw new ApiFailure('server', payload.message ?? `HTTP ${response.status}`, response.status);
    throw new ApiAnswerError(
      response.status,
      payload.code ?? 'VALIDATION_FAILED',
      payload.message ?? '',
      payload.issues,
    );
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
