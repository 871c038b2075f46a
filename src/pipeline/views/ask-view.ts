import type { AnswerCitation, AnswerDraft } from '../ask/mod.ts';
import { roundOut } from './view-boxes.ts';

/** AskResponse (spec section 2): the answer, the documents asked about, the session, and drawable citations. */

export interface ChatCitationRegion {
  page_index: number;
  page_width: number;
  page_height: number;
  bbox: { x: number; y: number; width: number; height: number };
}

export interface ChatCitation {
  doc_id: string | null;
  regions: ChatCitationRegion[];
}

export interface AskResponse {
  answer: string;
  doc_ids: string[];
  session_id: string | null;
  citations: ChatCitation[];
}

export interface AskViewOptions {
  /** The documents of the inputs, in input order. */
  docIds: string[];
  sessionId: string | null;
  includeGrounding: boolean;
}

/**
 * One citation per cited document, documents in input order, regions in the order the answer cites them (boxes
 * rounded outwards to whole pixels inside the page). No citations when grounding is off or nothing was found.
 */
export function buildAskView(draft: AnswerDraft, options: AskViewOptions): AskResponse {
  return {
    answer: draft.text,
    doc_ids: options.docIds,
    session_id: options.sessionId,
    citations: options.includeGrounding && draft.found ? citationsOf(draft.citations, options.docIds) : [],
  };
}

export function citationsOf(cited: AnswerCitation[], docIds: string[]): ChatCitation[] {
  const byDoc = new Map<string, ChatCitationRegion[]>();
  const seen = new Set<string>();
  for (const c of cited) {
    const region = regionOf(c);
    const key = `${c.docId} ${c.pageIndex} ${region.bbox.x} ${region.bbox.y} ${region.bbox.width} ${region.bbox.height}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (!byDoc.has(c.docId)) byDoc.set(c.docId, []);
    byDoc.get(c.docId)!.push(region);
  }
  const order = (docId: string) => {
    const at = docIds.indexOf(docId);
    return at < 0 ? docIds.length : at;
  };
  return [...byDoc.entries()].sort((a, b) => order(a[0]) - order(b[0])).map(([docId, regions]) => ({ doc_id: docId, regions }));
}

function regionOf(c: AnswerCitation): ChatCitationRegion {
  const [x0, y0, x1, y1] = roundOut(c.bbox, c.pageWidth, c.pageHeight);
  return {
    page_index: c.pageIndex,
    page_width: c.pageWidth,
    page_height: c.pageHeight,
    bbox: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 },
  };
}
