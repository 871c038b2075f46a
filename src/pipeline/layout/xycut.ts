import type { BBox } from '../model/types.ts';
import { centerX, centerY, overlap1d, xOverlap, yOverlap } from '../model/geometry.ts';
import { median, type LineInfo } from './internal.ts';

/**
 * Recursive XY-cut over the page's atoms (lines and figure/table regions). Columns are cut first; where an
 * element spanning several columns (a title, a wide figure) blocks the gutter, the region is cut into horizontal
 * strips and consecutive strips that share a gutter are put back together, so paragraph gaps that happen to line
 * up across columns never turn a two-column page into row-by-row reading.
 */
export interface Atom {
  box: BBox;
  line?: LineInfo;
  /** Index of a figure/table region. */
  region?: number;
  /** A container (a card or box drawn around text): moves as one piece, its contents are cut on their own. */
  children?: Atom[];
}

/** Px a container's border sits outside its text: its gutter is measured inside it. */
const BOX_INSET = 6;
/** How far above a line another may start and still share its row (rows are a few hundred px at most). */
const MAX_PAIR_REACH = 400;
const isBox = (a: Atom) => a.region !== undefined || a.children !== undefined;

/**
 * The cut rules' thresholds. Lengths are in px or in body font sizes (`bodySize`); shares are of the quantity
 * named; word counts are words of a line.
 */
const CUT = {
  /** A line of this many words is running text by itself. */
  proseLineWords: 10,
  /** Several lines (at least `proseMinLines`) of this median word count are running text. */
  proseMedianWords: 5,
  proseMinLines: 3,
  /** Fewest words of a line that counts as going on from the line above (a wrapped line). */
  wrappedLineMinWords: 2,
  /** Two lines share a row when they overlap vertically by this share of the shorter one... */
  rowOverlapShare: 0.6,
  /** ...and the shorter is at least this share of the taller (same type size). */
  rowSameSizeShare: 0.6,
  /** Two sides are row-aligned when this share of the smaller side's lines pairs with a line of the other. */
  rowAlignedShare: 0.6,
  /** Columns overlap vertically by at least this share of the shorter one (else the strips read them). */
  columnsMinYOverlapShare: 0.3,
  /** A sidebar is at most this share of the width of the column beside it... */
  sidebarMaxWidthShare: 0.5,
  /** ...and set in type smaller than this share of the column's. */
  sidebarMaxSizeShare: 0.95,
  /** A figure or table blocks a gutter when more than this share of its width lies on each side. */
  regionBlockShare: 0.3,
  /** Narrowest gutter between text columns: this many px or `textGutterBodySizes`, whichever is larger. */
  textGutterMinPx: 10,
  textGutterBodySizes: 0.9,
  /** Narrowest gutter between boxes, whose own borders set them apart (px). */
  boxGutterPx: 2,
  /** Narrower lines (in body sizes) do not make gutters: bullets, page numbers, stray marks. */
  spanMinBodySizes: 0.8,
  /** Narrowest gap between strips, in body sizes... */
  stripGapBodySizes: 0.5,
  /** ...or this share of the smaller line height around it, whichever is larger. */
  stripGapLineShare: 0.35,
  /** In a leaf, two atoms share a row when their centres are less than this share of the smaller height apart. */
  leafRowShare: 0.5,
  /** A grid of boxes reads by rows when its row gaps are at least this share of its column gaps. */
  gridRowGapShare: 0.8,
  /** Deepest recursion of the cut (a guard; real pages nest a few levels). */
  maxDepth: 40,
  /** Strips at most this many body sizes apart may continue the same columns. */
  stripJoinBodySizes: 3,
  /** A gap between strips is also at least this many times the page's usual gap between lines (`usualLineGap`). */
  stripOverLineGap: 1.5,
  /** Gaps up to this share of the upper line's height are line spacing (wider ones part paragraphs or sections). */
  lineGapMaxShare: 1.2,
} as const;

export interface CutOptions {
  bodySize: number;
  rtl: boolean;
  /** The page's usual gap between consecutive lines of a column (px); set by xyCut. */
  lineGap?: number;
}

/** Lines of a narrow column that must wrap mid-sentence for the column to read as running text. */
const WRAPPED_MIN_LINES = 4;
/** Share of a column's line breaks that fall mid-sentence (the next line goes on in lower case) in running text. */
const WRAPPED_MIN_SHARE = 0.5;

