import { describe, expect, it } from 'vitest';
import { checkLogo, sniffType } from './logoFile';

/** The first bytes of a PNG: what the checks read (signature and IHDR with the size). */
function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
}

/** SOI, an APP0 segment, then a baseline frame header (SOF0) with the size. */
function jpegHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0,
    16,
    0x4a,
    0x46,
    0x49,
    0x46,
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0xff,
    0xc0,
    0,
    11,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    1,
    1,
    0x11,
    0,
  ]);
}

/** A JPEG whose EXIF says "turn 90°" (orientation 6): browsers and the server swap its sides. */
function turnedJpeg(width: number, height: number): Uint8Array<ArrayBuffer> {
  const tiff = [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0];
  const app1 = [0xff, 0xe1, 0, 2 + 6 + tiff.length, 0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const frame = [0xff, 0xc0, 0, 11, 8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0];
  return new Uint8Array([0xff, 0xd8, ...app1, ...frame]);
}

const file = (content: BlobPart, name: string, type = '') => new File([content], name, { type });

describe('logo checks in the browser', () => {
  it('tells the type by content, not by name or declared type', async () => {
    expect(sniffType(pngHeader(10, 10))).toBe('image/png');
    expect(sniffType(jpegHeader(10, 10))).toBe('image/jpeg');
    expect(sniffType(new TextEncoder().encode('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      'image/svg+xml',
    );
    expect(sniffType(new TextEncoder().encode('<html><body>not an image</body></html>'))).toBeNull();

    const png = await checkLogo('logo', file(pngHeader(64, 64), 'logo.svg', 'text/plain'));
    expect(png).toMatchObject({ mediaType: 'image/png', width: 64, height: 64, error: null });
    const text = await checkLogo('logo', file('just some text', 'logo.png', 'image/png'));
    expect(text.error?.message).toBe('Must be a PNG, JPEG or SVG image.');
  });

  it('says the required and the actual size of a wrong one', async () => {
    const low = await checkLogo('named_logo', file(pngHeader(300, 100), 'named.png'));
    expect(low.error).toMatchObject({
      key: 'imageHeightExact',
      message: 'Must be 120 pixels high; this image is 100.',
      params: { required: 120, actual: 100 },
    });
    const wide = await checkLogo('logo', file(jpegHeader(600, 600), 'logo.jpg'));
    expect(wide.error?.message).toBe('Must be at most 512 pixels wide; this image is 600.');
    const good = await checkLogo('named_logo', file(jpegHeader(480, 120), 'named.jpg'));
    expect(good).toMatchObject({ mediaType: 'image/jpeg', width: 480, height: 120, error: null });
  });

  it('turns a JPEG as its EXIF orientation says, as browsers show it', async () => {
    expect(await checkLogo('named_logo', file(turnedJpeg(120, 400), 'turned.jpg'))).toMatchObject({
      width: 400,
      height: 120,
      error: null,
    });
  });

  it('measures an SVG by its width and height, else its viewBox', async () => {
    const svg = (attrs: string) => file(`<svg xmlns="http://www.w3.org/2000/svg" ${attrs}><rect/></svg>`, 'a.svg');
    expect(await checkLogo('named_logo', svg('width="400px" height="120"'))).toMatchObject({
      width: 400,
      height: 120,
      error: null,
    });
    expect((await checkLogo('named_logo', svg('viewBox="0 0 700 120"'))).error?.message).toBe(
      'Must be at most 600 pixels wide; this image is 700.',
    );
    // One side given: the other from the viewBox's proportions.
    expect(await checkLogo('named_logo', svg('height="120" viewBox="0 0 50 10"'))).toMatchObject({
      width: 600,
      height: 120,
    });
    // No size at all: it scales to anything, so it cannot be checked.
    expect((await checkLogo('logo', svg('width="100%"'))).error?.message).toBe('This value is not valid.');
  });

  it('refuses a file over the size limit with both sizes in KB', async () => {
    const big = new Uint8Array(600 * 1024);
    big.set(pngHeader(10, 10));
    expect((await checkLogo('logo', file(big, 'big.png'))).error?.message).toBe(
      'The file is 600 KB; at most 512 KB is accepted.',
    );
  });
});
