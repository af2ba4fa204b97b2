/**
 * What makes /app/ an installable app that opens without network. index.html is shared by all
 * the members' pages, so the manifest and theme colour are linked at run time, by the app only;
 * the service worker (public/sw.js, served at /app/sw.js) is registered from here for /app/.
 */
export const APP_SCOPE = '/app/';
const MANIFEST = '/app/manifest.webmanifest';
const THEME = '#1f4e79';

/** Adds the manifest link, theme colour and home screen icon to <head>; the returned function takes them away. */
export function linkManifest(): () => void {
  const link = Object.assign(document.createElement('link'), { rel: 'manifest', href: MANIFEST });
  const theme = Object.assign(document.createElement('meta'), { name: 'theme-color', content: THEME });
  // Safari takes the home screen's icon from here, not from the manifest.
  const icon = Object.assign(document.createElement('link'), {
    rel: 'apple-touch-icon',
    href: '/portal/icons/app-192.png',
  });
  const added = [link, theme, icon];
  document.head.append(...added);
  return () => {
    for (const element of added) element.remove();
  };
}

/** The portal's files this page loaded (entry, this chunk, styles, icons): what the app needs offline. */
function loadedFiles(): string[] {
  const files = performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name))
    .filter((u) => u.origin === location.origin && u.pathname.startsWith('/portal/'))
    .map((u) => u.pathname);
  return [...new Set(files)];
}

/**
 * Registers the service worker (built pages only: in development it would serve stale files),
 * then hands it the files this page loaded: the first visit ran before the worker, so they were
 * not fetched through it and would be missing offline.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/app/sw.js', { scope: APP_SCOPE })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => registration.active?.postMessage({ cache: loadedFiles() }))
    .catch(() => {
      // Without a worker the app still works online; nothing to tell the member.
    });
}
