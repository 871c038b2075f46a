/** The table benchmark's metrics, readers and peer converters (scripts/bench/tables): they decide docs/benchmarks.md's table figures. */
import { existsSync } from 'node:fs';
import * as mupdf from 'mupdf';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cellContentF1, parseTableHtml } from '../scripts/bench/tables/html-tree.ts';
import { readGroundTruth, readRegions, readStructure } from '../scripts/bench/tables/icdar-reader.ts';
import {
  adjacencyRelations,
  cellAdjacencyF1,
  gridShape,
  iou,
  matchTables,
  poolScores,
  scoreDocument,
  summarizeScore,
} from '../scripts/bench/tables/icdar-metrics.ts';
import { tableFromStext, type StextBlock } from '../scripts/bench/tables/peer-mupdf.ts';
import { assignPages, parseTabulaJson } from '../scripts/bench/tables/peer-tabula.ts';
import { buildHtml, readPubTabNet } from '../scripts/bench/tables/pubtabnet-reader.ts';
import { readPdfPages } from '../scripts/bench/tables/pdf-pages.ts';
import { normalizedLevenshtein, teds, treeEditDistance } from '../scripts/bench/tables/teds.ts';
import { markdownHasTable } from '../scripts/bench/tables/negative-pages.ts';
import { tabulaPageArgs } from '../scripts/bench/tables/peer-tabula.ts';
import {
  cellsToGrid,
  dropEmptyLines,
  gridContentF1,
  normalizeRealCell,
  readRealManifest,
  scoreRealPdf,
  shapeOf,
  summarizeReal,
  type RealEntry,
} from '../scripts/bench/tables/real-metrics.ts';
import { tableToHtml } from '../scripts/bench/tables/tools.ts';
import { describeHalves, evalHalf, HalfTallies, pickHalf } from '../scripts/bench/split.ts';
import type { Box, ExtractedCell, ExtractedTable } from '../scripts/bench/tables/types.ts';
import { scoreSynthPage } from '../scripts/bench/tables/synthetic-set.ts';
import { EVAL_DIR } from './helpers/ocr-images.ts';
import { synthPage } from './helpers/synth-pages.ts';

/** A grid of one-cell texts (rows of strings; '' is an empty cell). */
function grid(rows: string[][]): ExtractedCell[] {
  return rows.flatMap((cols, row) => cols.map((text, col) => ({ row, col, rowspan: 1, colspan: 1, text })));
}

const table = (pageIndex: number, bbox: Box, cells: ExtractedCell[] = []): ExtractedTable => ({ pageIndex, bbox, cells });
const THREE_BY_THREE = [
  ['a', 'b', 'c'],
  ['d', 'e', 'f'],
  ['g', 'h', 'i'],
];

describe('ICDAR-2013 detection', () => {
  it('computes IoU', () => {
    expect(iou([0, 0, 10, 10], [0, 0, 10, 10])).toBe(1);
    expect(iou([0, 0, 10, 10], [5, 0, 15, 10])).toBeCloseTo(50 / 150);
    expect(iou([0, 0, 10, 10], [20, 20, 30, 30])).toBe(0);
  });

  it('matches one-to-one on the same page at IoU >= 0.5, best first', () => {
    const expected = [table(0, [0, 0, 100, 100]), table(1, [0, 0, 100, 100])];
    // d0: IoU 0.5 with e0; d1: IoU 1 with e0 (wins); d2 is on the wrong page for e0 and only 0.25 of e1.
    const detected = [table(0, [0, 0, 100, 50]), table(0, [0, 0, 100, 100]), table(1, [0, 0, 50, 50])];
    expect(matchTables(expected, detected)).toEqual([1, -1]);
    const summary = summarizeScore(scoreDocument(expected, detected));
    expect(summary.detection.precision).toBeCloseTo(1 / 3);
    expect(summary.detection.recall).toBeCloseTo(1 / 2);
    expect(summary.detection.f1).toBeCloseTo(0.4);
  });

  it('keeps a pair at exactly IoU 0.5 and drops one just under', () => {
    expect(matchTables([table(0, [0, 0, 100, 100])], [table(0, [0, 0, 100, 50])])).toEqual([0]);
    expect(matchTables([table(0, [0, 0, 100, 100])], [table(0, [0, 0, 100, 49])])).toEqual([-1]);
  });
});

