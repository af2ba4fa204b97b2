/**
 * The archive file: gzip of two comment lines (a marker and the manifest as JSON) and then
 * the payload. For PostgreSQL the payload is pg_dump-style `COPY ... FROM stdin;` blocks, so
 * the whole file is also plain SQL; for PGlite it is the data-folder tarball of dumpDataDir().
 */
import { once } from 'node:events';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { BackupError } from './errors.ts';
import { FORMAT_VERSION, type Manifest, manifestSchema } from './manifest.ts';

const MARKER = '-- portiere backup';
const MANIFEST_PREFIX = '-- manifest ';

export type Write = (chunk: string | Uint8Array) => Promise<void>;

/**
 * Writes the archive through a temporary file renamed at the end, so a failed backup leaves
 * no half archive. Mode 0600: the archive holds personal data and, usually, the secret key.
 */
export async function writeArchive(file: string, manifest: Manifest, payload: (write: Write) => Promise<void>) {
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists: choose another name or remove it first.`);
  const partial = `${file}.partial-${process.pid}`;
  const gzip = createGzip();
  const done = pipeline(gzip, fs.createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
  const write: Write = async (chunk) => {
    if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), done]);
  };
  try {
    await write(`${MARKER}\n${MANIFEST_PREFIX}${JSON.stringify(manifest)}\n`);
    await payload(write);
    gzip.end();
    await done;
    fs.renameSync(partial, file);
  } catch (err) {
    gzip.destroy();
    await done.catch(() => {});
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

/** Reads the archive as lines (the header, PostgreSQL's COPY data) or as raw bytes (PGlite's tarball). */
export class ArchiveReader {
  private buffer: Buffer = Buffer.alloc(0);
  private ended = false;
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(
    private readonly file: string,
    private readonly source: fs.ReadStream,
  ) {
    this.chunks = source.pipe(createGunzip())[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  private async pull(): Promise<boolean> {
    if (this.ended) return false;
    let next: IteratorResult<Buffer>;
    try {
      next = await this.chunks.next();
    } catch (err) {
      throw new BackupError(`${this.file} is damaged or not a Portiere backup (${(err as Error).message}).`);
    }
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, next.value]) : next.value;
    return true;
  }

  /** The next line without its newline, or null at the end. Gives up past `max` bytes. */
  async line(max = Number.POSITIVE_INFINITY): Promise<string | null> {
    for (;;) {
      const at = this.buffer.indexOf(10);
      if (at >= 0) {
        const text = this.buffer.subarray(0, at).toString('utf8');
        this.buffer = this.buffer.subarray(at + 1);
        return text;
      }
      if (this.buffer.length > max) return null;
      if (!(await this.pull())) {
        if (!this.buffer.length) return null;
        const text = this.buffer.toString('utf8');
        this.buffer = Buffer.alloc(0);
        return text;
      }
    }
  }

  /** Every byte left. */
  async rest(): Promise<Buffer> {
    const parts = [this.buffer];
    this.buffer = Buffer.alloc(0);
    while (await this.pull()) {
      parts.push(this.buffer);
      this.buffer = Buffer.alloc(0);
    }
    this.buffer = Buffer.alloc(0);
    return Buffer.concat(parts);
  }

  close(): void {
    void this.chunks.return?.();
    this.source.destroy();
  }
}

/** Opens an archive and checks its manifest; refuses missing files, other formats and newer versions. */
export async function openArchive(file: string): Promise<{ manifest: Manifest; reader: ArchiveReader }> {
  let head: Buffer;
  try {
    const fd = fs.openSync(file, 'r');
    head = Buffer.alloc(2);
    fs.readSync(fd, head, 0, 2, 0);
    fs.closeSync(fd);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`No such backup file: ${file}`);
    if (code === 'EISDIR') throw new BackupError(`${file} is a folder, not a backup file.`);
    throw new BackupError(`Cannot read ${file}: ${(err as Error).message}`);
  }
  const notOurs = new BackupError(`${file} is not a Portiere backup.`);
  // gzip's magic number; anything else is not an archive of ours.
  if (head[0] !== 0x1f || head[1] !== 0x8b) throw notOurs;
  const reader = new ArchiveReader(file, fs.createReadStream(file));
  try {
    if ((await reader.line(MARKER.length + 1).catch(() => null)) !== MARKER) throw notOurs;
    const line = await reader.line(10_000_000);
    if (!line?.startsWith(MANIFEST_PREFIX)) throw notOurs;
    let raw: unknown;
    try {
      raw = JSON.parse(line.slice(MANIFEST_PREFIX.length));
    } catch {
      throw notOurs;
    }
    const format = (raw as { format?: unknown }).format;
    if (typeof format === 'number' && format > FORMAT_VERSION) {
      throw new BackupError(
        `${file} was written by a newer Portiere (backup format ${format}; this version reads format ${FORMAT_VERSION}). Upgrade Portiere to restore it.`,
      );
    }
    const parsed = manifestSchema.safeParse(raw);
    if (!parsed.success) throw new BackupError(`${file} has a damaged manifest: ${parsed.error.issues[0]?.message}.`);
    return { manifest: parsed.data, reader };
  } catch (err) {
    reader.close();
    throw err;
  }
}
