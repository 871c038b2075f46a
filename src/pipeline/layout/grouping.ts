import type { BBox } from '../model/types.ts';
import { centerY, height, xOverlap } from '../model/geometry.ts';
import { boxOfLines, median, mergeRow, type Draft, type LineInfo } from './internal.ts';
import { captionLabelOf, endsSentence, isKeyValueText } from './patterns.ts';
import { alignedRuns, type RowRun } from './tables.ts';
import type { Atom, Leaf } from './xycut.ts';

/**
 * Lines → blocks inside one XY-cut leaf (a column segment), so blocks never cross columns. A new block starts
 * at a wider vertical gap, a font change (size, bold, monospace), a list marker, a caption label, a switch
 * between formula and prose, a first-line indent after a finished line, or a rule drawn between two lines.
 */
export interface GroupContext {
  bodySize: number;
  /** Typical gap between consecutive lines, as a share of the font size. */
  gapRatio: number;
  /** Horizontal rules on the page (thin paths). */
  rules: readonly BBox[];
  /** Most text on the page is in a monospaced font, so monospace does not single out code. */
  monoPage: boolean;
  /** Aligned rows stay text instead of becoming tables (the `fast` profile skips table analysis). */
  noTables?: boolean;
}

/**
 * When the next line starts a new block. `em` is the larger font size of the two lines (px); other lengths are
 * in px; shares are of the quantity named.
 */
const BREAK = {
  /** Two lines share a row when their centres are less than this share of the smaller height apart. */
  sameRowShare: 0.5,
  /** Code keeps together across gaps up to this many em. */
  codeGapEm: 1.6,
  /** A gap wider than the page's usual line gap by this many em, or `extraGapPx`, whichever is larger. */
  extraGapEm: 0.45,
  extraGapPx: 3,
  /** Font sizes differing by more than this share of em. */
  sizeChangeShare: 0.12,
  /** Room (em) the next line's first word needs after a line, beside the word itself, for that line to be full... */
  wrapRoomEm: 0.3,
  /** ...measured against the column edge less this many em. */
  wrapEdgeSlackEm: 0.5,
  /** A typeface change with a size change above this share of em starts a block even after a full line. */
  fontSizeChangeShare: 0.03,
  /** Lines on either side of this math score are formula and prose. */
  mathScore: 0.5,
  /** Two key-value lines of at most this many words each are separate entries. */
  keyValueMaxWords: 10,
  /** A bare numbered entry starts within this many em of the block's first line. */
  numberedEntryIndentEm: 0.3,
  /** A list item's continuation lines hang at most this many em left of the item text. */
  hangSlackEm: 0.5,
  /** Indents and outdents of at least this many em break a block. */
  indentEm: 0.8,
  /** After a short line that ends a sentence, an indent of this many em already opens a paragraph. */
  indentAfterShortEm: 0.4,
  /** Most words of a short OCR line that ends its block as a heading would (see `headingLike`). */
  headingLineMaxWords: 6,
  /** ...when the line below it is at least this many times as wide (address lines are of like widths). */
  headingBelowWidthRatio: 1.8,
  /** A line back within this many em of the first line's edge (hanging indent) opens the next entry. */
  backAtEdgeEm: 0.3,
} as const;

/** Scores of the drafts grouping makes (classification settles text drafts' scores later). */
const DRAFT_SCORE = {
  keyValue: 0.7,
  table: 0.55,
  text: 0.5,
} as const;

/** The usual gap between the lines of a paragraph, measured on a page; shares are of the font size. */
const LINE_GAP = {
  /** Consecutive lines whose sizes differ by at most this share are measured. */
  sameSizeShare: 0.05,
  /** Gaps between these shares of the font size are line gaps (overlaps and paragraph breaks are not). */
  minShare: -0.5,
  maxShare: 1.2,
  /** Fewest gaps to measure; with fewer, `fallback` is used. */
  minSamples: 3,
  fallback: 0.25,
} as const;

function ruleBetween(a: BBox, b: BBox, rules: readonly BBox[]): boolean {
  const top = a[3] - 1;
  const bottom = b[1] + 1;
  if (bottom <= top) return false;
  for (const r of rules) {
    const y = (r[1] + r[3]) / 2;
    if (y > top && y < bottom && xOverlap(r, a) > 0 && xOverlap(r, b) > 0) return true;
  }
  return false;
}

interface Flow {
  lines: LineInfo[];
  left: number;
  /** For list items: where the item text starts (continuation lines hang there). */
  hang?: number;
}

function hangOf(l: LineInfo): number {
  if (l.lead) return l.wordList[0]?.bbox[0] ?? l.box[0];
  const second = l.wordList[1];
  return second ? second.bbox[0] : l.box[0];
}

