import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../src/shared/config.ts';
import { killAllDocintel, REPO_ROOT, treeRssBytes } from '../../../test/helpers/processes.ts';
import { parseLoadArgs, type LoadArgs } from './args.ts';
import { loadDocuments, type LoadDocuments } from './documents.ts';
import { runGrpcPhase } from './grpc-phase.ts';
import { MIX_DESCRIPTION } from './http-mix.ts';
import { runHttpSteps, runOverloadStep, runSoak } from './http-phase.ts';
import { planOverload } from './overload.ts';
import { renderLoadReport, type LoadResults } from './report.ts';
import { withLoadSection } from './section.ts';
import { startLoadService, type LoadService } from './serve.ts';

/**
 * `npm run bench -- load [options]` (also `npm run loadtest`): HTTP load of a real `docintel serve` at 1, 4, 16
 * and 64 closed-loop clients, a soak that samples the serve tree's memory, an overload step with and without the
 * sync admission bound, and gRPC load of a `docintel inference` process at the same concurrencies. Prints a
 * markdown report and writes it into docs/benchmarks.md between the load markers (the rest of the file is left
 * alone); the raw figures go to $OUT_JSON when set.
 */
const REPORT_FILE = path.join(REPO_ROOT, 'docs', 'benchmarks.md');
type Log = (line: string) => void;
type Results = Omit<LoadResults, 'info'>;

function start(args: LoadArgs, docs: LoadDocuments, maxQueuedJobs: number | null): Promise<LoadService> {
  return startLoadService({ keys: args.keys, rateLimitPerMinute: args.rateLimitPerMinute, maxQueuedJobs, timeoutMs: args.timeoutMs }, docs);
}

/** The mix steps, the soak and the overload step, on one service with the admission bound in force. */
async function runServePhases(args: LoadArgs, docs: LoadDocuments, results: Results, log: Log): Promise<Record<string, string>> {
  const service = await start(args, docs, args.maxQueuedJobs);
  try {
    if (args.phases.has('http')) results.http = await runHttpSteps(service, args.concurrencies, args.stepSeconds, log);
    if (args.phases.has('soak')) {
      const soak = await runSoak(service, args.soakConcurrency, args.soakSeconds, args.sampleEverySeconds, log);
      log(
        `  soak: RSS ${(soak.startBytes / 1e6).toFixed(0)} -> ${(soak.endBytes / 1e6).toFixed(0)} MB (peak ${(soak.peakBytes / 1e6).toFixed(0)}), slope ${soak.slopeMbPerMin.toFixed(2)} MB/min`,
      );
      await service.drain(60_000);
      // Memory once the load is gone: what the soak left behind.
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      results.soak = { ...soak, idleAfterBytes: treeRssBytes(service.pid) };
    }
    if (args.phases.has('http') && args.overloadPages !== 0) {
      const clients = args.overloadClients ?? 2 * Math.max(...args.concurrencies);
      const plan = await planOverload(service, docs, clients, args.timeoutMs, args.overloadPages);
      log(
        `overload: ${plan.pages}-page PDF${plan.probePagesPerSecond === null ? '' : ` (probe: ${plan.probePagesPerSecond.toFixed(0)} pages/s)`}`,
      );
      const bound = args.maxQueuedJobs ?? loadConfig({}).limits.maxQueuedJobs;
      const step = await runOverloadStep(service, clients, args.stepSeconds, log);
      results.overload = {
        plan,
        runs: [
          {
            label:
              bound > 0
                ? `DOCINTEL_MAX_QUEUED_JOBS=${bound}${args.maxQueuedJobs === null ? ' (default)' : ''}`
                : 'no bound (DOCINTEL_MAX_QUEUED_JOBS=0)',
            step,
          },
        ],
      };
    }
    return service.env;
  } finally {
    await service.close();
  }
}

