import { ApiError, toErrorBody } from './apiError';
import { type ApiPath, client, type Init, type Untyped } from './client';

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
 * Fetches a file answer (an export, a script) through the API client (its bearer token
 * refreshed first like every call) and saves it through a temporary object URL, under the
 * server's file name. Returns that name.
 */
export async function downloadFile<P extends ApiPath<'get'>>(path: P, init: Init<P, 'get'>, fallbackName: string) {
  const request = client.request as Untyped;
  // The answer is a file, read as it comes; the client's Accept: application/json is not sent.
  const { error, response: res } = await request('GET', path, {
    ...init,
    headers: { Accept: null },
    parseAs: 'stream',
  });
  if (!res.ok) throw new ApiError(res.status, toErrorBody(error));
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
