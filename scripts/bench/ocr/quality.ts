import {
  addErrors,
  addWordCounts,
  errorRate,
  matchedLineErrors,
  precisionRecallF1,
  sortedLineErrors,
  whitespaceFreeErrors,
  wordCounts,
  zonedText,
  type CharErrors,
  type WordCounts,
} from './metrics.ts';
import type { ToolRun } from './runner.ts';
import type { ReferencePage, Receipt } from './sets.ts';

/** A tool's scores on a set, from the pages it read (an image it failed on counts as empty output). */

export interface ReceiptScores {
  matched: CharErrors;
  sorted: CharErrors;
  words: WordCounts;
  matchedLines: number;
  refLines: number;
}

const NONE: CharErrors = { errors: 0, refChars: 0 };

export function scoreReceipts(run: ToolRun, receipts: Receipt[]): ReceiptScores {
  let scores: ReceiptScores = {
    matched: NONE,
    sorted: NONE,
    words: { matched: 0, reference: 0, hypothesis: 0 },
    matchedLines: 0,
    refLines: 0,
  };
  for (const receipt of receipts) {
    const lines = (run.results.get(receipt.name) ?? []).flatMap((page) => page.lines);
    const matched = matchedLineErrors(receipt.reference, lines);
    scores = {
      matched: addErrors(scores.matched, matched),
      sorted: addErrors(scores.sorted, sortedLineErrors(receipt.reference, lines)),
      words: addWordCounts(
        scores.words,
        wordCounts(
          receipt.reference.map((l) => l.text),
          lines.map((l) => l.text),
        ),
      ),
      matchedLines: scores.matchedLines + matched.matchedLines,
      refLines: scores.refLines + receipt.reference.length,
    };
  }
  return scores;
}

export function receiptQuality(s: ReceiptScores): string {
  return `CER ${errorRate(s.matched).toFixed(3)} (lines by box), word F1 ${precisionRecallF1(s.words).f1.toFixed(3)}`;
}

export interface PageScore {
  errors: CharErrors;
  /** Rotations the answer reported, one per page; empty when it reported none. */
  rotations: number[];
  read: boolean;
}

/** Whitespace-free CER per file; zoned pages (UNLV) compare only the lines inside the zones, in zone order. */
export function scoreReferencePage(run: ToolRun, page: ReferencePage): PageScore {
  const pages = run.results.get(page.name);
  const text = !pages
    ? ''
    : page.zones
      ? zonedText(
          pages.flatMap((p) => p.lines),
          page.zones,
        )
      : pages.map((p) => p.text).join('\n');
  return {
    errors: whitespaceFreeErrors(page.reference, text),
    rotations: (pages ?? []).map((p) => p.rotation).filter((r): r is number => r !== null),
    read: pages !== undefined,
  };
}

export function totalErrors(scores: PageScore[]): CharErrors {
  return scores.reduce((total, s) => addErrors(total, s.errors), NONE);
}
