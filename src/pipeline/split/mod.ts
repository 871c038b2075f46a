/**
 * Packet splitting (issue 6): per-page classifications and the pages themselves → contiguous documents.
 * Every gap between two pages gets a boundary score from several signals (boundaries.ts); a gap at or above
 * BOUNDARY_THRESHOLD starts a new segment. Blank pages stay with the previous document.
 */
import type { IdentityHints, PageClassification, SegmentPlan } from '../classify/mod.ts';
import type { ModelPage } from '../model/types.ts';
import {
  BOUNDARY_THRESHOLD,
  classSignal,
  fontSignal,
  geometrySignal,
  identitySignals,
  isBlankPage,
  layoutSignal,
  numberingSignal,
  roleSignal,
  signatureSignal,
  type Signal,
} from './boundaries.ts';

export { childPdf, ChildPdfError } from './child-pdf.ts';
export type { Signal } from './boundaries.ts';

/** A scored page gap: the gap before page `page`. */
export interface GapScore {
  page: number;
  score: number;
  signals: Signal[];
}

/** Score a blank separator page before a gap adds toward a new document there. */
const BLANK_SEPARATOR_BONUS = 0.4;
/** Certainty (0–1) of a segment's start whose gap scores exactly the boundary threshold; more above it adds to it. */
const START_CERTAINTY_AT_THRESHOLD = 0.5;

/**
 * Segments in page order covering every page exactly once. `classes` is matched to pages by pageIndex; a page without a classification counts as class "unknown" at confidence 0.
 */
export function planSplit(pages: ModelPage[], classes: PageClassification[]): SegmentPlan[] {
  const count = Math.max(pages.length, classes.length);
  if (count === 0) return [];
  const cls = alignClasses(classes, count);
  const gaps = scoreGaps(pages, cls);
  const starts = [0, ...gaps.filter((g) => g.score >= BOUNDARY_THRESHOLD).map((g) => g.page)];
  return starts.map((start, i) => {
    const end = (starts[i + 1] ?? count) - 1;
    const gap = gaps.find((g) => g.page === start);
    return segment(pages, cls, start, end, gap);
  });
}

/** Boundary scores of every gap (exported for debugging and evaluation). */
export function scoreGaps(pages: ModelPage[], cls: PageClassification[]): GapScore[] {
  const gaps: GapScore[] = [];
  let lastContent = isBlankPage(pages[0], cls[0]) ? -1 : 0;
  let known: IdentityHints = { ...cls[0].identity };
  let afterBlank = false;
  for (let i = 1; i < cls.length; i++) {
    if (isBlankPage(pages[i], cls[i])) {
      gaps.push({
        page: i,
        score: -Infinity,
        signals: [{ name: 'blank', score: -Infinity, words: 'blank page stays with the previous document' }],
      });
      afterBlank = lastContent >= 0;
      continue;
    }
    if (lastContent < 0) {
      // Only blank pages so far: they lead the first document.
      gaps.push({ page: i, score: -Infinity, signals: [] });
      lastContent = i;
      known = { ...cls[i].identity };
      continue;
    }
    const signals = gapSignals(pages[lastContent], pages[i], cls[lastContent], cls[i], known);
    if (afterBlank) signals.push({ name: 'blank', score: BLANK_SEPARATOR_BONUS, words: 'a blank separator page precedes it' });
    const score = signals.reduce((s, x) => s + x.score, 0);
    gaps.push({ page: i, score, signals });
    known = score >= BOUNDARY_THRESHOLD ? { ...cls[i].identity } : mergeIdentity(known, cls[i].identity);
    lastContent = i;
    afterBlank = false;
  }
  return gaps;
}

