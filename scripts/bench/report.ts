import os from 'node:os';
import path from 'node:path';
import { toolVersion } from './peer.ts';
import type { Capability, DetailTable, ResultRow, SetReport } from './types.ts';

/** The benchmark report as markdown: header (when, where, how), the summary table, then details per capability. */

export interface RunInfo {
  date: string;
  command: string;
  evalDir: string;
  /** Limits in force, in words (documents per set, pages per document). */
  scope: string;
  machine: string;
  node: string;
  peers: string;
  durationS: number;
}

export function describeRun(command: string, evalDir: string, scope: string): Omit<RunInfo, 'durationS'> {
  const cpus = os.cpus();
  const peers = [toolVersion('pdftotext'), toolVersion('mutool'), toolVersion('tesseract', '--version')].filter(Boolean).join('; ');
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/u, 'Z'),
    command,
    evalDir,
    scope,
    machine: `${os.availableParallelism()} CPUs (${cpus[0]?.model.trim() ?? 'unknown model'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.platform()} ${os.arch()}`,
    node: process.version,
    peers: peers || 'none found',
  };
}

export interface CapabilityResult {
  capability: Capability;
  sets: { set: string; report: SetReport | null; skipped?: string }[];
}

const fmt = (value: number | null, digits = 0) => (value === null || Number.isNaN(value) ? '–' : value.toFixed(digits));
const rate = (value: number | null) => (value === null ? '–' : value.toFixed(value < 10 ? 2 : 1));
const ms = (value: number | null) => (value === null ? '–' : value.toFixed(value < 10 ? 1 : 0));

function table(header: string[], rows: string[][]): string {
  const escape = (cell: string) => cell.replace(/\|/gu, '\\|');
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(escape).join(' | ')} |`),
  ].join('\n');
}

export function summaryTable(rows: ResultRow[]): string {
  return table(
    ['capability', 'set', 'tool', 'quality', 'measured', 'pages/s', 'p50 ms', 'p95 ms', 'per', 'peak RSS MB', 'other throughput'],
    rows.map((r) => [
      r.capability,
      r.set,
      r.ours ? `**${r.tool}**` : r.tool,
      r.quality,
      r.items,
      rate(r.pagesPerSec),
      ms(r.p50Ms),
      ms(r.p95Ms),
      r.latencyPer,
      fmt(r.peakRssMb),
      r.throughput ?? '',
    ]),
  );
}

function detail(d: DetailTable): string {
  return `**${d.title}**\n\n${table(d.header, d.rows)}`;
}

export function renderReport(info: RunInfo, results: CapabilityResult[]): string {
  const rows = results.flatMap((r) => r.sets.flatMap((s) => s.report?.rows ?? []));
  const parts = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (scripts/bench.ts); do not edit by hand. Quality and speed on the development',
    'evaluation sets in `../shared/eval`, ours (bold) beside peer tools from the same run. Requests run one at a',
    'time after one warm-up; peers run as one process per document or page, so their figures include process',
    'start-up. Our peak RSS is the whole measuring Node process (harness, service, worker threads), one process per',
    "capability and set; a peer's is its own process (GNU time).",
    '',
    `- date: ${info.date}`,
    `- command: \`${info.command}\` (${info.durationS.toFixed(0)} s); ${info.scope}`,
    `- data: \`${path.relative(process.cwd(), info.evalDir) || '.'}\``,
    `- machine: ${info.machine}`,
    `- node: ${info.node}`,
    `- peers: ${info.peers}`,
    '',
    '## Summary',
    '',
    summaryTable(rows),
  ];
  for (const result of results) {
    parts.push('', `## ${result.capability.name}`, '', result.capability.description);
    for (const { set, report, skipped } of result.sets) {
      if (skipped) parts.push('', `- ${set}: skipped (${skipped})`);
      for (const d of report?.details ?? []) parts.push('', detail(d));
      const notes = report?.notes ?? [];
      if (notes.length) parts.push('', ...notes.map((n) => `- ${set === '.' ? '' : `${set}: `}${n}`));
    }
  }
  return `${parts.join('\n')}\n`;
}
