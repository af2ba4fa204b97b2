/**
 * The customer's branding (`GET branding/{customerId}/`) as CSS variables on the page. The
 * colour fields and their defaults are the customer settings' (contracts settings.ts
 * defaultSettings; a unit test keeps these in step without putting the settings code in the bundle).
 *
 * How each colour is used: primary for buttons, links and focus; secondary for the cards'
 * surface; background behind them; header for the top band; warning and error for notices.
 * Text on each is black or white, whichever reads; brand colours used as text are darkened or
 * lightened just enough to read on the surface.
 */
import type { Branding, BrandingColor } from '@portiere/contracts';
import { parseHex, readableOn, textOn } from './color';

export const DEFAULT_COLORS: Record<BrandingColor, string> = {
  primary_color: '#000000',
  secondary_color: '#FFFFFF',
  warning_color: '#FFA500',
  error_color: '#FF0000',
  background_color: '#F5F5F5',
  header_color: '#333333',
};

/** The branding's colours with any missing or malformed one replaced by its default. */
export function brandColors(colors?: Partial<Record<BrandingColor, string>>): Record<BrandingColor, string> {
  const out = { ...DEFAULT_COLORS };
  for (const key of Object.keys(out) as BrandingColor[]) {
    const c = colors?.[key];
    if (c && parseHex(c)) out[key] = c;
  }
  return out;
}

/** CSS custom properties for the page (names as styles.css uses them). */
export function brandingVariables(colors?: Partial<Record<BrandingColor, string>>): Record<string, string> {
  const c = brandColors(colors);
  const surface = c.secondary_color;
  return {
    '--pt-primary': c.primary_color,
    '--pt-on-primary': textOn(c.primary_color),
    '--pt-surface': surface,
    '--pt-on-surface': textOn(surface),
    '--pt-background': c.background_color,
    '--pt-on-background': textOn(c.background_color),
    '--pt-header': c.header_color,
    '--pt-on-header': textOn(c.header_color),
    '--pt-accent': readableOn(c.primary_color, surface),
    // Focus rings must stand out from the page around them (WCAG 1.4.11: 3:1).
    '--pt-focus': readableOn(c.primary_color, c.background_color, 3),
    '--pt-warning': c.warning_color,
    '--pt-warning-text': readableOn(c.warning_color, surface),
    '--pt-error': c.error_color,
    '--pt-error-text': readableOn(c.error_color, surface),
  };
}

export function applyBranding(root: HTMLElement, colors?: Partial<Record<BrandingColor, string>>): void {
  for (const [name, value] of Object.entries(brandingVariables(colors))) root.style.setProperty(name, value);
}

/** The logo to show: the named logo (logo with name) first, else the square one, else none. */
export function logoOf(branding: Pick<Branding, 'logo_url' | 'named_logo_url'> | null): string | null {
  return branding?.named_logo_url || branding?.logo_url || null;
}
