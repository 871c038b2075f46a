import { findAmounts } from '../../fields/mod.ts';
import type { Line, ModelPage } from '../../model/types.ts';
import type { Candidate, ExtractDocument } from '../types.ts';
import { candidateOfLine, height, rightOf, visualLines } from './lines.ts';

/**
 * Cash receipts print what was tendered and the change given ("CASH 100.00", "CHANGE 20.50"): their difference is
 * the amount paid, a check on the total that needs no label reading (OCR garbles labels: "Total Ant Payabie").
 */

const TENDER = /\b(?:cash|tender(?:ed)?|paid|pay|payment|amount paid|visa|master(?:card)?|card|credit|debit|tunai)\b/i;
const CHANGE = /\b(?:change|baki|kembalian)\b/i;
/** Total-like words; OCR reads the l of "Total" as a 1 ("Tota1"). */
const TOTAL_WORDS = /tota[l1]|\b(?:amt|amount|payable|jumlah|net|nett|due|tl|ttl)\b/i;
/** How many rows above the change line the tender line may be. */
const TENDER_REACH = 4;
/** Two amounts are equal within half a cent. */
const SAME_AMOUNT = 0.005;
/** A total equal to tender minus change gains this much confidence (0..1). */
const TENDER_MATCH_BONUS = 0.1;
/** Confidence of a total found as tender minus change on a row with a total word. */
const TENDER_TOTAL_CONFIDENCE = 0.6;
/** Confidence of that amount on the amount row right above a labelled tender row, its label unreadable. */
const TENDER_ABOVE_CONFIDENCE = 0.5;

interface RowAmount {
  line: Line;
  value: number;
  index: number;
  raw: string;
}

/** The last amount on the line, else on the line right of it (receipts print values in a right column). */
function amountOnRow(page: ModelPage, line: Line): RowAmount | null {
  for (const source of [line, rightOf(page, line)]) {
    if (!source) continue;
    const found = findAmounts(source.text);
    const a = found[found.length - 1];
    if (a) return { line: source, value: a.value, index: a.index, raw: a.raw };
  }
  return null;
}

/** Tendered minus change on the page, with the tender row, or null when the page does not print both. */
function tenderedTotal(page: ModelPage): { value: number; tenderTop: number; guessed?: boolean } | null {
  const lines = visualLines(page);
  for (const [i, line] of lines.entries()) {
    // "CASH CHANGE 71.40" is a change line too.
    if (!CHANGE.test(line.text)) continue;
    const change = amountOnRow(page, line);
    if (!change || change.value < 0) continue;
    for (let k = i - 1; k >= Math.max(0, i - TENDER_REACH * 2); k--) {
      if (!TENDER.test(lines[k].text) || CHANGE.test(lines[k].text)) continue;
      const tender = amountOnRow(page, lines[k]);
      if (tender && tender.value > change.value)
        return { value: Math.round((tender.value - change.value) * 100) / 100, tenderTop: lines[k].bbox[1] };
    }
    const unlabelled = rowAbove(page, lines, i);
    if (unlabelled && unlabelled.amount.value > change.value) {
      return { value: Math.round((unlabelled.amount.value - change.value) * 100) / 100, tenderTop: unlabelled.line.bbox[1], guessed: true };
    }
  }
  return null;
}

/**
 * The row right above the change row, when its tender label is unreadable ("Fay 20.00"): the amount tendered is
 * printed just above the change. Only a check: what it implies must be printed above it on a total-like row.
 */
function rowAbove(page: ModelPage, lines: Line[], changeIndex: number): { line: Line; amount: RowAmount } | null {
  const change = lines[changeIndex];
  for (let k = changeIndex - 1; k >= 0; k--) {
    const line = lines[k];
    if (Math.abs(line.bbox[1] - change.bbox[1]) < height(change.bbox) / 2) continue; // the change row's own value
    const amount = amountOnRow(page, line);
    return amount ? { line, amount } : null;
  }
  return null;
}

/**
 * Puts the total candidate that equals tendered − change first; when none does but that amount is printed above
 * the tender row on a total-like row, that reading becomes the first candidate.
 */
export function preferTendered(doc: ExtractDocument, ranked: Candidate[]): Candidate[] {
  for (const page of doc.model.pages) {
    const tendered = tenderedTotal(page);
    if (!tendered) continue;
    const same = (v: Candidate['value']) => typeof v === 'number' && Math.abs(v - tendered.value) < SAME_AMOUNT;
    const hit = tendered.guessed ? undefined : ranked.find((c) => c.pageIndex === page.page_index && same(c.value));
    if (hit) return [{ ...hit, confidence: Math.min(1, hit.confidence + TENDER_MATCH_BONUS) }, ...ranked.filter((c) => c !== hit)];
    const printed = printedAbove(doc, page, tendered.value, tendered.tenderTop, !tendered.guessed);
    if (printed) return [printed, ...ranked];
  }
  return ranked;
}

/**
 * The amount printed above the tender row on a total-like row; with a labelled tender (`nextRowCounts`), also on
 * the amount row right above it whatever its label ("Tota1 lnc1usive 20.50" read as "L sales 20.50").
 */
function printedAbove(doc: ExtractDocument, page: ModelPage, value: number, top: number, nextRowCounts: boolean): Candidate | null {
  let amountRows = 0;
  for (const line of visualLines(page).reverse()) {
    // The tender row's own value may start a little above its label: a line centred below the label's top is on it.
    if (line.bbox[1] >= top || (nextRowCounts && (line.bbox[1] + line.bbox[3]) / 2 >= top)) continue;
    const hit = findAmounts(line.text).find((a) => Math.abs(a.value - value) < SAME_AMOUNT);
    if (findAmounts(line.text).length) amountRows++;
    if (!hit) continue;
    if (nextRowCounts && amountRows === 1)
      return candidateOfLine(doc, page.page_index, line, value, hit.index, hit.index + hit.raw.length, TENDER_ABOVE_CONFIDENCE);
    const row = page.lines
      .filter((o) => o.bbox[1] < line.bbox[3] && o.bbox[3] > line.bbox[1])
      .map((o) => o.text)
      .join(' ');
    if (TOTAL_WORDS.test(row))
      return candidateOfLine(doc, page.page_index, line, value, hit.index, hit.index + hit.raw.length, TENDER_TOTAL_CONFIDENCE);
  }
  return null;
}
