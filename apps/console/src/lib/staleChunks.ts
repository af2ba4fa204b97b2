/**
 * After a redeploy, a page loaded before it asks for chunks that no longer exist; the server
 * answers 404 and Vite reports `vite:preloadError`. Reload once to get the new index.html, but
 * not again within a minute, so a real outage does not become a reload loop.
 */
const KEY = 'portiere.staleChunkReload';
const QUIET_MS = 60_000;

export function shouldReloadForStaleChunk(storage: Pick<Storage, 'getItem' | 'setItem'>, now = Date.now()): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < QUIET_MS) return false;
  storage.setItem(KEY, String(now));
  return true;
}

export function reloadOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (!shouldReloadForStaleChunk(sessionStorage)) return;
    event.preventDefault();
    window.location.reload();
  });
}
