// Starts the inference role the way `docintel inference` will, for tests (the CLI is written elsewhere).
import { loadConfig } from '../../src/shared/config.ts';
import { createLogger } from '../../src/shared/logger.ts';
import { runInference } from '../../src/inference/main.ts';

const config = loadConfig();
await runInference(process.argv.slice(2), config, createLogger(config.logLevel, 'inference'));
