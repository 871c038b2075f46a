import { findCapability } from './capabilities/index.ts';
import { ownPeakRssMb } from './stats.ts';
import type { BenchOptions, SetReport } from './types.ts';

/**
 * Runs one capability on one set in its own process (forked by scripts/bench.ts), so that the peak RSS of our
 * side is this set's alone: the harness plus our service and its worker threads. Answers over IPC.
 */
export type ChildAnswer = { ok: true; report: SetReport } | { ok: false; error: string };

async function main(): Promise<ChildAnswer> {
  const [name, set, optionsJson] = process.argv.slice(2);
  const capability = findCapability(name);
  if (!capability) return { ok: false, error: `unknown capability ${name}` };
  const options = JSON.parse(optionsJson) as BenchOptions;
  const report = await capability.run(set, options, (message) => process.stderr.write(`${message}\n`));
  const rss = ownPeakRssMb();
  // A row that measured its own high-water mark (one process, several runs) keeps it.
  for (const row of report.rows) if (row.ours && row.peakRssMb === null) row.peakRssMb = rss;
  return { ok: true, report };
}

main()
  .catch((err: unknown): ChildAnswer => ({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }))
  .then((answer) => process.send!(answer, () => process.exit(0)));
