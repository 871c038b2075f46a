import { levenshtein } from '../text/matching.ts';

/**
 * OCR quality arithmetic for the bench (pure functions): character error rates on lines matched by box or on
 * lines in reading order, bag-of-words precision/recall/F1, and the readers of the references' formats.
 * Rates are micro averages: errors and reference characters are summed over a set before dividing.
 */

/** [left, top, right, bottom] in image pixels. */
export type Box = [number, number, number, number];

export interface TextLine {
  text: string;
  /** Null when the engine gave no geometry for the line (it can then match no reference box). */
  box: Box | null;
}

/** Edit operations against a number of reference characters. */
export interface CharErrors {
  errors: number;
  refChars: number;
}

export interface WordCounts {
  /** Words present in both bags (multiset intersection). */
  matched: number;
  reference: number;
  hypothesis: number;
}

export const MIN_MATCH_IOU = 0.3;

/** Whitespace runs collapsed to one space, trimmed; case and punctuation kept. */
export function normalizeLine(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** Axis-aligned bounds of a polygon given as flat x,y pairs. */
export function polygonBox(coords: number[]): Box | null {
  if (coords.length < 4 || coords.length % 2 !== 0 || coords.some((c) => !Number.isFinite(c))) return null;
  const xs = coords.filter((_, i) => i % 2 === 0);
  const ys = coords.filter((_, i) => i % 2 === 1);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * SROIE `box/N.csv`: one line a row, `x1,y1,x2,y2,x3,y3,x4,y4,text`; the text is everything after the 8th comma
 * (it may hold commas itself). Rows without 8 numeric corners are skipped.
 */
export function parseSroieBoxes(csv: string): TextLine[] {
  const lines: TextLine[] = [];
  for (const row of csv.replace(/^\uFEFF/u, '').split(/\r?\n/u)) {
    const parts = row.split(',');
    if (parts.length < 9) continue;
    const coords = parts.slice(0, 8).map((p) => Number(p.trim()));
    const box = polygonBox(coords);
    if (!box) continue;
    lines.push({ text: parts.slice(8).join(','), box });
  }
  return lines;
}

export function iou(a: Box, b: Box): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  const area = (box: Box) => Math.max(0, box[2] - box[0]) * Math.max(0, box[3] - box[1]);
  return inter / (area(a) + area(b) - inter);
}

/**
 * One-to-one greedy matching: every (reference, hypothesis) pair with IoU at least `minIou`, best IoU first;
 * a pair is taken when neither side is taken yet. Ties go to the earlier reference, then the earlier hypothesis.
 */
export function matchLinesByIou(reference: TextLine[], hypothesis: TextLine[], minIou = MIN_MATCH_IOU): [number, number][] {
  const pairs: { r: number; h: number; iou: number }[] = [];
  for (const [r, ref] of reference.entries()) {
    if (!ref.box) continue;
    for (const [h, hyp] of hypothesis.entries()) {
      if (!hyp.box) continue;
      const overlap = iou(ref.box, hyp.box);
      if (overlap >= minIou) pairs.push({ r, h, iou: overlap });
    }
  }
  pairs.sort((a, b) => b.iou - a.iou || a.r - b.r || a.h - b.h);
  const usedRef = new Set<number>();
  const usedHyp = new Set<number>();
  const matches: [number, number][] = [];
  for (const { r, h } of pairs) {
    if (usedRef.has(r) || usedHyp.has(h)) continue;
    usedRef.add(r);
    usedHyp.add(h);
    matches.push([r, h]);
  }
  return matches.sort((a, b) => a[0] - b[0]);
}

/**
 * Errors on lines matched by box: edit distance of each matched pair, plus every character of an unmatched
 * reference line (deleted) and of an unmatched hypothesis line (inserted). Lines are normalized first.
 */
export function matchedLineErrors(
  reference: TextLine[],
  hypothesis: TextLine[],
  minIou = MIN_MATCH_IOU,
): CharErrors & { matchedLines: number } {
  const ref = reference.map((l) => normalizeLine(l.text));
  const hyp = hypothesis.map((l) => normalizeLine(l.text));
  const matches = matchLinesByIou(reference, hypothesis, minIou);
  const refMatched = new Set(matches.map(([r]) => r));
  const hypMatched = new Set(matches.map(([, h]) => h));
  let errors = 0;
  for (const [r, h] of matches) errors += levenshtein(ref[r], hyp[h]);
  for (const [r, text] of ref.entries()) if (!refMatched.has(r)) errors += text.length;
  for (const [h, text] of hyp.entries()) if (!hypMatched.has(h)) errors += text.length;
  return { errors, refChars: ref.reduce((sum, t) => sum + t.length, 0), matchedLines: matches.length };
}

/** Page text in a fixed reading order: lines sorted by top, then left (lines without a box last, in given order). */
export function sortedPageText(lines: TextLine[]): string {
  const keyed = lines.map((line, i) => ({ line, i }));
  keyed.sort((a, b) => {
    const ba = a.line.box;
    const bb = b.line.box;
    if (!ba || !bb) return (ba ? 0 : 1) - (bb ? 0 : 1) || a.i - b.i;
    return ba[1] - bb[1] || ba[0] - bb[0] || a.i - b.i;
  });
  return keyed.map(({ line }) => normalizeLine(line.text)).join('\n');
}

/** Plain page-level errors: edit distance between two texts over the reference's length. */
export function textErrors(reference: string, hypothesis: string): CharErrors {
  return { errors: levenshtein(reference, hypothesis), refChars: reference.length };
}

/** The order-independent variant: both sides' lines sorted by (top, left), then compared as whole page texts. */
export function sortedLineErrors(reference: TextLine[], hypothesis: TextLine[]): CharErrors {
  return textErrors(sortedPageText(reference), sortedPageText(hypothesis));
}

/** Errors with every whitespace character removed from both sides (the ocr-tesseract references' layout differs). */
export function whitespaceFreeErrors(reference: string, hypothesis: string): CharErrors {
  const strip = (s: string) => s.replace(/\s+/gu, '');
  return textErrors(strip(reference), strip(hypothesis));
}

export function addErrors(total: CharErrors, more: CharErrors): CharErrors {
  return { errors: total.errors + more.errors, refChars: total.refChars + more.refChars };
}

/** Errors per reference character; NaN with no reference characters. */
export function errorRate(e: CharErrors): number {
  return e.refChars === 0 ? (e.errors === 0 ? 0 : Number.NaN) : e.errors / e.refChars;
}

function wordBag(texts: string[]): Map<string, number> {
  const bag = new Map<string, number>();
  for (const text of texts) for (const word of text.split(/\s+/u)) if (word) bag.set(word, (bag.get(word) ?? 0) + 1);
  return bag;
}

/** Bag-of-words overlap: whitespace tokens, case kept, multiset intersection. */
export function wordCounts(referenceTexts: string[], hypothesisTexts: string[]): WordCounts {
  const ref = wordBag(referenceTexts);
  const hyp = wordBag(hypothesisTexts);
  let matched = 0;
  for (const [word, n] of hyp) matched += Math.min(n, ref.get(word) ?? 0);
  const total = (bag: Map<string, number>) => [...bag.values()].reduce((a, b) => a + b, 0);
  return { matched, reference: total(ref), hypothesis: total(hyp) };
}

export function addWordCounts(a: WordCounts, b: WordCounts): WordCounts {
  return { matched: a.matched + b.matched, reference: a.reference + b.reference, hypothesis: a.hypothesis + b.hypothesis };
}

export function precisionRecallF1(c: WordCounts): { precision: number; recall: number; f1: number } {
  const precision = c.hypothesis === 0 ? 0 : c.matched / c.hypothesis;
  const recall = c.reference === 0 ? 0 : c.matched / c.reference;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/** A `.uzn` zone file (UNLV): `left top width height type` a row. */
export interface Zone {
  box: Box;
  type: string;
}

export function parseUzn(text: string): Zone[] {
  const zones: Zone[] = [];
  for (const row of text.split(/\r?\n/u)) {
    const m = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(.*?)\s*$/u.exec(row);
    if (!m) continue;
    const [l, t, w, h] = [m[1], m[2], m[3], m[4]].map(Number);
    zones.push({ box: [l, t, l + w, t + h], type: m[5] });
  }
  return zones;
}

/**
 * The text of a zoned page as its reference is written: zone by zone in the file's order, each zone holding the
 * lines whose box centre lies inside it (in the engine's order). Lines outside every zone are not in the reference.
 */
export function zonedText(lines: TextLine[], zones: Zone[]): string {
  const inside = (box: Box, zone: Box) => {
    const cx = (box[0] + box[2]) / 2;
    const cy = (box[1] + box[3]) / 2;
    return cx >= zone[0] && cx <= zone[2] && cy >= zone[1] && cy <= zone[3];
  };
  const taken = new Set<number>();
  const parts: string[] = [];
  for (const zone of zones) {
    for (const [i, line] of lines.entries()) {
      if (taken.has(i) || !line.box || !inside(line.box, zone.box)) continue;
      taken.add(i);
      parts.push(line.text);
    }
  }
  return parts.join('\n');
}