function gapSignals(
  prevPage: ModelPage | undefined,
  curPage: ModelPage | undefined,
  prev: PageClassification,
  cur: PageClassification,
  known: IdentityHints,
): Signal[] {
  const out: (Signal | null)[] = [
    classSignal(prev, cur),
    roleSignal(cur),
    signatureSignal(prev),
    numberingSignal(prev.identity, cur.identity),
    ...identitySignals(known, cur.identity, cur.pageRole),
  ];
  if (prevPage && curPage) out.push(geometrySignal(prevPage, curPage), layoutSignal(prevPage, curPage), fontSignal(prevPage, curPage));
  return out.filter((s): s is Signal => s !== null);
}

/** What the current document has said about itself so far: the first value of each field wins. */
function mergeIdentity(known: IdentityHints, page: IdentityHints): IdentityHints {
  return {
    issuer: known.issuer ?? page.issuer,
    documentNumber: known.documentNumber ?? page.documentNumber,
    date: known.date ?? page.date,
    addressee: known.addressee ?? page.addressee,
    filing: known.filing ?? page.filing,
  };
}

function alignClasses(classes: PageClassification[], count: number): PageClassification[] {
  const byIndex = new Map(classes.map((c) => [c.pageIndex, c]));
  return Array.from({ length: count }, (_, i) => byIndex.get(i) ?? unknownPage(i));
}

function unknownPage(pageIndex: number): PageClassification {
  return { pageIndex, docClass: 'unknown', confidence: 0, pageRole: 'continuation', componentsPresent: [], identity: {}, candidates: [] };
}

function segment(pages: ModelPage[], cls: PageClassification[], start: number, end: number, gap: GapScore | undefined): SegmentPlan {
  const members = cls.slice(start, end + 1);
  const content = members.filter((c, k) => !isBlankPage(pages[start + k], c));
  const voters = content.length > 0 ? content : members;
  const { docClass, share, meanConfidence } = weightedMajority(voters);
  // A segment is as sure as its class vote and its start: a gap just over the threshold is a coin toss.
  const startCertainty = gap ? Math.min(1, START_CERTAINTY_AT_THRESHOLD + (gap.score - BOUNDARY_THRESHOLD)) : 1;
  const confidence = round3(share * meanConfidence * startCertainty);
  return { startPage: start, endPage: end, docClass, confidence, title: segmentTitle(pages, cls, start, end), reason: reasonOf(gap) };
}

function weightedMajority(voters: PageClassification[]): { docClass: string; share: number; meanConfidence: number } {
  const weight = new Map<string, number>();
  for (const v of voters) weight.set(v.docClass, (weight.get(v.docClass) ?? 0) + Math.max(v.confidence, 1e-6));
  let docClass = voters[0]?.docClass ?? 'unknown';
  let best = -1;
  for (const [label, w] of weight) if (w > best) [docClass, best] = [label, w];
  const total = [...weight.values()].reduce((a, b) => a + b, 0);
  const agreeing = voters.filter((v) => v.docClass === docClass);
  const meanConfidence = agreeing.reduce((s, v) => s + v.confidence, 0) / Math.max(1, agreeing.length);
  return { docClass, share: total > 0 ? best / total : 0, meanConfidence };
}

/** The first title or section header (in reading order) of the segment's first page with content. */
function segmentTitle(pages: ModelPage[], cls: PageClassification[], start: number, end: number): string | null {
  for (let i = start; i <= end; i++) {
    const page = pages[i];
    if (!page || isBlankPage(page, cls[i])) continue;
    const heading = [...page.blocks]
      .sort((a, b) => a.readingOrder - b.readingOrder)
      .find((b) => (b.type === 'title' || b.type === 'section_header') && b.text.trim());
    return heading ? heading.text.trim() : null;
  }
  return null;
}

function reasonOf(gap: GapScore | undefined): string {
  if (!gap) return 'first page of the file';
  const positive = gap.signals.filter((s) => s.score > 0);
  if (positive.length === 0) return 'boundary score over the threshold';
  return positive.reduce((a, b) => (b.score > a.score ? b : a)).words;
}

function round3(x: number): number {
  return Math.round(Math.max(0, Math.min(1, x)) * 1000) / 1000;
}