/**
 * A short OCR line starting with a capital (after a section number such as "3." or "2.1") and ending without
 * punctuation, first in its block: a heading that OCR cannot tell by bold or typeface, so it does not run into the
 * paragraph it opens (a numbered one would otherwise open a list item that swallows the section).
 */
function headingLike(l: LineInfo): boolean {
  return l.words <= BREAK.headingLineMaxWords && /^(?:\d{1,2}(?:\.\d{1,2})*\.?\s+)?\p{Lu}[^.,;:!?]*[\p{L})]$/u.test(l.text);
}

function startsNew(flow: Flow, b: LineInfo, ctx: GroupContext, columnRight: number): boolean {
  const a = flow.lines[flow.lines.length - 1];
  const size = Math.max(a.size, b.size);
  const em = size;
  if (Math.abs(centerY(a.box) - centerY(b.box)) < Math.min(height(a.box), height(b.box)) * BREAK.sameRowShare) return false;
  const gap = b.box[1] - a.box[3];
  // Code keeps together across indentation and single blank lines.
  if (a.mono && b.mono && !ctx.monoPage) return gap > size * BREAK.codeGapEm || ruleBetween(a.box, b.box, ctx.rules);
  if (gap > ctx.gapRatio * size + Math.max(BREAK.extraGapEm * size, BREAK.extraGapPx)) return true;
  if (xOverlap(boxOfLines(flow.lines), b.box) <= 0) return true;
  if (Math.abs(a.size - b.size) > BREAK.sizeChangeShare * size) return true;
  if (a.mono !== b.mono) return true;
  // `a` is full when the next line's first word would not have fitted after it (so the line wrapped).
  const firstWord = b.wordList[0];
  const nextWord = firstWord ? firstWord.bbox[2] - firstWord.bbox[0] : em;
  const aFull = a.box[2] + nextWord + BREAK.wrapRoomEm * em >= columnRight - BREAK.wrapEdgeSlackEm * em;
  // A change of typeface after a short line marks a heading or another element (mixed scripts and italics
  // inside running text change fonts too, but there the first line runs to the column edge).
  if (a.fontName !== b.fontName && a.italic === b.italic && (Math.abs(a.size - b.size) > BREAK.fontSizeChangeShare * size || !aFull))
    return true;
  // Bold to regular after a short line is a heading's end; a bold run-in label inside a full line is not.
  if (a.bold !== b.bold && (!aFull || b.bold)) return true;
  if (captionLabelOf(b.text)?.punctuated) return true;
  // The line below is much wider: a paragraph (or a longer subtitle) opens under the short line.
  const bWider = b.box[2] - b.box[0] >= (a.box[2] - a.box[0]) * BREAK.headingBelowWidthRatio;
  if (flow.lines.length === 1 && !aFull && bWider && a.line.source === 'ocr' && b.line.source === 'ocr' && headingLike(a)) return true;
  if (a.math >= BREAK.mathScore !== b.math >= BREAK.mathScore) return true;
  if (isKeyValueText(a.text) && isKeyValueText(b.text) && a.words <= BREAK.keyValueMaxWords && b.words <= BREAK.keyValueMaxWords)
    return true;
  if (ruleBetween(a.box, b.box, ctx.rules)) return true;
  const aDone = endsSentence(a.text) || !aFull;
  if (b.marker) {
    // "… in Section\n2. The results": an ordered number wrapped to the start of a line is not a list item.
    const wrapped = b.marker.kind === 'ordered' && flow.hang === undefined && !aDone;
    if (!wrapped) return true;
  }
  // "12 Smith J. …" after a finished short line: the next entry of a numbered list without punctuation.
  if (b.numberLead !== undefined && !aFull && endsSentence(a.text) && b.box[0] <= flow.lines[0].box[0] + BREAK.numberedEntryIndentEm * em)
    return true;
  if (flow.hang !== undefined) {
    if (b.box[0] >= flow.hang - BREAK.hangSlackEm * em) return false;
    return aDone;
  }
  const dropCap = flow.lines[0].lead?.dropCap === true;
  if (flow.lines.length >= 2 && !dropCap) {
    if (b.box[0] < flow.left - BREAK.indentEm * em) return true;
    // Hanging indent (reference lists): a line back at the first line's edge opens the next entry.
    const first = flow.lines[0].box[0];
    if (flow.left - first >= BREAK.indentEm * em && b.box[0] <= first + BREAK.backAtEdgeEm * em) return true;
  }
  // First-line indent after a finished line opens a new paragraph; after a short last line, where the paragraph
  // visibly ended, a smaller indent does (OCR boxes of a scan blur an indent of a few points).
  const indentCue = aFull ? BREAK.indentEm : BREAK.indentAfterShortEm;
  if (b.box[0] - a.box[0] >= indentCue * em && endsSentence(a.text) && flow.lines[0].numberLead === undefined) return true;
  return false;
}

