/**
 * The customer's branding (`GET branding/{customerId}/`) on the page: its colours as CSS
 * variables (contracts brandingColors.ts, shared with the provider's own pages), and its logo.
 */
import type { Branding, BrandingColor } from '@portiere/contracts';
import { brandingVariables } from '@portiere/contracts/brandingColors';

export function applyBranding(root: HTMLElement, colors?: Partial<Record<BrandingColor, string>>): void {
  for (const [name, value] of Object.entries(brandingVariables(colors))) root.style.setProperty(name, value);
}

/** The logo to show: the named logo (logo with name) first, else the square one, else none. */
export function logoOf(branding: Pick<Branding, 'logo_url' | 'named_logo_url'> | null): string | null {
  return branding?.named_logo_url || branding?.logo_url || null;
}
