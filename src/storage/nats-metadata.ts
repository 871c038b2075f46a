import { JetStreamApiCodes, JetStreamApiError, StorageType } from '@nats-io/jetstream';
import type { KV, Kvm } from '@nats-io/kv';
import { StoreConflictError } from '../shared/errors.ts';
import type { Collection, ListPageOptions, MetadataStore, Versioned } from './ports.ts';
import { checkRecordId, checkRecordPrefix, toJson } from './keys.ts';
import { natsUnavailable } from './connection-errors.ts';
import { jetStreamManager, kvManager, streamSubjects, whenConnected, type NatsConnection } from './nats-connection.ts';

/** Attempts of an unconditional update racing other writers before it gives up with a conflict. */
const UPDATE_ATTEMPTS = 10;
/** Values fetched at once while listing. */
const LIST_FETCH_CONCURRENCY = 32;

export function bucketForCollection(collection: Collection): string {
  return `docintel_${collection}`;
}

/**
 * MetadataStore on JetStream KV: one bucket per collection (history 1, file storage), the record id is the
 * key, the value its JSON, and the revision the KV sequence number (monotonic per key, never reused).
 * Compare-and-set maps to the server's expected-last-subject-sequence check, so CAS holds across processes.
 * The connection belongs to the caller; close() does not close it.
 */
export class NatsMetadataStore implements MetadataStore {
  private readonly kvm: Kvm;
  private readonly buckets = new Map<Collection, Promise<KV>>();

  constructor(private readonly nc: NatsConnection) {
    this.kvm = kvManager(nc);
  }

  async get<T>(collection: Collection, id: string): Promise<Versioned<T> | undefined> {
    checkRecordId(id);
    const entry = await (await this.bucket(collection)).get(id);
    // A deleted key still has an entry: its DEL/PURGE marker.
    if (!entry || entry.operation !== 'PUT') return undefined;
    return { value: entry.json<T>(), revision: entry.revision };
  }

  async create<T>(collection: Collection, id: string, value: T): Promise<number> {
    checkRecordId(id);
    const json = toJson(value);
    const kv = await this.bucket(collection);
    try {
      return await kv.create(id, json);
    } catch (err) {
      throw conflictOr(err, collection, id, 'already exists');
    }
  }

  async update<T>(collection: Collection, id: string, value: T, expectedRevision?: number): Promise<number> {
    checkRecordId(id);
    const json = toJson(value);
    const kv = await this.bucket(collection);
    if (expectedRevision !== undefined) return this.compareAndSet(kv, collection, id, json, expectedRevision);
    // "Replace if it exists": CAS against whatever revision is current, retrying while others write.
    for (let attempt = 1; ; attempt++) {
      const current = await this.get(collection, id);
      if (!current) throw new StoreConflictError(collection, id, 'does not exist');
      try {
        return await this.compareAndSet(kv, collection, id, json, current.revision);
      } catch (err) {
        if (!(err instanceof StoreConflictError) || attempt >= UPDATE_ATTEMPTS) throw err;
      }
    }
  }

  async put<T>(collection: Collection, id: string, value: T): Promise<number> {
    checkRecordId(id);
    const json = toJson(value);
    return (await this.bucket(collection)).put(id, json);
  }

  async delete(collection: Collection, id: string): Promise<boolean> {
    checkRecordId(id);
    const kv = await this.bucket(collection);
    // Purge only the revision we saw, so that of two concurrent deletes exactly one reports true.
    for (let attempt = 1; ; attempt++) {
      const current = await this.get(collection, id);
      if (!current) return false;
      try {
        await kv.purge(id, { previousSeq: current.revision });
        return true;
      } catch (err) {
        if (!isWrongLastSequence(err) || attempt >= UPDATE_ATTEMPTS) throw err;
      }
    }
  }

  async list<T>(collection: Collection, prefix = ''): Promise<{ id: string; value: T }[]> {
    checkRecordPrefix(prefix);
    const kv = await this.bucket(collection);
    const ids = (await this.keys(collection, prefix)).filter((key) => key.startsWith(prefix)).sort();
    const records: { id: string; value: T }[] = [];
    for (let i = 0; i < ids.length; i += LIST_FETCH_CONCURRENCY) {
      const batch = ids.slice(i, i + LIST_FETCH_CONCURRENCY);
      const entries = await Promise.all(batch.map((id) => kv.get(id)));
      entries.forEach((entry, j) => {
        // A deleted key keeps its subject with a PURGE (or DEL) marker as its one message; null: gone meanwhile.
        if (entry && entry.operation === 'PUT') records.push({ id: batch[j], value: entry.json<T>() });
      });
    }
    return records;
  }

