/**
 * Boundary signals between adjacent pages of a packet. Each signal scores a page gap: positive says "a new
 * document starts here", negative says "this page continues the previous one". planSplit (mod.ts) sums them.
 *
 * Blank pages: a blank page never starts a document; it stays with the previous document (a separator sheet
 * or the empty back of its last leaf), and the page after it is compared with the last page that had content.
 */
import type { IdentityHints, PageClassification } from '../classify/mod.ts';
import type { ModelPage } from '../model/types.ts';

export interface Signal {
  name: 'class' | 'role' | 'numbering' | 'identity' | 'blank' | 'geometry' | 'layout';
  score: number;
  /** Human words for the reason of a segment (only positive signals become reasons). */
  words: string;
}

/** A gap's summed score at or above this starts a new document. */
export const BOUNDARY_THRESHOLD = 0.5;

/** How much an issuer, addressee or date change counts on a page that reads as a continuation. */
const CONTINUATION_NAME_WEIGHT = 0.4;

/**
 * Each signal's score (a vote toward a new document when positive, toward a continuation when negative; they are
 * summed against `BOUNDARY_THRESHOLD`) and the measures that decide it. Class and role scores are scaled by
 * the classifier's confidence (0–1); name scores by `CONTINUATION_NAME_WEIGHT` on continuation pages.
 */
const SIGNAL = {
  /** Most drawn paths of a page still counted blank. */
  blankMaxPaths: 2,
  /** The page class changes... */
  classChange: 0.8,
  /** ...or stays the same. */
  sameClass: -0.15,
  /** The classifier sees a first page... */
  firstPageRole: 0.3,
  /** ...or a continuation. */
  continuationRole: -0.1,
  /** The previous page was the last of its "page n of N". */
  numberingAfterLast: 0.35,
  /** Page n+1 follows page n. */
  numberingContinues: -1.2,
  /** Page 1 after numbered pages. */
  numberingRestarts: 0.9,
  /** The page count N changes. */
  numberingCountChanges: 0.5,
  /** The numbering jumps. */
  numberingJumps: 0.2,
  /** Page 1 after an unnumbered page, with a count N... */
  numberingStartsCounted: 0.6,
  /** ...or without one. */
  numberingStarts: 0.4,
  /** Page 2 after an unnumbered page. */
  numberingSecondPage: -0.3,
  /** A different filing or document number... */
  newNumber: 0.9,
  /** ...the same one... */
  sameNumber: -0.6,
  /** ...or a document number appearing for the first time. */
  numberAppears: 0.25,
  /** The issuer changes. */
  issuerChanges: 0.5,
  /** The addressee changes. */
  addresseeChanges: 0.4,
  /** The document date changes. */
  dateChanges: 0.25,
  /** The previous page carries signatures. */
  signedPrevious: 0.2,
  /** The orientation changes. */
  orientationChanges: 0.25,
  /** Page sizes differ when width or height differ by more than this share of the larger. */
  sizeTolerance: 0.03,
  /** The page size changes. */
  sizeChanges: 0.4,
  /** Running header/footer word sets are the same at this Jaccard similarity (0–1)... */
  sameFurnitureJaccard: 0.6,
  /** ...then they hold the pages together... */
  sameFurniture: -0.35,
  /** ...else they part them. */
  furnitureChanges: 0.3,
  /** Fonts differ below this cosine similarity of their character weights (0–1)... */
  fontsDifferCosine: 0.1,
  /** ...and then vote for a new document. */
  fontsChange: 0.4,
} as const;

/** A page with nothing on it: no text, no images, next to no drawing (or the classifier says so). */
export function isBlankPage(page: ModelPage | undefined, cls: PageClassification | undefined): boolean {
  if (cls?.pageRole === 'blank') return true;
  if (!page) return false;
  const text = page.lines.reduce((n, l) => n + l.text.trim().length, 0);
  return text === 0 && page.images.length === 0 && page.paths.length <= SIGNAL.blankMaxPaths && !page.skipped;
}

/** Class change weighted by both pages' confidences; agreement weighs slightly against a break. */
export function classSignal(prev: PageClassification, cur: PageClassification): Signal | null {
  const weight = Math.min(clamp01(prev.confidence), clamp01(cur.confidence));
  if (prev.docClass !== cur.docClass) {
    return { name: 'class', score: SIGNAL.classChange * weight, words: `class changes from ${prev.docClass} to ${cur.docClass}` };
  }
  return { name: 'class', score: SIGNAL.sameClass * weight, words: `same class ${cur.docClass}` };
}

