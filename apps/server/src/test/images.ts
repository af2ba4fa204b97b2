/** Real images and multipart bodies for the customisation tests. */
import { randomBytes } from 'node:crypto';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** A PNG of that size, one colour. */
export function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([0x1a, 0x2b, 0x3c, 0xff], i);
  return PNG.sync.write(image);
}

/** A JPEG of that size. */
export function jpg(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4, 0x80);
  return jpeg.encode({ data, width, height }, 80).data;
}

export const svg = (body: string, attrs = 'width="200" height="120"') =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`);

export interface FilePart {
  field: string;
  filename: string;
  type?: string;
  bytes: Buffer;
}

/** A multipart/form-data body, as a browser's form sends it. */
export function form(parts: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portiere${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\n` +
        `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    p.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
