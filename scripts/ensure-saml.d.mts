export const SAML: { python: string; pysaml2: string; xmlsec1: string; mellon: string };
export function ensureSaml(): typeof SAML;