/**
 * Running text: a box, a long line, several lines of five words and more, or a narrow column whose lines mostly
 * break mid-sentence (magazine columns of three or four words a line; table cells start afresh on each row).
 */
function isProse(atoms: readonly Atom[]): boolean {
  if (atoms.some(isBox)) return true;
  const lines = atoms.filter((a) => a.line).map((a) => a.line!);
  const words = lines.map((l) => l.words);
  if (words.some((w) => w >= CUT.proseLineWords) || (words.length >= CUT.proseMinLines && median(words) >= CUT.proseMedianWords))
    return true;
  if (lines.length < WRAPPED_MIN_LINES) return false;
  const byTop = [...lines].sort((a, b) => a.box[1] - b.box[1]);
  const wrapped = byTop
    .slice(1)
    .filter((l, i) => l.words >= CUT.wrappedLineMinWords && /^\p{Ll}/u.test(l.text) && !/[.!?:;]$/u.test(byTop[i].text)).length;
  return wrapped >= (byTop.length - 1) * WRAPPED_MIN_SHARE;
}

/** Most lines of the smaller side sit on the same text row as a line of the other side (forms, tables). */
function rowAligned(left: readonly Atom[], right: readonly Atom[]): boolean {
  const [small, big] = left.length <= right.length ? [left, right] : [right, left];
  // Sweep both sides top to bottom: a line pairs with one whose vertical extent mostly overlaps its own.
  const bigByTop = [...big].sort((a, b) => a.box[1] - b.box[1]);
  const smallByTop = [...small].sort((a, b) => a.box[1] - b.box[1]);
  let paired = 0;
  let from = 0;
  for (const a of smallByTop) {
    const h = a.box[3] - a.box[1];
    // Boxes ending above `a` can never pair with it or with the lines after it, which start lower still...
    // except tall boxes; so only skip those that end above `a` and start before the current window.
    while (from < bigByTop.length && bigByTop[from].box[1] < a.box[1] - MAX_PAIR_REACH && bigByTop[from].box[3] < a.box[1]) from++;
    for (let k = from; k < bigByTop.length && bigByTop[k].box[1] <= a.box[3]; k++) {
      const b = bigByTop[k];
      // Same row, same type size: a small label beside a big title is not a row of a form.
      const hb = b.box[3] - b.box[1];
      if (yOverlap(a.box, b.box) >= Math.min(h, hb) * CUT.rowOverlapShare && Math.min(h, hb) >= Math.max(h, hb) * CUT.rowSameSizeShare) {
        paired++;
        break;
      }
    }
  }
  return paired >= small.length * CUT.rowAlignedShare;
}

function yExtent(atoms: readonly Atom[]): [number, number] {
  let t = Infinity;
  let b = -Infinity;
  for (const a of atoms) {
    if (a.box[1] < t) t = a.box[1];
    if (a.box[3] > b) b = a.box[3];
  }
  return [t, b];
}

/**
 * OCR boxes (padded by the detector) of a low-resolution scan can leave a gutter only a few pixels wide, less than
 * a word space; such a narrow cut (in pixels) holds when both sides are columns of running text of some height.
 */
const SCAN_MIN_GUTTER = 2;
const NARROW_GUTTER_MIN_LINES = 4;

function narrowGutterHolds(left: readonly Atom[], right: readonly Atom[]): boolean {
  const lines = (side: readonly Atom[]) => side.filter((a) => a.line).length;
  return lines(left) >= NARROW_GUTTER_MIN_LINES && lines(right) >= NARROW_GUTTER_MIN_LINES && isProse(left) && isProse(right);
}

function validCut(left: readonly Atom[], right: readonly Atom[]): boolean {
  if (left.length === 0 || right.length === 0) return false;
  // Columns run alongside each other; a group entirely above the other is read first, by the strips.
  const [lt, lb] = yExtent(left);
  const [rt, rb] = yExtent(right);
  if (overlap1d(lt, lb, rt, rb) < Math.min(lb - lt, rb - rt) * CUT.columnsMinYOverlapShare) return false;
  // Lines side by side on the same rows are a form or a table (labels and values), unless a side reads as
  // running text: columns set on one baseline grid, a sidebar beside its article.
  if (rowAligned(left, right)) return isProse(left) || isProse(right);
  return true;
}

