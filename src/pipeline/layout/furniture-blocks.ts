import { centerY, height } from '../model/geometry.ts';
import type { FurnitureMark } from './headers-footers.ts';
import { boxOfLines, type Draft, type LineInfo } from './internal.ts';

/**
 * Furniture lines → page_header/page_footer drafts: pieces of one running header on the same row (split by
 * the PDF into several runs) join; items far apart on a row (title left, page number right) stay separate.
 */
/** Pieces of one furniture item. Lengths are in px or in the piece's font size. */
const PIECE = {
  /** Pieces share a row when their centres are less than this share of the height apart. */
  sameRowShare: 0.5,
  /** Pieces may overlap by this many px. */
  overlapPx: 2,
  /** Pieces on one row join across gaps under this many sizes. */
  rowGapSizes: 2,
  /** A piece on the next row joins when it starts less than this many sizes below... */
  lineGapSizes: 0.6,
  /** ...and less than this many sizes from the item's left edge. */
  indentSizes: 2,
} as const;

export function groupFurniture(lines: readonly LineInfo[], marks: ReadonlyMap<string, FurnitureMark>): Draft[] {
  const sorted = [...lines].sort((a, b) => centerY(a.box) - centerY(b.box) || a.box[0] - b.box[0]);
  const drafts: Draft[] = [];
  for (const l of sorted) {
    const mark = marks.get(l.line.id)!;
    const near = drafts.find((d) => {
      if (d.type !== mark.type) return false;
      const last = d.lines[d.lines.length - 1];
      const sameRow = Math.abs(centerY(last.box) - centerY(l.box)) < height(l.box) * PIECE.sameRowShare;
      const gapX = l.box[0] - last.box[2];
      if (sameRow) return gapX >= -PIECE.overlapPx && gapX < l.size * PIECE.rowGapSizes;
      const gapY = l.box[1] - last.box[3];
      return gapY >= -PIECE.overlapPx && gapY < l.size * PIECE.lineGapSizes && Math.abs(l.box[0] - d.bbox[0]) < l.size * PIECE.indentSizes;
    });
    if (near) {
      near.lines.push(l);
      near.bbox = boxOfLines(near.lines);
      near.score = Math.max(near.score, mark.score);
    } else drafts.push({ lines: [l], bbox: l.box, type: mark.type, score: mark.score, flow: 0 });
  }
  return drafts;
}
