import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BlobNotFoundError, BlobTooLargeError, type BlobInfo, type BlobPutOptions, type BlobStore } from './ports.ts';
import { checkBlobKey, checkBlobPrefix } from './keys.ts';
import { InsufficientStorageError, isStorageFull } from '../shared/errors.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../shared/private-fs.ts';

/** What the sidecar holds; `size` lets stat() notice a sidecar that belongs to another version of the data. */
interface Sidecar {
  size: number;
  sha256: string;
  contentType: string | null;
}

const TMP_DIR = '.tmp';
const META_DIR = '.meta';
/** Temp files older than this are leftovers of a crashed process (no put takes a day). */
const STALE_TMP_MS = 24 * 3600_000;

/**
 * BlobStore on the local file system: the data of key `k` is the plain file `rootDir/k`, its sha256, size and
 * content type live in `rootDir/.meta/k.json`. A put streams into `rootDir/.tmp`, fsyncs, writes the sidecar,
 * then renames the data into place, so the key appears whole or not at all; readers hold an open file, so an
 * overwrite or delete never cuts a read short. Keys never start a segment with '.', so they cannot collide
 * with `.tmp`/`.meta`. Limitation: a key cannot also be a folder of other keys (`a` and `a/b`).
 */
export class FsBlobStore implements BlobStore {
  private readonly tmpDir: string;
  private readonly metaDir: string;

