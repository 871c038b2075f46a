import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import { StorageType } from '@nats-io/jetstream';
import type { ObjectInfo, ObjectStore, Objm } from '@nats-io/obj';
import { BlobNotFoundError, BlobTooLargeError, type BlobInfo, type BlobPutOptions, type BlobStore } from './ports.ts';
import { checkBlobKey, checkBlobPrefix } from './keys.ts';
import { natsUnavailable } from './connection-errors.ts';
import { objectStoreManager, streamSubjects, whenConnected, type NatsConnection } from './nats-connection.ts';

export const BLOB_BUCKET = 'docintel_blobs';
const CONTENT_TYPE_META = 'content-type';
const SHA256_DIGEST_PREFIX = 'SHA-256=';
/** Object infos read at once while listing. */
const INFO_FETCH_CONCURRENCY = 32;

/**
 * BlobStore on the JetStream Object Store (one bucket). Object names are the keys as they are: the store
 * base64-encodes names into subjects, so '/' needs no mapping. The store writes chunks first and the object's
 * meta entry last, so readers see the previous version or nothing until a put completes; a failed put purges
 * its chunks. The content type is kept in the object's metadata; sha256 is the object's own SHA-256 digest,
 * cross-checked at put time against a hash computed here while streaming.
 * The connection belongs to the caller; close() does not close it.
 */
export class NatsBlobStore implements BlobStore {
  private readonly objm: Objm;
  private store?: Promise<ObjectStore>;

  constructor(
    private readonly nc: NatsConnection,
    private readonly bucketName = BLOB_BUCKET,
  ) {
    this.objm = objectStoreManager(nc);
  }

  async put(key: string, data: Buffer | Readable, options: BlobPutOptions = {}): Promise<BlobInfo> {
    checkBlobKey(key);
    const os = await this.bucket();
    const hash = createHash('sha256');
    let size = 0;
    const body = webStreamOf(data, (chunk) => {
      size += chunk.length;
      // Erroring the stream makes the object store purge the chunks it already wrote.
      if (options.maxBytes !== undefined && size > options.maxBytes) throw new BlobTooLargeError(options.maxBytes);
      hash.update(chunk);
    });
    const contentType = options.contentType ?? null;
    const metadata: Record<string, string> = contentType === null ? {} : { [CONTENT_TYPE_META]: contentType };
    let info: ObjectInfo;
    try {
      info = await os.put({ name: key, metadata }, body);
    } catch (err) {
      // A failed publish leaves the source half-read; release it so an upload does not hang.
      if (!Buffer.isBuffer(data)) data.destroy();
      throw err;
    }
    const sha256 = hash.digest('hex');
    if (info.size !== size || sha256FromDigest(info.digest) !== sha256) {
      await os.delete(key).catch(() => undefined);
      throw new Error(`blob ${key}: stored object does not match the bytes sent (size ${info.size} vs ${size})`);
    }
    return { key, size, sha256, contentType };
  }

  async stat(key: string): Promise<BlobInfo | undefined> {
    checkBlobKey(key);
    const info = await (await this.bucket()).info(key);
    return info && !info.deleted ? toBlobInfo(key, info) : undefined;
  }

  async getStream(key: string): Promise<Readable> {
    checkBlobKey(key);
    const result = await (await this.bucket()).get(key);
    if (!result) throw new BlobNotFoundError(key);
    // Failures also reach the stream itself (as a stream error); this promise would otherwise go unhandled.
    result.error.catch(() => undefined);
    return Readable.fromWeb(result.data as NodeWebReadableStream<Uint8Array>);
  }

  async getBuffer(key: string): Promise<Buffer> {
    checkBlobKey(key);
    const bytes = await (await this.bucket()).getBlob(key);
    if (!bytes) throw new BlobNotFoundError(key);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  async delete(key: string): Promise<boolean> {
    checkBlobKey(key);
    const os = await this.bucket();
    const info = await os.info(key);
    if (!info || info.deleted) return false;
    await os.delete(key);
    return true;
  }

  /**
   * Object names are read as the meta subjects of the bucket's stream (`$O.<bucket>.M.<base64url name>`): a
   * snapshot the server takes in one request. ObjectStore.list() replays the metadata through a consumer instead
   * and ends after as many messages as were pending when it started, or at a heartbeat, an end the server can
   * announce early or never while objects are put and deleted. Names are decoded and matched here (the encoding
   * hides the prefix from the server); the matching ones are read to drop deleted objects, whose meta subject
   * stays with a deleted marker. An unreachable NATS (the request timed out) is a NatsUnavailableError (503).
   */
  async list(prefix: string): Promise<string[]> {
    checkBlobPrefix(prefix);
    const os = await this.bucket();
    const metaSubject = `$O.${this.bucketName}.M.`;
    let subjects: string[];
    try {
      subjects = await streamSubjects(this.nc, `OBJ_${this.bucketName}`, `${metaSubject}>`);
    } catch (err) {
      throw natsUnavailable(err) ?? err;
    }
    const names = subjects
      .map((subject) => Buffer.from(subject.slice(metaSubject.length), 'base64url').toString('utf8'))
      .filter((name) => name.startsWith(prefix))
      .sort();
    const listed: string[] = [];
    for (let i = 0; i < names.length; i += INFO_FETCH_CONCURRENCY) {
      const batch = names.slice(i, i + INFO_FETCH_CONCURRENCY);
      const infos = await Promise.all(batch.map((name) => os.info(name)));
      infos.forEach((info, j) => {
        if (info && !info.deleted) listed.push(batch[j]);
      });
    }
    return listed;
  }

  async ping(): Promise<void> {
    await (await this.bucket()).status();
  }

  async close(): Promise<void> {
    this.store = undefined;
  }

  /** Creates the bucket on first use; a failed attempt is forgotten so the next call retries. */
  private async bucket(): Promise<ObjectStore> {
    await whenConnected(this.nc);
    if (!this.store) {
      const store = this.objm.create(this.bucketName, { storage: StorageType.File });
      this.store = store;
      store.catch(() => {
        if (this.store === store) this.store = undefined;
      });
    }
    return this.store;
  }
}

function toBlobInfo(key: string, info: ObjectInfo): BlobInfo {
  return {
    key,
    size: info.size,
    sha256: sha256FromDigest(info.digest),
    contentType: info.metadata?.[CONTENT_TYPE_META] ?? null,
  };
}

/** `SHA-256=<base64url>` (the object store's digest) as hex. */
function sha256FromDigest(digest: string): string {
  if (!digest.startsWith(SHA256_DIGEST_PREFIX)) throw new Error(`unexpected object digest "${digest}"`);
  return Buffer.from(digest.slice(SHA256_DIGEST_PREFIX.length), 'base64url').toString('hex');
}

/**
 * A web ReadableStream over a Buffer or node Readable that passes each chunk to `inspect` first. When
 * `inspect` throws, the stream errors with that error and the node source is destroyed.
 */
function webStreamOf(data: Buffer | Readable, inspect: (chunk: Buffer) => void): ReadableStream<Uint8Array> {
  const chunks = chunksOf(data);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) {
          controller.close();
          return;
        }
        inspect(next.value);
        controller.enqueue(next.value);
      } catch (err) {
        await chunks.return(undefined); // ends the for-await below, which destroys the source
        controller.error(err);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

async function* chunksOf(data: Buffer | Readable): AsyncGenerator<Buffer, void, undefined> {
  if (Buffer.isBuffer(data)) {
    yield data;
    return;
  }
  for await (const chunk of data) yield typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
}
