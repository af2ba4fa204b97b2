/**
 * A logo's pixel size rules, the same in the browser (the console checks a chosen file before
 * uploading it) and on the server (which checks it again): the size an SVG has as an image, and
 * the first LOGO_RULES side a size breaks.
 */
import { LOGO_RULES, type LogoKind } from './customization.ts';
import { type FieldError, fieldError } from './errors.ts';

export type LogoSize = { width: number; height: number };

/** Pixels from a width/height attribute: unitless or px only (%, em, mm... say nothing). */
function pixels(value: string | null): number | null {
  const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(px)?\s*$/.exec(value ?? '');
  const n = m ? Number(m[1]) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
}

function viewBoxSize(value: string | null): LogoSize | null {
  const parts = (value ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [, , width = 0, height = 0] = parts;
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * The size a browser gives an SVG as an image, from its root element's width, height and
 * viewBox attributes: width and height, one of them and the viewBox's proportions, or else the
 * viewBox itself; rounded to whole pixels. Null when nothing gives one (it scales to anything,
 * so no rule can hold for it).
 */
export function svgSize(root: {
  width: string | null;
  height: string | null;
  viewBox: string | null;
}): LogoSize | null {
  const w = pixels(root.width);
  const h = pixels(root.height);
  const box = viewBoxSize(root.viewBox);
  const size =
    w && h
      ? { width: w, height: h }
      : box && w
        ? { width: w, height: (w * box.height) / box.width }
        : box && h
          ? { width: (h * box.width) / box.height, height: h }
          : box;
  return size ? { width: Math.round(size.width), height: Math.round(size.height) } : null;
}

/** The first LOGO_RULES side the size breaks, with the required and actual pixels; null when none. */
export function logoSizeError(kind: LogoKind, size: LogoSize): FieldError | null {
  const rules: Record<'width' | 'height', { max: number } | { exact: number }> = LOGO_RULES[kind];
  for (const side of ['width', 'height'] as const) {
    const rule = rules[side];
    const actual = size[side];
    const Side = side === 'width' ? 'Width' : 'Height';
    if ('exact' in rule && actual !== rule.exact) {
      return fieldError(`image${Side}Exact`, { required: rule.exact, actual });
    }
    if ('max' in rule && actual > rule.max) return fieldError(`image${Side}Max`, { required: rule.max, actual });
  }
  return null;
}
