import { readTokenClaims, type TokenClaims } from '@portiere/contracts';

/**
 * Reads the access token payload. The browser does not verify the signature (the server
 * does on every call); it only needs the claims to route and to time the refresh.
 */
export function decodeClaims(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const b64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
    const claims = readTokenClaims(JSON.parse(json));
    // Every token names its tenant: a customer or a reseller.
    if (!claims || (!claims.customer_id && !claims.reseller_id)) return null;
    return claims;
  } catch {
    return null;
  }
}
