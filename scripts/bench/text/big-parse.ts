import { spawnSync } from 'node:child_process';
import { createReadStream, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_AUTH, startOurService } from '../our-service.ts';
import { procStatusMb } from '../stats.ts';

/**
 * One grounded parse of a long PDF in a process of its own (run as a child by the throughput set), so its peak
 * memory is the service's alone: the process's RSS high-water mark (api and worker threads, embedded job worker)
 * plus the peak of its child processes' RSS (an inference process, when one runs), sampled every SAMPLE_MS.
 */
const SAMPLE_MS = 100;

export interface BigParseResult {
  pages: number;
  ms: number;
  status: number;
  /** This process's VmHWM once the service has closed (its deferred cache writes included), before this client parses the answer. */
  serviceHwmMb: number;
  /** Highest sampled sum of the child processes' RSS (0 when none ran). */
  childrenPeakMb: number;
  chunks: number;
}

/** Every descendant of this process, through /proc/<pid>/task/<tid>/children. */
function descendants(pid: number): number[] {
  const out: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tasks) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of children.split(/\s+/).filter(Boolean).map(Number)) out.push(child, ...descendants(child));
  }
  return out;
}

async function measure(file: string): Promise<BigParseResult> {
  const service = await startOurService({ http: true });
  let closed = false;
  try {
    const ref = await service.runtime.files.ingestStream('bench', path.basename(file), createReadStream(file));
    let childrenPeakMb = 0;
    const sampler = setInterval(() => {
      childrenPeakMb = Math.max(
        childrenPeakMb,
        descendants(process.pid).reduce((sum, pid) => sum + (procStatusMb(pid, 'VmRSS') ?? 0), 0),
      );
    }, SAMPLE_MS);
    const started = performance.now();
    const res = await service.app!.inject({
      method: 'POST',
      url: '/api/v1/parse',
      headers: BENCH_AUTH,
      payload: { input: { file_id: ref.file_id }, profile: 'grounded', execution_mode: 'sync' },
    });
    const ms = performance.now() - started;
    // The service's work is over once it has closed: the cache writes it defers past the answer have landed.
    await service.close();
    closed = true;
    clearInterval(sampler);
    // Read before the body is parsed here: that parse is the client's memory, not the service's.
    const serviceHwmMb = procStatusMb('self', 'VmHWM') ?? 0;
    const chunks = res.statusCode === 200 ? (res.json() as { chunks: unknown[] }).chunks.length : 0;
    return { pages: ref.page_count, ms, status: res.statusCode, serviceHwmMb, childrenPeakMb, chunks };
  } finally {
    if (!closed) await service.close();
  }
}

/** Runs the measurement in a child process and returns what it printed. */
export function bigParseApart(file: string): BigParseResult {
  const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), file], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (run.status !== 0) throw new Error(`the long-document parse failed: ${(run.stderr || run.stdout).trim().slice(0, 500)}`);
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as BigParseResult;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await measure(process.argv[2])));
}