/** The overload step again on a fresh service without the bound: what the bound is for. */
async function runOverloadWithoutBound(args: LoadArgs, docs: LoadDocuments, results: Results, log: Log): Promise<void> {
  log('http overload without the admission bound (a fresh serve with DOCINTEL_MAX_QUEUED_JOBS=0)');
  const service = await start(args, docs, 0);
  try {
    const step = await runOverloadStep(service, results.overload!.plan.clients, args.stepSeconds, log);
    results.overload!.runs.push({ label: 'no bound (DOCINTEL_MAX_QUEUED_JOBS=0)', step });
  } finally {
    await service.close();
  }
}

function settingsLines(args: LoadArgs, serveEnv: Record<string, string> | null): string[] {
  const env = serveEnv
    ? Object.entries(serveEnv)
        .filter(([k]) => k !== 'DOCINTEL_API_KEYS')
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')
    : '';
  return [
    `service: one \`docintel serve\` (embedded SQLite queue and files in a temp dir, supervised inference sidecar, other settings at their defaults)${env ? `; ${env}` : ''}`,
    `HTTP mix: ${MIX_DESCRIPTION}; clients spread over ${args.keys} API keys; ${args.stepSeconds} s per step; client deadline ${args.timeoutMs / 1000} s`,
    `soak: ${args.soakSeconds} s at ${args.soakConcurrency} clients, same mix, RSS of the serve tree every ${args.sampleEverySeconds} s`,
  ];
}

export async function runLoadBench(argv: string[]): Promise<void> {
  const args = parseLoadArgs(argv);
  // Ctrl-C must not leave a serve or inference process behind.
  process.once('SIGINT', () => void killAllDocintel().finally(() => process.exit(130)));
  const log: Log = (line) => console.error(line);
  const started = performance.now();
  const loadBefore = os.loadavg()[0];
  const docs = await loadDocuments();
  const results: Results = { http: null, overload: null, grpc: null, soak: null, failures: [] };
  let serveEnv: Record<string, string> | null = null;
  // A phase that fails is reported as such; the others still run and the report keeps what was measured.
  const attempt = async (phase: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (err) {
      const message = (err as Error).message ?? String(err);
      log(`${phase} failed: ${message}`);
      results.failures.push(`${phase}: ${message.split('\n')[0]}`);
    } finally {
      await killAllDocintel();
    }
  };
  if (args.phases.has('http') || args.phases.has('soak'))
    await attempt('serve phases', async () => {
      serveEnv = await runServePhases(args, docs, results, log);
    });
  if (results.overload && args.maxQueuedJobs !== 0)
    await attempt('overload without the bound', () => runOverloadWithoutBound(args, docs, results, log));
  if (args.phases.has('grpc'))
    await attempt('gRPC phase', async () => {
      results.grpc = await runGrpcPhase(docs, args.concurrencies, args.stepSeconds, args.timeoutMs, log);
    });
  const cpus = os.cpus();
  const full: LoadResults = {
    ...results,
    info: {
      date: new Date().toISOString().replace(/\.\d+Z$/u, 'Z'),
      command: ['npm run bench --', 'load', ...argv].join(' '),
      durationS: (performance.now() - started) / 1000,
      machine: `${os.availableParallelism()} CPUs (${cpus[0]?.model.trim() ?? 'unknown model'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.platform()} ${os.arch()}`,
      node: process.version,
      loadBefore,
      loadAfter: os.loadavg()[0],
      settings: settingsLines(args, serveEnv),
    },
  };
  const report = renderLoadReport(full);
  console.log(report);
  if (process.env.OUT_JSON) {
    writeFileSync(process.env.OUT_JSON, `${JSON.stringify(full, null, 2)}\n`);
    log(`raw figures written to ${process.env.OUT_JSON}`);
  }
  if (args.write) {
    writeFileSync(REPORT_FILE, withLoadSection(existsSync(REPORT_FILE) ? readFileSync(REPORT_FILE, 'utf8') : '', report));
    log(`written to ${path.relative(process.cwd(), REPORT_FILE)} (load section)`);
  }
  if (results.failures.length) process.exitCode = 1;
}
