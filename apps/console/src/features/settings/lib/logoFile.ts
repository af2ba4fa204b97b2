import {
  type FieldError,
  fieldError,
  LOGO_MAX_BYTES,
  type LogoKind,
  type LogoMediaType,
  type LogoSize,
  logoSizeError,
  svgSize,
} from '@portiere/contracts';

/**
 * The browser's check of a chosen logo, before anything is uploaded: the server's rules,
 * order and messages (it checks again, and also refuses an unsafe SVG). The type is read from the
 * first bytes, never the name; the size from the image's own header (PNG IHDR, JPEG frame header
 * turned by its EXIF orientation, SVG width/height or viewBox), the way the server measures it,
 * so both say the same of the same file, and without decoding pixels.
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

type Size = LogoSize;
const be16 = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const be32 = (b: Uint8Array, i: number) => be16(b, i) * 65_536 + be16(b, i + 2);

function pngSize(b: Uint8Array): Size | null {
  // Signature (8), IHDR length (4) and type (4), then width and height.
  return b.length >= 24 ? { width: be32(b, 16), height: be32(b, 20) } : null;
}

/** The EXIF orientation of an APP1 segment starting at `i` (1 when it has none). */
function exifOrientation(b: Uint8Array, i: number): number {
  const exif = i + 4;
  if (String.fromCharCode(...b.subarray(exif, exif + 4)) !== 'Exif') return 1;
  const tiff = exif + 6;
  const little = b[tiff] === 0x49;
  const u16 = (at: number) => (little ? (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) : be16(b, at));
  const u32 = (at: number) => (little ? u16(at) + u16(at + 2) * 65_536 : be32(b, at));
  const ifd = tiff + u32(tiff + 4);
  for (let n = 0, count = u16(ifd); n < count; n++) {
    const entry = ifd + 2 + n * 12;
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return 1;
}

/** The frame header (SOFn) holds the size; walk the segments up to it, noting the EXIF orientation. */
function jpegSize(b: Uint8Array): Size | null {
  let orientation = 1;
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
    if (marker === 0xe1) orientation = exifOrientation(b, i);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = be16(b, i + 5);
      const width = be16(b, i + 7);
      // Browsers turn the image as its EXIF orientation says; 5 to 8 swap the sides.
      return orientation >= 5 ? { width: height, height: width } : { width, height };
    }
    i += 2 + be16(b, i + 2);
  }
  return null;
}

/** The SVG's size by the contracts' rule, the one the server measures it by. */
function svgSizeOf(root: Element): Size | null {
  return svgSize({
    width: root.getAttribute('width'),
    height: root.getAttribute('height'),
    viewBox: root.getAttribute('viewBox'),
  });
}

/** The server's checks in its order: file size, type by content, then the pixel sizes. */
export async function checkLogo(kind: LogoKind, file: File): Promise<CheckedLogo> {
  const checked: CheckedLogo = { file, mediaType: null, width: null, height: null, error: null };
  if (file.size > LOGO_MAX_BYTES) {
    const kb = (bytes: number) => Math.ceil(bytes / 1024);
    return { ...checked, error: fieldError('imageTooLarge', { actual: kb(file.size), max: kb(LOGO_MAX_BYTES) }) };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const mediaType = sniffType(bytes);
  if (!mediaType) return { ...checked, error: fieldError('imageType') };
  const size =
    mediaType === 'image/png'
      ? pngSize(bytes)
      : mediaType === 'image/jpeg'
        ? jpegSize(bytes)
        : svgSizeOf(parseSvg(new TextDecoder().decode(bytes)) as Element);
  // A PNG or JPEG without a readable size is no image; an SVG without one cannot be checked.
  if (!size?.width || !size.height) {
    return { ...checked, mediaType, error: fieldError(mediaType === 'image/svg+xml' ? 'invalid' : 'imageType') };
  }
  return { ...checked, mediaType, ...size, error: logoSizeError(kind, size) };
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