interface Cut {
  groups: Atom[][];
  /** The widest gap cut through. */
  gap: number;
}

function typeSize(atoms: readonly Atom[]): number {
  const sizes = atoms.filter((a) => a.line).map((a) => a.line!.size);
  return sizes.length ? median(sizes) : 0;
}

/**
 * A sidebar beside an article is read after it: of two columns, one at most half as wide as the other and set in
 * smaller type (margin notes, correspondence boxes) goes last.
 */
function sidebarLast(groups: Atom[][]): Atom[][] {
  if (groups.length !== 2) return groups;
  const [a, b] = groups;
  const wa = extentOf(a)[1] - extentOf(a)[0];
  const wb = extentOf(b)[1] - extentOf(b)[0];
  const [narrow, wide] = wa < wb ? [a, b] : [b, a];
  const narrowW = Math.min(wa, wb);
  const wideW = Math.max(wa, wb);
  if (narrow !== groups[0] || narrowW > wideW * CUT.sidebarMaxWidthShare) return groups;
  const small = typeSize(narrow);
  return small > 0 && small < typeSize(wide) * CUT.sidebarMaxSizeShare ? [wide, narrow] : groups;
}

/** A figure/table crossing a gutter blocks it only when a good share of it lies on each side. */
function regionBlocks(a: Atom, x: number): boolean {
  const w = a.box[2] - a.box[0];
  return Math.min(x - a.box[0], a.box[2] - x) > w * CUT.regionBlockShare;
}

/** Column groups split at valid vertical gutters, left to right; undefined when there is none. */
function verticalCut(atoms: readonly Atom[], opts: CutOptions): Cut | undefined {
  // Boxes are set apart by their own borders: a few pixels between two cards are a gutter.
  const textGutter = Math.max(CUT.textGutterMinPx, opts.bodySize * CUT.textGutterBodySizes);
  const scanned = atoms.some((a) => a.line) && atoms.every((a) => !a.line || a.line.line.source === 'ocr');
  const boxesOnly = atoms.every(isBox);
  const minGutter = boxesOnly ? CUT.boxGutterPx : scanned ? SCAN_MIN_GUTTER : textGutter;
  // Gutters come from text and containers; pictures may spill past their column (their clip is not known),
  // so they are checked against each gutter afterwards.
  const regions = atoms.filter((a) => a.region !== undefined);
  const spans = atoms
    .filter((a) => a.region === undefined && (a.children || a.box[2] - a.box[0] >= opts.bodySize * CUT.spanMinBodySizes))
    .map((a) => (a.children ? [a.box[0] + BOX_INSET, a.box[2] - BOX_INSET] : [a.box[0], a.box[2]]))
    .sort((a, b) => a[0] - b[0]);
  if (spans.length === 0 && regions.length >= 2) {
    for (const r of regions) spans.push([r.box[0] + BOX_INSET, r.box[2] - BOX_INSET]);
    spans.sort((a, b) => a[0] - b[0]);
  }
  if (spans.length < 2) return undefined;
  const cuts: { x: number; gap: number }[] = [];
  let right = spans[0][1];
  for (let i = 1; i < spans.length; i++) {
    const [left, r] = spans[i];
    if (left - right >= minGutter) cuts.push({ x: (left + right) / 2, gap: left - right });
    right = Math.max(right, r);
  }
  const validCuts = cuts.filter(({ x, gap }) => {
    if (regions.some((r) => regionBlocks(r, x))) return false;
    const left = atoms.filter((a) => centerX(a.box) < x);
    const rest = atoms.filter((a) => centerX(a.box) >= x);
    return validCut(left, rest) && (boxesOnly || gap >= textGutter || narrowGutterHolds(left, rest));
  });
  if (validCuts.length === 0) return undefined;
  const valid = validCuts.map((c) => c.x);
  const groups: Atom[][] = valid.map(() => []);
  groups.push([]);
  for (const a of atoms) {
    const cx = centerX(a.box);
    let k = 0;
    while (k < valid.length && cx >= valid[k]) k++;
    groups[k].push(a);
  }
  const nonEmpty = groups.filter((g) => g.length > 0);
  const ordered = opts.rtl ? nonEmpty.reverse() : nonEmpty;
  return { groups: sidebarLast(ordered), gap: Math.max(...validCuts.map((c) => c.gap)) };
}

