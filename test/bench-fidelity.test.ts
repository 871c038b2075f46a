import { describe, expect, it } from 'vitest';
import {
  doubledRuns,
  headingJumps,
  headingLevels,
  hyphenPairs,
  markdownWords,
  matchWords,
  normalizeWord,
  ratio,
  splitMarkdownPages,
  subtractWords,
  textWords,
} from '../scripts/bench/fidelity/metrics.ts';

describe('fidelity words', () => {
  it('normalises by NFKC, keeps case, strips punctuation at word ends only', () => {
    expect(normalizeWord('(Hello,')).toBe('Hello');
    expect(normalizeWord('ﬁle.')).toBe('file');
    expect(normalizeWord('well-known')).toBe('well-known');
    expect(normalizeWord('U.S.')).toBe('U.S');
    expect(normalizeWord('—')).toBe('');
    expect(normalizeWord('\u200b')).toBe('');
    expect(normalizeWord('a\u00adb')).toBe('ab');
    expect(textWords('  The  cat,\n sat.  • ')).toEqual(['The', 'cat', 'sat']);
  });

  it('strips markdown syntax and leaves LaTeX and image alt text out', () => {
    const md = [
      '## Scope *and* **terms**',
      '',
      '- first `item`',
      '* second item',
      '1. Numbered clause',
      '> quoted',
      '',
      '| Name | Value |',
      '| --- | ---: |',
      '| a\\_b | 3 |',
      '',
      '![Figure 2](/v1/files/x/pages/0/image#xywh=1,2,3,4)',
      'See [the site](https://example.com/path) now.',
      'Energy $E = mc^2$ and $$\\int_0^1 x\\,dx$$ and \\(a+b\\) done.',
      '<!-- page 2 -->',
      'Line<br>break <sup>1</sup>',
      '---',
    ].join('\n');
    expect(markdownWords(md)).toEqual([
      'Scope',
      'and',
      'terms',
      'first',
      'item',
      'second',
      'item',
      '1',
      'Numbered',
      'clause',
      'quoted',
      'Name',
      'Value',
      'a_b',
      '3',
      'See',
      'the',
      'site',
      'now',
      'Energy',
      'and',
      'and',
      'done',
      'Line',
      'break',
      '1',
    ]);
  });

  it('keeps asterisks inside words, decodes character references, keeps escaped tags as text', () => {
    expect(markdownWords('*USAGE(\\*ALLOWED)* and USAGE(*ALLOWED)')).toEqual(['USAGE(*ALLOWED', 'and', 'USAGE(*ALLOWED']);
    expect(markdownWords('&lt;th&gt; x &amp; y &#8482;')).toEqual(['th', 'x', 'y', 'TM']);
    expect(markdownWords('\\<name\\> here')).toEqual(['name', 'here']);
  });

  it('keeps a price in dollars as words when it is no LaTeX', () => {
    expect(markdownWords('costs $5 and $6 each')).toEqual(['costs', '5', 'and', '6', 'each']);
  });

  it('splits markdown pages at their page comments', () => {
    const pages = splitMarkdownPages('one\n\n<!-- page 2 -->\n\ntwo\n<!-- page 4 -->\nfour');
    expect([...pages]).toEqual([
      [1, 'one'],
      [2, 'two'],
      [4, 'four'],
    ]);
  });
});

describe('fidelity matching', () => {
  it('matches words as multisets both ways', () => {
    const m = matchWords(['a', 'a', 'b', 'x'], ['a', 'b', 'b', 'c']);
    expect(m.found).toBe(2);
    expect(m.outputWords).toBe(4);
    expect(m.recalled).toBe(2);
    expect(m.referenceWords).toBe(4);
    expect(m.invented.sort()).toEqual(['a', 'x']);
    expect(m.dropped.sort()).toEqual(['b', 'c']);
    expect(ratio(0, 0)).toBe(1);
  });

  it('accepts a word joined across a line-end hyphen', () => {
    const layer = 'the infor-\nmation age';
    const pairs = hyphenPairs(layer);
    expect(pairs).toEqual([['infor', 'mation']]);
    const joined = matchWords(['the', 'information', 'age'], textWords(layer), pairs);
    expect([joined.found, joined.recalled, joined.referenceWords]).toEqual([3, 4, 4]);
    const kept = matchWords(['the', 'infor-mation', 'age'], textWords(layer), pairs);
    expect(kept.invented).toEqual([]);
    expect(matchWords(['the', 'infor', 'mation', 'age'], textWords(layer), pairs).found).toBe(4);
  });

  it('removes header and footer words once per occurrence', () => {
    expect(subtractWords(['Page', '3', 'text', '3'], ['Page', '3'])).toEqual({ kept: ['text', '3'], removed: 2 });
    expect(subtractWords(['a'], ['b'])).toEqual({ kept: ['a'], removed: 0 });
  });
});

describe('fidelity defects', () => {
  it('counts doubled-letter runs absent from the text layer', () => {
    expect(doubledRuns(['EENNFF', 'AABBCCDD', 'ENF', 'Aabbcc', 'LLLLLL'], ['LLLLLL'])).toEqual(['EENNFF', 'AABBCCDD']);
    expect(doubledRuns(['tthhee', 'EENNFF', 'bookkeeper', 'the'], ['bookkeeper'], true)).toEqual(['tthhee', 'EENNFF']);
  });

  it('counts headings more than one level deeper than the heading before them', () => {
    const md = ['## Start', '#### Jump', '##### Fine', '# Up', '### Jump', '```', '###### code', '```', '#notaheading'].join('\n');
    expect(headingLevels(md)).toEqual([2, 4, 5, 1, 3]);
    expect(headingJumps(md)).toBe(2);
    expect(headingJumps('### Only\n\ntext')).toBe(0);
    expect(headingJumps('# A\n## B\n### C\n# D')).toBe(0);
  });
});
