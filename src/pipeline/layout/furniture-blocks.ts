import { centerY, height } from '../model/geometry.ts';
import type { FurnitureMark } from './headers-footers.ts';
import { boxOfLines, type Draft, type LineInfo } from './internal.ts';

/**
 * Furniture lines → page_header/page_footer drafts: pieces of one running header on the same row (split by
 * the PDF into several runs) join; items far apart on a row (title left, page number right) stay separate.
 */
export function groupFurniture(lines: readonly LineInfo[], marks: ReadonlyMap<string, FurnitureMark>): Draft[] {
  const sorted = [...lines].sort((a, b) => centerY(a.box) - centerY(b.box) || a.box[0] - b.box[0]);
  const drafts: Draft[] = [];
  for (const l of sorted) {
    const mark = marks.get(l.line.id)!;
    const near = drafts.find((d) => {
      if (d.type !== mark.type) return false;
      const last = d.lines[d.lines.length - 1];
      const sameRow = Math.abs(centerY(last.box) - centerY(l.box)) < height(l.box) * 0.5;
      const gapX = l.box[0] - last.box[2];
      if (sameRow) return gapX >= -2 && gapX < l.size * 2;
      const gapY = l.box[1] - last.box[3];
      return gapY >= -2 && gapY < l.size * 0.6 && Math.abs(l.box[0] - d.bbox[0]) < l.size * 2;
    });
    if (near) {
      near.lines.push(l);
      near.bbox = boxOfLines(near.lines);
      near.score = Math.max(near.score, mark.score);
    } else drafts.push({ lines: [l], bbox: l.box, type: mark.type, score: mark.score, flow: 0 });
  }
  return drafts;
}
