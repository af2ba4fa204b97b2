/**
 * The customer's branding colours as CSS variables, for every page members see (the portal's
 * and the OpenID provider's own): whatever colours an operator picks, text stays readable (WCAG
 * AA contrast), so the pages pass axe in any customer's colours. Imported by path
 * (`@portiere/contracts/brandingColors`), so the members' bundle takes this file and nothing else
 * of the contracts; for the same reason the default colours are written here again, and a test
 * keeps them in step with the settings' defaults.
 *
 * How each colour is used: primary for buttons, links and focus; secondary for the cards'
 * surface; background behind them; header for the top band; warning and error for notices.
 * Text on each is black or white, whichever reads; brand colours used as text are darkened or
 * lightened just enough to read on the surface.
 */
import type { BrandingColor } from './customization.ts';

type Rgb = [number, number, number];

const BLACK = '#000000';
const WHITE = '#FFFFFF';

/** '#abc' or '#aabbcc' (any case) → [r, g, b]; anything else → null. */
export function parseHex(color: string): Rgb | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m?.[1]) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** WCAG relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(parseHex(a) ?? [0, 0, 0]), luminance(parseHex(b) ?? [0, 0, 0])];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Black or white, whichever reads better on `background`. */
export function textOn(background: string): string {
  return contrast(BLACK, background) >= contrast(WHITE, background) ? BLACK : WHITE;
}

/**
 * `color` itself when it reaches `ratio` against `background`, else `color` mixed step by step
 * towards black or white (whichever reads on the background) until it does: the brand's hue
 * is kept as far as legibility allows.
 */
export function readableOn(color: string, background: string, ratio = 4.5): string {
  const rgb = parseHex(color);
  if (!rgb) return textOn(background);
  if (contrast(color, background) >= ratio) return toHex(rgb);
  const target = parseHex(textOn(background)) as Rgb;
  for (let step = 1; step <= 10; step++) {
    const mixed = rgb.map((v, i) => v + ((target[i] as number) - v) * (step / 10)) as Rgb;
    if (contrast(toHex(mixed), background) >= ratio) return toHex(mixed);
  }
  return textOn(background);
}

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