function openFlow(l: LineInfo): Flow {
  return { lines: [l], left: l.box[0], hang: l.marker ? hangOf(l) : undefined };
}

function extend(flow: Flow, l: LineInfo): void {
  // `left` is the edge of the body lines, not of an indented (or outdented) first line.
  if (flow.lines.length === 1) flow.left = l.box[0];
  else flow.left = Math.min(flow.left, l.box[0]);
  flow.lines.push(l);
}

function groupLines(lines: readonly LineInfo[], ctx: GroupContext, columnRight: number): LineInfo[][] {
  const out: LineInfo[][] = [];
  let flow: Flow | undefined;
  for (const l of lines) {
    if (flow && !startsNew(flow, l, ctx, columnRight)) extend(flow, l);
    else {
      if (flow) out.push(flow.lines);
      flow = openFlow(l);
    }
  }
  if (flow) out.push(flow.lines);
  return out;
}

function rowsOf(lines: readonly LineInfo[]): LineInfo[][] {
  const rows: LineInfo[][] = [];
  for (const l of lines) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(centerY(row[0].box) - centerY(l.box)) < Math.min(height(row[0].box), height(l.box)) * BREAK.sameRowShare)
      row.push(l);
    else rows.push([l]);
  }
  return rows;
}

function runDrafts(rows: readonly LineInfo[][], run: RowRun): Draft[] {
  if (run.kind === 'key_value') {
    return rows
      .slice(run.start, run.end + 1)
      .map((r) => ({ lines: r, bbox: boxOfLines(r), type: 'key_value', score: DRAFT_SCORE.keyValue, flow: 0 }));
  }
  const lines = rows.slice(run.start, run.end + 1).flat();
  return [{ lines, bbox: boxOfLines(lines), type: 'table', score: DRAFT_SCORE.table, region: 'table', flow: 0 }];
}

/** Text lines of one leaf → drafts (typed `text` until classification), with aligned rows as tables/key-values. */
function groupRun(lines: readonly LineInfo[], ctx: GroupContext): Draft[] {
  if (lines.length === 0) return [];
  const columnRight = Math.max(...lines.map((l) => l.box[2]));
  const rows = rowsOf(lines);
  // Monospaced rows are code whose spacing is indentation, not table cells.
  const codeRows = !ctx.monoPage && rows.some((r) => r.every((l) => l.mono));
  // Unruled tables as layout sees them (aligned cells); pipeline/tables recovers their cells later.
  const aligned = rows.length >= 2 && !codeRows ? alignedRuns(rows, ctx.bodySize) : [];
  const runs = ctx.noTables ? aligned.filter((r) => r.kind !== 'table') : aligned;
  const out: Draft[] = [];
  let next = 0;
  const flush = (end: number) => {
    const part = rows.slice(next, end).map(mergeRow);
    for (const g of groupLines(part, ctx, columnRight))
      out.push({ lines: g, bbox: boxOfLines(g), type: 'text', score: DRAFT_SCORE.text, flow: 0 });
  };
  for (const run of runs) {
    flush(run.start);
    out.push(...runDrafts(rows, run));
    next = run.end + 1;
  }
  flush(rows.length);
  return out;
}

/** One leaf's atoms (already in reading order) → drafts in reading order. */
export function groupLeaf(atoms: readonly Atom[], ctx: GroupContext, regionDrafts: readonly Draft[]): Draft[] {
  const out: Draft[] = [];
  let pending: LineInfo[] = [];
  for (const a of atoms) {
    if (a.region !== undefined) {
      out.push(...groupRun(pending, ctx));
      pending = [];
      out.push(regionDrafts[a.region]);
    } else if (a.line) pending.push(a.line);
  }
  out.push(...groupRun(pending, ctx));
  return out;
}

/** The usual gap between consecutive lines of one paragraph on this page, as a share of font size. */
export function typicalGapRatio(leaves: readonly Leaf[]): number {
  const ratios: number[] = [];
  for (const { atoms } of leaves) {
    for (let i = 1; i < atoms.length; i++) {
      const a = atoms[i - 1].line;
      const b = atoms[i].line;
      if (!a || !b || Math.abs(a.size - b.size) > LINE_GAP.sameSizeShare * a.size) continue;
      const gap = b.box[1] - a.box[3];
      if (gap > LINE_GAP.minShare * a.size && gap < LINE_GAP.maxShare * a.size && xOverlap(a.box, b.box) > 0) ratios.push(gap / a.size);
    }
  }
  return ratios.length >= LINE_GAP.minSamples ? Math.max(0, median(ratios)) : LINE_GAP.fallback;
}
