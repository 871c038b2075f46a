/** Command-line options of `npm run bench -- load`. */
export type Phase = 'http' | 'grpc' | 'soak';

export interface LoadArgs {
  concurrencies: number[];
  stepSeconds: number;
  /** Pages of the PDF the overload step sync-parses: null sizes it from a probe parse; 0 skips the step. */
  overloadPages: number | null;
  /** Clients of the overload step; null: twice the highest concurrency. */
  overloadClients: number | null;
  soakSeconds: number;
  soakConcurrency: number;
  sampleEverySeconds: number;
  keys: number;
  rateLimitPerMinute: number;
  /** DOCINTEL_MAX_QUEUED_JOBS of the service; null: its default. */
  maxQueuedJobs: number | null;
  timeoutMs: number;
  phases: Set<Phase>;
  write: boolean;
}

export const USAGE = `usage: npm run bench -- load [--concurrency 1,4,16,64] [--seconds N] [--overload-clients N] [--overload-pages N] [--soak-seconds N] [--soak-concurrency N]
                             [--keys N] [--rate-limit N] [--max-queued-jobs N] [--timeout-ms N] [--only http,grpc,soak] [--no-write]
  --concurrency LIST    closed-loop clients (HTTP) and callers (gRPC) per step (default 1,4,16,64)
  --seconds N           length of each HTTP and gRPC step (default 20)
  --overload-clients N  clients of the overload step, which sync-parses a long PDF once with the service's
                        admission bound and once without it (default: twice the highest concurrency)
  --overload-pages N    pages of that PDF (default: sized from one probe parse so that all clients' work takes
                        about twice the client deadline; 0 skips the step)
  --soak-seconds N      length of the soak (default 600; 0 skips it)
  --soak-concurrency N  clients during the soak (default 8)
  --keys N              API keys (tenants) the clients spread over, client i on key i mod N (default 4)
  --rate-limit N        DOCINTEL_RATE_LIMIT_PER_MINUTE of the service (default 0: off)
  --max-queued-jobs N   DOCINTEL_MAX_QUEUED_JOBS of the service (default: the service's default)
  --timeout-ms N        client-side deadline of one request or call; past it, it counts as a timeout (default 30000)
  --only LIST           phases to run (default http,grpc,soak)
  --no-write            print the report without updating docs/benchmarks.md
Raw figures are written as JSON to $OUT_JSON when it is set.`;

function count(flag: string, value: string | undefined, min = 1): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${flag} needs a whole number >= ${min}, got ${value ?? 'nothing'}\n${USAGE}`);
  return n;
}

function phaseName(name: string): Phase {
  if (name === 'http' || name === 'grpc' || name === 'soak') return name;
  throw new Error(`unknown phase ${name}\n${USAGE}`);
}

export function parseLoadArgs(argv: string[]): LoadArgs {
  const args: LoadArgs = {
    concurrencies: [1, 4, 16, 64],
    stepSeconds: 20,
    overloadPages: null,
    overloadClients: null,
    soakSeconds: 600,
    soakConcurrency: 8,
    sampleEverySeconds: 5,
    keys: 4,
    rateLimitPerMinute: 0,
    maxQueuedJobs: null,
    timeoutMs: 30_000,
    phases: new Set(['http', 'grpc', 'soak']),
    write: true,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => argv[++i];
    if (flag === '--concurrency') args.concurrencies = (value() ?? '').split(',').map((c) => count(flag, c));
    else if (flag === '--seconds') args.stepSeconds = count(flag, value());
    else if (flag === '--overload-pages') args.overloadPages = count(flag, value(), 0);
    else if (flag === '--overload-clients') args.overloadClients = count(flag, value());
    else if (flag === '--soak-seconds') args.soakSeconds = count(flag, value(), 0);
    else if (flag === '--soak-concurrency') args.soakConcurrency = count(flag, value());
    else if (flag === '--keys') args.keys = count(flag, value());
    else if (flag === '--rate-limit') args.rateLimitPerMinute = count(flag, value(), 0);
    else if (flag === '--max-queued-jobs') args.maxQueuedJobs = count(flag, value(), 0);
    else if (flag === '--timeout-ms') args.timeoutMs = count(flag, value(), 100);
    else if (flag === '--only') args.phases = new Set((value() ?? '').split(',').map(phaseName));
    else if (flag === '--no-write') args.write = false;
    else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown option ${flag}\n${USAGE}`);
  }
  if (args.soakSeconds === 0) args.phases.delete('soak');
  return args;
}
