import { describe, expect, it } from 'vitest';
import { findTables, type TableModel } from '../src/pipeline/tables/mod.ts';
import { detect, firstPage, policies, textRowsOf } from './helpers/table-detect.ts';
import { PdfBuilder } from './helpers/pdf.ts';
import { drawTable, synthCell, type SynthTable } from './helpers/synth-tables.ts';
import {
  RULED_HEAD_BODY,
  RULED_HEAD_HEADER,
  ruledHeaderOverBodyPdf,
  SIDE_LEFT,
  SIDE_RIGHT,
  sideBySideRuledPdf,
  sideBySideUnruledPdf,
  UNRULED_LEFT,
  UNRULED_RIGHT,
  BOOKTABS_BODY,
  BOOKTABS_HEADER,
  booktabsBesideProsePdf,
  captionBetweenTablesPdf,
  boxedTextTablePdf,
  alignedEquationsPdf,
  justifiedProsePdf,
  markerListPdf,
  numberedClausesPdf,
  ROTATED_ROWS,
  rotatedTablePdf,
  signatureBlockPdf,
  stackedSignaturesPdf,
  TIGHT_FIGURE_ROWS,
  tightFiguresPdf,
  TWO_COLUMN_ROWS,
  twoColumnUnruledPdf,
  stackedDifferentColumnsPdf,
  UNRULED_WIDE,
} from './helpers/table-detect-pdfs.ts';

/** Table detection (what is a table, what is not) on generated born-digital pages, both policies. */

describe('table detection: prose, forms and lists are not tables', () => {
  it.each(policies)('justified prose whose word gaps line up like a gutter: no table (%s)', (policy) => {
    expect(detect(justifiedProsePdf(), policy)).toEqual([]);
  });

  it.each(policies)('numbered clause paragraphs: no table (%s)', (policy) => {
    expect(detect(numberedClausesPdf(), policy)).toEqual([]);
  });

  it.each(policies)('a two-party signature block with typed blank lines: no table (%s)', (policy) => {
    expect(detect(signatureBlockPdf(), policy)).toEqual([]);
  });

  it.each(policies)('a two-party signature block with drawn signature lines under page-edge rules: no table (%s)', (policy) => {
    expect(detect(signatureBlockPdf(true), policy)).toEqual([]);
  });

  it.each(policies)('signature blocks of four parties stacked in one column: no table (%s)', (policy) => {
    expect(detect(stackedSignaturesPdf(), policy)).toEqual([]);
  });

  it.each(policies)('a check-box and bullet list: no table (%s)', (policy) => {
    expect(detect(markerListPdf(), policy)).toEqual([]);
  });

  it.each(policies)('aligned equations set in pieces: no table (%s)', (policy) => {
    expect(detect(alignedEquationsPdf(), policy)).toEqual([]);
  });
});

describe('table detection: tables a reader sees at once', () => {
  it.each(policies)('a two-column table with no rules is found (%s)', (policy) => {
    const tables = detect(twoColumnUnruledPdf(), policy);
    expect(tables).toHaveLength(1);
    expect(textRowsOf(tables[0])).toEqual(TWO_COLUMN_ROWS);
  });

  it.each(policies)('an unruled table whose figure columns sit closer than a word gap keeps every column (%s)', (policy) => {
    const tables = detect(tightFiguresPdf(), policy);
    expect(tables).toHaveLength(1);
    expect(textRowsOf(tables[0])).toEqual(TIGHT_FIGURE_ROWS);
  });

  it.each(policies)('a booktabs-style 12-column numeric table beside prose and a line chart is found (%s)', (policy) => {
    const tables = detect(booktabsBesideProsePdf(), policy);
    const big = tables.filter((t) => t.colEdges.length - 1 === 12);
    expect(big).toHaveLength(1);
    const rows = textRowsOf(big[0]);
    expect(rows).toContainEqual(BOOKTABS_HEADER);
    for (const r of BOOKTABS_BODY) expect(rows).toContainEqual(r);
  });

  it.each(policies)('a boxed 3-column table with shaded label cells and wrapped text cells is found (%s)', (policy) => {
    const tables = detect(boxedTextTablePdf(), policy);
    expect(tables).toHaveLength(1);
    expect(tables[0].colEdges).toHaveLength(4);
    expect(tables[0].rowEdges).toHaveLength(6);
  });

  it.each([
    ['clockwise', 90],
    ['anticlockwise', 270],
  ] as const)('a table on a page turned %s is found, rows read along the text', (direction, rotation) => {
    const page = firstPage(rotatedTablePdf(direction));
    const tables = findTables(page, { policy: 'strict', source: 'detector' });
    expect(tables).toHaveLength(1);
    const t = tables[0];
    expect(t.textRotation).toBe(rotation);
    expect(textRowsOf(t)).toEqual(ROTATED_ROWS);
    // Boxes are page boxes: the table is taller than wide, and every cell lies inside it on the page.
    expect(t.bbox[3] - t.bbox[1]).toBeGreaterThan(t.bbox[2] - t.bbox[0]);
    for (const c of t.cells) {
      expect(c.bbox[0]).toBeGreaterThanOrEqual(t.bbox[0] - 0.5);
      expect(c.bbox[2]).toBeLessThanOrEqual(t.bbox[2] + 0.5);
      expect(c.bbox[2]).toBeLessThanOrEqual(page.width);
      expect(c.bbox[3]).toBeLessThanOrEqual(page.height);
    }
    // The header's words are where the cell says they are.
    const words = new Map<string, readonly number[]>(
      page.lines.flatMap((l) => l.words.map((w, i) => [`${l.id}_w${i}`, w.bbox] as [string, readonly number[]])),
    );
    const station = t.cells.find((c) => c.text === 'Station')!;
    const wb = words.get(station.wordIds[0])!;
    expect(wb[0]).toBeGreaterThanOrEqual(station.bbox[0] - 0.5);
    expect(wb[3]).toBeLessThanOrEqual(station.bbox[3] + 0.5);
  });
});