/** The classifier's own view of the page: a first page (letterhead, title block) or a continuation. */
export function roleSignal(cur: PageClassification): Signal | null {
  const c = clamp01(cur.confidence);
  if (cur.pageRole === 'first_page') return { name: 'role', score: SIGNAL.firstPageRole * c, words: 'page looks like a first page' };
  if (cur.pageRole === 'continuation') return { name: 'role', score: SIGNAL.continuationRole * c, words: 'page looks like a continuation' };
  return null;
}

/**
 * "Page n of N" numbering: n = previous n + 1 (same N) continues the document and outweighs a class flip;
 * a page 1 after numbered pages, or after the last page of a counted document, restarts.
 */
export function numberingSignal(prev: IdentityHints, cur: IdentityHints): Signal | null {
  const p = prev.pageNumber;
  const c = cur.pageNumber;
  if (!c) {
    if (p && p.of !== null && p.n >= p.of)
      return { name: 'numbering', score: SIGNAL.numberingAfterLast, words: `previous page was page ${p.n} of ${p.of}` };
    return null;
  }
  if (p) {
    const sameCount = p.of === null || c.of === null || p.of === c.of;
    if (c.n === p.n + 1 && sameCount)
      return { name: 'numbering', score: SIGNAL.numberingContinues, words: `page ${c.n} continues page ${p.n}` };
    if (c.n === 1)
      return { name: 'numbering', score: SIGNAL.numberingRestarts, words: `${describe(c)} restarts numbering after ${describe(p)}` };
    if (!sameCount) return { name: 'numbering', score: SIGNAL.numberingCountChanges, words: `page count changes from ${p.of} to ${c.of}` };
    return { name: 'numbering', score: SIGNAL.numberingJumps, words: `numbering jumps from ${p.n} to ${c.n}` };
  }
  if (c.n === 1)
    return {
      name: 'numbering',
      score: c.of !== null ? SIGNAL.numberingStartsCounted : SIGNAL.numberingStarts,
      words: `${describe(c)} starts numbering`,
    };
  // A page 2 right after an unnumbered page: first pages often carry no number.
  if (c.n === 2)
    return { name: 'numbering', score: SIGNAL.numberingSecondPage, words: `${describe(c)} continues an unnumbered first page` };
  return null;
}

/**
 * Identity against what the current document has said so far (first pages carry the invoice number, later
 * pages often do not): a different document number is strong, a different issuer or addressee weaker. On a page
 * that reads as a continuation, names and dates at its top are body text (the parties of a contract, a signature
 * block), so their changes count for less.
 */
export function identitySignals(known: IdentityHints, cur: IdentityHints, role?: PageClassification['pageRole']): Signal[] {
  const out: Signal[] = [];
  const differs = (a?: string, b?: string) => !!a && !!b && norm(a) !== norm(b);
  const same = (a?: string, b?: string) => !!a && !!b && norm(a) === norm(b);
  const nameWeight = role === 'continuation' ? CONTINUATION_NAME_WEIGHT : 1;
  if (differs(known.filing, cur.filing)) {
    out.push({ name: 'identity', score: SIGNAL.newNumber, words: `a new filed document ${cur.filing} starts` });
  } else if (same(known.filing, cur.filing)) {
    out.push({ name: 'identity', score: SIGNAL.sameNumber, words: `same filed document ${cur.filing}` });
  }
  if (differs(known.documentNumber, cur.documentNumber)) {
    out.push({
      name: 'identity',
      score: SIGNAL.newNumber,
      words: `document number changes from ${known.documentNumber} to ${cur.documentNumber}`,
    });
  } else if (same(known.documentNumber, cur.documentNumber)) {
    out.push({ name: 'identity', score: SIGNAL.sameNumber, words: `same document number ${cur.documentNumber}` });
  } else if (!known.documentNumber && cur.documentNumber) {
    out.push({ name: 'identity', score: SIGNAL.numberAppears, words: `document number ${cur.documentNumber} appears` });
  }
  if (differs(known.issuer, cur.issuer))
    out.push({ name: 'identity', score: SIGNAL.issuerChanges * nameWeight, words: `issuer changes to ${cur.issuer}` });
  if (differs(known.addressee, cur.addressee))
    out.push({ name: 'identity', score: SIGNAL.addresseeChanges * nameWeight, words: `addressee changes to ${cur.addressee}` });
  // Weak: one document can carry several dates, but the classifier reports the document's own date.
  if (differs(known.date, cur.date))
    out.push({ name: 'identity', score: SIGNAL.dateChanges * nameWeight, words: `document date changes to ${cur.date}` });
  return out;
}