function horizontalStrips(atoms: readonly Atom[], opts: CutOptions): Cut {
  const minGap = Math.max(opts.bodySize * CUT.stripGapBodySizes, (opts.lineGap ?? 0) * CUT.stripOverLineGap);
  const sorted = [...atoms].sort((a, b) => a.box[1] - b.box[1]);
  const strips: Atom[][] = [[sorted[0]]];
  let bottom = sorted[0].box[3];
  let widest = 0;
  const lineHeight = (a: Atom) => (a.line ? a.box[3] - a.box[1] : 0);
  let lastHeight = lineHeight(sorted[0]);
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i];
    const h = lineHeight(a);
    // Big type has wide line gaps: only a gap wide for the lines around it separates strips.
    if (a.box[1] - bottom >= Math.max(minGap, Math.min(h, lastHeight) * CUT.stripGapLineShare)) {
      strips.push([a]);
      widest = Math.max(widest, a.box[1] - bottom);
    } else strips[strips.length - 1].push(a);
    if (a.box[3] >= bottom) lastHeight = h;
    bottom = Math.max(bottom, a.box[3]);
  }
  return { groups: strips, gap: widest };
}

/** Leaf order: text rows top to bottom, each row in writing direction. */
export function sortLeaf(atoms: readonly Atom[], rtl: boolean): Atom[] {
  const byY = [...atoms].sort((a, b) => centerY(a.box) - centerY(b.box));
  const rows: Atom[][] = [];
  for (const a of byY) {
    const row = rows[rows.length - 1];
    const h = a.box[3] - a.box[1];
    if (row && Math.abs(centerY(row[0].box) - centerY(a.box)) < Math.min(h, row[0].box[3] - row[0].box[1]) * CUT.leafRowShare) row.push(a);
    else rows.push([a]);
  }
  const out: Atom[] = [];
  for (const r of rows) {
    if (r.length > 1) r.sort((a, b) => (rtl ? b.box[2] - a.box[2] : a.box[0] - b.box[0]));
    for (const a of r) out.push(a);
  }
  return out;
}

export interface Leaf {
  /** Atoms in reading order. */
  atoms: Atom[];
  /** Left and right edges of the column the leaf belongs to (for centring and indentation). */
  span: [number, number];
}

type Span = [number, number];

function extentOf(atoms: readonly Atom[]): Span {
  let l = Infinity;
  let r = -Infinity;
  for (const a of atoms) {
    if (a.box[0] < l) l = a.box[0];
    if (a.box[2] > r) r = a.box[2];
  }
  return [l, r];
}

/** A leaf in order, with each container replaced by the leaves of its own contents. */
function expandLeaf(atoms: readonly Atom[], span: Span, opts: CutOptions, depth: number): Leaf[] {
  const ordered = sortLeaf(atoms, opts.rtl);
  if (!ordered.some((a) => a.children)) return [{ atoms: ordered, span }];
  const out: Leaf[] = [];
  let run: Atom[] = [];
  for (const a of ordered) {
    if (!a.children) {
      run.push(a);
      continue;
    }
    if (run.length) out.push({ atoms: run, span });
    run = [];
    out.push(...cut(a.children, [a.box[0], a.box[2]], opts, depth + 1));
  }
  if (run.length) out.push({ atoms: run, span });
  return out;
}

/** The number a box or line opens with ("3. The Fundamental Theorem…"), if any. */
function leadNumber(a: Atom): number | undefined {
  const first = a.children ? sortLeaf(a.children, false)[0] : a;
  const m = first?.line ? /^(\d{1,3})[.)]?\s/u.exec(first.line.text) : null;
  return m ? Number(m[1]) : undefined;
}

/** How many consecutive numbered items go up (minus down) when groups are read in this order. */
function numberingAgreement(groups: readonly (readonly Atom[])[], rtl: boolean): number {
  const numbers = groups.flatMap((g) => sortLeaf(g, rtl).map(leadNumber)).filter((n): n is number => n !== undefined);
  let score = 0;
  for (let i = 1; i < numbers.length; i++) score += Math.sign(numbers[i] - numbers[i - 1]);
  return score;
}

/**
 * A grid of boxes (cards, figures) reads by rows when the rows are set apart at least as widely as the columns,
 * unless the boxes are numbered and the numbers run down the columns.
 */
