import type { ExtractDocument } from '../extract/mod.ts';

/** What answering produces (issue 8): a verbatim answer with the regions that print it, before any API view. */

export type AnswerSource = 'concept' | 'key_value' | 'table_cell' | 'entity' | 'sentence';

export interface AnswerCitation {
  docId: string;
  pageIndex: number;
  /** Page-image pixels, as the model's pages. */
  pageWidth: number;
  pageHeight: number;
  bbox: [number, number, number, number];
}

export interface AnswerDraft {
  /** As printed in the document, or "Not found in the documents." */
  text: string;
  found: boolean;
  /** 0..1. */
  confidence: number;
  /** Empty when not found. */
  citations: AnswerCitation[];
  source: AnswerSource;
  /** The answer normalised where the reader typed it (ISO date, number, "3 years"); absent when it is only text. */
  value?: string;
}

export interface AskDocument {
  docId: string;
  doc: ExtractDocument;
}

/** One proposed answer with its score (0..1 and a little above for exact table lookups) and how well its context matched the question. */
export interface ScoredAnswer {
  text: string;
  score: number;
  /** Share of the question's terms found in the answer's context (label, row and column, sentence). */
  termScore: number;
  source: AnswerSource;
  citations: AnswerCitation[];
  value?: string;
}
