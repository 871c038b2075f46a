import type { ModelPage } from '../model/types.ts';
import { union } from '../model/geometry.ts';
import { type Draft, readByOcr } from './internal.ts';
import { sortLeaf } from './xycut.ts';

/**
 * Tables of scanned pages in one piece. On a scan, rows of an unruled table whose cells wrap over several lines
 * (or whose OCR boxes blur the column gaps) do not line up as aligned rows, so grouping finds the table in pieces
 * with text blocks of those rows between them. Pieces one above the other over the same width, with the blocks
 * between them packed as tightly as table rows (no paragraph gap anywhere), are one table. Two tables with a
 * paragraph between them stay apart: a paragraph stands off a table by at least a line's gap.
 */
const SCAN_TABLE_JOIN = {
  /** Two pieces share a table's width when their horizontal overlap is at least this share of the narrower one. */
  minWidthShare: 0.8,
  /** A block between them lies inside the table when this share of its width does. */
  insideShare: 0.9,
  /** The widest vertical gap, in body sizes, between consecutive members (pieces and blocks between them). */
  maxGapBodySizes: 0.5,
} as const;

const width = (d: Draft) => d.bbox[2] - d.bbox[0];
const overlapX = (a: Draft, b: Draft) => Math.min(a.bbox[2], b.bbox[2]) - Math.max(a.bbox[0], b.bbox[0]);

function sameWidth(a: Draft, b: Draft): boolean {
  return overlapX(a, b) >= Math.min(width(a), width(b)) * SCAN_TABLE_JOIN.minWidthShare;
}

/** Plain text inside the table's span: rows grouping could not align. Headings and regions end a table. */
function rowLike(d: Draft, span: Draft): boolean {
  return d.type === 'text' && d.region === undefined && overlapX(d, span) >= width(d) * SCAN_TABLE_JOIN.insideShare;
}

/** The drafts from `upper` down to `lower` (both tables) when they make one table; undefined when they do not. */
function tableBetween(upper: Draft, lower: Draft, drafts: readonly Draft[], bodySize: number): Draft[] | undefined {
  if (lower.bbox[1] <= upper.bbox[1] || !sameWidth(upper, lower)) return undefined;
  const span: Draft = { ...upper, bbox: union([upper.bbox, lower.bbox]) };
  const middle = (d: Draft) => (d.bbox[1] + d.bbox[3]) / 2;
  const between = drafts.filter(
    (d) => d !== upper && d !== lower && overlapX(d, span) > 0 && middle(d) > upper.bbox[1] && middle(d) < lower.bbox[3],
  );
  if (!between.every((d) => rowLike(d, span))) return undefined;
  const members = [upper, ...between, lower].sort((a, b) => a.bbox[1] - b.bbox[1]);
  let bottom = members[0].bbox[3];
  for (const m of members.slice(1)) {
    if (m.bbox[1] - bottom > bodySize * SCAN_TABLE_JOIN.maxGapBodySizes) return undefined;
    bottom = Math.max(bottom, m.bbox[3]);
  }
  return members;
}

/** Folds `members` into `kept`, one of them (kept, so maps keyed by it stay valid), and drops the others. */
function fold(kept: Draft, members: Draft[], drafts: Draft[]): void {
  const rest = members.filter((m) => m !== kept);
  const lines = members.flatMap((m) => m.lines);
  kept.lines = sortLeaf(
    lines.map((l) => ({ box: l.box, line: l })),
    false,
  ).map((a) => a.line!);
  kept.bbox = union(members.map((m) => m.bbox));
  for (const m of rest) drafts.splice(drafts.indexOf(m), 1);
}

/** Joins the pieces of each table of an OCR page (see SCAN_TABLE_JOIN) and renumbers the flow. */
export function joinScanTablePieces(drafts: Draft[], page: ModelPage, bodySize: number): void {
  if (!readByOcr(page)) return;
  for (let joined = true; joined; ) {
    joined = false;
    const tables = drafts.filter((d) => d.type === 'table').sort((a, b) => a.bbox[1] - b.bbox[1]);
    for (let i = 0; i + 1 < tables.length && !joined; i++) {
      const members = tableBetween(tables[i], tables[i + 1], drafts, bodySize);
      if (members) {
        fold(tables[i], members, drafts);
        joined = true;
      }
    }
  }
  drafts.forEach((d, i) => (d.flow = i));
}
