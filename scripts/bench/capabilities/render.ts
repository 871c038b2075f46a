import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../src/shared/config.ts';
import { createDocumentPool, type DocumentPool } from '../../../src/pipeline/document/pool.ts';
import { limited, listFiles, pngSize, referencePdfPages } from '../eval-files.ts';
import { runPeer, toolAvailable } from '../peer.ts';
import { ToolTally } from '../rows.ts';
import { share, timed } from '../stats.ts';
import type { BenchOptions, Capability, SetReport } from '../types.ts';

/**
 * Page rendering at 144 dpi to PNG: our document pool (worker threads, the production defaults) against
 * `mutool draw` and `pdftoppm`, one page at a time. Quality: the share of pages whose image size equals mutool's.
 */
const CAPABILITY = 'render';
const DPI = 144;

type Size = { width: number; height: number } | null;

interface PageRenderer {
  name: string;
  ours: boolean;
  render(file: string, pageIndex: number): Promise<{ ms: number; rssMb: number | null; size: Size }>;
}

function ourRenderer(pool: DocumentPool): PageRenderer {
  return {
    name: 'docintel pool',
    ours: true,
    async render(file, pageIndex) {
      const { ms, value } = await timed(() => pool.render({ path: file }, 'application/pdf', { pageIndex, dpi: DPI, format: 'png' }));
      return { ms, rssMb: null, size: pngSize(value.body) };
    },
  };
}

function peerRenderer(
  name: string,
  scratch: string,
  args: (file: string, page: number, out: string) => string[],
  outFile: (out: string) => string,
): PageRenderer {
  const command = name.split(' ')[0];
  return {
    name,
    ours: false,
    async render(file, pageIndex) {
      const out = path.join(scratch, command);
      const run = await runPeer(command, args(file, pageIndex + 1, out));
      if (run.code !== 0) throw new Error(`${command} exited ${run.code}: ${run.stderr.trim().slice(0, 200)}`);
      const png = await readFile(outFile(out));
      await rm(outFile(out), { force: true });
      return { ms: run.ms, rssMb: run.peakRssMb, size: pngSize(png) };
    },
  };
}

function peers(scratch: string, notes: string[]): PageRenderer[] {
  const found: PageRenderer[] = [];
  if (toolAvailable('mutool')) {
    found.push(
      peerRenderer(
        'mutool draw',
        scratch,
        (file, page, out) => ['draw', '-q', '-r', String(DPI), '-o', `${out}.png`, file, String(page)],
        (out) => `${out}.png`,
      ),
    );
  } else notes.push('mutool is not installed: no reference sizes and no mutool figures.');
  if (toolAvailable('pdftoppm')) {
    found.push(
      peerRenderer(
        'pdftoppm',
        scratch,
        (file, page, out) => ['-r', String(DPI), '-png', '-f', String(page), '-l', String(page), '-singlefile', file, out],
        (out) => `${out}.png`,
      ),
    );
  } else notes.push('pdftoppm is not installed: no pdftoppm figures.');
  return found;
}

async function renderSet(set: string, options: BenchOptions, log: (m: string) => void): Promise<SetReport> {
  const files = limited(listFiles(path.join(options.evalDir, set), ['.pdf']), options.limit);
  const pages = files.flatMap((file) =>
    Array.from({ length: Math.min(referencePdfPages(file) ?? 1, options.maxPages) }, (_, i) => ({ file, i })),
  );
  const config = loadConfig({}, os.availableParallelism());
  const pool = createDocumentPool(config.jobs.renderThreads, {
    limits: { maxPages: config.limits.maxPages, maxPagePixels: config.limits.maxPagePixels },
  });
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'docintel-bench-render-'));
  const notes: string[] = [];
  try {
    const renderers = [ourRenderer(pool), ...peers(scratch, notes)];
    const tallies = renderers.map((r) => new ToolTally(r.name, r.ours));
    const sizes = renderers.map(() => [] as Size[]);
    if (pages.length > 0) await renderers[0].render(pages[0].file, 0); // warm the worker, as a running server is
    for (const [n, { file, i }] of pages.entries()) {
      for (const [t, renderer] of renderers.entries()) {
        try {
          const { ms, rssMb, size } = await renderer.render(file, i);
          tallies[t].add(ms, { pages: 1, rssMb });
          sizes[t].push(size);
        } catch (err) {
          sizes[t].push(null);
          notes.push(`${renderer.name} failed on ${path.basename(file)} page ${i + 1}: ${(err as Error).message}`);
        }
      }
      if ((n + 1) % 25 === 0 || n + 1 === pages.length) log(`  ${n + 1}/${pages.length} pages`);
    }
    const reference = renderers.findIndex((r) => r.name === 'mutool draw');
    const sameAsReference = (t: number) =>
      sizes[t].filter(
        (s, p) => s && sizes[reference][p] && s.width === sizes[reference][p]!.width && s.height === sizes[reference][p]!.height,
      ).length;
    const rows = renderers.map((renderer, t) =>
      tallies[t].row({
        capability: CAPABILITY,
        set,
        quality: reference < 0 ? 'n/a' : t === reference ? 'size reference' : `size = mutool ${share(sameAsReference(t), pages.length)}`,
        items: `${files.length} docs, ${pages.length} pages`,
        latencyPer: 'page',
      }),
    );
    return { rows, details: [], notes };
  } finally {
    await pool.destroy();
    await rm(scratch, { recursive: true, force: true });
  }
}

export const renderCapability: Capability = {
  name: CAPABILITY,
  description: `Page images at ${DPI} dpi, PNG. Ours: the document pool (\`createDocumentPool\`, production thread count) reading the file itself, one page at a time after one warm-up page; peers: \`mutool draw -r ${DPI}\` and \`pdftoppm -r ${DPI} -png\`, one process per page. Latency is per page.`,
  sets: ['pdf-olmocr', 'tables-icdar2013'],
  run: renderSet,
};
