import type { DocumentModel, ModelPage } from '../model/types.ts';
import { selectedPages } from '../model/pages.ts';
import { classifyPages, type PageClassification, type SegmentPlan } from '../classify/mod.ts';
import { planSplit } from '../split/mod.ts';
import { pageView, type ClassificationPageView } from './classify-view.ts';

/**
 * SplitPlan (spec) without the child files: every page classified, boundaries planned, pages reported 1-based
 * and inclusive (decisions.md). The job handler writes each segment as its own file and fills `file_ref`.
 */
export interface SplitSegmentView {
  start_page: number;
  end_page: number;
  doc_class: string;
  confidence: number;
  title: string | null;
  reason: string;
  file_ref: Record<string, unknown> | null;
}

export interface SplitView {
  total_pages: number;
  documents: SplitSegmentView[];
  page_summaries: { page_index: number; doc_class: string; page_role: string; text: string }[] | null;
  split_metadata: { page_classifications: ClassificationPageView[] } | null;
}

const SUMMARY_CHARS = 120;

/** One line that says what a page is: its first heading or line of text. */
function pageSummary(page: ModelPage): string {
  const heading = page.blocks.find((b) => b.type === 'title' || b.type === 'section_header');
  const text = (heading?.text ?? page.blocks.find((b) => b.text.trim())?.text ?? page.lines[0]?.text ?? '').replace(/\s+/g, ' ').trim();
  return text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS - 1)}…` : text;
}

function segmentView(s: SegmentPlan): SplitSegmentView {
  return {
    start_page: s.startPage + 1,
    end_page: s.endPage + 1,
    doc_class: s.docClass,
    confidence: Math.round(s.confidence * 1000) / 1000,
    title: s.title,
    reason: s.reason,
    file_ref: null,
  };
}

export function buildSplitView(model: DocumentModel, verbosity: 'none' | 'debug'): SplitView {
  const pages = selectedPages(model);
  const classes: PageClassification[] = classifyPages(pages, null);
  const debug = verbosity === 'debug';
  return {
    total_pages: pages.length,
    documents: planRuns(pages, classes).map(segmentView),
    page_summaries: debug
      ? pages.map((p, i) => ({
          page_index: p.page_index,
          doc_class: classes[i].docClass,
          page_role: classes[i].pageRole,
          text: pageSummary(p),
        }))
      : null,
    split_metadata: debug ? { page_classifications: classes.map(pageView) } : null,
  };
}

/**
 * Segments within each run of consecutive pages: a page_range with gaps ("1-3,7") never joins pages across a gap
 * (a segment's file copies its pages from start to end). The planner counts pages from 0, so each run is planned
 * from 0 and its segments moved back to their original pages.
 */
function planRuns(pages: ModelPage[], classes: PageClassification[]): SegmentPlan[] {
  const out: SegmentPlan[] = [];
  for (let start = 0; start < pages.length; ) {
    let end = start + 1;
    while (end < pages.length && pages[end].page_index === pages[end - 1].page_index + 1) end++;
    const offset = pages[start].page_index;
    const runClasses = classes.slice(start, end).map((c) => ({ ...c, pageIndex: c.pageIndex - offset }));
    for (const s of planSplit(pages.slice(start, end), runClasses))
      out.push({ ...s, startPage: s.startPage + offset, endPage: s.endPage + offset });
    start = end;
  }
  return out;
}
