import { describe, expect, it } from 'vitest';
import { detect, policies, textRowsOf } from './helpers/table-detect.ts';
import {
  CODE_BODY,
  CODE_COLUMNS,
  headRow,
  tableAmongProseColumnsPdf,
  tightCodeTablePdf,
  YEARS_BODY,
  YEARS_COLUMNS,
} from './helpers/table-tight-pdfs.ts';

/**
 * Unruled tables set with gutters about as wide as a word space, so some rows read as one piece across two
 * columns: a column of figures against a column of codes under head cells wrapped onto several lines, and a
 * table of figures inside one column of two-column prose.
 */

describe('tables with gutters as narrow as a word space', () => {
  it.each(policies)(
    'a column of figures set tight against a column of codes parts from it, under heads wrapped onto three lines (%s)',
    (policy) => {
      const tables = detect(tightCodeTablePdf(), policy);
      expect(tables).toHaveLength(1);
      expect(textRowsOf(tables[0])).toEqual([headRow(CODE_COLUMNS), ...CODE_BODY.map((r) => r.filter(Boolean))]);
    },
  );

  it.each(policies)('a tight table inside one column of two-column prose is found without the prose (%s)', (policy) => {
    const tables = detect(tableAmongProseColumnsPdf(), policy);
    expect(tables).toHaveLength(1);
    expect(textRowsOf(tables[0])).toEqual([headRow(YEARS_COLUMNS), ...YEARS_BODY]);
  });
});
