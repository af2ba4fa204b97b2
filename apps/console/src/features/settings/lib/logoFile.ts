import {
  type FieldError,
  fieldError,
  LOGO_MAX_BYTES,
  LOGO_RULES,
  type LogoKind,
  type LogoMediaType,
} from '@portiere/contracts';

/**
 * The browser's check of a chosen logo, before anything is uploaded: the server's rules and
 * messages (it checks again). The type is read from the first bytes, never the name; the size
 * from the image's own header (PNG IHDR, JPEG frame header, SVG width/height or viewBox), as the
 * server measures it, so both agree on the same file (a browser's decoded size would differ
 * for a JPEG with an EXIF rotation).
 */
export interface CheckedLogo {
  file: File;
  mediaType: LogoMediaType | null;
  width: number | null;
  height: number | null;
  /** The first rule the file breaks, or null. */
  error: FieldError | null;
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** An SVG document: XML whose root element is `svg` (null when the text is not one). */
export function parseSvg(text: string): Element | null {
  const doc = new DOMParser().parseFromString(text.replace(/^\uFEFF/, ''), 'image/svg+xml');
  const root = doc.documentElement;
  if (root?.localName !== 'svg' || doc.getElementsByTagName('parsererror').length) return null;
  return root;
}

export function sniffType(bytes: Uint8Array): LogoMediaType | null {
  if (startsWith(bytes, PNG_MAGIC)) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // Text that parses as an SVG document (a binary file fails the UTF-8 decoding first).
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return parseSvg(text) ? 'image/svg+xml' : null;
  } catch {
    return null;
  }
}

type Size = { width: number | null; height: number | null };
const be16 = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const be32 = (b: Uint8Array, i: number) => be16(b, i) * 65_536 + be16(b, i + 2);

function pngSize(b: Uint8Array): Size {
  // Signature (8), IHDR length (4) and type (4), then width and height.
  return b.length >= 24 ? { width: be32(b, 16), height: be32(b, 20) } : { width: null, height: null };
}

/** The frame header (SOFn) holds the size; walk the segments up to it. */
function jpegSize(b: Uint8Array): Size {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) break;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: be16(b, i + 5), width: be16(b, i + 7) };
    }
    i += 2 + be16(b, i + 2);
  }
  return { width: null, height: null };
}

/** width/height in px (or unitless), else the viewBox's. */
export function svgSize(root: Element): Size {
  const attr = (name: string) => {
    const m = /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/.exec(root.getAttribute(name) ?? '');
    return m ? Math.round(Number(m[1])) : null;
  };
  const box = (root.getAttribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const fromBox = (i: number) => (box.length === 4 && Number.isFinite(box[i]) ? Math.round(box[i] as number) : null);
  return { width: attr('width') ?? fromBox(2), height: attr('height') ?? fromBox(3) };
}

/** The first broken LOGO_RULES side, with the required and actual pixels. */
function sizeError(kind: LogoKind, size: Size): FieldError | null {
  for (const side of ['width', 'height'] as const) {
    const rule: { max: number } | { exact: number } = LOGO_RULES[kind][side];
    const actual = size[side];
    if (actual === null) continue;
    const Side = side === 'width' ? 'Width' : 'Height';
    if ('exact' in rule && actual !== rule.exact) {
      return fieldError(`image${Side}Exact`, { required: rule.exact, actual });
    }
    if ('max' in rule && actual > rule.max) return fieldError(`image${Side}Max`, { required: rule.max, actual });
  }
  return null;
}

export async function checkLogo(kind: LogoKind, file: File): Promise<CheckedLogo> {
  const checked: CheckedLogo = { file, mediaType: null, width: null, height: null, error: null };
  if (file.size > LOGO_MAX_BYTES) {
    const kb = (bytes: number) => Math.ceil(bytes / 1024);
    return { ...checked, error: fieldError('imageTooLarge', { actual: kb(file.size), max: kb(LOGO_MAX_BYTES) }) };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const mediaType = sniffType(bytes);
  if (!mediaType) return { ...checked, error: fieldError('imageType') };
  let size: Size;
  if (mediaType === 'image/png') size = pngSize(bytes);
  else if (mediaType === 'image/jpeg') size = jpegSize(bytes);
  else size = svgSize(parseSvg(new TextDecoder().decode(bytes)) as Element);
  return { ...checked, mediaType, ...size, error: sizeError(kind, size) };
}

/** The file as a data: URL, for the preview (the console's CSP allows data: images, not blob:). */
export function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** A checked file and, when it passed, its data: URL for the preview. */
export type ChosenLogo = CheckedLogo & { dataUrl: string | null };

/** Checks a chosen file and, when it passes, reads it for the preview. */
export async function chooseLogo(kind: LogoKind, file: File): Promise<ChosenLogo> {
  const checked = await checkLogo(kind, file);
  return { ...checked, dataUrl: checked.error ? null : await readDataUrl(file) };
}
