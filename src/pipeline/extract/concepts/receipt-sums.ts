import { findAmounts } from '../../fields/mod.ts';
import { centerY, height, round2 } from '../../model/geometry.ts';
import type { Line, ModelPage } from '../../model/types.ts';
import type { Candidate, ExtractDocument } from '../types.ts';
import { candidateOfLine } from './lines.ts';

/**
 * Receipts print their summary as a column of amounts: subtotal, service charge, tax, rounding, total. OCR garbles
 * the labels ("TOT.!", "Pnund ing Adjustment") but the arithmetic survives: the amount that equals the subtotal
 * plus the amounts printed between them is the total, and a total followed by a small adjustment and their sum
 * was rounded to that sum.
 */

/** How many column amounts below the subtotal (charges, taxes, rounding) may add up before the total. */
const SUM_REACH = 4;
/** The largest rounding adjustment: cash totals round to the nearest 0.05, so an adjustment is under 0.05. */
const ROUNDING_MAX = 0.05;
/** Two amounts are equal within half a cent. */
const CENT = 0.005;
/** A column amount has at most this many characters after it on its line. */
const MAX_AFTER_AMOUNT = 3;
/** A total equal to the subtotal alone (nothing added) keeps this share of the confidence. */
const NOTHING_ADDED_FACTOR = 0.8;
/** A rounded total ranks this much above the total it rounds. */
const ROUNDED_BONUS = 0.01;

interface ColumnAmount {
  line: Line;
  value: number;
  index: number;
  raw: string;
}

/** The last amount of each line that ends in one, top down; on one row only the rightmost (the value column). */
function columnAmounts(page: ModelPage): ColumnAmount[] {
  const out: ColumnAmount[] = [];
  for (const line of page.lines) {
    const found = findAmounts(line.text);
    const a = found[found.length - 1];
    if (!a || line.text.slice(a.index + a.raw.length).trim().length > MAX_AFTER_AMOUNT) continue;
    out.push({ line, value: a.value, index: a.index, raw: a.raw });
  }
  out.sort((a, b) => a.line.bbox[1] - b.line.bbox[1]);
  const sameRow = (a: Line, b: Line) => Math.abs(centerY(a.bbox) - centerY(b.bbox)) < height(a.bbox) / 2;
  return out.filter((a) => !out.some((b) => b !== a && sameRow(a.line, b.line) && b.line.bbox[0] > a.line.bbox[0]));
}

/** The column amounts printed below the row at `y`, top down. */
function amountsBelow(page: ModelPage, bbox: Candidate['bbox']): ColumnAmount[] {
  const y = centerY(bbox);
  return columnAmounts(page).filter((a) => centerY(a.line.bbox) > y + height(bbox) / 2);
}

const asCandidate = (doc: ExtractDocument, page: ModelPage, a: ColumnAmount, confidence: number): Candidate =>
  candidateOfLine(doc, page.page_index, a.line, a.value, a.index, a.index + a.raw.length, confidence);

/**
 * The amount below a subtotal that equals the subtotal plus or minus the amounts printed between them, or null.
 * Discounts are often printed without a sign ("Cash Promotion 34.00"), so each amount between may add or subtract;
 * a sum that is not positive is no total.
 */
export function summedTotal(doc: ExtractDocument, subtotal: Candidate, confidence: number): Candidate | null {
  const page = doc.model.pages[subtotal.pageIndex];
  if (!page || typeof subtotal.value !== 'number') return null;
  let sums = [subtotal.value];
  let added = false; // whether any amount between was not zero
  for (const a of amountsBelow(page, subtotal.bbox).slice(0, SUM_REACH + 1)) {
    // The subtotal printed again before any charge ("Amt Due") is the total as well.
    if (sums.some((sum) => Math.abs(a.value - sum) < CENT))
      return asCandidate(doc, page, a, added ? confidence : confidence * NOTHING_ADDED_FACTOR);
    if (Math.abs(a.value) < CENT) continue;
    sums = sums.flatMap((sum) => [round2(sum + Math.abs(a.value)), round2(sum - Math.abs(a.value))]).filter((sum) => sum > 0);
    added = true;
  }
  return null;
}

/**
 * A total followed by a small adjustment and then their sum: the rounded amount is what was paid. The adjustment's
 * sign is taken from the sum, since OCR drops minus signs.
 */
export function roundedBelow(doc: ExtractDocument, total: Candidate): Candidate | null {
  const page = doc.model.pages[total.pageIndex];
  if (!page || typeof total.value !== 'number') return null;
  const [adjustment, next] = amountsBelow(page, total.bbox);
  if (!adjustment || !next) return null;
  const step = Math.abs(adjustment.value);
  if (step < CENT || step > ROUNDING_MAX) return null;
  const rounded = [total.value + step, total.value - step].some((v) => Math.abs(v - next.value) < CENT);
  return rounded ? asCandidate(doc, page, next, Math.min(1, total.confidence + ROUNDED_BONUS)) : null;
}

/** An adjustment (discount, tax, service charge) is at most this share of the total it adjusts (0..1). */
const MAX_ADJUSTMENT_SHARE = 0.25;
/** How many column amounts below a total may adjust it before the adjusted amount. */
const ADJUST_REACH = 2;

/**
 * A total followed by adjustments and then the adjusted amount ("Total 50.00", "Discount 5.00", "45.00" under an
 * unreadable label, then "Cash 45.00"): the adjusted amount, printed again as what was tendered, is what was paid.
 * Adjustments are small next to the total, so the two halves of a split payment are none; the total printed again
 * at once (the cash tendered) is no adjustment either.
 */
export function adjustedBelow(doc: ExtractDocument, total: Candidate): Candidate | null {
  const page = doc.model.pages[total.pageIndex];
  if (!page || typeof total.value !== 'number' || total.value <= 0) return null;
  const below = amountsBelow(page, total.bbox);
  let sums = [total.value];
  let added = false;
  for (const [i, a] of below.slice(0, ADJUST_REACH + 1).entries()) {
    if (sums.some((sum) => Math.abs(a.value - sum) < CENT)) {
      // Confirmed when it is printed again at once (tendered exactly): a pre-tax sum under a total is not.
      const paid = below[i + 1] && Math.abs(below[i + 1].value - a.value) < CENT;
      return added && paid ? asCandidate(doc, page, a, total.confidence) : null;
    }
    if (Math.abs(a.value) < CENT) continue;
    if (Math.abs(a.value) > total.value * MAX_ADJUSTMENT_SHARE) return null;
    sums = sums.flatMap((sum) => [round2(sum + Math.abs(a.value)), round2(sum - Math.abs(a.value))]).filter((sum) => sum > 0);
    added = true;
  }
  return null;
}
