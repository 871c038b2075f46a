import type { ModelPage } from '../model/types.ts';
import { centerX, centerY } from '../model/geometry.ts';
import type { FurnitureMark } from './headers-footers.ts';
import type { LineInfo } from './internal.ts';
import { isPageNumber, startsWithNoteMark } from './patterns.ts';

/**
 * Furniture found from one page alone (single-page files, or pages whose header differs from its neighbours):
 * the first/last text rows inside the outer 9% of the page, set apart from the body by a wide gap, in a font
 * no bigger than the body. Also vertical text in the side margins (repository stamps such as arXiv ids).
 */
/** Share of the page height at the top and bottom where headers and footers sit. */
const BAND = 0.09;
/** The same for a row that is (or carries) a page number. */
const PAGE_NUMBER_BAND = 0.12;
/** Most rows of a header or footer. */
const MAX_ROWS = 3;

/** What sets a furniture row apart. Sizes are ratios to the body font size; positions are shares of the page. */
const FURNITURE = {
  /** Score of a row by its position alone... */
  baseScore: 0.55,
  /** ...plus this for a page number... */
  pageNumberBonus: 0.2,
  /** ...plus this for type smaller than `smallSizeRatio`... */
  smallTypeBonus: 0.1,
  smallSizeRatio: 0.95,
  /** ...plus this for furniture words (a URL, a year, "vol.")... */
  wordsBonus: 0.1,
  /** ...up to this. */
  maxScore: 0.9,
  /** A row with type larger than this size ratio is content (unless a page number). */
  maxSizeRatio: 1.2,
  /** Most words of a header or footer row. */
  maxWords: 30,
  /** A running head with a page number: largest size ratio and most words. */
  runningHeadMaxSizeRatio: 1.1,
  runningHeadMaxWords: 20,
  /** A spread row (left / centre / right pieces): most words of a piece, least width as a share of the page. */
  spreadPieceMaxWords: 6,
  spreadMinWidthShare: 0.5,
  /** Largest size ratio of a spread row. */
  spreadMaxSizeRatio: 1.5,
  /** Gap below a page-number row to the body, in body sizes. */
  pageNumberGapBodySizes: 0.8,
  /** Gap to the body of other rows: this many body sizes or `gapRowHeights` row heights, whichever is larger. */
  gapBodySizes: 1.6,
  gapRowHeights: 1.5,
  /** On scans, a spread row whose pitch to the next row is this many usual pitches is set apart. */
  widerPitchRatio: 1.25,
} as const;

/** A lone page number as the first or last row, and vertical text in the side margins. */
const LONE = {
  /** Largest size ratio of a lone page number. */
  maxSizeRatio: 1.3,
  /** It sits in the half of the page it heads or foots. */
  halfShare: 0.5,
  /** In the outer share of the page height any gap will do... */
  outerShare: 0.1,
  /** ...elsewhere a gap of this many body sizes. */
  gapBodySizes: 1.5,
  /** Score of a lone page number. */
  score: 0.7,
  /** Vertical text whose centre lies in this outer share of the page width is a margin stamp. */
  marginShare: 0.1,
  /** Score of a margin stamp. */
  marginScore: 0.6,
} as const;

interface Row {
  lines: LineInfo[];
  top: number;
  bottom: number;
  y: number;
}

function rowsOf(lines: readonly LineInfo[]): Row[] {
  const sorted = [...lines].sort((a, b) => centerY(a.box) - centerY(b.box));
  const rows: Row[] = [];
  for (const l of sorted) {
    const y = centerY(l.box);
    const last = rows[rows.length - 1];
    if (last && y - last.y < (l.box[3] - l.box[1]) / 2) {
      last.lines.push(l);
      last.top = Math.min(last.top, l.box[1]);
      last.bottom = Math.max(last.bottom, l.box[3]);
    } else rows.push({ lines: [l], top: l.box[1], bottom: l.box[3], y });
  }
  return rows;
}