describe('ICDAR-2013 cell adjacency', () => {
  it('scores identical tables 1, whatever the whitespace inside cells', () => {
    const truth = grid([
      ['to air\nkg/year', 'b'],
      ['c', 'd'],
    ]);
    const same = grid([
      ['to air  kg/year', 'b'],
      ['c', ' d '],
    ]);
    expect(cellAdjacencyF1(truth, same)).toEqual({ precision: 1, recall: 1, f1: 1 });
  });

  it("loses exactly the missing row's relations", () => {
    // 3×3: 6 relations to the right + 6 below; without the last row 4 + 3 remain, all correct.
    expect(adjacencyRelations(grid(THREE_BY_THREE))).toHaveLength(12);
    const score = cellAdjacencyF1(grid(THREE_BY_THREE), grid(THREE_BY_THREE.slice(0, 2)));
    expect(score.precision).toBe(1);
    expect(score.recall).toBeCloseTo(7 / 12);
    expect(score.f1).toBeCloseTo(14 / 19);
  });

  it('relates a cell to the nearest filled cell across empty ones, and a spanning cell to each cell under it', () => {
    expect(adjacencyRelations(grid([['a', '', 'b']]))).toEqual(['a\u0000b\u0000right']);
    const spanning: ExtractedCell[] = [{ row: 0, col: 0, rowspan: 1, colspan: 2, text: 'head' }, ...grid([[], ['x', 'y']])];
    expect(adjacencyRelations(spanning).sort()).toEqual(['head\u0000x\u0000below', 'head\u0000y\u0000below', 'x\u0000y\u0000right']);
  });

  it('counts grid shapes with spans and pools document scores', () => {
    expect(
      gridShape([
        { row: 0, col: 0, rowspan: 2, colspan: 3, text: 'x' },
        { row: 2, col: 1, rowspan: 1, colspan: 1, text: 'y' },
      ]),
    ).toEqual({ rows: 3, cols: 3 });
    const truth = [table(0, [0, 0, 10, 10], grid(THREE_BY_THREE)), table(0, [0, 20, 10, 30], grid(THREE_BY_THREE))];
    const found = [table(0, [0, 0, 10, 10], grid(THREE_BY_THREE))]; // the second table is missed: cell F1 0
    const pooled = summarizeScore(poolScores([scoreDocument(truth, found), scoreDocument([], [])]));
    expect(pooled.meanCellF1).toBeCloseTo(0.5);
    expect(pooled.meanCellF1Matched).toBeCloseTo(1);
    expect(pooled.shapeExactRate).toBeCloseTo(0.5);
  });
});

