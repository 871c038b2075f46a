import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readTruth, sameText, scoreChart, type ChartScore, type OurSeries } from '../charts/metrics.ts';
import { listFiles, limited } from '../eval-files.ts';
import { BENCH_AUTH, startOurService, type OurService } from '../our-service.ts';
import { ToolTally } from '../rows.ts';
import { share, timed } from '../stats.ts';
import type { BenchOptions, Capability, SetReport } from '../types.ts';

/**
 * Charts as data: every chart of charts-vector (PDF) and charts-synthetic (PNG, OCR) through POST /v1/charts
 * (sync, by file_id) in the real HTTP app. Quality: the share of the CSV's values we return within 2% (vector) or
 * 5% (raster) of the truth, category and series-name match, and (vector, from manifest.json) title and axis
 * labels. No peer tool reads charts, so ours stands alone.
 */
const CAPABILITY = 'charts';
const TOLERANCE: Record<string, number> = { 'charts-vector': 0.02, 'charts-synthetic': 0.05 };

interface ManifestEntry {
  pdf: string;
  table: string;
  type: string;
  title: string;
  x_label: string;
  y_label: string;
}

interface ChartItemBody {
  kind: string;
  chart_type?: string | null;
  title: string;
  axes: { x_label: string; y_label: string };
  series: OurSeries[];
}

interface Sample {
  name: string;
  file: string;
  csv: string;
  meta?: ManifestEntry;
}

function samples(setDir: string, set: string, limit: number | null): Sample[] {
  if (set === 'charts-vector') {
    const manifest = JSON.parse(readFileSync(path.join(setDir, 'manifest.json'), 'utf8')) as ManifestEntry[];
    return limited(
      manifest.map((m) => ({ name: m.pdf, file: path.join(setDir, m.pdf), csv: path.join(setDir, m.table), meta: m })),
      limit,
    );
  }
  const pngs = listFiles(setDir, ['.png']).filter((f) => existsSync(f.replace(/\.png$/, '.csv')));
  return limited(
    pngs.map((f) => ({ name: path.basename(f), file: f, csv: f.replace(/\.png$/, '.csv') })),
    limit,
  );
}

async function describe(service: OurService, file: string): Promise<{ ms: number; items: ChartItemBody[] }> {
  const ref = await service.runtime.files.ingestBuffer('bench', path.basename(file), readFileSync(file), { inline: false });
  const { ms, value: res } = await timed(() =>
    service.app!.inject({
      method: 'POST',
      url: '/v1/charts',
      headers: BENCH_AUTH,
      payload: { input: { file_id: ref.file_id }, execution_mode: 'sync' },
    }),
  );
  if (res.statusCode !== 200) throw new Error(`/v1/charts answered ${res.statusCode} on ${file}: ${res.body.slice(0, 200)}`);
  return { ms, items: (res.json() as { items: ChartItemBody[] }).items };
}

interface Tallies {
  values: number;
  within: number;
  categories: number;
  categoriesMatched: number;
  series: number;
  seriesNamed: number;
  titles: number;
  axes: number;
  charts: number;
  found: number;
  errors: number[];
}

async function run(set: string, options: BenchOptions, log: (m: string) => void): Promise<SetReport> {
  const tolerance = TOLERANCE[set];
  const list = samples(path.join(options.evalDir, set), set, options.limit);
  const service = await startOurService({ http: true, inference: 'spawn' });
  const tally = new ToolTally('docintel charts', true);
  const t: Tallies = {
    values: 0,
    within: 0,
    categories: 0,
    categoriesMatched: 0,
    series: 0,
    seriesNamed: 0,
    titles: 0,
    axes: 0,
    charts: 0,
    found: 0,
    errors: [],
  };
  const rows: string[][] = [];
  try {
    if (list.length) await describe(service, list[0].file).catch(() => undefined); // lazy loads a running service has paid
    for (const sample of list) {
      const truth = readTruth(sample.csv);
      const { ms, items } = await describe(service, sample.file);
      tally.add(ms, { pages: 1 });
      const chart = items.find((i) => i.kind === 'chart');
      const numericX =
        truth.categories.every((c) => /^-?\d+(\.\d+)?$/.test(c)) && (sample.meta?.type === 'scatter' || /scatter/.test(sample.name));
      const score: ChartScore = scoreChart(truth, chart?.series ?? [], { pie: chart?.chart_type === 'pie', numericX });
      t.charts++;
      if (chart) t.found++;
      t.values += score.values;
      t.within += score.within(tolerance);
      t.categories += score.categories;
      t.categoriesMatched += score.categoriesMatched;
      // A single series' name (the CSV's column) is often printed nowhere; names count where a legend prints them.
      if (score.seriesCount > 1) {
        t.series += score.seriesCount;
        t.seriesNamed += score.seriesNamesMatched;
      }
      t.errors.push(...score.relErrors);
      const titleOk = sample.meta ? sameText(chart?.title, sample.meta.title) : null;
      const axesOk = sample.meta
        ? sameText(chart?.axes.x_label, sample.meta.x_label) && sameText(chart?.axes.y_label, sample.meta.y_label)
        : null;
      if (titleOk) t.titles++;
      if (axesOk) t.axes++;
      rows.push([
        sample.name,
        chart?.chart_type ?? (chart ? 'chart' : 'none'),
        `${score.within(tolerance)}/${score.values}`,
        `${score.categoriesMatched}/${score.categories}`,
        `${score.seriesNamesMatched}/${score.seriesCount}`,
        titleOk === null ? '-' : titleOk ? 'yes' : 'no',
        axesOk === null ? '-' : axesOk ? 'yes' : 'no',
        `${Math.round(ms)}`,
      ]);
      log(`  ${sample.name}: ${score.within(tolerance)}/${score.values} values within ${tolerance * 100}%`);
    }
  } finally {
    await service.close();
  }
  const finite = t.errors.filter(Number.isFinite).sort((a, b) => a - b);
  const median = finite.length ? finite[Math.floor(finite.length / 2)] : null;
  let quality = `values within ${tolerance * 100}%: ${share(t.within, t.values)}; categories ${share(t.categoriesMatched, t.categories)}; legend series names ${share(t.seriesNamed, t.series)}`;
  if (set === 'charts-vector') quality += `; titles ${share(t.titles, t.charts)}; axis labels ${share(t.axes, t.charts)}`;
  return {
    rows: [tally.row({ capability: CAPABILITY, set, quality, items: `${t.charts} charts (${t.found} found)`, latencyPer: 'doc' })],
    details: [
      {
        title: `${set}: per chart`,
        header: ['file', 'type found', `values within ${tolerance * 100}%`, 'categories', 'series names', 'title', 'axis labels', 'ms'],
        rows,
      },
    ],
    notes: [
      `Legend series names are counted on charts with several series (a single series' CSV name is often printed nowhere on the chart); the per-chart table shows every chart's names.`,
      `Median relative error of the matched values ${median === null ? 'n/a' : `${(100 * median).toFixed(2)}%`}; a value we did not return counts as outside the tolerance. Pie values compare as shares of the whole. Time per chart is the sync request with the file already uploaded (analysis, OCR for images, chart reading, view).`,
    ],
  };
}

export const chartsCapability: Capability = {
  name: CAPABILITY,
  description:
    'Charts as data (POST /v1/charts): share of values within 2% (vector PDFs) / 5% (raster PNGs) of the truth, category, series-name, title and axis-label match; latency per chart.',
  sets: ['charts-vector', 'charts-synthetic'],
  run: (set, options, log) => run(set, options, log),
};
