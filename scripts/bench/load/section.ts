/**
 * docs/benchmarks.md holds two reports: the quality/speed report of `npm run bench` and, between these markers,
 * the load report of `npm run bench -- load`. Each writer replaces only its own part.
 */
export const LOAD_BEGIN = '<!-- load:begin -->';
export const LOAD_END = '<!-- load:end -->';

/** The load section of a document, markers included, or null when it has none. */
export function extractLoadSection(doc: string): string | null {
  const begin = doc.indexOf(LOAD_BEGIN);
  const end = doc.indexOf(LOAD_END, begin);
  if (begin < 0 || end < 0) return null;
  return doc.slice(begin, end + LOAD_END.length);
}

/** The document with its load section replaced by `body` (appended when there was none). */
export function withLoadSection(doc: string, body: string): string {
  const section = `${LOAD_BEGIN}\n${body.trim()}\n${LOAD_END}`;
  const current = extractLoadSection(doc);
  if (current !== null) return doc.replace(current, () => section);
  return `${doc.trimEnd()}${doc.trim() ? '\n\n' : ''}${section}\n`;
}

/** A freshly rendered bench report that keeps the load section of the previous file. */
export function keepLoadSection(previous: string | null, report: string): string {
  const section = previous === null ? null : extractLoadSection(previous);
  return section === null ? report : `${report.trimEnd()}\n\n${section}\n`;
}
