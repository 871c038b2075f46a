import { setTimeout as delay } from 'node:timers/promises';
import { ToolTally } from '../rows.ts';
import type { OcrImage, OcrPageResult, OcrTool } from './tools.ts';

/**
 * Runs OCR tools over the same images, one request at a time, tools interleaved per image so that no tool gets a
 * warmer machine. A tool whose warm-up fails (e.g. /v1/ocr answering 404, or a mode the service refuses) is
 * marked unavailable with the reason and not run further; a failure on one image is recorded and the run goes on.
 */
export interface ToolRun {
  tool: OcrTool;
  tally: ToolTally;
  /** Pages read, by item key; absent for an item the tool failed on. */
  results: Map<string, OcrPageResult[]>;
  errors: string[];
  /** Why the tool was not measured at all, or null. */
  unavailable: string | null;
}

export interface OcrItem {
  key: string;
  image: OcrImage;
  /** Reference page count, the same for every tool. */
  pages: number;
}

export function newRuns(tools: OcrTool[]): ToolRun[] {
  return tools.map((tool) => ({ tool, tally: new ToolTally(tool.name, tool.ours), results: new Map(), errors: [], unavailable: null }));
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0];

/** A restarting inference process answers 503 for a few seconds; a second try tells that from a missing endpoint. */
const WARM_UP_ATTEMPTS = 2;
const WARM_UP_RETRY_MS = 10_000;

/** One untimed request per tool: the first request pays for lazy loads a running server has already paid for. */
export async function warmUp(runs: ToolRun[], image: OcrImage, log: (m: string) => void): Promise<void> {
  for (const run of runs) {
    if (run.unavailable) continue;
    for (let attempt = 1; attempt <= WARM_UP_ATTEMPTS; attempt++) {
      try {
        await run.tool.read(image);
        run.unavailable = null;
        break;
      } catch (err) {
        run.unavailable = message(err);
        log(`  ${run.tool.name}: warm-up attempt ${attempt} failed: ${run.unavailable}`);
        if (attempt < WARM_UP_ATTEMPTS) await delay(WARM_UP_RETRY_MS);
      }
    }
  }
}

export async function readAll(runs: ToolRun[], items: OcrItem[], log: (m: string) => void, every = 10): Promise<void> {
  for (const [n, item] of items.entries()) {
    for (const run of runs) {
      if (run.unavailable) continue;
      try {
        const { ms, rssMb, pages } = await run.tool.read(item.image);
        run.tally.add(ms, { pages: item.pages, rssMb, bytes: item.image.bytes.length });
        run.results.set(item.key, pages);
      } catch (err) {
        run.errors.push(`${item.key}: ${message(err)}`);
        log(`  ${run.tool.name} failed on ${item.key}: ${message(err)}`);
      }
    }
    if ((n + 1) % every === 0 || n + 1 === items.length) log(`  ${n + 1}/${items.length} images`);
  }
}

/** Notes for failures: unavailable tools and per-item errors (the first few). */
export function failureNotes(runs: ToolRun[], maxListed = 5): string[] {
  const notes: string[] = [];
  for (const run of runs) {
    if (run.unavailable) notes.push(`${run.tool.name}: not measured (${run.unavailable}).`);
    else if (run.errors.length) {
      const more = run.errors.length > maxListed ? ` and ${run.errors.length - maxListed} more` : '';
      notes.push(
        `${run.tool.name} failed on ${run.errors.length} image(s), scored as empty output: ${run.errors.slice(0, maxListed).join('; ')}${more}.`,
      );
    }
    const empty = [...run.results.values()].filter((pages) => pages.every((p) => p.lines.length === 0 && !p.text.trim())).length;
    if (empty > 0)
      notes.push(
        `${run.tool.name} answered without any text on ${empty} of ${run.results.size} image(s)${empty === run.results.size ? ' (all of them: is OCR reaching the inference process?)' : ''}.`,
      );
  }
  return notes;
}