const FURNITURE_WORDS =
  /(?:https?:|www\.|doi|©|\(c\)|copyright|vol\.|volume|issue|page\s*\d|download|published|journal|proceedings|rev(?:ision)?\b|confidential|all rights reserved|\b(?:19|20)\d\d\b)/iu;

function rowScore(row: Row, bodySize: number): number {
  const text = row.lines.map((l) => l.text).join(' ');
  let score = FURNITURE.baseScore;
  if (isPageNumber(text) || row.lines.some((l) => isPageNumber(l.text))) score += FURNITURE.pageNumberBonus;
  if (row.lines.every((l) => l.size < bodySize * FURNITURE.smallSizeRatio)) score += FURNITURE.smallTypeBonus;
  if (FURNITURE_WORDS.test(text)) score += FURNITURE.wordsBonus;
  return Math.min(score, FURNITURE.maxScore);
}

function plausible(row: Row, bodySize: number): boolean {
  const big = row.lines.some((l) => l.size > bodySize * FURNITURE.maxSizeRatio);
  const pageNo = row.lines.every((l) => isPageNumber(l.text));
  return pageNo || (!big && row.lines.reduce((n, l) => n + l.words, 0) <= FURNITURE.maxWords);
}

/** A running head carrying the page number ("Optimized Table Tokenization …   9"), in plain body-size type. */
function numberedRunningHead(row: Row, bodySize: number): boolean {
  const numbered =
    row.lines.some((l) => isPageNumber(l.text)) || /^\d{1,4}\s+\S|\S\s+\d{1,4}$/u.test(row.lines.map((l) => l.text).join(' '));
  const plainType = row.lines.every((l) => !l.bold && l.size <= bodySize * FURNITURE.runningHeadMaxSizeRatio);
  return numbered && plainType && row.lines.reduce((n, l) => n + l.words, 0) <= FURNITURE.runningHeadMaxWords;
}

/** The median distance between the centres of consecutive rows (the page's usual line pitch). */
function medianPitch(rows: readonly Row[]): number {
  const pitches = rows
    .slice(1)
    .map((r, i) => r.y - rows[i].y)
    .sort((a, b) => a - b);
  return pitches.length ? pitches[Math.floor(pitches.length / 2)] : Infinity;
}

/**
 * A row of two or more short pieces spread across the page (left / centre / right) that carries furniture words
 * or a page number: "Revision: 2.4   P/N 119-036   10 June 2019". Cover pages set these in their own, often
 * larger, type, so the body-size limits of ordinary headers do not apply.
 */
function spreadFurnitureRow(row: Row, pageWidth: number): boolean {
  if (row.lines.length < 2 || row.lines.some((l) => l.words > FURNITURE.spreadPieceMaxWords)) return false;
  const left = Math.min(...row.lines.map((l) => l.box[0]));
  const right = Math.max(...row.lines.map((l) => l.box[2]));
  if (right - left < FURNITURE.spreadMinWidthShare * pageWidth) return false;
  return row.lines.some((l) => isPageNumber(l.text) || FURNITURE_WORDS.test(l.text));
}

/**
 * Scans rows from the page edge inward while they stay in the band and look like furniture; returns the rows
 * up to the innermost one that is set apart from what follows it.
 */
