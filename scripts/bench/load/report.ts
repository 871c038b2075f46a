import type { GrpcPhase } from './grpc-phase.ts';
import type { HttpStep, SoakResult } from './http-phase.ts';
import type { OverloadPlan } from './overload.ts';
import type { OpSummary } from './recorder.ts';

/** The load report as markdown (the section of docs/benchmarks.md between the load markers). */
export interface LoadRunInfo {
  date: string;
  command: string;
  durationS: number;
  machine: string;
  node: string;
  /** 1-minute load average before and after the run (other work on the machine shows here). */
  loadBefore: number;
  loadAfter: number;
  settings: string[];
}

export interface LoadResults {
  info: LoadRunInfo;
  http: HttpStep[] | null;
  /** The overload step with the admission bound, then (when it was in force) on a fresh service without it. */
  overload: { plan: OverloadPlan; runs: { label: string; step: HttpStep }[] } | null;
  grpc: GrpcPhase | null;
  soak: (SoakResult & { idleAfterBytes: number | null }) | null;
  /** Phases that failed, with the first line of their error. */
  failures: string[];
}

const mb = (bytes: number | null) => (bytes === null ? '–' : (bytes / 1e6).toFixed(0));
const num = (value: number | null, digits = 0) => (value === null || !Number.isFinite(value) ? '–' : value.toFixed(digits));
const rate = (value: number | null) => (value === null ? '–' : value.toFixed(value < 10 ? 2 : 1));
const pct = (value: number) => `${(value * 100).toFixed(value > 0 && value < 0.001 ? 2 : 1)}%`;

function table(header: string[], rows: string[][]): string {
  const escape = (cell: string) => cell.replace(/\|/gu, '\\|');
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(escape).join(' | ')} |`),
  ].join('\n');
}

/** "n (m with Retry-After)" for one back-pressure code, "0" when none. */
function shedCell(s: OpSummary, code: string, hint = 'Retry-After'): string {
  const entry = s.shed[code];
  return entry ? `${entry.count} (${entry.withRetryAfter} with ${hint})` : '0';
}

function otherErrors(s: OpSummary): string {
  const entries = Object.entries(s.errors);
  return entries.length ? entries.map(([code, n]) => `${n}× ${code}`).join(', ') : '0';
}

const allOf = (ops: OpSummary[]) => ops[ops.length - 1];

const OVERALL_HEADER = [
  'requests',
  'ok req/s',
  'parsed pages/s',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'error rate',
  '429',
  '503',
  'timeouts',
  'other errors',
  'backlog at end (drained in)',
  'peak RSS MB',
];

/** The cells of OVERALL_HEADER for one step; `parseOp` is the operation whose pages count as parsed. */
function overallCells(step: HttpStep, parseOp: string): string[] {
  const all = allOf(step.ops);
  const parse = step.ops.find((o) => o.op === parseOp);
  return [
    String(all.calls),
    rate(all.okPerSecond),
    rate(parse?.pagesPerSecond ?? null),
    num(all.p50Ms),
    num(all.p95Ms),
    num(all.p99Ms),
    pct(all.errorRate),
    shedCell(all, '429'),
    shedCell(all, '503'),
    String(all.timeouts),
    otherErrors(all),
    `${step.backlogAtEnd ?? '–'} (${step.drainSeconds === null ? 'not drained' : `${num(step.drainSeconds)} s`})`,
    mb(step.peakRssBytes),
  ];
}

function httpTables(steps: HttpStep[]): string[] {
  const overall = table(
    ['clients', ...OVERALL_HEADER],
    steps.map((step) => [String(step.concurrency), ...overallCells(step, 'parse_sync')]),
  );
  const perOp = table(
    [
      'clients',
      'operation',
      'calls',
      'ok/s',
      'pages/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'error rate',
      '429',
      '503',
      'timeouts',
      'other errors',
    ],
    steps.flatMap((step) =>
      step.ops
        .filter((o) => o.op !== 'all')
        .map((o) => [
          String(step.concurrency),
          o.op,
          String(o.calls),
          rate(o.okPerSecond),
          rate(o.pagesPerSecond),
          num(o.p50Ms),
          num(o.p95Ms),
          num(o.p99Ms),
          pct(o.errorRate),
          shedCell(o, '429'),
          shedCell(o, '503'),
          String(o.timeouts),
          otherErrors(o),
        ]),
    ),
  );
  return ['### HTTP API', '', overall, '', '**Per operation**', '', perOp];
}

function overloadTables({ plan, runs }: NonNullable<LoadResults['overload']>): string[] {
  const sizing =
    plan.probePagesPerSecond === null
      ? `a ${plan.pages}-page digital PDF`
      : `a ${plan.pages}-page digital PDF, sized from one uncontended sync parse (${plan.probePagesPerSecond.toFixed(0)} pages/s) so that all clients' work takes about twice the client deadline`;
  return [
    '### Overload',
    '',
    `More work than fits the client deadline: ${plan.clients} clients sync-parse ${sizing} (unique bytes, so no cache helps), with the sync admission bound and then on a fresh serve without it.`,
    '',
    table(
      ['admission', 'clients', ...OVERALL_HEADER],
      runs.map(({ label, step }) => [label, String(step.concurrency), ...overallCells(step, 'parse_sync_heavy')]),
    ),
    '',
    ...runs.map(({ label, step }) => `- ${backPressureVerdict(step, `overload, ${label}`)}`),
  ];
}

