import type { PageSize } from '../document/mod.ts';
import type { DocumentModel } from '../model/types.ts';
import { selectedPages } from '../model/pages.ts';
import {
  BUILTIN_CLASSES,
  classifyPages,
  type ClassSpec,
  documentClass,
  type IdentityHints,
  type PageClassification,
} from '../classify/mod.ts';

/**
 * ClassificationResult (spec). `document` scope reads at most PAGE_BUDGET pages of a longer file (the first
 * pages, where titles and identities are, then an even sample of the rest); `page` scope reads every page.
 */
export const PAGE_BUDGET = 50;
const LEADING_PAGES = 3;

export interface ClassifyViewOptions {
  scope: 'document' | 'page';
  classes: ClassSpec[] | null;
  verbosity: 'none' | 'debug';
  inputType: 'markdown' | 'image' | 'pdf' | 'text' | 'auto';
  pageSizes: PageSize[];
}

export interface ClassificationPageView {
  page_index: number;
  doc_class: string;
  confidence: number | null;
  page_role: string | null;
  components_present: string[] | null;
  document_identity_hints: Record<string, unknown> | null;
}

/** Pages a document-scope classification reads: all of a short file, else the first few and an even spread. */
export function samplePages(pageCount: number, budget = PAGE_BUDGET): number[] {
  if (pageCount <= budget) return Array.from({ length: pageCount }, (_, i) => i);
  const picked = new Set<number>(Array.from({ length: LEADING_PAGES }, (_, i) => i));
  const rest = budget - LEADING_PAGES;
  for (let k = 0; k < rest; k++) picked.add(LEADING_PAGES + Math.floor((k * (pageCount - LEADING_PAGES)) / rest));
  return [...picked].sort((a, b) => a - b);
}

function hintsObject(hints: IdentityHints): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (hints.issuer) out.issuer = hints.issuer;
  if (hints.documentNumber) out.document_number = hints.documentNumber;
  if (hints.date) out.date = hints.date;
  if (hints.addressee) out.addressee = hints.addressee;
  if (hints.filing) out.filed_document = hints.filing;
  if (hints.pageNumber)
    out.page_number = hints.pageNumber.of === null ? `${hints.pageNumber.n}` : `${hints.pageNumber.n} of ${hints.pageNumber.of}`;
  return out;
}

export function pageView(c: PageClassification): ClassificationPageView {
  return {
    page_index: c.pageIndex,
    doc_class: c.docClass,
    confidence: Math.round(c.confidence * 1000) / 1000,
    page_role: c.pageRole,
    components_present: c.componentsPresent,
    document_identity_hints: hintsObject(c.identity),
  };
}

/** The document's identity: each hint from the first page that has it. */
function documentHints(pages: PageClassification[]): Record<string, unknown> {
  const merged: IdentityHints = {};
  for (const p of pages) {
    merged.issuer ??= p.identity.issuer;
    merged.documentNumber ??= p.identity.documentNumber;
    merged.date ??= p.identity.date;
    merged.addressee ??= p.identity.addressee;
    merged.filing ??= p.identity.filing;
  }
  return hintsObject(merged);
}

function inputTypeOf(model: DocumentModel, requested: ClassifyViewOptions['inputType']): ClassifyViewOptions['inputType'] {
  if (requested !== 'auto') return requested;
  if (model.content_type === 'application/pdf') return 'pdf';
  if (model.content_type === 'text/markdown') return 'markdown';
  if (model.content_type === 'text/plain') return 'text';
  return model.content_type.startsWith('image/') ? 'image' : 'auto';
}

export function buildClassifyView(model: DocumentModel, options: ClassifyViewOptions) {
  // The pages of the request's page_range (all by default); sampling picks among them.
  const pages = selectedPages(model);
  const total = pages.length;
  const indexes = options.scope === 'page' ? pages.map((p) => p.page_index) : samplePages(total).map((k) => pages[k].page_index);
  const wanted = new Set(indexes);
  const classified = classifyPages(
    pages.filter((p) => wanted.has(p.page_index)),
    options.classes,
  );
  const doc = documentClass(classified);
  const views = classified.map(pageView);
  return {
    doc_class: doc.docClass,
    document_identity_hints: { ...documentHints(classified), confidence: Math.round(doc.confidence * 1000) / 1000 },
    input_type: inputTypeOf(model, options.inputType),
    page_count: total,
    page_dimensions: pages.map((p) => {
      const size = options.pageSizes[p.page_index] ?? p;
      return { page_index: p.page_index, width: Math.round(size.width), height: Math.round(size.height) };
    }),
    page_classifications: options.scope === 'page' ? views : [],
    classification_metadata: {
      budget_limited: options.scope === 'document' && indexes.length < total,
      class_count: (options.classes ?? BUILTIN_CLASSES).length,
      classification_scope: options.scope,
      processed_pages: indexes.length,
      total_pages: total,
      sampled_page_indexes: indexes,
      verbosity: options.verbosity,
    },
    debug: options.verbosity === 'debug' ? { sampled_page_classifications: views } : null,
  };
}
