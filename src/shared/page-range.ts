/**
 * `page_range` (decisions.md, extensions): 1-based pages and ranges separated by commas, `"1-3,7"` (the syntax
 * Azure Document Intelligence uses for `pages`), whitespace tolerated. Parsed into sorted, unique, zero-based page
 * indexes; anything else is a PageRangeError whose message says what is wrong, for a 422 naming `page_range`.
 */

export class PageRangeError extends Error {}

const PART = /^(\d+)(?:\s*-\s*(\d+))?$/;

/** The zero-based page indexes `text` selects in a document of `pageCount` pages. */
export function parsePageRange(text: string, pageCount: number): number[] {
  const selected = new Set<number>();
  for (const part of pageRangeParts(text)) {
    const [first, last] = part;
    if (last > pageCount) {
      throw new PageRangeError(
        `page_range names page ${last}, past the last page of the document (${pageCount} page${pageCount === 1 ? '' : 's'})`,
      );
    }
    for (let page = first; page <= last; page++) selected.add(page - 1);
  }
  return [...selected].sort((a, b) => a - b);
}

/**
 * The syntax alone, without a document: each part as [first, last] 1-based pages. Lets a request be refused for a
 * malformed range before anything is stored.
 */
export function pageRangeParts(text: string): [number, number][] {
  if (typeof text !== 'string' || text.trim() === '') throw new PageRangeError('page_range is empty; give pages like "1-3,7"');
  return text.split(',').map((raw) => {
    const part = raw.trim();
    const match = PART.exec(part);
    if (!match) throw new PageRangeError(`page_range part "${part}" is not a page or a range of pages like "1-3,7"`);
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    if (first < 1 || last < 1) throw new PageRangeError('page_range pages are 1-based: page 0 does not exist');
    if (last < first) throw new PageRangeError(`page_range part "${part}" is reversed; write it "${last}-${first}"`);
    if (!Number.isSafeInteger(last)) throw new PageRangeError(`page_range part "${part}" is out of range`);
    return [first, last];
  });
}

/** Canonical 1-based text of a selection (`[0,1,2,6]` → `"1-3,7"`): equal selections, equal text (cache keys). */
export function formatPageSelection(indexes: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < indexes.length; i++) {
    const start = indexes[i];
    while (i + 1 < indexes.length && indexes[i + 1] === indexes[i] + 1) i++;
    parts.push(indexes[i] === start ? `${start + 1}` : `${start + 1}-${indexes[i] + 1}`);
  }
  return parts.join(',');
}
