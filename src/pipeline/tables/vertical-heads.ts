import type { BBox, Line, ModelPage } from '../model/types.ts';
import { centerIn } from './grid.ts';
import type { TableCellModel } from './types.ts';

/**
 * Column heads set vertically (narrow columns of check marks under names that run up the page) are left out of
 * the row and column alignment, which reads horizontal words only; an upright table then has an empty head row.
 * An empty cell of such a table takes the text of the vertical lines whose centre lies inside it: heads running
 * up (rotation 270) read left to right, heads running down (90) right to left, as a reader turns the page.
 */
export function fillFromVerticalText(page: ModelPage, cells: TableCellModel[]): void {
  const vertical = page.lines.filter((l) => l.rotation % 180 !== 0 && l.text.trim());
  if (vertical.length === 0) return;
  for (const cell of cells) {
    if (cell.text) continue;
    const inside = vertical.filter((l) => centerIn(l.bbox, cell.bbox));
    if (inside.length === 0) continue;
    const ordered = [...inside].sort((a, b) => readingKey(a) - readingKey(b));
    cell.text = ordered.map((l) => l.text.trim()).join(' ');
    cell.wordIds = ordered.flatMap((l) => l.words.map((_, i) => `${l.id}_w${i}`));
  }
}

function readingKey(line: Line): number {
  const box: BBox = line.bbox;
  return line.rotation === 90 ? -box[2] : box[0];
}
