/**
 * A JobWorker in its own process on an embedded data dir, so a test can kill -9 it mid-job.
 *   DOCINTEL_DATA_DIR=<dir> DOCINTEL_FAULTS=job.delay_ms=60000 tsx test/helpers/jobs-worker-child.ts
 * Prints "ready" once consuming.
 */
import { createJobSystem, createJobWorker } from '../../src/jobs/mod.ts';
import { loadConfig } from '../../src/shared/config.ts';
import { createStores } from '../../src/storage/mod.ts';
import { sumHandler } from './jobs-test-handlers.ts';

const config = loadConfig(process.env);
const stores = await createStores(config);
const system = await createJobSystem(config, stores);
const worker = createJobWorker(config, system, stores, { handlers: [sumHandler], requiredOperations: ['sum'] });
worker.start();
process.stdout.write('ready\n');
