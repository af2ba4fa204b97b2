/** The confirmation code the enrolment page's QR code or link puts in the fragment (`#code=`: never sent to a server). */
export function codeInFragment(hash: string): string | null {
  const code = new URLSearchParams(hash.replace(/^#/, '')).get('code');
  return code?.trim() || null;
}

/** Once used, the code leaves the address: a reload or a bookmark must not offer it again. */
export function clearFragment(): void {
  if (window.location.hash) history.replaceState(history.state, '', window.location.pathname + window.location.search);
}
