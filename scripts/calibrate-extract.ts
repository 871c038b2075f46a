/**
 * Refits src/pipeline/extract/calibration-table.json, the map from the extraction finders' raw scores to the
 * share of values that were right. Only the tune half of each development set is read (scripts/bench/split.ts),
 * so the bench's check half stays an honest test of the calibration.
 *
 *   npx tsx scripts/calibrate-extract.ts [--eval ../shared/eval] [--limit N] [--observations FILE] [--dry-run]
 *
 * Each document goes through POST /v1/extract (the bench's schemas, written the way a user writes them) with
 * DOCINTEL_EXTRACT_CALIBRATION=false, so the raw scores come back. Each returned value of a field whose truth is
 * known is one observation: its concept (lexicon.ts, from the field's key and description), its source
 * (key_value, table_cell, text, llm), its raw score and whether it was right (the bench's normalisation). A value
 * returned for a field the document does not state is wrong. `--observations FILE` reuses a saved run
 * instead of extracting again (the run saves one beside the table it writes).
 */
import { createReadStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { conceptOf } from '../src/pipeline/extract/lexicon.ts';
import { EXTRACT_SETS, extract, schemaOf } from './bench/capabilities/extract.ts';
import { groundingsOf, judgeValues } from './bench/extract/reliability.ts';
import { startOurService } from './bench/our-service.ts';
import { evalHalf } from './bench/split.ts';
import { fitTable, type Labelled } from './calibration/fit-table.ts';

const TABLE_FILE = new URL('../src/pipeline/extract/calibration-table.json', import.meta.url);
/** Sets read (tune half only); the contracts need no OCR. */
const SETS = ['receipts-sroie', 'contracts-kleister-nda', 'invoices-invoice2data'];

function args(argv: string[]) {
  const out = { evalDir: path.resolve('../shared/eval'), limit: 0, observations: '', dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--eval') out.evalDir = path.resolve(argv[++i]);
    else if (argv[i] === '--limit') out.limit = Number(argv[++i]);
    else if (argv[i] === '--observations') out.observations = argv[++i];
    else if (argv[i] === '--dry-run') out.dryRun = true;
    else throw new Error(`unknown option ${argv[i]}`);
  }
  return out;
}

async function observe(set: string, evalDir: string, limit: number): Promise<Labelled[]> {
  const spec = EXTRACT_SETS[set];
  const all = spec.docs(path.join(evalDir, set)).filter((d) => evalHalf(d.name) === 'tune');
  const docs = limit ? all.slice(0, limit) : all;
  const service = await startOurService({
    http: true,
    inference: set === 'contracts-kleister-nda' ? 'connect' : 'spawn',
    env: { DOCINTEL_EXTRACT_CALIBRATION: 'false' },
  });
  const out: Labelled[] = [];
  try {
    for (const doc of docs) {
      const ref = await service.runtime.files.ingestStream('bench', doc.name, createReadStream(doc.file));
      const { result } = await extract(service, ref.file_id, schemaOf(spec));
      for (const field of spec.fields) {
        const concept = conceptOf({ key: field.key, description: field.description });
        const judged = judgeValues(doc.truth[field.key], result[field.key], field.kind, spec.sets);
        const groundings = groundingsOf(result, field.key);
        for (const { index, right } of judged?.values ?? []) {
          const g = groundings[index];
          if (g && g.confidence !== null) out.push({ set, concept, source: g.source ?? 'text', raw: g.confidence, right });
        }
      }
      process.stdout.write('.');
    }
  } finally {
    await service.close();
  }
  console.log(` ${set}: ${docs.length} tune documents, ${out.length} values`);
  return out;
}

async function main(): Promise<void> {
  const opts = args(process.argv.slice(2));
  let observations: Labelled[];
  if (opts.observations && existsSync(opts.observations)) {
    observations = JSON.parse(readFileSync(opts.observations, 'utf8')) as Labelled[];
  } else {
    observations = [];
    for (const set of SETS) observations.push(...(await observe(set, opts.evalDir, opts.limit)));
    const saved = opts.observations || path.join(os.tmpdir(), 'docintel-calibration-observations.json');
    writeFileSync(saved, JSON.stringify(observations));
    console.log(`observations saved to ${saved}`);
  }
  const counts = SETS.map((s) => `${s} ${observations.filter((o) => o.set === s).length}`).join(', ');
  const table = fitTable(
    observations,
    `tune half (scripts/bench/split.ts) of ${SETS.join(', ')}: ${observations.length} values (${counts}); scripts/calibrate-extract.ts`,
  );
  for (const [key, c] of Object.entries(table.curves))
    console.log(`${key.padEnd(28)} n=${String(c.n).padStart(4)}  ${c.x.map((x, i) => `${x}→${c.y[i]}`).join(' ')}`);
  if (!opts.dryRun) {
    writeFileSync(TABLE_FILE, `${JSON.stringify(table, null, 1)}\n`);
    console.log(`written ${TABLE_FILE.pathname}`);
  }
}

await main();
