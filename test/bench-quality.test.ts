/** The benchmark harness's quality checks (scripts/bench): they decide the numbers in docs/benchmarks.md. */
import { describe, expect, it } from 'vitest';
import { findNearMatches, levenshtein, normalizeText, similarityRatio, unescapeMarkdown } from '../scripts/bench/text/matching.ts';
import { parseHtmlTables, parseMarkdownTables } from '../scripts/bench/text/tables.ts';
import { runOlmTest, type OlmTest } from '../scripts/bench/text/olmocr-tests.ts';
import { tiffPageCount } from '../scripts/bench/eval-files.ts';
import { percentile } from '../scripts/bench/stats.ts';
import { normalizeDate } from '../scripts/bench/extract/metrics.ts';

const test = (fields: Partial<OlmTest>): OlmTest => ({ pdf: 'x.pdf', page: 1, id: 't', type: 'present', ...fields });

describe('text matching', () => {
  it('normalizes whitespace, emphasis, quotes and dashes like olmOCR-bench', () => {
    expect(normalizeText('“Fancy”  **bold**\n\u2013 _it_')).toBe('"Fancy" bold - it');
  });

  it('finds a substring within the edit budget and reports where it starts', () => {
    expect(findNearMatches('hello', 'say helo there', 0)).toEqual([]);
    const [match] = findNearMatches('hello', 'say helo there', 1);
    expect(match).toMatchObject({ start: 4, distance: 1 });
    expect(findNearMatches('ab', 'xabyab', 0).map((m) => m.start)).toEqual([1, 4]);
  });

  it('computes edit distance and the rapidfuzz ratio', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(similarityRatio('abcd', 'abce')).toBeCloseTo(0.75);
  });

  it('unescapes markdown punctuation escapes only', () => {
    expect(unescapeMarkdown('\\- item \\# \\1.')).toBe('- item # \\1.');
  });
});

describe('olmOCR-bench tests', () => {
  it('present/absent honour max_diffs, case and last_n', () => {
    expect(runOlmTest(test({ text: 'Grand Total' }), 'the grand total is').pass).toBe(false);
    expect(runOlmTest(test({ text: 'Grand Total', case_sensitive: false }), 'the grand total is').pass).toBe(true);
    expect(runOlmTest(test({ text: 'colour', max_diffs: 1 }), 'the color red').pass).toBe(true);
    expect(runOlmTest(test({ type: 'absent', text: '12', last_n: 5 }), 'page 12 of text, end').pass).toBe(true);
    expect(runOlmTest(test({ type: 'absent', text: '12' }), 'page 12 of text, end').pass).toBe(false);
  });

  it('order needs some "before" match to start before some "after" match', () => {
    expect(runOlmTest(test({ type: 'order', before: 'Title', after: 'Body' }), 'Title\n\nBody').pass).toBe(true);
    expect(runOlmTest(test({ type: 'order', before: 'Title', after: 'Body' }), 'Body\n\nTitle').pass).toBe(false);
  });

  it('table tests read markdown and HTML tables with neighbours and headings', () => {
    const md = '| Type | Words |\n|---|---|\n| arXiv | 3.32T |\n| Math | 12.2B |';
    expect(runOlmTest(test({ type: 'table', cell: '3.32T', top_heading: 'Words', left: 'arXiv', down: '12.2B' }), md).pass).toBe(true);
    expect(runOlmTest(test({ type: 'table', cell: '3.32T', right: 'arXiv' }), md).pass).toBe(false);
    expect(runOlmTest(test({ type: 'table', cell: '3.32T' }), 'Type Words arXiv 3.32T').pass).toBe(false);
    const html = '<table><tr><th colspan="2">Year Ended</th></tr><tr><td>R&amp;D</td><td>2,532</td></tr></table>';
    expect(runOlmTest(test({ type: 'table', cell: '2,532', top_heading: 'Year Ended', left_heading: 'R&D' }), html).pass).toBe(true);
  });

  it('parses spans into a rectangular grid', () => {
    const [table] = parseHtmlTables('<table><tr><td rowspan="2">a</td><td>b</td></tr><tr><td>c</td></tr></table>');
    expect(table.cells).toEqual([
      ['a', 'b'],
      ['a', 'c'],
    ]);
    expect(parseMarkdownTables('a | b\nplain text')).toEqual([]);
  });

  it('math passes only for an equal delimited equation', () => {
    const math = test({ type: 'math', math: 'a^{2}+b^{2}=c^{2}' });
    expect(runOlmTest(math, 'Pythagoras: $a^2 + b^2 = c^2$').pass).toBe(true);
    expect(runOlmTest(math, 'a 2 + b 2 = c2').pass).toBe(false);
  });
});

describe('helpers', () => {
  it('counts the images of a TIFF from its IFD chain', () => {
    const tiff = Buffer.alloc(64);
    tiff.write('II', 0, 'latin1');
    tiff.writeUInt16LE(42, 2);
    tiff.writeUInt32LE(8, 4); // first IFD: 0 entries, next at 20
    tiff.writeUInt16LE(0, 8);
    tiff.writeUInt32LE(20, 10);
    tiff.writeUInt16LE(0, 20); // second IFD: last
    tiff.writeUInt32LE(0, 22);
    expect(tiffPageCount(tiff)).toBe(2);
    expect(tiffPageCount(Buffer.from('not a tiff'))).toBeNull();
  });

  it('takes nearest-rank percentiles', () => {
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile([5, 1, 4, 2, 3], 95)).toBe(5);
    expect(percentile([], 50)).toBeNull();
  });
});

describe('extract judge: dates as truth files print them', () => {
  it('reads ISO, day-first numeric, month names between slashes or spaces, and eight digits day first', () => {
    expect(normalizeDate('2019-03-25')).toBe('2019-03-25');
    expect(normalizeDate('25/03/2019')).toBe('2019-03-25');
    expect(normalizeDate('02/JAN/2017')).toBe('2017-01-02');
    expect(normalizeDate('2 January 2017')).toBe('2017-01-02');
    expect(normalizeDate('25032018')).toBe('2018-03-25');
    expect(normalizeDate('no date')).toBeNull();
  });
});
