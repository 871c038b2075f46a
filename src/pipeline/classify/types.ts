/**
 * Shared shapes of classification and splitting (issue 6), before any view. Page indexes are 0-based here;
 * views turn split segments into the contract's 1-based inclusive page numbers (decisions.md).
 */

/** A class the caller asked for, or one of the built-in taxonomy's. */
export interface ClassSpec {
  label: string;
  description: string;
  /** Phrases typical of the class (built-in classes have them; caller classes use their label and description). */
  phrases?: string[];
}

/** What identifies the document a page belongs to, when the page says it. */
export interface IdentityHints {
  issuer?: string;
  documentNumber?: string;
  date?: string;
  addressee?: string;
  /**
   * The file name in an SEC EDGAR document header ("EX-10.26 26 ex10-26.txt"): each filed exhibit is a document
   * of its own, so a new name starts one.
   */
  filing?: string;
  /** "Page 2 of 3": the page's own number and the count it claims. */
  pageNumber?: { n: number; of: number | null };
}

export type PageRole = 'first_page' | 'continuation' | 'attachment' | 'blank';

export interface PageClassification {
  pageIndex: number;
  docClass: string;
  /** Calibrated: a wrong label should rarely carry a high value. */
  confidence: number;
  pageRole: PageRole;
  /** e.g. table, key_value, signature, amounts, letterhead, line_items, stamp, form_fields. */
  componentsPresent: string[];
  identity: IdentityHints;
  /** The best few classes with their scores (debug). */
  candidates: { label: string; score: number }[];
}

export interface SegmentPlan {
  /** 0-based, inclusive. */
  startPage: number;
  endPage: number;
  docClass: string;
  confidence: number;
  title: string | null;
  /** Why a new document starts at startPage (e.g. "class changes from invoice to contract", "Page 1 of 2 restarts numbering"). */
  reason: string;
}
