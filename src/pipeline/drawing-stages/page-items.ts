import { overlapOfSmaller } from '../model/geometry.ts';
import type { BBox, ModelPage } from '../model/types.ts';
import type { PageDrawing, RasterPage } from '../drawing/mod.ts';
import { describeFigure, findDiagrams } from '../diagrams/mod.ts';
import { type ChartFinding, describeChart, findRasterCharts, findVectorCharts, type PageGraphicsInput } from '../charts/mod.ts';

/**
 * Everything graphic on one page, each thing once: vector charts first (exact), then diagrams, then what the
 * pixels show where the vectors said nothing, then a description for every layout figure nobody claimed.
 * A finder that fails on a page loses only its own findings (logged by the caller through `onError`).
 */
export interface PageItemsInput {
  page: ModelPage;
  drawing: PageDrawing | null;
  raster: RasterPage | null;
  engineering: boolean;
  onError?: (stage: string, err: unknown) => void;
}

/** Two findings are the same thing when one covers most of the other. */
const SAME_THING = 0.6;

export function findPageItems(input: PageItemsInput): ChartFinding[] {
  const { page, drawing, raster, engineering } = input;
  const vectorInput: PageGraphicsInput = { page, drawing, raster: null, engineering };
  const fullInput: PageGraphicsInput = { page, drawing, raster, engineering };
  const found: ChartFinding[] = [];
  const add = (stage: string, run: () => ChartFinding[]) => {
    let findings: ChartFinding[] = [];
    try {
      findings = run();
    } catch (err) {
      input.onError?.(stage, err);
    }
    for (const f of findings) if (!found.some((g) => sameThing(f.bbox, g.bbox))) found.push(withDescription(f));
  };
  if (drawing) add('vector charts', () => findVectorCharts(vectorInput));
  if (drawing || raster) add('diagrams', () => findDiagrams(fullInput));
  if (raster) add('raster charts', () => findRasterCharts(fullInput));
  for (const block of page.blocks) {
    if (block.type !== 'figure' || found.some((f) => sameThing(block.bbox, f.bbox))) continue;
    add('figures', () => [describeFigure(page, block.bbox)]);
  }
  return found.sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
}

/** Charts get the summary and insights computed from their data unless the finder wrote its own. */
function withDescription(f: ChartFinding): ChartFinding {
  if (f.kind !== 'chart' || (f.summary && f.insights.length)) return f;
  const described = describeChart(f);
  return { ...f, summary: f.summary || described.summary, insights: f.insights.length ? f.insights : described.insights };
}

const sameThing = (a: BBox, b: BBox) => overlapOfSmaller(a, b) >= SAME_THING;
