import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** What a write was refused for: the directory would hold more files or bytes than it may. */
export type Over = { over: 'files' | 'bytes' } | null;

/** The recording files of a directory (`*.json`, never a hidden or temporary one). */
export function recordingNames(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json') && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

/**
 * The recording directory, bounded: it counts its files and their bytes (those it found at the start too) and
 * refuses a write that would take it past either bound. Each write goes to a temporary file first, renamed over
 * the old one, so that a reader never sees half a file.
 */
export class RecordingDir {
  private readonly sizes = new Map<string, number>();
  private bytes = 0;

  /** Makes the directory (0700) now, and a directory already there 0700 too: recordings hold a tenant's data. */
  constructor(
    readonly path: string,
    private readonly maxFiles: number,
    private readonly maxBytes: number,
  ) {
    mkdirSync(path, { recursive: true, mode: 0o700 });
    if (!statSync(path).isDirectory()) throw new Error('not a directory');
    chmodSync(path, 0o700);
    for (const name of recordingNames(path)) {
      const size = statSync(join(path, name)).size;
      this.sizes.set(name, size);
      this.bytes += size;
    }
  }

  get files(): number {
    return this.sizes.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  /** A file's text, or null when there is none (or it cannot be read). */
  async read(name: string): Promise<string | null> {
    if (!this.sizes.has(name)) return null;
    try {
      return await readFile(join(this.path, name), 'utf8');
    } catch {
      return null;
    }
  }

  /** Whether writing `size` bytes as `name` would take the directory past a bound. */
  overBy(name: string, size: number): Over {
    const old = this.sizes.get(name);
    if (old === undefined && this.sizes.size >= this.maxFiles) return { over: 'files' };
    if (this.bytes - (old ?? 0) + size > this.maxBytes) return { over: 'bytes' };
    return null;
  }

  /** Writes a file whole (0600); throws what the file system said. */
  async write(name: string, text: string): Promise<void> {
    const temporary = join(this.path, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temporary, text, { mode: 0o600, flag: 'wx' });
      await rename(temporary, join(this.path, name));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    const size = Buffer.byteLength(text);
    this.bytes += size - (this.sizes.get(name) ?? 0);
    this.sizes.set(name, size);
  }
}
