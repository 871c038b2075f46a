import type { ModelPage } from '../model/types.ts';
import type { TableModel } from './types.ts';

/**
 * A running header or footer set in two columns (a title on the left, the date and page number on the right)
 * lines up like a table, and the first body line under it can join as a last row. It is the page's furniture,
 * which layout has already recognised (repeated across pages, or alone in the margin band): a found table made
 * mostly of such lines is dropped. A table whose repeated column heads layout took for a running header keeps
 * its body rows, so it stays.
 */

/** Share of a table's filled cells that are running-head text for the table to be the page furniture. */
const FURNITURE_CELL_SHARE = 0.5;

/** Word ids are `<line id>_w<n>` (grid.ts pageWords). */
const lineIdOf = (wordId: string) => wordId.replace(/_w\d+$/, '');

/** The table's filled cells are mostly lines that layout put in the page header or footer. */
export function furnitureTable(t: TableModel, page: ModelPage): boolean {
  const furniture = new Set(
    page.blocks.filter((b) => b.type === 'page_header' || b.type === 'page_footer').flatMap((b) => b.lines.map((l) => l.id)),
  );
  if (furniture.size === 0) return false;
  const filled = t.cells.filter((c) => c.wordIds.length > 0);
  const inFurniture = filled.filter((c) => c.wordIds.every((id) => furniture.has(lineIdOf(id)))).length;
  return filled.length > 0 && inFurniture >= filled.length * FURNITURE_CELL_SHARE;
}
