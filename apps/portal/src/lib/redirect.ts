/** Where to send the member after finishing: only a web address (never javascript: or data:). */
export function safeRedirect(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Schemes that run or embed content in this page instead of leaving it. */
const NEVER = new Set(['javascript:', 'data:', 'vbscript:', 'blob:', 'file:', 'about:']);

/**
 * Where a sign-in sends the member back: the provider's resume address, or the application's
 * redirect URI, which for a native app has its own scheme (com.example.app:/cb). Anything that
 * would run in this page instead of leaving it is refused.
 */
export function applicationRedirect(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.href);
    return NEVER.has(parsed.protocol) ? null : parsed.href;
  } catch {
    return null;
  }
}
