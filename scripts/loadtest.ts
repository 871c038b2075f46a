/**
 * `npm run loadtest [-- options]`: the load and soak test, an alias of `npm run bench -- load` (scripts/bench/load/),
 * which writes its report into docs/benchmarks.md. Options: `npm run loadtest -- --help`.
 */
import { runLoadBench } from './bench/load/main.ts';

runLoadBench(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