/** A signed page usually ends its document (letters, contracts, forms). */
export function signatureSignal(prev: PageClassification): Signal | null {
  if (!prev.componentsPresent.includes('signature')) return null;
  return { name: 'role', score: SIGNAL.signedPrevious, words: 'the previous page ends with signatures' };
}

/** Page size or orientation changes (a letter followed by an A4 form, a landscape table after portrait pages). */
export function geometrySignal(prev: ModelPage, cur: ModelPage): Signal | null {
  const landscape = (p: ModelPage) => p.width > p.height;
  if (landscape(prev) !== landscape(cur)) return { name: 'geometry', score: SIGNAL.orientationChanges, words: 'orientation changes' };
  const near = (a: number, b: number) => Math.abs(a - b) <= SIGNAL.sizeTolerance * Math.max(a, b);
  const sameSize = near(prev.width, cur.width) && near(prev.height, cur.height);
  if (!sameSize) return { name: 'geometry', score: SIGNAL.sizeChanges, words: `page size changes from ${size(prev)} to ${size(cur)}` };
  return null;
}

/**
 * Running header/footer fingerprint: page_header and page_footer texts with digits normalised, so "Page 3"
 * and "Page 4" match. The same fingerprint holds a document together; a different one suggests a new one.
 */
export function layoutSignal(prev: ModelPage, cur: ModelPage): Signal | null {
  const a = furnitureWords(prev);
  const b = furnitureWords(cur);
  if (a.size === 0 || b.size === 0) return null;
  if (jaccard(a, b) >= SIGNAL.sameFurnitureJaccard)
    return { name: 'layout', score: SIGNAL.sameFurniture, words: 'same running header/footer' };
  return { name: 'layout', score: SIGNAL.furnitureChanges, words: 'running header/footer changes' };
}

/** Words of the page_header/page_footer blocks, digits as '#': split or merged furniture blocks compare equal. */
function furnitureWords(page: ModelPage): Set<string> {
  const text = page.blocks
    .filter((b) => b.type === 'page_header' || b.type === 'page_footer')
    .map((b) => b.text)
    .join(' ')
    .toLowerCase()
    .replace(/\d+/g, '#');
  return new Set(text.split(/[^\p{L}#]+/u).filter((w) => w.length > 0));
}

/**
 * Typography: the fonts of the text layer, weighted by characters. Pages of one born-digital document share
 * them; documents from different sources rarely do. Only a change counts (many documents share Times or
 * Helvetica, so sameness proves little). OCR text has no real fonts and is left out.
 */
export function fontSignal(prev: ModelPage, cur: ModelPage): Signal | null {
  const a = fontWeights(prev);
  const b = fontWeights(cur);
  if (!a || !b) return null;
  if (cosine(a, b) < SIGNAL.fontsDifferCosine) return { name: 'layout', score: SIGNAL.fontsChange, words: 'the fonts change' };
  return null;
}

const MIN_FONT_CHARS = 60;

function fontWeights(page: ModelPage): Map<string, number> | null {
  const weights = new Map<string, number>();
  let total = 0;
  for (const line of page.lines) {
    for (const w of line.words) {
      if (w.source !== 'text_layer') continue;
      weights.set(w.font.name, (weights.get(w.font.name) ?? 0) + w.text.length);
      total += w.text.length;
    }
  }
  return total >= MIN_FONT_CHARS ? weights : null;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  for (const [k, v] of a) dot += v * (b.get(k) ?? 0);
  const norm2 = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((s, v) => s + v * v, 0));
  return dot / Math.max(1e-9, norm2(a) * norm2(b));
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let both = 0;
  for (const w of a) if (b.has(w)) both++;
  return both / (a.size + b.size - both);
}

function describe(p: { n: number; of: number | null }): string {
  return p.of !== null ? `Page ${p.n} of ${p.of}` : `page ${p.n}`;
}

function size(p: ModelPage): string {
  return `${Math.round(p.width)}x${Math.round(p.height)}`;
}

function norm(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}
