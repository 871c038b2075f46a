import { BlobNotFoundError, type BlobStore } from '../../storage/mod.ts';
import { shareBytes } from './pdf.ts';

/**
 * A stored file's bytes in one SharedArrayBuffer that every pool task of the file reads (structured clone shares
 * it instead of copying). Read straight into it, not into a Buffer copied over (a 48 MB file would briefly be two),
 * and handed out again while the last copy is still alive: the analysis and the graphics stages after it read
 * the same file, and a copy the collector has not freed yet would otherwise sit beside a new one.
 */
const recent = new Map<string, WeakRef<Uint8Array>>();

export async function readSharedBytes(blobs: BlobStore, key: string): Promise<Uint8Array> {
  const alive = recent.get(key)?.deref();
  if (alive) return alive;
  const bytes = await readInto(blobs, key);
  for (const [k, ref] of recent) if (!ref.deref()) recent.delete(k);
  recent.set(key, new WeakRef(bytes));
  return bytes;
}

async function readInto(blobs: BlobStore, key: string): Promise<Uint8Array> {
  const info = await blobs.stat(key);
  if (!info) throw new BlobNotFoundError(key);
  const shared = new Uint8Array(new SharedArrayBuffer(info.size));
  let at = 0;
  for await (const chunk of await blobs.getStream(key)) {
    const data = chunk as Buffer;
    // A blob is never rewritten under its key; should the size still disagree, read it the plain way.
    if (at + data.length > shared.length) return shareBytes(await blobs.getBuffer(key));
    shared.set(data, at);
    at += data.length;
  }
  return at === shared.length ? shared : shareBytes(await blobs.getBuffer(key));
}
