import type { Config } from '../shared/config.ts';
import type { Logger } from '../shared/logger.ts';
import type { BlobStore, MetadataStore } from '../storage/mod.ts';
import type { JobQueue, JobService } from '../jobs/mod.ts';
import type { FileService } from '../files/mod.ts';
import type { KeyRing } from './keys.ts';

/** A dependency the readiness probe checks. */
export interface ReadinessCheck {
  name: string;
  /** Resolves when the dependency answers, with facts about it worth showing (e.g. the inference providers). */
  check(): Promise<void | ReadinessFacts>;
}

export type ReadinessFacts = Record<string, string | string[]>;

/** Everything the HTTP layer needs; built by the process entry (src/server.ts) or by tests. */
export interface AppContext {
  config: Config;
  logger: Logger;
  version: string;
  keys: KeyRing;
  metadata: MetadataStore;
  blobs: BlobStore;
  queue: JobQueue;
  jobs: JobService;
  files: FileService;
  readiness: ReadinessCheck[];
}