describe('TEDS', () => {
  const truth = '<table><thead><tr><td><b>Name</b></td><td>Value</td></tr></thead><tbody><tr><td>a</td><td>1</td></tr></tbody></table>';

  it('is 1 for identical tables (th = td, inline markup and whitespace ignored)', () => {
    expect(teds(truth, truth)).toBe(1);
    expect(
      teds('<table><thead><tr><th>Name</th><th> Value </th></tr></thead><tbody><tr><td>a</td><td>1</td></tr></tbody></table>', truth),
    ).toBe(1);
  });

  it('is below 1 for a different structure, by the edit distance over the larger tree', () => {
    // Dropping one cell: 1 deletion over 9 nodes.
    const missingCell = '<table><thead><tr><td>Name</td><td>Value</td></tr></thead><tbody><tr><td>a</td></tr></tbody></table>';
    expect(teds(missingCell, truth)).toBeCloseTo(1 - 1 / 9);
    // A colspan is a rename of cost 1, not a content difference.
    const spanned = truth.replace('<td>Value</td>', '<td colspan="2">Value</td>');
    expect(teds(spanned, truth)).toBeCloseTo(1 - 1 / 9);
    // Content only: "1" against "7" costs the normalised Levenshtein distance 1; "Value" against "Valve" 1/5.
    expect(teds(truth.replace('<td>1</td>', '<td>7</td>').replace('Value', 'Valve'), truth)).toBeCloseTo(1 - 1.2 / 9);
    expect(teds('<table></table>', truth)).toBeCloseTo(1 / 9);
  });

  it('finds the cheapest edit script (Zhang–Shasha), not a node-by-node comparison', () => {
    // A row inserted at the top: one tr and its two cells inserted, nothing renamed.
    const a = parseTableHtml('<table><tr><td>x</td><td>y</td></tr></table>');
    const b = parseTableHtml('<table><tr><td>p</td><td>q</td></tr><tr><td>x</td><td>y</td></tr></table>');
    expect(treeEditDistance(a, b)).toBe(3);
    expect(normalizedLevenshtein('kitten', 'sitting')).toBeCloseTo(3 / 7);
  });

  it('compares cell contents as multisets for cell F1', () => {
    const f1 = cellContentF1(
      parseTableHtml('<table><tr><td>a</td><td>a</td><td>z</td></tr></table>'),
      parseTableHtml('<table><tr><td>a</td><td>b</td><td></td></tr></table>'),
    );
    expect(f1.precision).toBeCloseTo(1 / 3);
    expect(f1.recall).toBeCloseTo(1 / 2);
  });

  it('builds PubTabNet HTML from structure and cell tokens, spans and escapes included', () => {
    const html = buildHtml(
      [
        '<thead>',
        '<tr>',
        '<td',
        ' colspan="2"',
        '>',
        '</td>',
        '</tr>',
        '</thead>',
        '<tbody>',
        '<tr>',
        '<td>',
        '</td>',
        '<td>',
        '</td>',
        '</tr>',
        '</tbody>',
      ],
      [['<b>', 'H', '</b>'], ['1', '<', '2'], []],
    );
    expect(html).toBe(
      '<table><thead><tr><td colspan="2"><b>H</b></td></tr></thead><tbody><tr><td>1&lt;2</td><td></td></tr></tbody></table>',
    );
    const tree = parseTableHtml(html);
    expect(tree.children[0].children[0].children[0]).toMatchObject({ tag: 'td', colspan: 2, text: 'H' });
    expect(tree.children[1].children[0].children[0].text).toBe('1<2');
    expect(() => buildHtml(['<tr>', '<td>', '</td>', '</tr>'], [])).toThrow(/more cells/);
  });
});

describe('peer output converters', () => {
  it('turns tabula JSON into tables, dropping padding cells, and places them on pages by their text', () => {
    const json = JSON.stringify([
      {
        extraction_method: 'basic',
        top: 0,
        left: 0,
        width: 300,
        height: 200,
        data: [
          [
            { top: 0, left: 0, width: 0, height: 0, text: '' },
            { top: 100, left: 50, width: 40, height: 10, text: 'Alpha ' },
          ],
          [
            { top: 112, left: 10, width: 30, height: 10, text: 'Beta' },
            { top: 112, left: 50, width: 40, height: 10, text: '12' },
          ],
        ],
      },
      {
        extraction_method: 'spreadsheet',
        top: 0,
        left: 0,
        width: 0,
        height: 0,
        data: [[{ top: 10, left: 10, width: 20, height: 10, text: 'Gamma' }]],
      },
    ]);
    const tables = parseTabulaJson(json);
    expect(tables[0].bbox).toEqual([10, 100, 90, 122]);
    expect(tables[0].cells).toEqual([
      { row: 0, col: 1, rowspan: 1, colspan: 1, text: 'Alpha' },
      { row: 1, col: 0, rowspan: 1, colspan: 1, text: 'Beta' },
      { row: 1, col: 1, rowspan: 1, colspan: 1, text: '12' },
    ]);
    expect(assignPages(tables, ['intro', 'Alpha\nBeta 12', 'Gam ma']).map((t) => t.pageIndex)).toEqual([1, 2]);
    expect(() => parseTabulaJson('Error: no such file')).toThrow(/no JSON/);
  });

  it('turns a mupdf table-hunt grid into cells, placing merged cells by their text box', () => {
    const text = (t: string, x: number, w: number): StextBlock => ({ type: 'text', bbox: { x, y: 0, w, h: 10 }, lines: [{ text: t }] });
    const td = (...blocks: StextBlock[]): StextBlock => ({ type: 'structure', raw: 'TD', contents: blocks });
    const stext: StextBlock = {
      type: 'structure',
      raw: 'Table',
      contents: [
        { type: 'grid', xpos: [0, 100, 200, 300], ypos: [10, 30, 50], w: 3, h: 2 },
        { type: 'structure', raw: 'TR', contents: [td(text('a', 5, 20)), td(text('b', 105, 20)), td(text('c', 205, 20))] },
        { type: 'structure', raw: 'TR', contents: [td(text('wide', 5, 150)), td(text('z', 210, 20))] },
      ],
    };
    const found = tableFromStext(stext, 4)!;
    expect(found.pageIndex).toBe(4);
    expect(found.bbox).toEqual([0, 10, 300, 50]);
    expect(found.cells.filter((c) => c.row === 1)).toEqual([
      { row: 1, col: 0, rowspan: 1, colspan: 2, text: 'wide' },
      { row: 1, col: 2, rowspan: 1, colspan: 1, text: 'z' },
    ]);
    expect(tableToHtml(found)).toBe(
      '<table><tbody><tr><td>a</td><td>b</td><td>c</td></tr><tr><td colspan="2">wide</td><td>z</td></tr></tbody></table>',
    );
  });
});

