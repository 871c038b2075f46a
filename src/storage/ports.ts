import type { Readable } from 'node:stream';

/**
 * Storage ports. Each has two adapters (embedded: SQLite / data-dir files; scale-out: NATS KV / Object Store)
 * and one conformance suite (test/storage.conformance.test.ts) that runs against both.
 */

/** Record collections. Each adapter maps a collection to a table partition (SQLite) or a KV bucket (NATS). */
export type Collection = 'files' | 'jobs' | 'agents' | 'sessions' | 'keys' | 'usage' | 'documents' | 'workers';

export interface Versioned<T> {
  value: T;
  /** Monotonic per record; used for compare-and-set updates. */
  revision: number;
}

export interface MetadataStore {
  /** Undefined when absent. */
  get<T>(collection: Collection, id: string): Promise<Versioned<T> | undefined>;
  /** Insert a new record; throws StoreConflictError if the id exists. Returns the revision. */
  create<T>(collection: Collection, id: string, value: T): Promise<number>;
  /**
   * Replace a record. With `expectedRevision`, throws StoreConflictError unless the stored revision matches
   * (optimistic concurrency); without it, the record must exist (StoreConflictError otherwise).
   */
  update<T>(collection: Collection, id: string, value: T, expectedRevision?: number): Promise<number>;
  /** Insert or replace without a revision check. */
  put<T>(collection: Collection, id: string, value: T): Promise<number>;
  /** Returns true when something was deleted. */
  delete(collection: Collection, id: string): Promise<boolean>;
  /** All records of a collection whose id starts with `prefix` (all when omitted), in id order. */
  list<T>(collection: Collection, prefix?: string): Promise<{ id: string; value: T }[]>;
  /**
   * One page of the records whose id starts with `options.prefix`: at most `limit`, in id order (reversed when
   * `descending`), beginning strictly after the id `after` in that order. Listing endpoints page with it.
   */
  listPage<T>(collection: Collection, options: ListPageOptions): Promise<{ id: string; value: T }[]>;
  /** Cheap liveness check for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface ListPageOptions {
  prefix?: string;
  /** The last id of the previous page; the page starts after it. */
  after?: string;
  limit: number;
  descending?: boolean;
}

export interface BlobInfo {
  key: string;
  size: number;
  /** hex sha256 of the content */
  sha256: string;
  contentType: string | null;
}

export interface BlobPutOptions {
  contentType?: string | null;
  /** Abort (and leave nothing stored) once more than this many bytes arrived; throws BlobTooLargeError. */
  maxBytes?: number;
}

export class BlobTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`blob exceeds ${limit} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

/**
 * Content-addressed by caller-chosen keys such as `files/<file_id>/original` or `renders/<file_id>/p0-144.png`.
 * Keys use [A-Za-z0-9_./-]. A put is atomic: a reader sees the whole blob or none, and a failed or aborted
 * put leaves nothing behind.
 */
export interface BlobStore {
  put(key: string, data: Buffer | Readable, options?: BlobPutOptions): Promise<BlobInfo>;
  /** Undefined when absent. */
  stat(key: string): Promise<BlobInfo | undefined>;
  /** Throws BlobNotFoundError when absent. */
  getStream(key: string): Promise<Readable>;
  getBuffer(key: string): Promise<Buffer>;
  delete(key: string): Promise<boolean>;
  /** Keys under a prefix (for cleanup). */
  list(prefix: string): Promise<string[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`blob not found: ${key}`);
    this.name = 'BlobNotFoundError';
  }
}
