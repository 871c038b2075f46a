import type * as mupdf from 'mupdf';
import type { ChartFinding } from '../charts/mod.ts';
import { drawPageSafely } from '../drawing/mod.ts';
import type { EquationFinding } from '../equations/mod.ts';
import type { ModelPage } from '../model/types.ts';
import { equationsOfPage, type EquationBoundary } from './page-equations.ts';
import { findPageItems } from './page-items.ts';

/**
 * The equation and chart stages of born-digital pages whose pixels are not wanted, run where the page's drawing
 * is read (a document pool worker): the drawing (every glyph and path, megabytes on a busy page) never crosses
 * threads, only the page going in and the findings coming out, and the pages of a long document are analysed
 * on every thread instead of the main one.
 */
export interface VectorPageTask {
  page: ModelPage;
  /** The formulas wanted on this page, found by this boundary; null: none. */
  equations: EquationBoundary | null;
  /** Charts, diagrams and figures wanted on this page; null: none. */
  items: { engineering: boolean } | null;
  /** Read the page's drawing (false: the stages work from the model alone). */
  draw: boolean;
}

/** A stage that failed on a page: its findings were left out (the caller logs it). */
export interface StageFailure {
  stage: string;
  message: string;
}

export interface VectorPageResult {
  page_index: number;
  equations: EquationFinding[];
  items: ChartFinding[];
  failures: StageFailure[];
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0].slice(0, 300);

export function analyzeVectorPage(doc: mupdf.Document | null, task: VectorPageTask): VectorPageResult {
  const { page } = task;
  const failures: StageFailure[] = [];
  const drawing = task.draw && doc ? drawPageSafely(doc, page.page_index) : null;
  let equations: EquationFinding[] = [];
  if (task.equations) {
    try {
      equations = equationsOfPage(page, drawing, task.equations);
    } catch (err) {
      failures.push({ stage: 'equations', message: messageOf(err) });
    }
  }
  const items =
    task.items && (drawing || page.blocks.some((b) => b.type === 'figure'))
      ? findPageItems({
          page,
          drawing,
          raster: null,
          engineering: task.items.engineering,
          onError: (stage, err) => failures.push({ stage, message: messageOf(err) }),
        })
      : [];
  return { page_index: page.page_index, equations, items, failures };
}
