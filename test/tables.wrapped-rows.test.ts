import { describe, expect, it } from 'vitest';
import { pdfOf } from './helpers/pdf.ts';
import { detect, policies, textRowsOf } from './helpers/table-detect.ts';
import { drawTable, synthCell, type SynthTable } from './helpers/synth-tables.ts';

/**
 * A table with a rule under every row whose records' text cells wrap onto two or three lines (no figures on
 * the wrapped lines, the key wrapping too), under head cells wrapped onto as many lines above its first rule.
 */

const RECORDS = [
  ['Northern harbour and river office', 'water supply and household permits for the coast', '1,204', '12.50'],
  ['Market hall and the central square', 'trade licences for the local sector', '988', '9.75'],
  ['Central station and depot', 'route permits and vessel surveys on the canal', '310', '11.20'],
  ['Bridge and western fleet depot', 'grants to rural schools and their tenants', '77', '8.05'],
];

function rowRuledWrappedTable(): { pdf: Buffer; expected: string[][] } {
  const table: SynthTable = {
    style: 'row-rules',
    family: 'helvetica',
    size: 9,
    gutter: 14,
    wrapHeads: true,
    kinds: ['label', 'text', 'int', 'dec'],
    features: [],
    rows: [
      {
        kind: 'header',
        cells: [
          synthCell(0, 'Office', true),
          synthCell(1, 'Services', true),
          synthCell(2, 'Cases opened this year', true),
          synthCell(3, 'Average cost per case', true),
        ],
      },
      ...RECORDS.map((r) => ({ kind: 'body' as const, cells: r.map((t, c) => synthCell(c, t)) })),
    ],
  };
  const drawn = drawTable(table, 72, 700, 420);
  return { pdf: pdfOf([drawn.ops.join('\n')]), expected: drawn.expected };
}

describe('rows of wrapped cells between row rules', () => {
  it.each(policies)('one row per record and one head row, whatever number of lines each holds (%s)', (policy) => {
    const { pdf, expected } = rowRuledWrappedTable();
    const tables = detect(pdf, policy);
    expect(tables).toHaveLength(1);
    expect(textRowsOf(tables[0])).toEqual(expected);
  });
});