function gridByRows(atoms: readonly Atom[], columns: Cut, opts: CutOptions): Cut | undefined {
  const rows = horizontalStrips(atoms, opts);
  if (rows.groups.length <= 1) return undefined;
  const byRows = numberingAgreement(rows.groups, opts.rtl);
  const byColumns = numberingAgreement(columns.groups, opts.rtl);
  if (byRows !== byColumns) return byRows > byColumns ? rows : undefined;
  return rows.gap >= columns.gap * CUT.gridRowGapShare ? rows : undefined;
}

/** Both strips hold numbered items ("1. …", "3. …"). */
function bothNumbered(upper: readonly Atom[], lower: readonly Atom[]): boolean {
  const numbered = (atoms: readonly Atom[]) => atoms.some((a) => leadNumber(a) !== undefined);
  return numbered(upper) && numbered(lower);
}

/**
 * The numbers of two strips run down their shared columns rather than across the rows: numbered cards or sections
 * laid out in columns, read column by column across a wide gap.
 */
function numbersRunDown(columns: Cut, upper: readonly Atom[], lower: readonly Atom[], opts: CutOptions): boolean {
  return numberingAgreement(columns.groups, opts.rtl) > numberingAgreement([upper, lower], opts.rtl);
}

function cut(atoms: readonly Atom[], span: Span, opts: CutOptions, depth: number): Leaf[] {
  if (atoms.length <= 1 || depth > CUT.maxDepth) return atoms.length ? expandLeaf(atoms, span, opts, depth) : [];
  const columns = verticalCut(atoms, opts);
  if (columns && atoms.every(isBox)) {
    const rows = gridByRows(atoms, columns, opts);
    if (rows) return rows.groups.flatMap((r) => cut(r, span, opts, depth + 1));
  }
  if (columns) return columns.groups.flatMap((c) => cut(c, extentOf(c), opts, depth + 1));
  const strips = horizontalStrips(atoms, opts).groups;
  if (strips.length <= 1) return expandLeaf(atoms, span, opts, depth);
  const merged: Atom[][] = [strips[0]];
  for (let i = 1; i < strips.length; i++) {
    const last = merged[merged.length - 1];
    const joined = [...last, ...strips[i]];
    // Only strips close together continue the same columns; a wide gap separates page sections, unless the
    // strips' numbered items run down the columns they share.
    const gap = Math.min(...strips[i].map((a) => a.box[1])) - Math.max(...last.map((a) => a.box[3]));
    const close = gap <= opts.bodySize * CUT.stripJoinBodySizes;
    const shared = close || bothNumbered(last, strips[i]) ? verticalCut(joined, opts) : undefined;
    if (shared && (close || numbersRunDown(shared, last, strips[i], opts))) merged[merged.length - 1] = joined;
    else merged.push(strips[i]);
  }
  if (merged.length === 1) return expandLeaf(atoms, span, opts, depth);
  return merged.flatMap((m) => cut(m, span, opts, depth + 1));
}

/**
 * The page's usual gap (px) between a line of running text and the next one below it that shares its horizontal
 * extent: the median over lines whose gap is line spacing. Double-spaced text (typescripts, contracts, drafts)
 * leaves half a line height and more between its lines, as much as the gap that parts sections of single-spaced
 * text, so strips are only cut at gaps clearly wider than the page's own line spacing.
 */
function usualLineGap(atoms: readonly Atom[]): number {
  // Lines of running text only: table cells and chart labels, spaced by their rows, would outnumber them.
  const lines = atoms.filter((a) => a.line && a.line.words >= CUT.proseMedianWords).sort((a, b) => a.box[1] - b.box[1]);
  const gaps: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const a = lines[i].box;
    const h = a[3] - a[1];
    // The next line down: its middle below this line's (padded OCR boxes of neighbouring lines overlap).
    for (let k = i + 1; k < lines.length && lines[k].box[1] <= a[3] + h * CUT.lineGapMaxShare; k++) {
      const b = lines[k].box;
      if (centerY(b) < centerY(a) + h / 2 || xOverlap(a, b) <= 0) continue;
      gaps.push(b[1] - a[3]);
      break;
    }
  }
  return gaps.length ? median(gaps) : 0;
}

/** Leaves of the page in reading order. */
export function xyCut(atoms: readonly Atom[], opts: CutOptions): Leaf[] {
  return cut(atoms, extentOf(atoms), { ...opts, lineGap: usualLineGap(atoms) }, 0);
}