/**
 * A boxed table with its value columns' heads set turned (reading up), the whole table set on its side on a
 * page turned with /Rotate: on the page the body runs down and the heads run across.
 */
function turnedTableWithTurnedHeadsPdf(): { pdf: Buffer; expected: string[][] } {
  const table: SynthTable = {
    style: 'boxed',
    family: 'helvetica',
    size: 9,
    gutter: 10,
    verticalHeads: true,
    kinds: ['label', 'int', 'dec', 'code'],
    features: [],
    rows: [
      {
        kind: 'header',
        cells: [
          synthCell(0, 'Branch', true),
          synthCell(1, 'Staff count', true),
          synthCell(2, 'Cost per case', true),
          synthCell(3, 'Region code', true),
        ],
      },
      ...[
        ['Harbour', '41', '12.50', 'NH-12'],
        ['Market', '18', '9.75', 'CM-40'],
        ['Station', '27', '11.20', 'SS-07'],
        ['Bridge', '33', '8.05', 'WB-93'],
      ].map((r) => ({ kind: 'body' as const, cells: r.map((t, c) => synthCell(c, t)) })),
    ],
  };
  const drawn = drawTable(table, 72, 540, 400);
  const builder = new PdfBuilder();
  builder.page({ stream: drawn.ops.join('\n'), size: [792, 612] }).put('Rotate', 90);
  return { pdf: builder.bytes(), expected: drawn.expected };
}

describe('a table on its side with turned column heads', () => {
  it.each(policies)('reads the body along its text and the turned heads as its head row (%s)', (policy) => {
    const { pdf, expected } = turnedTableWithTurnedHeadsPdf();
    const tables = detect(pdf, policy);
    expect(tables).toHaveLength(1);
    expect(textRowsOf(tables[0])).toEqual(expected);
  });
});

describe('table detection: grouping of ruled and unruled parts', () => {
  it.each(policies)('a ruled header block over an unruled body is one table (%s)', (policy) => {
    const tables = detect(ruledHeaderOverBodyPdf(), policy);
    expect(tables).toHaveLength(1);
    const rows = textRowsOf(tables[0]);
    // One header row per column name (its unit line joined into it), the body rows under it.
    RULED_HEAD_HEADER.forEach((name, i) => expect(rows[0][i]).toContain(name));
    expect(rows.slice(-RULED_HEAD_BODY.length)).toEqual(RULED_HEAD_BODY);
  });

  it.each(policies)('two tables side by side with horizontal rules only: two tables, wrapped cells kept (%s)', (policy) => {
    const tables = detect(sideBySideRuledPdf(), policy).sort((a, b) => a.bbox[0] - b.bbox[0]);
    expect(tables).toHaveLength(2);
    const flat = (t: TableModel) =>
      textRowsOf(t)
        .map((r) => r.join(' '))
        .join(' | ');
    expect(tables[0].rowEdges).toHaveLength(SIDE_LEFT.length + 1);
    expect(tables[1].rowEdges).toHaveLength(SIDE_RIGHT.length + 1);
    expect(flat(tables[0])).toContain('Keep the blade honed and oiled after each use');
    expect(flat(tables[1])).toContain('Holds fast under load and unties easily later');
  });

  it.each(policies)('two unruled tables side by side on the same rows: two tables, rows of each kept (%s)', (policy) => {
    const tables = detect(sideBySideUnruledPdf(), policy).sort((a, b) => a.bbox[0] - b.bbox[0]);
    expect(tables).toHaveLength(2);
    expect(textRowsOf(tables[0])).toEqual(UNRULED_LEFT);
    expect(textRowsOf(tables[1])).toEqual(UNRULED_RIGHT);
  });

  it.each(policies)('a caption line between two stacked unruled tables ends the first: two tables (%s)', (policy) => {
    const tables = detect(captionBetweenTablesPdf(), policy);
    expect(tables).toHaveLength(2);
    expect(textRowsOf(tables[0])).toEqual(UNRULED_LEFT);
    expect(textRowsOf(tables[1])).toEqual(UNRULED_RIGHT);
  });
  it.each(policies)('two stacked unruled tables with other columns and no caption between them: two tables (%s)', (policy) => {
    const tables = detect(stackedDifferentColumnsPdf(), policy);
    expect(tables).toHaveLength(2);
    expect(textRowsOf(tables[0])).toEqual(UNRULED_LEFT);
    expect(textRowsOf(tables[1])).toEqual(UNRULED_WIDE);
  });
});
