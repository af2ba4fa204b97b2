/**
 * The checks of one uploaded logo (spec section 5), in the order a person fixes them: size of
 * the file, its type (from the content, never the name or the declared type), an SVG's safety,
 * then the pixel sizes of LOGO_RULES (the contracts' logoSizeError, as in the console). Answers the image as it will be stored, or the one
 * message shown under its file.
 */
import {
  type FieldError,
  fieldError,
  LOGO_MAX_BYTES,
  type LogoKind,
  type LogoMediaType,
  logoSizeError,
} from '@portiere/contracts';
import { imageSize } from 'image-size';
import { inspectSvg } from './svg-check.ts';

export interface CheckedImage {
  mediaType: LogoMediaType;
  width: number;
  height: number;
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

const kb = (bytes: number) => Math.ceil(bytes / 1024);

export function checkLogo(kind: LogoKind, bytes: Buffer): CheckedImage | FieldError {
  if (bytes.length > LOGO_MAX_BYTES) {
    return fieldError('imageTooLarge', { actual: kb(bytes.length), max: kb(LOGO_MAX_BYTES) });
  }
  const image = identify(bytes);
  if ('key' in image) return image;
  return logoSizeError(kind, image) ?? image;
}

/** PNG and JPEG by their magic bytes and header, else an SVG by parsing it as XML. */
function identify(bytes: Buffer): CheckedImage | FieldError {
  const raster = bytes.subarray(0, 8).equals(PNG_MAGIC)
    ? ({ mediaType: 'image/png', type: 'png' } as const)
    : bytes.subarray(0, 3).equals(JPEG_MAGIC)
      ? ({ mediaType: 'image/jpeg', type: 'jpg' } as const)
      : null;
  if (raster) {
    try {
      const size = imageSize(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
      if (size.type !== raster.type || !size.width || !size.height) return fieldError('imageType');
      // Browsers turn a JPEG as its EXIF orientation says; 5 to 8 swap the sides.
      const turned = (size.orientation ?? 1) >= 5;
      return {
        mediaType: raster.mediaType,
        width: turned ? size.height : size.width,
        height: turned ? size.width : size.height,
      };
    } catch {
      return fieldError('imageType');
    }
  }
  const svg = inspectSvg(bytes);
  if (svg.kind === 'notSvg') return fieldError('imageType');
  if (svg.kind === 'unsafe') return fieldError('imageUnsafeSvg');
  // A size-less SVG scales to anything, so no rule can hold for it.
  if (!svg.size) return fieldError('invalid');
  return { mediaType: 'image/svg+xml', ...svg.size };
}
