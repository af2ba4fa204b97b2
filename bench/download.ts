/**
 * A download as a browser makes it, in its own process (`tsx download.ts URL TOKEN`): so the
 * export bench times the server, not a client sharing its event loop. Asks for a compressed
 * answer as browsers do, reads it to the end, and prints the lines, bytes and milliseconds.
 */
import { Buffer } from 'node:buffer';

const [url, token] = process.argv.slice(2);
const start = performance.now();
const res = await fetch(url ?? '', { headers: { authorization: `Bearer ${token}` } });
if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
let lines = 0;
let bytes = 0;
for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
  bytes += chunk.length;
  const b = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  for (let at = b.indexOf(10); at !== -1; at = b.indexOf(10, at + 1)) lines++;
}
console.log(
  JSON.stringify({ lines, bytes, ms: performance.now() - start, encoding: res.headers.get('content-encoding') }),
);
