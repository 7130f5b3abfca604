import { API_BASE, ApiFailure, toApiError } from './api.ts';
import { ApiAnswerError } from './queries.ts';
import { getToken, UNAUTHENTICATED_EVENT } from './storage.ts';

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
 * A file from the API that needs the Bearer token (a CSV export, an import's report), so a plain link cannot download
 * it: fetched with the token, then saved through a Blob link under the server's name (else `fallbackName`). `path` is
 * the API path with its query, as `pathOf` builds it. Resolves with the saved name; an API error throws as `call` does.
 */
export async function downloadWithToken(
  path: string,
  lang: 'ar' | 'fr',
  fallbackName: string,
  accept = 'text/csv',
): Promise<string> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      headers: { Accept: accept, 'Accept-Language': lang, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
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
  const name = filenameFrom(response.headers.get('Content-Disposition')) ?? fallbackName;
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
