import { fork } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CAPABILITIES } from './bench/capabilities/index.ts';
import type { ChildAnswer } from './bench/child.ts';
import { keepLoadSection } from './bench/load/section.ts';
import { describeRun, renderReport, type CapabilityResult } from './bench/report.ts';
import type { BenchOptions, Capability, SetReport } from './bench/types.ts';

/**
 * `npm run bench [-- --only <capability>[,<capability>] --limit N --pages N --eval DIR --verbose --no-write]`
 * Measures every capability on ../shared/eval, prints the report and writes it to docs/benchmarks.md.
 * Each capability × set runs in its own child process so our peak RSS is measured per set.
 * `npm run bench -- load [...]` runs the load and soak test instead (scripts/bench/load/main.ts); its section of
 * docs/benchmarks.md survives this report's rewrite.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPORT_FILE = path.join(ROOT, 'docs', 'benchmarks.md');
const DEFAULT_MAX_PAGES = 3;

interface Args extends BenchOptions {
  only: string[] | null;
  sets: string[] | null;
  write: boolean;
}

const USAGE = `usage: npm run bench -- load [--help]   (load and soak test, see scripts/bench/load/main.ts)
       npm run bench -- [--only ${CAPABILITIES.map((c) => c.name).join('|')}[,...]] [--limit N] [--pages N] [--half tune|check] [--eval DIR] [--verbose] [--no-write]
  --set S     only these sets of the chosen capabilities (comma list, as the report names them; '.' for 'all sets')
  --limit N   documents per set (default: all)
  --pages N   pages per document for page-level capabilities (default: ${DEFAULT_MAX_PAGES})
  --eval DIR  evaluation data (default: ../shared/eval beside the checkout)
  --half H    only the tune or check half of sets split by file name (extract so far), e.g. to look at tune failures
  --verbose   print every failed quality check
  --no-write  print the report without updating docs/benchmarks.md`;

function positiveInt(flag: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} needs a positive integer, got ${value ?? 'nothing'}`);
  return n;
}

function halfArg(value: string | undefined): 'tune' | 'check' {
  if (value === 'tune' || value === 'check') return value;
  throw new Error(`--half needs tune or check, got ${value ?? 'nothing'}`);
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    evalDir: path.resolve(ROOT, '..', 'shared', 'eval'),
    limit: null,
    maxPages: DEFAULT_MAX_PAGES,
    verbose: false,
    only: null,
    sets: null,
    write: true,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--only') args.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (flag === '--set') args.sets = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (flag === '--limit') args.limit = positiveInt(flag, argv[++i]);
    else if (flag === '--pages') args.maxPages = positiveInt(flag, argv[++i]);
    else if (flag === '--eval') args.evalDir = path.resolve(argv[++i] ?? '');
    else if (flag === '--verbose') args.verbose = true;
    else if (flag === '--half') args.half = halfArg(argv[++i]);
    else if (flag === '--no-write') args.write = false;
    else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown option ${flag}\n${USAGE}`);
  }
  const unknown = (args.only ?? []).filter((name) => !CAPABILITIES.some((c) => c.name === name));
  if (unknown.length) throw new Error(`unknown capability ${unknown.join(', ')}\n${USAGE}`);
  return args;
}

function runInChild(capability: Capability, set: string, options: BenchOptions): Promise<SetReport> {
  const child = fork(fileURLToPath(new URL('./bench/child.ts', import.meta.url)), [capability.name, set, JSON.stringify(options)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let answer: ChildAnswer | null = null;
    child.on('message', (message) => {
      answer = message as ChildAnswer;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (answer?.ok) resolve(answer.report);
      else reject(new Error(answer ? answer.error : `child exited with code ${code} without a report`));
    });
  });
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const options: BenchOptions = {
    evalDir: args.evalDir,
    limit: args.limit,
    maxPages: args.maxPages,
    verbose: args.verbose,
    half: args.half ?? null,
  };
  const command = ['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' ');
  const scope = `${args.limit ?? 'all'} documents per set, at most ${args.maxPages} pages per document for render`;
  const info = describeRun(command, args.evalDir, scope);
  const started = performance.now();
  const results: CapabilityResult[] = [];
  for (const capability of CAPABILITIES.filter((c) => !args.only || args.only.includes(c.name))) {
    const result: CapabilityResult = { capability, sets: [] };
    for (const set of capability.sets.filter((s) => !args.sets || args.sets.includes(s))) {
      const label = set === '.' ? 'all sets' : set;
      if (!capability.generatedSets?.includes(set) && !existsSync(path.join(args.evalDir, set))) {
        console.error(`${capability.name} / ${label}: skipped, ${path.join(args.evalDir, set)} is missing`);
        result.sets.push({ set: label, report: null, skipped: 'folder missing' });
        continue;
      }
      console.error(`${capability.name} / ${label}`);
      try {
        result.sets.push({ set, report: await runInChild(capability, set, options) });
      } catch (err) {
        console.error(`${capability.name} / ${label} failed: ${(err as Error).message}`);
        result.sets.push({ set: label, report: null, skipped: `failed: ${(err as Error).message.split('\n')[0]}` });
      }
    }
    results.push(result);
  }
  const report = renderReport({ ...info, durationS: (performance.now() - started) / 1000 }, results);
  console.log(report);
  if (args.write) {
    const previous = existsSync(REPORT_FILE) ? readFileSync(REPORT_FILE, 'utf8') : null;
    writeFileSync(REPORT_FILE, keepLoadSection(previous, report));
    console.error(`written to ${path.relative(process.cwd(), REPORT_FILE)}`);
  }
  if (results.some((r) => r.sets.some((s) => s.skipped?.startsWith('failed')))) process.exitCode = 1;
}

async function dispatch(): Promise<void> {
  if (process.argv[2] !== 'load') return main();
  const { runLoadBench } = await import('./bench/load/main.ts');
  return runLoadBench(process.argv.slice(3));
}

dispatch().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