  constructor(readonly rootDir: string) {
    this.rootDir = path.resolve(rootDir);
    this.tmpDir = path.join(this.rootDir, TMP_DIR);
    this.metaDir = path.join(this.rootDir, META_DIR);
    fs.mkdirSync(this.tmpDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    fs.mkdirSync(this.metaDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    void this.removeStaleTempFiles();
  }

  async put(key: string, data: Buffer | Readable, options: BlobPutOptions = {}): Promise<BlobInfo> {
    checkBlobKey(key);
    const tmpFile = path.join(this.tmpDir, `${randomBytes(12).toString('hex')}.part`);
    const tmpMeta = `${tmpFile}.json`;
    try {
      const { size, sha256 } = await writeCounted(tmpFile, data, options.maxBytes);
      const info: BlobInfo = { key, size, sha256, contentType: options.contentType ?? null };
      await writeDurably(tmpMeta, JSON.stringify({ size, sha256, contentType: info.contentType } satisfies Sidecar));
      // Sidecar first: the key exists once the data is renamed, and by then its sidecar is in place.
      await renameInto(tmpMeta, this.metaPath(key));
      await renameInto(tmpFile, this.dataPath(key));
      await syncDir(path.dirname(this.dataPath(key)));
      return info;
    } catch (err) {
      if (!Buffer.isBuffer(data)) data.destroy(); // never leave an upload half-read and hanging
      await Promise.all([fsp.rm(tmpFile, { force: true }), fsp.rm(tmpMeta, { force: true })]);
      throw isStorageFull(err) ? new InsufficientStorageError('blob') : err;
    }
  }

  async stat(key: string): Promise<BlobInfo | undefined> {
    checkBlobKey(key);
    let size: number;
    try {
      size = (await fsp.stat(this.dataPath(key))).size;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
    const sidecar = await this.readSidecar(key);
    if (sidecar && sidecar.size === size) return { key, size, sha256: sidecar.sha256, contentType: sidecar.contentType };
    // No sidecar, or one written for a newer put whose rename has not landed yet (or never will, after a
    // crash): describe the bytes actually there.
    try {
      const sha256 = await hashFile(this.dataPath(key));
      return { key, size, sha256, contentType: sidecar?.contentType ?? null };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async getStream(key: string): Promise<Readable> {
    checkBlobKey(key);
    try {
      // Opening first makes a missing key a rejected promise rather than a stream error later.
      const handle = await fsp.open(this.dataPath(key), 'r');
      return handle.createReadStream();
    } catch (err) {
      if (isNotFound(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async getBuffer(key: string): Promise<Buffer> {
    checkBlobKey(key);
    try {
      return await fsp.readFile(this.dataPath(key));
    } catch (err) {
      if (isNotFound(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async delete(key: string): Promise<boolean> {
    checkBlobKey(key);
    try {
      await fsp.unlink(this.dataPath(key));
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
    await fsp.rm(this.metaPath(key), { force: true });
    await removeEmptyParents(path.dirname(this.dataPath(key)), this.rootDir);
    await removeEmptyParents(path.dirname(this.metaPath(key)), this.metaDir);
    return true;
  }

  async list(prefix: string): Promise<string[]> {
    checkBlobPrefix(prefix);
    // Walk only the deepest folder the prefix names; filter the rest by string prefix.
    const baseDir = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const keys: string[] = [];
    await walkFiles(path.join(this.rootDir, baseDir), baseDir, keys);
    return keys.filter((key) => key.startsWith(prefix)).sort();
  }

  async ping(): Promise<void> {
    await fsp.access(this.tmpDir, fs.constants.W_OK);
  }

  async close(): Promise<void> {}

  private dataPath(key: string): string {
    return path.join(this.rootDir, key);
  }

  private metaPath(key: string): string {
    return path.join(this.metaDir, `${key}.json`);
  }

  private async readSidecar(key: string): Promise<Sidecar | undefined> {
    try {
      return JSON.parse(await fsp.readFile(this.metaPath(key), 'utf8')) as Sidecar;
    } catch {
      return undefined; // missing or torn: stat() falls back to hashing the data
    }
  }

  private async removeStaleTempFiles(): Promise<void> {
    try {
      const now = Date.now();
      for (const name of await fsp.readdir(this.tmpDir)) {
        const file = path.join(this.tmpDir, name);
        const { mtimeMs } = await fsp.stat(file).catch(() => ({ mtimeMs: now }));
        if (now - mtimeMs > STALE_TMP_MS) await fsp.rm(file, { force: true });
      }
    } catch {
      // best effort: a leftover temp file only costs disk space
    }
  }
}

/** Streams `data` into a new file, hashing and counting; fsyncs before returning. */
async function writeCounted(file: string, data: Buffer | Readable, maxBytes?: number) {
  const hash = createHash('sha256');
  let size = 0;
  const handle = await fsp.open(file, 'wx', PRIVATE_FILE_MODE);
  try {
    const chunks: AsyncIterable<Buffer | string> | Buffer[] = Buffer.isBuffer(data) ? [data] : data;
    // Leaving this loop by a throw destroys a Readable source, which is what an abort should do.
    for await (const raw of chunks) {
      const chunk = typeof raw === 'string' ? Buffer.from(raw) : raw;
      size += chunk.length;
      if (maxBytes !== undefined && size > maxBytes) throw new BlobTooLargeError(maxBytes);
      hash.update(chunk);
      await handle.write(chunk);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { size, sha256: hash.digest('hex') };
}

async function writeDurably(file: string, text: string): Promise<void> {
  const handle = await fsp.open(file, 'wx', PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** rename() into a folder that a concurrent delete may be pruning: create it and retry once. */
async function renameInto(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await fsp.mkdir(path.dirname(to), { recursive: true, mode: PRIVATE_DIR_MODE });
    try {
      await fsp.rename(from, to);
      return;
    } catch (err) {
      if (!isNotFound(err) || attempt >= 2) throw err;
    }
  }
}

async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await fsp.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // some file systems refuse fsync on folders; the rename itself is still atomic
  }
}

async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function walkFiles(dir: string, relDir: string, out: string[]): Promise<void> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (isNotFound(err) || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return;
    throw err;
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue; // .tmp, .meta: never keys
    const rel = relDir ? `${relDir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) await walkFiles(path.join(dir, entry.name), rel, out);
    else if (entry.isFile()) out.push(rel);
  }
}

/** Prunes folders left empty by a delete, up to (not including) `stopAt`. */
async function removeEmptyParents(dir: string, stopAt: string): Promise<void> {
  let current = dir;
  while (current.startsWith(stopAt + path.sep)) {
    try {
      await fsp.rmdir(current);
    } catch {
      return; // not empty (or already gone): stop
    }
    current = path.dirname(current);
  }
}

function isNotFound(err: unknown): boolean {
  return (err as NodeJS.ErrnoException)?.code === 'ENOENT';
}
