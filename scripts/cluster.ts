/**
 * `scripts/cluster` / `npm run cluster`: a multi-node docintel on one machine (nats-server, 2 inference processes,
 * 2 workers, 2 api processes, each with its own data dir and port, like separate hosts sharing only NATS). Prints
 * the api URLs and the API key once everything is ready; Ctrl-C or SIGTERM stops it all.
 *
 *   npm run cluster -- --api-port 8080 --key my-secret-key-123
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster, type Cluster, type ClusterOptions } from './cluster-core.ts';
import { killAllNow } from './cluster-processes.ts';

/** A Ctrl-C reaches this process twice when a wrapper (npm, tsx) forwards it too: one stop, not a forced exit. */
const REPEATED_SIGNAL_MS = 1500;

const USAGE = `usage: scripts/cluster [options]
  --api-port N        first api port (the next api gets N+1, ...); default: free random ports
  --nats-port N       nats-server port; default: a free random port
  --inference-port N  first inference port; default: free random ports
  --key KEY           API key every api accepts (8+ characters); default: a generated one
  --dir DIR           data dirs, NATS store and logs here (kept); default: a temp dir removed on exit
  --apis N --workers N --inference N   how many of each (default 2 each)
  --log-level LEVEL   DOCINTEL_LOG_LEVEL of the nodes: info (default), debug or trace; logs go to DIR/logs
Other DOCINTEL_* variables in the environment are NOT passed on; nodes get only what the cluster sets.`;

function parseOptions(argv: string[]): ClusterOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      'api-port': { type: 'string' },
      'nats-port': { type: 'string' },
      'inference-port': { type: 'string' },
      key: { type: 'string' },
      dir: { type: 'string' },
      apis: { type: 'string' },
      workers: { type: 'string' },
      inference: { type: 'string' },
      'log-level': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const int = (name: string, raw: string | undefined, min: number, max: number) => {
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max)
      throw new Error(`--${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
    return value;
  };
  return {
    apiPort: int('api-port', values['api-port'], 1, 65535),
    natsPort: int('nats-port', values['nats-port'], 1, 65535),
    inferencePort: int('inference-port', values['inference-port'], 1, 65535),
    apiKeys: values.key ? [`cluster:${values.key}`] : undefined,
    dir: values.dir,
    apis: int('apis', values.apis, 1, 26),
    workers: int('workers', values.workers, 1, 64),
    inference: int('inference', values.inference, 1, 64),
    logLevel: values['log-level'] as ClusterOptions['logLevel'],
  };
}

function banner(cluster: Cluster, keptDir: boolean): string {
  const pad = (label: string) => `  ${label.padEnd(13)}`;
  return [
    'docintel cluster ready',
    `${pad('nats')}${cluster.nats.url}`,
    ...cluster.inference.map((n) => `${pad(n.name)}${n.address} (pid ${n.process.pid})`),
    ...cluster.workers.map((n) => `${pad(n.name)}pid ${n.process.pid}`),
    ...cluster.apis.map((n) => `${pad(n.name)}${n.url}  (docs: ${n.url}/docs)`),
    `${pad('API key')}${cluster.key}`,
    `${pad('logs')}${cluster.dir}/logs${keptDir ? '' : ' (removed on exit; --dir DIR keeps them)'}`,
    '',
    `  try: curl -H "Authorization: Bearer ${cluster.key}" -F files=@doc.pdf ${cluster.apis[0].url}/api/v1/upload`,
    '  Ctrl-C stops everything.',
  ].join('\n');
}

async function main(): Promise<void> {
  let options: ClusterOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`cluster: ${(err as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  // The temp dir is made here, not by startCluster, so that an interrupted start can remove it too.
  const ownDir = !options.dir;
  const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), 'docintel-cluster-'));
  const removeDir = () => {
    if (ownDir) rmSync(dir, { recursive: true, force: true });
  };
  let cluster: Cluster | null = null;
  let stoppingSince = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stoppingSince && Date.now() - stoppingSince < REPEATED_SIGNAL_MS) return;
    // During the start, or a second Ctrl-C: kill every node now.
    if (!cluster || stoppingSince) {
      process.stderr.write(`\ncluster: ${signal}: killing every node now\n`);
      killAllNow();
      removeDir();
      process.exit(130);
    }
    stoppingSince = Date.now();
    process.stdout.write(`\ncluster: ${signal}: stopping apis and workers, then inference, then nats (again to kill at once)...\n`);
    cluster.stop().then(
      () => {
        removeDir();
        process.stdout.write('cluster: stopped\n');
        process.exit(0);
      },
      (err: unknown) => {
        process.stderr.write(`cluster: stop failed: ${(err as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  process.stdout.write(
    `cluster: starting nats-server, ${options.inference ?? 2} inference, ${options.workers ?? 2} workers, ${options.apis ?? 2} apis...\n`,
  );
  try {
    cluster = await startCluster({ ...options, dir });
  } catch (err) {
    removeDir();
    process.stderr.write(`cluster: start failed: ${(err as Error).message}\n`);
    process.exit(1);
  }
  process.stdout.write(`${banner(cluster, !ownDir)}\n`);
  // A node that dies is reported, not replaced: this is a place to watch failures happen.
  for (const proc of cluster.processes()) {
    void proc.exited.then((exit) => {
      if (!stoppingSince)
        process.stderr.write(`cluster: ${proc.name} (pid ${proc.pid}) exited (${exit.code ?? exit.signal}); see ${proc.logFile}\n`);
    });
  }
}

await main();
