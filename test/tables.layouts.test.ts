import { describe, expect, it } from 'vitest';
import { detect, firstPage, policies, textRowsOf } from './helpers/table-detect.ts';
import { pageWords } from '../src/pipeline/tables/grid.ts';
import { findUnruledTables } from '../src/pipeline/tables/unruled.ts';
import {
  authorListPdf,
  boxedWrappedTextPdf,
  WRAPPED_RECORDS,
  FUSED_ROWS,
  fusedRowsPdf,
  TIGHT_TEXT_ROWS,
  tightFigureTextPdf,
  BOXED_GROUPS,
  BOXED_HEAD,
  boxedGroupsPdf,
  formLineOverRuledTablePdf,
  GROUPED_BODY,
  GROUPED_HEAD,
  LEFT_DATES,
  LOWER_TABLE,
  RIGHT_CODES,
  rowSpanningRowRulesPdf,
  SPANNED_ROWS,
  sideBySideCaptionedPdf,
  unruledBesideGridWithNotesPdf,
  ZEBRA_BODY,
  ZEBRA_HEAD,
  zebraGroupsPdf,
  ruledBesideShadedPdf,
  rowRuledGroupsPdf,
  SHADED_TABLE,
  SMALL_TABLE,
  stackedTablesWithParagraphPdf,
  tableBetweenProseColumnsPdf,
  UPPER_TABLE,
} from './helpers/table-layout-pdfs.ts';

/** Tables among what surrounds them on real pages, on generated born-digital pages, both policies. */

const groupedRows = [GROUPED_HEAD, ...GROUPED_BODY.map((r) => (typeof r === 'string' ? [r] : r))];

describe('table detection among surrounding content', () => {
  it.each(policies)('a table between two-column prose is found on its own, the prose is no table (%s)', (policy) => {
    const tables = detect(tableBetweenProseColumnsPdf(), policy);
    expect(tables).toHaveLength(1);
    expect(textRowsOf(tables[0])).toEqual(SMALL_TABLE);
  });

  it.each(policies)('two tables ruled along one width with a paragraph between stay two tables (%s)', (policy) => {
    const tables = detect(stackedTablesWithParagraphPdf(), policy);
    expect(tables.map(textRowsOf)).toEqual([UPPER_TABLE, LOWER_TABLE]);
  });

  it.each(policies)('a table ruled row by row keeps its group label rows and the head above its first rule (%s)', (policy) => {
    const tables = detect(rowRuledGroupsPdf(), policy);
    expect(tables).toHaveLength(1);
    expect(textRowsOf(tables[0])).toEqual(groupedRows);
  });

  it.each(policies)('an unshaded ruled table beside a shaded unruled one: both found, captions outside (%s)', (policy) => {
    const tables = detect(ruledBesideShadedPdf(), policy);
    expect(tables.map(textRowsOf)).toEqual([groupedRows, SHADED_TABLE]);
  });

  it.each(policies)('author lines with raised affiliation numbers: no table (%s)', (policy) => {
    expect(detect(authorListPdf(), policy)).toEqual([]);
  });

  it('the rows of raised affiliation numbers are no rows of cells for the unruled finder', () => {
    expect(findUnruledTables(pageWords(firstPage(authorListPdf())), 2)).toEqual([]);
  });

  it.each(policies)('a form line parted from a table by a rule across the page does not become its head (%s)', (policy) => {
    const tables = detect(formLineOverRuledTablePdf(), policy);
    expect(tables).toHaveLength(1);
    expect(textRowsOf(tables[0])).toEqual(groupedRows);
  });

  it.each(policies)('two tables side by side under captions on one line: two tables, captions outside (%s)', (policy) => {
    const tables = detect(sideBySideCaptionedPdf(), policy);
    expect(tables.map(textRowsOf).sort((a, b) => a.length - b.length)).toEqual([LEFT_DATES, RIGHT_CODES]);
  });

  it.each(policies)('an unruled table beside a grid whose notes line sits level with its rows keeps all its rows (%s)', (policy) => {
    const tables = detect(unruledBesideGridWithNotesPdf(), policy);
    expect(tables.map(textRowsOf)).toContainEqual(RIGHT_CODES);
    expect(tables.map(textRowsOf)).toContainEqual(SHADED_TABLE.slice(0, 4).map((r) => r.slice(0, 2)));
  });

  it.each(policies)('a table ruled row by row whose first-column cells span two rows keeps each row apart (%s)', (policy) => {
    const tables = detect(rowSpanningRowRulesPdf(), policy);
    expect(tables).toHaveLength(1);
    expect(textRowsOf(tables[0])).toEqual([
      ['Region', 'Year', 'Visitors'],
      ...SPANNED_ROWS.map((r) => r.filter((c): c is string => c !== null)),
    ]);
    const coast = tables[0].cells.find((c) => c.text === 'Coast')!;
    expect(coast.rowspan).toBe(2);
  });

  it.each(policies)('a boxed table whose column rules break at each group label keeps every column in every group (%s)', (policy) => {
    const tables = detect(boxedGroupsPdf(), policy);
    expect(tables).toHaveLength(1);
    expect(textRowsOf(tables[0])).toEqual([BOXED_HEAD, ...BOXED_GROUPS.map((r) => (typeof r === 'string' ? [r] : r))]);
  });

  it.each(policies)('a table shaded in stripes with group labels reads every row and label apart (%s)', (policy) => {
    const tables = detect(zebraGroupsPdf(), policy);
    expect(tables).toHaveLength(1);
    expect(textRowsOf(tables[0])).toEqual([ZEBRA_HEAD, ...ZEBRA_BODY.map((r) => (typeof r === 'string' ? [r] : r))]);
  });

  it.each(policies)('a right-aligned column of shares set tight against a text column stays a column of its own (%s)', (policy) => {
    const tables = detect(tightFigureTextPdf(), policy);
    expect(tables).toHaveLength(1);
    expect(textRowsOf(tables[0])).toEqual(TIGHT_TEXT_ROWS);
  });

  it('rows whose label runs into the next cell do not cut the run of rows in two', () => {
    const runs = findUnruledTables(pageWords(firstPage(fusedRowsPdf())), 2);
    expect(runs).toHaveLength(1);
    expect(runs[0].rows).toHaveLength(FUSED_ROWS.length);
  });

  it.each(policies)('a boxed text table whose key and text cells wrap keeps one row per record (%s)', (policy) => {
    const tables = detect(boxedWrappedTextPdf(), policy);
    expect(tables).toHaveLength(1);
    expect(textRowsOf(tables[0])).toEqual(WRAPPED_RECORDS.map((r) => r.map((cell) => cell.join(' '))));
  });
});