describe('tune/check halves', () => {
  it('puts a file in a half by the parity of the first byte of sha256(base name), whatever its folder', () => {
    // sha256("eu-001.pdf") starts 0x79 (odd), sha256("eu-002.pdf") 0x90 (even).
    expect(evalHalf('eu-001.pdf')).toBe('check');
    expect(evalHalf('/any/folder/eu-001.pdf')).toBe('check');
    expect(evalHalf('eu-002.pdf')).toBe('tune');
    expect(pickHalf(['a/eu-001.pdf', 'eu-002.pdf'], 'all', (f) => f)).toHaveLength(2);
    expect(pickHalf(['a/eu-001.pdf', 'eu-002.pdf'], 'tune', (f) => f)).toEqual(['eu-002.pdf']);
    expect(describeHalves(['eu-001.pdf', 'eu-001.pdf', 'eu-002.pdf'])).toBe('check 2, tune 1');
  });

  it('times each sample in its half and in all', () => {
    const tallies = new HalfTallies('tool', false);
    tallies.add('eu-001.pdf', 100, { pages: 2 });
    tallies.add('eu-002.pdf', 300, { pages: 1 });
    expect([tallies.of('check').items, tallies.of('tune').items, tallies.of('all').items]).toEqual([1, 1, 2]);
    expect(tallies.of('all').pages).toBe(3);
  });
});

