import { treeRssBytes } from '../../../test/helpers/processes.ts';
import { heavyParseClient, mixClient, type Tenant } from './http-mix.ts';
import { closedLoop, StepRecorder, type OpSummary } from './recorder.ts';
import type { LoadService } from './serve.ts';

/** The HTTP steps (one per concurrency), the overload step and the soak, against one running service. */
export interface HttpStep {
  concurrency: number;
  seconds: number;
  /** Per operation, then `all`. */
  ops: OpSummary[];
  peakRssBytes: number;
  /** Jobs still waiting or running when the clients stopped (sync jobs whose caller gave up keep running). */
  backlogAtEnd: number | null;
  /** Seconds until the queue was empty again (null: it did not drain within the bound). */
  drainSeconds: number | null;
}

export interface RssSample {
  atS: number;
  bytes: number;
}

export interface SoakResult {
  concurrency: number;
  seconds: number;
  ops: OpSummary[];
  samples: RssSample[];
  startBytes: number;
  peakBytes: number;
  endBytes: number;
  /** Least-squares slope of RSS over time, MB per minute: the whole soak, and its second half (past warm-up). */
  slopeMbPerMin: number;
  secondHalfSlopeMbPerMin: number;
}

type ClientFactory = (tenants: Tenant[], recorder: StepRecorder) => (client: number, deadline: number) => Promise<void>;
type Log = (line: string) => void;

function peakSampler(pid: number, everyMs: number) {
  let peak = treeRssBytes(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssBytes(pid));
  }, everyMs);
  return { stop: () => (clearInterval(timer), Math.max(peak, treeRssBytes(pid))) };
}

async function runStep(service: LoadService, concurrency: number, seconds: number, clients: ClientFactory, log: Log): Promise<HttpStep> {
  const recorder = new StepRecorder();
  const rss = peakSampler(service.pid, 1000);
  const elapsed = await closedLoop(concurrency, seconds, clients(service.tenants, recorder));
  const peakRssBytes = rss.stop();
  const backlogAtEnd = await service.queueDepth().catch(() => null);
  const drainStarted = performance.now();
  const drained = await service.drain();
  const step: HttpStep = {
    concurrency,
    seconds: elapsed,
    ops: recorder.summarize(elapsed),
    peakRssBytes,
    backlogAtEnd,
    drainSeconds: drained ? (performance.now() - drainStarted) / 1000 : null,
  };
  const all = step.ops[step.ops.length - 1];
  log(
    `  ${all.calls} requests, ${all.okPerSecond.toFixed(1)} ok/s, p50 ${all.p50Ms?.toFixed(0)} ms, p99 ${all.p99Ms?.toFixed(0)} ms, ` +
      `errors ${(all.errorRate * 100).toFixed(1)}% ${JSON.stringify(all.errors)}, timeouts ${all.timeouts}, shed ${JSON.stringify(all.shed)}, backlog ${backlogAtEnd}`,
  );
  return step;
}

/** The request mix at each concurrency, one step each; the queue drains between steps. */
export async function runHttpSteps(service: LoadService, concurrencies: number[], seconds: number, log: Log): Promise<HttpStep[]> {
  const steps: HttpStep[] = [];
  for (const concurrency of concurrencies) {
    log(`http: ${concurrency} clients for ${seconds} s`);
    steps.push(await runStep(service, concurrency, seconds, mixClient, log));
  }
  return steps;
}

/** More work than the service can finish within the clients' deadline: every client sync-parses the heavy PDF. */
export function runOverloadStep(service: LoadService, concurrency: number, seconds: number, log: Log): Promise<HttpStep> {
  log(`http overload: ${concurrency} clients sync-parsing the heavy PDF for ${seconds} s`);
  return runStep(service, concurrency, seconds, heavyParseClient, log);
}

/** Least-squares slope of bytes over seconds, in MB per minute. */
export function slopeMbPerMin(samples: RssSample[]): number {
  if (samples.length < 2) return 0;
  const n = samples.length;
  const meanT = samples.reduce((s, x) => s + x.atS, 0) / n;
  const meanB = samples.reduce((s, x) => s + x.bytes, 0) / n;
  let num = 0;
  let den = 0;
  for (const { atS, bytes } of samples) {
    num += (atS - meanT) * (bytes - meanB);
    den += (atS - meanT) ** 2;
  }
  return den === 0 ? 0 : ((num / den) * 60) / 1e6;
}

export async function runSoak(
  service: LoadService,
  concurrency: number,
  seconds: number,
  sampleEveryS: number,
  log: Log,
): Promise<SoakResult> {
  log(`soak: ${concurrency} clients for ${seconds} s, RSS every ${sampleEveryS} s`);
  const recorder = new StepRecorder();
  const started = performance.now();
  const samples: RssSample[] = [];
  const sample = () => samples.push({ atS: (performance.now() - started) / 1000, bytes: treeRssBytes(service.pid) });
  sample();
  let lastLog = 0;
  const timer = setInterval(() => {
    sample();
    const last = samples[samples.length - 1];
    if (last.atS - lastLog >= 60) {
      lastLog = last.atS;
      log(`  soak ${last.atS.toFixed(0)} s: RSS ${(last.bytes / 1e6).toFixed(0)} MB`);
    }
  }, sampleEveryS * 1000);
  const elapsed = await closedLoop(concurrency, seconds, mixClient(service.tenants, recorder));
  clearInterval(timer);
  sample();
  const bytes = samples.map((s) => s.bytes);
  const secondHalf = samples.filter((s) => s.atS >= elapsed / 2);
  return {
    concurrency,
    seconds: elapsed,
    ops: recorder.summarize(elapsed),
    samples,
    startBytes: bytes[0],
    peakBytes: Math.max(...bytes),
    endBytes: bytes[bytes.length - 1],
    slopeMbPerMin: slopeMbPerMin(samples),
    secondHalfSlopeMbPerMin: slopeMbPerMin(secondHalf),
  };
}