function edgeRows(rows: readonly Row[], page: ModelPage, bodySize: number, fromTop: boolean): Row[] {
  const pageHeight = page.height;
  const pitch = medianPitch(rows);
  const ordered = fromTop ? rows : [...rows].reverse();
  let cut = 0;
  for (let i = 0; i < Math.min(MAX_ROWS, ordered.length - 1); i++) {
    const row = ordered[i];
    const rel = row.y / pageHeight;
    const spread = spreadFurnitureRow(row, page.width) && row.lines.every((l) => l.size <= bodySize * FURNITURE.spreadMaxSizeRatio);
    const pageNo = row.lines.every((l) => isPageNumber(l.text)) || numberedRunningHead(row, bodySize) || spread;
    const band = pageNo ? PAGE_NUMBER_BAND : BAND;
    if ((fromTop ? rel > band : rel < 1 - band) || !(spread || plausible(row, bodySize))) break;
    // A note opened by a mark above the footer line is a footnote, not furniture.
    if (!fromTop && i > 0 && (row.lines[0].superStart || startsWithNoteMark(row.lines[0].text))) break;
    const next = ordered[i + 1];
    const gap = fromTop ? next.top - row.bottom : row.top - next.bottom;
    const need = pageNo
      ? bodySize * FURNITURE.pageNumberGapBodySizes
      : Math.max(bodySize * FURNITURE.gapBodySizes, (row.bottom - row.top) * FURNITURE.gapRowHeights);
    // Text layers of scans give loose, overlapping boxes: there the wider line pitch shows the gap.
    const widerPitch = spread && Math.abs(next.y - row.y) >= FURNITURE.widerPitchRatio * pitch;
    if (gap >= need || widerPitch) cut = i + 1;
  }
  return ordered.slice(0, cut);
}

/**
 * A lone page number as the first or last row of the page, even outside the band (a short last page) or close
 * to the text (a crowded page): alone on its row and either well apart from the text or in the outer 10%.
 */
function loneNumberRow(rows: readonly Row[], page: ModelPage, bodySize: number, fromTop: boolean): Row | undefined {
  if (rows.length < 2) return undefined;
  const row = fromTop ? rows[0] : rows[rows.length - 1];
  const next = fromTop ? rows[1] : rows[rows.length - 2];
  if (row.lines.length !== 1 || !isPageNumber(row.lines[0].text) || row.lines[0].size > bodySize * LONE.maxSizeRatio) return undefined;
  const rel = row.y / page.height;
  if (fromTop ? rel > LONE.halfShare : rel < LONE.halfShare) return undefined;
  const gap = fromTop ? next.top - row.bottom : row.top - next.bottom;
  const outer = fromTop ? rel < LONE.outerShare : rel > 1 - LONE.outerShare;
  return gap >= bodySize * LONE.gapBodySizes || (outer && gap >= 0) ? row : undefined;
}

/**
 * `minScore` above the base score asks for evidence beyond position (a page number, a smaller font, words such
 * as "www", "vol.", a year): in long documents running heads repeat, so a lone isolated line is more often
 * content (a paragraph's last line carried over) than a header.
 */
export function positionalFurniture(
  page: ModelPage,
  lines: readonly LineInfo[],
  bodySize: number,
  minScore: number = FURNITURE.baseScore,
): Map<string, FurnitureMark> {
  const marks = new Map<string, FurnitureMark>();
  const horizontal = lines.filter((l) => l.line.rotation === 0);
  const rows = rowsOf(horizontal);
  for (const row of edgeRows(rows, page, bodySize, true)) {
    const score = rowScore(row, bodySize);
    if (score >= minScore) for (const l of row.lines) marks.set(l.line.id, { type: 'page_header', score });
  }
  for (const row of edgeRows(rows, page, bodySize, false)) {
    const score = rowScore(row, bodySize);
    if (score >= minScore) for (const l of row.lines) marks.set(l.line.id, { type: 'page_footer', score });
  }
  const top = loneNumberRow(rows, page, bodySize, true);
  if (top && !marks.has(top.lines[0].line.id)) marks.set(top.lines[0].line.id, { type: 'page_header', score: LONE.score });
  const bottom = loneNumberRow(rows, page, bodySize, false);
  if (bottom && !marks.has(bottom.lines[0].line.id)) marks.set(bottom.lines[0].line.id, { type: 'page_footer', score: LONE.score });
  for (const l of lines) {
    if (l.line.rotation === 0 || l.line.rotation === 180) continue;
    const x = centerX(l.box) / page.width;
    if (x < LONE.marginShare || x > 1 - LONE.marginShare) marks.set(l.line.id, { type: 'page_header', score: LONE.marginScore });
  }
  return marks;
}
