/**
 * Colour arithmetic for the customer's branding: whatever colours an operator picks, text stays
 * readable (WCAG AA contrast), so the page passes axe in any customer's colours.
 */
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