describe('tables-real metrics', () => {
  const entry = (expected: string[][], extra: Partial<RealEntry> = {}): RealEntry => ({
    pdf: 'x.pdf',
    page: 1,
    source: 'test',
    method: 'lattice',
    expected,
    ...extra,
  });

  it('normalizes whitespace and superscript marks, and drops rows and columns without text', () => {
    expect(normalizeRealCell(' 24.91<s>2</s>\n  kg ')).toBe('24.912 kg');
    expect(
      dropEmptyLines([
        ['', 'a', ''],
        ['', ' ', ''],
        ['', 'b', 'c'],
      ]),
    ).toEqual([
      ['a', ''],
      ['b', 'c'],
    ]);
    expect(
      shapeOf([
        ['', 'a', ''],
        ['', '', ''],
        ['', 'b', 'c'],
      ]),
    ).toBe('2x2');
  });

  it('compares cell strings as multisets, empty cells ignored', () => {
    const f1 = gridContentF1(
      [
        ['a', 'a', ''],
        ['b', 'c', 'd'],
      ],
      [
        ['a', 'b'],
        ['c', 'e'],
      ],
    );
    expect(f1.precision).toBeCloseTo(3 / 4);
    expect(f1.recall).toBeCloseTo(3 / 5);
  });

  it('writes a spanning cell once, or along its span where the expected grid repeats it (copy_text)', () => {
    const cells: ExtractedCell[] = [
      { row: 0, col: 0, rowspan: 2, colspan: 1, text: 'GMC' },
      ...grid([
        ['', 'x'],
        ['', 'y'],
      ]).filter((c) => c.col === 1),
    ];
    expect(cellsToGrid(cells)).toEqual([
      ['GMC', 'x'],
      ['', 'y'],
    ]);
    expect(cellsToGrid(cells, { rows: true, cols: false })).toEqual([
      ['GMC', 'x'],
      ['GMC', 'y'],
    ]);
    const [score] = scoreRealPdf(
      [
        entry(
          [
            ['GMC', 'x'],
            ['GMC', 'y'],
          ],
          { params: { copy_text: ['v'] } },
        ),
      ],
      [table(0, [0, 0, 10, 10], cells)],
    );
    expect(score.f1).toBe(1);
  });

  it('pairs expected and predicted tables one-to-one by best F1, on the page and inside the area', () => {
    const left = entry(
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
      { area: { top: 0, left: 0, bottom: 100, right: 50 } },
    );
    const right = entry(
      [
        ['e', 'f'],
        ['g', 'h'],
      ],
      { area: { top: 0, left: 50, bottom: 100, right: 100 } },
    );
    // One merged table over both areas may stand for either, not for both.
    const merged = table(
      0,
      [0, 0, 100, 100],
      grid([
        ['a', 'b', 'e', 'f'],
        ['c', 'd', 'g', 'h'],
      ]),
    );
    const scores = scoreRealPdf(
      [left, right],
      [
        merged,
        table(
          1,
          [0, 0, 40, 40],
          grid([
            ['e', 'f'],
            ['g', 'h'],
          ]),
        ),
      ],
    );
    expect(scores[0]).toMatchObject({ f1: 2 / 3, detected: true, shapeExact: false, predictedShape: '2x4' });
    expect(scores[1]).toMatchObject({ f1: 0, detected: false, predictedShape: '–' }); // the exact copy is on page 2
    expect(summarizeReal(scores)).toEqual({ tables: 2, meanF1: 1 / 3, detectionRecall: 0.5, shapeExactRate: 0 });
    const outside = table(
      0,
      [60, 0, 100, 100],
      grid([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    );
    expect(scoreRealPdf([left], [outside])[0].f1).toBe(0);
  });

  it('runs tabula 0.9 on one page with the method forced', () => {
    expect(tabulaPageArgs(3, 'lattice')).toEqual(['-p', '3', '-r', '-f', 'JSON']);
    expect(tabulaPageArgs(1, 'stream')).toEqual(['-p', '1', '-n', '-f', 'JSON']);
  });

  it('sees a table in docling markdown by its table rows or an HTML table', () => {
    expect(markdownHasTable('# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n')).toBe(true);
    expect(markdownHasTable('text <TABLE><tr><td>1</td></tr></TABLE>')).toBe(true);
    expect(markdownHasTable('a | b is not a table row\n')).toBe(false);
  });
});

describe('evaluation files', () => {
  const icdar = path.join(EVAL_DIR, 'tables-icdar2013');
  const pubtabnet = path.join(EVAL_DIR, 'tables-pubtabnet', 'PubTabNet_Examples.jsonl');
  const realManifest = path.join(EVAL_DIR, 'tables-real', 'manifest.json');

  it('reads the tables-real manifest and scores every expected grid against itself as perfect', (context) => {
    if (!existsSync(realManifest)) {
      console.warn(`\n!!! ${realManifest} is missing: tables-real reader test SKIPPED\n`);
      context.skip();
    }
    const entries = readRealManifest(realManifest);
    expect(entries).toHaveLength(38);
    for (const entry of entries) {
      const [score] = scoreRealPdf([entry], [table(entry.page - 1, [0, 0, 1e4, 1e4], grid(entry.expected))]);
      expect(score, entry.pdf).toMatchObject({ f1: 1, detected: true, shapeExact: true });
    }
  });

  it('reads ICDAR-2013 regions and cells of eu-001 and scores the ground truth against itself as perfect', (context) => {
    if (!existsSync(path.join(icdar, 'eu-001-reg.xml'))) {
      console.warn(`\n!!! ${icdar} is missing: ICDAR-2013 reader test SKIPPED\n`);
      context.skip();
    }
    const regions = readRegions(path.join(icdar, 'eu-001-reg.xml'));
    expect(regions).toHaveLength(7);
    expect(regions[0]).toEqual({ tableId: '1', regionId: '1', page: 1, box: { x1: 100, y1: 451, x2: 482, y2: 543 } });
    const structure = readStructure(path.join(icdar, 'eu-001-str.xml'));
    expect(structure[0].cells[0]).toMatchObject({ startRow: 0, endRow: 0, startCol: 1, endCol: 3, content: 'THRESHOLD FOR RELEASES' });
    expect(structure[0].cells[1]).toMatchObject({ startRow: 1, endRow: 1, startCol: 1, endCol: 1, content: 'to air\nkg/year' });

    const pages = readPdfPages(path.join(icdar, 'eu-001.pdf'));
    expect(pages.heights).toEqual([842, 842, 842]);
    const truth = readGroundTruth(path.join(icdar, 'eu-001-reg.xml'), path.join(icdar, 'eu-001-str.xml'), (i) => pages.heights[i]);
    expect(truth.map((t) => t.pageIndex)).toEqual([0, 0, 0, 1, 1, 2, 2]);
    expect(truth[0].bbox).toEqual([100, 842 - 543, 482, 842 - 451]); // bottom-left origin turned top-left
    expect(truth[0].cells[0]).toEqual({ row: 0, col: 1, rowspan: 1, colspan: 3, text: 'THRESHOLD FOR RELEASES' });
    expect(pages.texts[0]).toContain('THRESHOLD FOR RELEASES');
    const self = summarizeScore(scoreDocument(truth, truth));
    expect(self).toEqual({ detection: { precision: 1, recall: 1, f1: 1 }, meanCellF1: 1, meanCellF1Matched: 1, shapeExactRate: 1 });
  });

  it('reads every PubTabNet example into HTML whose TEDS against itself is 1', (context) => {
    if (!existsSync(pubtabnet)) {
      console.warn(`\n!!! ${pubtabnet} is missing: PubTabNet reader test SKIPPED\n`);
      context.skip();
    }
    const examples = readPubTabNet(pubtabnet);
    expect(examples).toHaveLength(20);
    const first = examples.find((e) => e.filename === 'PMC4840965_004_00.png')!;
    expect(first.html.startsWith('<table><thead><tr><td><b>Variable</b></td><td><b>Hazard ratio</b></td>')).toBe(true);
    expect(teds(first.html, first.html)).toBe(1);
  });
});

describe('tables-synthetic: generated pages and their expected grids', () => {
  it('draws the same page for the same seed and index, and another for another index', () => {
    const [a, b, c] = [synthPage(1, 7), synthPage(1, 7), synthPage(1, 8)];
    expect(a.pdf.equals(b.pdf)).toBe(true);
    expect(a.tables).toEqual(b.tables);
    expect(a.pdf.equals(c.pdf)).toBe(false);
  });

  it('prints every expected cell on its page, and table-free pages expect none', () => {
    let tablePages = 0;
    for (let i = 0; i < 20; i++) {
      const page = synthPage(3, i);
      const doc = mupdf.Document.openDocument(page.pdf, 'application/pdf');
      const text = doc.loadPage(0).toStructuredText('preserve-whitespace').asText().replace(/\s+/g, ' ');
      doc.destroy();
      if (page.features.some((f) => f.startsWith('free:'))) expect(page.tables).toEqual([]);
      else tablePages++;
      for (const grid of page.tables) {
        for (const cell of grid.flat().filter((t) => t)) {
          // A wrapped cell's lines are printed apart; each of its words is on the page.
          for (const word of cell.split(/\s+/)) expect(text).toContain(word);
        }
        expect(new Set(grid.map((r) => r.length)).size).toBe(1);
      }
    }
    expect(tablePages).toBeGreaterThan(5);
  });

  it('scores a tool that returns the expected grids as perfect, with no false tables', () => {
    const page = synthPage(1, 0);
    const tables: ExtractedTable[] = page.tables.map((grid) => ({
      pageIndex: 0,
      bbox: [0, 0, 612, 792],
      cells: grid.flatMap((r, row) => r.map((text, col) => ({ row, col, rowspan: 1, colspan: 1, text }))),
    }));
    const { scores, falseTables } = scoreSynthPage(page, tables);
    expect(scores.every((s) => s.f1 === 1 && s.detected)).toBe(true);
    expect(falseTables).toBe(0);
    expect(scoreSynthPage(page, [...tables, tables[0]]).falseTables).toBe(1);
  });
});
