import type { PageSize } from '../document/mod.ts';
import type { BBox, DocumentModel, Line, ModelPage } from '../model/types.ts';
import { roundOut } from './view-boxes.ts';
import { orderedBlocks } from './parse-view.ts';
import { selectedPages } from '../model/pages.ts';

/**
 * OcrResponse (spec): per page its text in reading order and its lines with box and polygon, in page-image
 * pixels. Lines come from OCR where the page had no trustworthy text layer (or where the request asked for real
 * OCR), else from the text layer; either way they are read in the layout's reading order.
 */
export interface OcrLineView {
  bbox_id: string;
  text: string;
  page_index: number;
  bbox: number[] | null;
  polygon: number[] | null;
}

export interface OcrPageView {
  page_index: number;
  width: number;
  height: number;
  text: string;
  lines: OcrLineView[];
}

export interface OcrView {
  language: 'auto' | 'global';
  mode: 'regular' | 'classic';
  pages: OcrPageView[];
}

export interface OcrViewContext {
  language: 'auto' | 'global';
  mode: 'regular' | 'classic' | 'agentic';
  pageSizes: PageSize[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function quad(box: BBox): number[] {
  return [box[0], box[1], box[2], box[1], box[2], box[3], box[0], box[3]];
}

/** The page's lines in reading order: block by block, then any line no block holds, top to bottom. */
export function linesInReadingOrder(page: ModelPage): Line[] {
  const seen = new Set<Line>();
  const out: Line[] = [];
  for (const block of orderedBlocks(page)) {
    for (const line of block.lines) {
      if (seen.has(line)) continue;
      seen.add(line);
      out.push(line);
    }
  }
  const rest = page.lines.filter((l) => !seen.has(l)).sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
  return [...out, ...rest];
}

function pageView(page: ModelPage, size: PageSize): OcrPageView {
  const lines = linesInReadingOrder(page).filter((l) => l.text.trim());
  return {
    page_index: page.page_index,
    width: size.width,
    height: size.height,
    text: lines.map((l) => l.text).join('\n'),
    lines: lines.map((line) => ({
      bbox_id: line.id,
      text: line.text,
      page_index: page.page_index,
      bbox: roundOut(line.bbox, size.width, size.height),
      polygon: (line.polygon ?? quad(line.bbox)).map(round1),
    })),
  };
}

export function buildOcrView(model: DocumentModel, ctx: OcrViewContext): OcrView {
  return {
    language: ctx.language,
    // The contract's enum has no agentic: an agentic run reports the regular engine it is built on.
    mode: ctx.mode === 'classic' ? 'classic' : 'regular',
    pages: selectedPages(model).map((page) =>
      pageView(page, ctx.pageSizes[page.page_index] ?? { width: Math.round(page.width), height: Math.round(page.height) }),
    ),
  };
}
