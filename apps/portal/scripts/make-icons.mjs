// The app's icons (public/icons/): the favicon's door drawn full-bleed, so that a launcher's mask
// (maskable icons keep their centre 80%) never cuts it. Writes the SVG and the 192 and 512 px PNGs
// that installability asks for, rasterised here (no image library): `node scripts/make-icons.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const OUT = path.join(import.meta.dirname, '..', 'public', 'icons');
const BLUE = [0x1f, 0x4e, 0x79];
const WHITE = [0xff, 0xff, 0xff];

// The favicon's shapes, in its 32-unit square.
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>Portiere</title><rect width="32" height="32" fill="#1f4e79"/><path d="M10 26V8a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v18z" fill="#fff"/><circle cx="16" cy="15" r="2.5" fill="#1f4e79"/><path d="M15 16.5h2l.6 4.5h-3.2z" fill="#1f4e79"/></svg>\n`;

function door(x, y) {
  if (x < 10 || x > 22 || y < 6 || y > 26) return false;
  if (y < 8 && (x < 12 || x > 20)) return Math.hypot(x - (x < 12 ? 12 : 20), y - 8) <= 2;
  return true;
}
function keyhole(x, y) {
  if ((x - 16) ** 2 + (y - 15) ** 2 <= 2.5 ** 2) return true;
  if (y < 16.5 || y > 21) return false;
  const half = 1 + (0.6 * (y - 16.5)) / 4.5;
  return Math.abs(x - 16) <= half;
}

/** One pixel's colour, 4×4 samples averaged (smooth edges). */
function pixel(px, py, size) {
  const n = 4;
  let white = 0;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const x = ((px + (i + 0.5) / n) * 32) / size;
      const y = ((py + (j + 0.5) / n) * 32) / size;
      if (door(x, y) && !keyhole(x, y)) white++;
    }
  const t = white / (n * n);
  return BLUE.map((b, k) => Math.round(b + (WHITE[k] - b) * t));
}

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
function png(size) {
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const at = y * (1 + size * 3); // filter byte 0: none
    for (let x = 0; x < size; x++) Buffer.from(pixel(x, y, size)).copy(rows, at + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

fs.mkdirSync(OUT, { recursive: true });
fs.writeFileSync(path.join(OUT, 'app.svg'), SVG);
for (const size of [192, 512]) fs.writeFileSync(path.join(OUT, `app-${size}.png`), png(size));
