/**
 * The offline files: one JSON file per member in the state folder, readable by this user only
 * (0600 in a 0700 folder), replaced atomically (a temporary file renamed over it) so that a crash
 * or a second sign-in never leaves half a file. A file anyone else could have written is not
 * trusted: whoever writes it chooses the hashes it holds.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { OfflineMaterial, WorkstationSession } from '@portiere/contracts';

export interface OfflineEntry {
  version: 1;
  /** The name typed to sign in (the file's name comes from it). */
  name: string;
  material: OfflineMaterial;
  /** The last HOTP counter or TOTP step used here, offline or (TOTP) by the online sign-in; null: none yet. */
  used: number | null;
  /** The last HOTP counter the server was told of (by a refill); absent or null: none. */
  reported?: number | null;
  /** The session of the online sign-in that gave the material: what an offline sign-in opens. */
  session: WorkstationSession | null;
  stored_at: string;
}

export class UnsafeState extends Error {}

/** A file name for any member name: lower case, characters outside a safe set as %XX. */
export function fileNameOf(name: string): string {
  const safe = [...Buffer.from(name.trim().toLowerCase(), 'utf8')]
    .map((b) => {
      const c = String.fromCharCode(b);
      return /[a-z0-9_@.-]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
  return `${safe}.json`;
}

/** Refuses what others could have changed: not ours, or writable (for a file: readable) by group or others. */
function checkSafe(st: fs.Stats, what: string, mask: number): void {
  const uid = process.getuid?.();
  if ((uid !== undefined && st.uid !== uid) || st.mode & mask)
    throw new UnsafeState(`${what} is not this user's alone (owner ${st.uid}, mode ${(st.mode & 0o777).toString(8)})`);
}

export class OfflineStore {
  constructor(readonly dir: string) {}

  fileOf(name: string): string {
    return path.join(this.dir, fileNameOf(name));
  }

  private ensureDir(): void {
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    checkSafe(fs.statSync(this.dir), this.dir, 0o022);
  }

  /** The member's entry, or null when there is none. */
  read(name: string): OfflineEntry | null {
    return this.readFile(this.fileOf(name));
  }

  private readFile(file: string): OfflineEntry | null {
    let fd: number;
    try {
      fd = fs.openSync(file, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    try {
      checkSafe(fs.statSync(this.dir), this.dir, 0o022);
      checkSafe(fs.fstatSync(fd), file, 0o077);
      const entry = JSON.parse(fs.readFileSync(fd, 'utf8')) as OfflineEntry;
      if (entry?.version !== 1 || !entry.material || !Array.isArray(entry.material.values))
        throw new UnsafeState(`${file} is not an offline file of this client`);
      return entry;
    } finally {
      fs.closeSync(fd);
    }
  }

  /** Every entry in the folder (the refill walks them); an unreadable file is reported, not fatal. */
  list(): { file: string; entry: OfflineEntry | null; error?: Error }[] {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    return names
      .filter((n) => n.endsWith('.json'))
      .sort()
      .map((n) => {
        const file = path.join(this.dir, n);
        try {
          return { file, entry: this.readFile(file) };
        } catch (err) {
          return { file, entry: null, error: err as Error };
        }
      });
  }

  /** Writes the member's entry whole: a new file, flushed, then renamed over the old one. */
  write(entry: OfflineEntry): void {
    this.ensureDir();
    const file = this.fileOf(entry.name);
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const fd = fs.openSync(tmp, 'wx', 0o600);
    try {
      fs.writeFileSync(fd, `${JSON.stringify(entry, null, 2)}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    try {
      fs.renameSync(tmp, file);
    } catch (err) {
      fs.rmSync(tmp, { force: true });
      throw err;
    }
    this.syncDir();
  }

  delete(name: string): void {
    this.deleteFile(this.fileOf(name));
  }

  deleteFile(file: string): void {
    fs.rmSync(file, { force: true });
    this.syncDir();
  }

  /** The rename or removal survives a power cut. */
  private syncDir(): void {
    try {
      const fd = fs.openSync(this.dir, 'r');
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      // Not every file system lets a folder be flushed; the rename itself is still atomic.
    }
  }

  /**
   * Runs `fn` while holding the member's lock (a folder made atomically beside the file), so two
   * sign-ins at once cannot both spend the same code. A lock older than a minute is a crashed
   * holder's and is taken over.
   */
  async locked<T>(name: string, fn: () => Promise<T>): Promise<T> {
    this.ensureDir();
    const lock = `${this.fileOf(name)}.lock`;
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        fs.mkdirSync(lock, { mode: 0o700 });
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
        if (age > 60_000) fs.rmSync(lock, { recursive: true, force: true });
        else if (Date.now() > deadline) throw new Error(`${lock} is held by another sign-in`);
        else await new Promise((r) => setTimeout(r, 50));
      }
    }
    try {
      return await fn();
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}