  /**
   * The ids come from one key snapshot (as list()); values are read from the cursor on, in batches, until the page
   * is full: keys deleted meanwhile (or earlier, whose subject stays with a marker) are skipped.
   */
  async listPage<T>(collection: Collection, options: ListPageOptions): Promise<{ id: string; value: T }[]> {
    const { prefix = '', after, limit, descending = false } = options;
    checkRecordPrefix(prefix);
    if (!(limit > 0)) return [];
    const kv = await this.bucket(collection);
    const ids = (await this.keys(collection, prefix)).filter((key) => key.startsWith(prefix)).sort();
    if (descending) ids.reverse();
    const from = after === undefined ? 0 : ids.findIndex((id) => (descending ? id < after : id > after));
    const records: { id: string; value: T }[] = [];
    for (let i = from < 0 ? ids.length : from; i < ids.length && records.length < limit; i += LIST_FETCH_CONCURRENCY) {
      const batch = ids.slice(i, i + LIST_FETCH_CONCURRENCY);
      const entries = await Promise.all(batch.map((id) => kv.get(id)));
      entries.forEach((entry, j) => {
        if (entry && entry.operation === 'PUT' && records.length < limit) records.push({ id: batch[j], value: entry.json<T>() });
      });
    }
    return records;
  }

  /**
   * Every key of the collection that may start with `prefix`, deleted ones included (list() drops those when it
   * reads the values). The keys are the subjects of the bucket's stream, a snapshot taken by the server in one
   * request, not kv.keys(): that replays the bucket through a consumer and stops at the first message claiming
   * nothing is pending, which, while keys were written and purged meanwhile, came early (part of the keys,
   * silently) or never. The server matches the prefix's whole dot-separated tokens; the rest is matched here.
   * An unreachable NATS (the request timed out) is a NatsUnavailableError, a 503 with Retry-After.
   */
  private async keys(collection: Collection, prefix: string): Promise<string[]> {
    const wholeTokens = prefix.slice(0, prefix.lastIndexOf('.') + 1);
    // No id has an empty token, and such a filter would not be a valid subject.
    if (wholeTokens.startsWith('.') || wholeTokens.includes('..')) return [];
    const bucket = bucketForCollection(collection);
    const keySubject = `$KV.${bucket}.`;
    try {
      const subjects = await streamSubjects(this.nc, `KV_${bucket}`, `${keySubject}${wholeTokens}>`);
      return subjects.map((subject) => subject.slice(keySubject.length));
    } catch (err) {
      throw natsUnavailable(err) ?? err;
    }
  }

  async ping(): Promise<void> {
    await whenConnected(this.nc);
    await (await jetStreamManager(this.nc)).getAccountInfo();
  }

  async close(): Promise<void> {
    this.buckets.clear();
  }

  private async compareAndSet(kv: KV, collection: Collection, id: string, json: string, revision: number) {
    // The client refuses revision <= 0 itself; no stored record has such a revision.
    if (!(revision > 0)) throw new StoreConflictError(collection, id, `revision ${revision} never matches`);
    try {
      return await kv.update(id, json, revision);
    } catch (err) {
      throw conflictOr(err, collection, id, `revision is not ${revision}`);
    }
  }

  /** Creates the collection's bucket on first use; a failed attempt is forgotten so the next call retries. */
  private async bucket(collection: Collection): Promise<KV> {
    await whenConnected(this.nc);
    let bucket = this.buckets.get(collection);
    if (!bucket) {
      bucket = this.kvm.create(bucketForCollection(collection), { history: 1, storage: StorageType.File });
      this.buckets.set(collection, bucket);
      const created = bucket;
      created.catch(() => {
        if (this.buckets.get(collection) === created) this.buckets.delete(collection);
      });
    }
    return bucket;
  }
}

export function isWrongLastSequence(err: unknown): boolean {
  return (
    err instanceof JetStreamApiError &&
    (err.code === JetStreamApiCodes.StreamWrongLastSequence || err.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown)
  );
}

function conflictOr(err: unknown, collection: Collection, id: string, reason: string): unknown {
  return isWrongLastSequence(err) ? new StoreConflictError(collection, id, reason) : err;
}