function grpcTables(phase: GrpcPhase): string[] {
  const rows = phase.steps.flatMap((step) =>
    step.ops.map((o) => [
      step.overload ? `${step.concurrency} (past the queue limit)` : String(step.concurrency),
      o.op,
      String(o.calls),
      rate(o.okPerSecond),
      num(o.p50Ms),
      num(o.p95Ms),
      num(o.p99Ms),
      pct(o.errorRate),
      shedCell(o, 'RESOURCE_EXHAUSTED', 'retry-after'),
      shedCell(o, 'UNAVAILABLE', 'retry-after'),
      String(o.timeouts),
      otherErrors(o),
      o.op === 'all' ? mb(step.peakRssBytes) : '',
    ]),
  );
  return [
    '### Inference process (gRPC)',
    '',
    `One \`docintel inference --listen 127.0.0.1:PORT\`, queue: ${phase.queueLimit}. Callers alternate RecognizePage (820×200 PNG of four printed text lines)${phase.embedAvailable ? ' and Embed (four sentences)' : ' (no embedding model installed: OCR only)'}.`,
    '',
    table(
      [
        'callers',
        'method',
        'calls',
        'ok calls/s',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'error rate',
        'RESOURCE_EXHAUSTED',
        'UNAVAILABLE',
        'timeouts',
        'other errors',
        'peak RSS MB',
      ],
      rows,
    ),
  ];
}

function soakTables(soak: NonNullable<LoadResults['soak']>): string[] {
  const all = allOf(soak.ops);
  const shed =
    Object.entries(all.shed)
      .map(([code, s]) => `${s.count}× ${code} (${s.withRetryAfter} with Retry-After)`)
      .join(', ') || '0';
  const perMinute = soak.samples.filter(
    (s, i) => i === 0 || i === soak.samples.length - 1 || Math.floor(s.atS / 60) !== Math.floor(soak.samples[i - 1].atS / 60),
  );
  return [
    '### Soak',
    '',
    table(
      [
        'clients',
        'seconds',
        'requests',
        'ok req/s',
        'p50 / p95 / p99 ms',
        'errors (rate)',
        'back-pressure',
        'RSS start / peak / end MB',
        'RSS 10 s after (idle) MB',
        'RSS slope MB/min (whole / 2nd half)',
      ],
      [
        [
          String(soak.concurrency),
          num(soak.seconds),
          String(all.calls),
          rate(all.okPerSecond),
          `${num(all.p50Ms)} / ${num(all.p95Ms)} / ${num(all.p99Ms)}`,
          `${all.calls - all.ok - Object.values(all.shed).reduce((n, s) => n + s.withRetryAfter, 0)} (${pct(all.errorRate)})`,
          shed,
          `${mb(soak.startBytes)} / ${mb(soak.peakBytes)} / ${mb(soak.endBytes)}`,
          mb(soak.idleAfterBytes),
          `${num(soak.slopeMbPerMin, 2)} / ${num(soak.secondHalfSlopeMbPerMin, 2)}`,
        ],
      ],
    ),
    '',
    `RSS of the serve process tree (serve and its inference sidecar), about once a minute: ${perMinute.map((s) => `${num(s.atS)} s ${mb(s.bytes)} MB`).join(', ')}.`,
  ];
}

/** One sentence on how the service answered a step. */
function backPressureVerdict(step: HttpStep, label: string): string {
  const all = allOf(step.ops);
  const shed = Object.values(all.shed).reduce((n, s) => n + s.count, 0);
  const hinted = Object.values(all.shed).reduce((n, s) => n + s.withRetryAfter, 0);
  const answered = shed ? `${shed} answers were back-pressure (429/503), ${hinted} of them with Retry-After` : 'no request was refused';
  return `Back-pressure, ${label}: ${answered}; ${all.timeouts} requests passed the client deadline; other errors: ${otherErrors(all)}.`;
}

export function renderLoadReport(results: LoadResults): string {
  const { info } = results;
  const parts = [
    '## Load and soak',
    '',
    `Written by \`npm run bench -- load\` (scripts/bench/load/); do not edit by hand. **Noisy figures:** the load generator`,
    'runs on the same machine as the service and shares its CPUs, and other work (test runs) ran on the machine at the',
    `same time (1-minute load average ${info.loadBefore.toFixed(2)} before, ${info.loadAfter.toFixed(2)} after). Clients are closed-loop (each sends its next request when`,
    'the last one is answered); a 429/503 with Retry-After is back-pressure, not an error, and the client waits as told (at most 10 s).',
    'Latency percentiles are over successful requests; the error rate counts timeouts, other errors and refusals without Retry-After.',
    '',
    `- date: ${info.date}`,
    `- command: \`${info.command}\` (${info.durationS.toFixed(0)} s)`,
    `- machine: ${info.machine}`,
    `- node: ${info.node}`,
    ...info.settings.map((s) => `- ${s}`),
  ];
  if (results.failures.length)
    parts.push('', '**Failed phases** (their figures are missing or partial):', '', ...results.failures.map((f) => `- ${f}`));
  if (results.http)
    parts.push(
      '',
      ...httpTables(results.http),
      '',
      backPressureVerdict(results.http[results.http.length - 1], `mix at ${results.http[results.http.length - 1].concurrency} clients`),
    );
  if (results.overload) parts.push('', ...overloadTables(results.overload));
  if (results.grpc) parts.push('', ...grpcTables(results.grpc));
  if (results.soak) parts.push('', ...soakTables(results.soak));
  return `${parts.join('\n')}\n`;
}
