import { describe, expect, it } from 'vitest';
import type { ModelPage } from '../src/pipeline/model/types.ts';
import { findTables } from '../src/pipeline/tables/mod.ts';
import { extractDocumentPages } from '../src/pipeline/textlayer/mod.ts';
import { helveticaPdf, textRun } from './helpers/pdf.ts';

/**
 * A ruled comparison table whose column heads run up the page (narrow columns of check marks under long names):
 * the heads are vertical text, which row and column alignment leaves out, but they are the head row's cells.
 */
const HEADS = ['Security admin', 'Query admin', 'System monitor'];
const ACTIONS = ['Start a monitor', 'Change a query', 'Dump the plan cache'];
const COLS = [72, 272, 312, 352, 392];
const ROWS = [700, 620, 602, 584, 566];

function verticalHeadsPdf(): Buffer {
  const ops: string[] = [];
  for (let r = 0; r + 1 < ROWS.length; r++) {
    for (let c = 0; c + 1 < COLS.length; c++) {
      ops.push(`0.5 w ${COLS[c]} ${ROWS[r]} m ${COLS[c + 1]} ${ROWS[r]} l ${COLS[c + 1]} ${ROWS[r + 1]} l ${COLS[c]} ${ROWS[r + 1]} l h S`);
    }
  }
  ops.push(`BT /F2 10 Tf ${COLS[0] + 4} ${ROWS[1] + 6} Td (User action) Tj ET`);
  // Heads running up: the text matrix turns the baseline 90 degrees counter-clockwise.
  HEADS.forEach((h, i) => ops.push(`BT /F2 9 Tf 0 1 -1 0 ${COLS[i + 1] + 26} ${ROWS[1] + 4} Tm (${h}) Tj ET`));
  ACTIONS.forEach((a, r) => {
    ops.push(`BT /F1 10 Tf ${COLS[0] + 4} ${ROWS[r + 2] + 5} Td (${a}) Tj ET`);
    for (let c = 1; c < 4; c++) if ((r + c) % 2 === 0) ops.push(`BT /F1 10 Tf ${COLS[c] + 16} ${ROWS[r + 2] + 5} Td (X) Tj ET`);
  });
  return helveticaPdf([ops.join('\n')]);
}

const pageOf = (bytes: Uint8Array): ModelPage => extractDocumentPages(bytes, 0, 1, { graphics: true })[0];

describe('tables with vertical column heads', () => {
  it('puts each head running up the page into its column of the head row, with its word ids', () => {
    const page = pageOf(verticalHeadsPdf());
    const [table] = findTables(page, { policy: 'strict', source: 'detector' });
    expect(table).toBeDefined();
    const headRow = table.cells.filter((c) => c.row === 0).sort((a, b) => a.col - b.col);
    expect(headRow.map((c) => c.text)).toEqual(['User action', ...HEADS]);
    for (const cell of headRow) expect(cell.wordIds.length).toBeGreaterThan(0);
    expect(table.cells.filter((c) => c.col === 0).map((c) => c.text)).toEqual(['User action', ...ACTIONS]);
  });
});

/**
 * An unruled table of figures whose column heads run up the page above it, and whose key column has a
 * horizontal head set at the heads' foot: the heads are a head row of their own.
 */
const STANDING = ['Population', 'Households', 'Median age', 'Area km2'];
const TOWNS = ['Alder', 'Birch', 'Cedar', 'Dogwood', 'Elm', 'Fir'];
const FIGURE_X = [200, 250, 300, 350];

function standingHeadsPdf(): Buffer {
  const ops = [textRun(72, 604, 'Town', 10, true)];
  STANDING.forEach((h, i) => ops.push(`BT /F2 9 Tf 0 1 -1 0 ${FIGURE_X[i] + 12} 604 Tm (${h}) Tj ET`));
  TOWNS.forEach((town, r) => {
    ops.push(textRun(72, 588 - r * 14, town));
    FIGURE_X.forEach((x, c) => ops.push(textRun(x, 588 - r * 14, String((r + 1) * 37 + c * 11))));
  });
  return helveticaPdf([ops.join('\n')]);
}

describe('vertical column heads above an unruled table', () => {
  it('makes them the head row, with the key column head set beside them', () => {
    const [table] = findTables(pageOf(standingHeadsPdf()), { policy: 'strict', source: 'detector' });
    expect(table).toBeDefined();
    const headRow = table.cells.filter((c) => c.row === 0).sort((a, b) => a.col - b.col);
    expect(headRow.map((c) => c.text)).toEqual(['Town', ...STANDING]);
    expect(table.headerRowCount).toBeGreaterThanOrEqual(1);
    expect(table.cells.filter((c) => c.col === 0).map((c) => c.text)).toEqual(['Town', ...TOWNS]);
  });
});
