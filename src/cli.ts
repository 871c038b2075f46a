// First: before anything imports mupdf (see the module).
import './pipeline/document/mupdf-hook.ts';
import os from 'node:os';
import { loadConfig, type Config } from './shared/config.ts';
import { ConfigError } from './shared/errors.ts';
import { applyHeapGrowth } from './shared/heap.ts';
import { createLogger } from './shared/logger.ts';
import { CLIENT_USAGE } from './cli/usage.ts';

const USAGE = `usage: docintel <command>

server commands:
  serve       api + embedded worker pool + a supervised inference sidecar (default of npm start)
  api         HTTP API only (jobs are run by separate workers)
  worker      job worker only
  inference   inference process only (gRPC); --listen HOST:PORT or unix:/path

Configuration comes from DOCINTEL_* environment variables; see README.md.

${CLIENT_USAGE}`;

/** The command-line client (src/cli/**): loaded only for its commands, so server roles do not pay for it. */
export const CLIENT_COMMANDS = [
  'upload',
  'parse',
  'extract',
  'ask',
  'ocr',
  'layout',
  'tables',
  'equations',
  'charts',
  'classify',
  'split',
  'schema',
  'synthesize',
  'files',
  'jobs',
];

const ROLES = ['serve', 'api', 'worker', 'inference'] as const;
type Role = (typeof ROLES)[number];

function readConfig(): Config {
  try {
    return loadConfig(process.env, os.availableParallelism());
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`docintel: invalid configuration: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}

export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE + '\n');
    if (!command) process.exitCode = 2;
    return;
  }
  if (CLIENT_COMMANDS.includes(command)) {
    const { runClientCommand } = await import('./cli/client.ts');
    process.exitCode = await runClientCommand(command, rest);
    return;
  }
  if (!(ROLES as readonly string[]).includes(command)) {
    process.stderr.write(`docintel: unknown command "${command}"\n${USAGE}\n`);
    process.exit(2);
  }
  const role = command as Role;
  const config = readConfig();
  applyHeapGrowth(config.heapGrowthPercent);
  const logger = createLogger(config.logLevel, role);
  try {
    if (role === 'inference') {
      const { runInference } = await import('./inference/main.ts');
      await runInference(rest, config, logger);
      return;
    }
    const { runService } = await import('./server.ts');
    await runService(role, config, logger);
  } catch (err) {
    logger.fatal({ err }, `docintel ${role} failed to start`);
    process.stderr.write(`docintel: ${role} failed to start: ${(err as Error).message}\n`);
    process.exit(1);
  }
}
