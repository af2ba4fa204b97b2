import { ApiError, toErrorBody } from './apiError';
import { buildUrl, type QueryValue } from './client';
import { getAccessToken } from './tokenRefresh';

/**
 * File name from a content-disposition header, else the fallback. The RFC 6266 `filename*`
 * (UTF-8, percent-encoded) wins over the plain `filename`, which may be an ASCII stand-in.
 */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const header = disposition ?? '';
  const extended = /filename\*=\s*UTF-8''([^;\s]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(header);
  return plain?.[1] || plain?.[2] || fallback;
}

/**
 * Fetches a file answer (an export) with the bearer token (refreshed first like every call)
 * and saves it through a temporary object URL, under the server's file name. Returns that name.
 */
export async function downloadFile(path: string, query: Record<string, QueryValue>, fallbackName: string) {
  const token = await getAccessToken();
  const res = await fetch(buildUrl(path, query), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new ApiError(res.status, toErrorBody(await res.json().catch(() => null)));
  const blob = await res.blob();
  const name = fileNameFrom(res.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
