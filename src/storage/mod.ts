import path from 'node:path';
import type { Config } from '../shared/config.ts';
import type { Logger } from '../shared/logger.ts';
import type { BlobStore, MetadataStore } from './ports.ts';
import { FsBlobStore } from './fs-blobs.ts';
import { NatsBlobStore } from './nats-blobs.ts';
import { connectNats, type NatsConnection } from './nats-connection.ts';
import { NatsMetadataStore } from './nats-metadata.ts';
import { SqliteMetadataStore } from './sqlite-metadata.ts';

export * from './ports.ts';
export { InvalidStorageKeyError } from './keys.ts';
export { openSqlite, SqliteMetadataStore } from './sqlite-metadata.ts';
export { FsBlobStore } from './fs-blobs.ts';
export { NatsMetadataStore } from './nats-metadata.ts';
export { NatsBlobStore } from './nats-blobs.ts';
export * from './nats-connection.ts';
export { natsUnavailable } from './connection-errors.ts';
export { backfillListing } from './listing-backfill.ts';
export { MetadataSessionStore, type SessionRecord } from './sessions.ts';

export interface Stores {
  metadata: MetadataStore;
  blobs: BlobStore;
  /** Closes both stores, and the NATS connection when createStores opened it. */
  close(): Promise<void>;
}

export interface CreateStoresOptions {
  /** A connection to share (jobs, events); createStores opens its own when omitted and NATS is configured. */
  nats?: NatsConnection;
  logger?: Logger;
}

/** The embedded database file; other embedded adapters (the job queue) open the same file via openSqlite. */
export function sqlitePath(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'docintel.db');
}

export function blobsDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'blobs');
}

/**
 * The metadata and blob stores for this process: SQLite and data-dir files when no NATS URL is configured,
 * JetStream KV and Object Store otherwise.
 */
export async function createStores(config: Config, opts: CreateStoresOptions = {}): Promise<Stores> {
  if (config.natsUrl === null) {
    const metadata = new SqliteMetadataStore(sqlitePath(config));
    const blobs = new FsBlobStore(blobsDir(config));
    return { metadata, blobs, close: () => closeAll(metadata, blobs) };
  }
  const ownConnection = !opts.nats;
  const nc = opts.nats ?? (await connectNats(config.natsUrl, `docintel-stores-${process.pid}`, opts.logger));
  const metadata = new NatsMetadataStore(nc);
  const blobs = new NatsBlobStore(nc);
  return {
    metadata,
    blobs,
    async close() {
      await closeAll(metadata, blobs);
      if (ownConnection && !nc.isClosed()) await nc.drain();
    },
  };
}

async function closeAll(metadata: MetadataStore, blobs: BlobStore): Promise<void> {
  await Promise.all([metadata.close(), blobs.close()]);
}
