/** The OCR benchmark's metrics (scripts/bench/ocr): they decide the CER, F1 and bar verdicts in docs/benchmarks.md. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { barNotes } from '../scripts/bench/ocr/bars.ts';
import {
  errorRate,
  iou,
  matchedLineErrors,
  matchLinesByIou,
  normalizeLine,
  parseSroieBoxes,
  parseUzn,
  polygonBox,
  precisionRecallF1,
  sortedLineErrors,
  sortedPageText,
  whitespaceFreeErrors,
  wordCounts,
  zonedText,
  type TextLine,
} from '../scripts/bench/ocr/metrics.ts';
import { parseTesseractTsv } from '../scripts/bench/ocr/peer-tesseract.ts';
import { uniqueImageBytes } from '../scripts/bench/ocr/unique-bytes.ts';

const line = (text: string, l: number, t: number, r: number, b: number): TextLine => ({ text, box: [l, t, r, b] });

describe('SROIE references', () => {
  it('keeps commas of the text after the eighth comma, takes the polygon bounds and reads CRLF files', () => {
    const csv =
      '\uFEFF72,25,326,25,326,64,72,64,TAN WOON YANN\r\n110,144,383,140,383,163,110,170,NO.53 55,57 & 59, JALAN SAGU 18,\r\n\r\nbad,row\n';
    expect(parseSroieBoxes(csv)).toEqual([
      { text: 'TAN WOON YANN', box: [72, 25, 326, 64] },
      { text: 'NO.53 55,57 & 59, JALAN SAGU 18,', box: [110, 140, 383, 170] },
    ]);
  });

  it('bounds polygons and rejects malformed ones', () => {
    expect(polygonBox([10, 5, 30, 7, 28, 20, 9, 18])).toEqual([9, 5, 30, 20]);
    expect(polygonBox([1, 2, 3])).toBeNull();
    expect(polygonBox([1, 2, Number.NaN, 4])).toBeNull();
  });
});

describe('line matching by box', () => {
  it('computes IoU', () => {
    expect(iou([0, 0, 10, 10], [0, 0, 10, 10])).toBe(1);
    expect(iou([0, 0, 10, 10], [5, 0, 15, 10])).toBeCloseTo(50 / 150);
    expect(iou([0, 0, 10, 10], [10, 0, 20, 10])).toBe(0);
  });

  it('matches one-to-one, best IoU first, and ignores overlaps under 0.3', () => {
    const ref = [line('A', 0, 0, 100, 10), line('B', 0, 20, 100, 30)];
    // hyp 0 overlaps ref 0 a little, hyp 1 overlaps it fully; hyp 2 overlaps ref 1 under the threshold.
    const hyp = [line('a', 60, 0, 160, 10), line('A', 0, 0, 100, 10), line('b', 80, 20, 180, 30)];
    expect(matchLinesByIou(ref, hyp)).toEqual([[0, 1]]);
    expect(matchLinesByIou(ref, hyp, 0.05)).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });

  it('counts matched edits plus unmatched reference and hypothesis characters', () => {
    const ref = [line('TOTAL  12.00 ', 0, 0, 100, 10), line('THANK YOU', 0, 50, 100, 60)];
    const hyp = [line('TOTAL 12.0O', 1, 1, 99, 11), line('NOISE', 0, 200, 50, 210)];
    // 'TOTAL 12.00' vs 'TOTAL 12.0O': 1; 'THANK YOU' unmatched: 9; 'NOISE' unmatched: 5; reference chars 11 + 9.
    expect(matchedLineErrors(ref, hyp)).toEqual({ errors: 15, refChars: 20, matchedLines: 1 });
    expect(errorRate(matchedLineErrors(ref, ref))).toBe(0);
  });

  it('lets lines without a box match nothing', () => {
    expect(matchedLineErrors([line('AB', 0, 0, 10, 10)], [{ text: 'AB', box: null }])).toEqual({ errors: 4, refChars: 2, matchedLines: 0 });
  });
});

describe('order-independent CER', () => {
  it('sorts lines by top then left, normalizing whitespace', () => {
    const lines = [
      line('second', 0, 20, 10, 30),
      line(' right ', 50, 0, 60, 10),
      line('left\t one', 0, 0, 10, 10),
      { text: 'nobox', box: null },
    ];
    expect(sortedPageText(lines)).toBe('left one\nright\nsecond\nnobox');
  });

  it('is zero for the same lines in another order and counts the differences otherwise', () => {
    const ref = [line('AB', 0, 0, 10, 10), line('CD', 0, 20, 10, 30)];
    expect(sortedLineErrors(ref, [ref[1], ref[0]])).toEqual({ errors: 0, refChars: 5 });
    expect(sortedLineErrors(ref, [line('AB', 0, 0, 10, 10)])).toEqual({ errors: 3, refChars: 5 });
  });

  it('ignores whitespace entirely for the ocr-tesseract pages', () => {
    expect(whitespaceFreeErrors('d a t e l i n e\n\nThe  quick', 'dateline The quick')).toEqual({ errors: 0, refChars: 16 });
    expect(whitespaceFreeErrors('abc', 'abd ')).toEqual({ errors: 1, refChars: 3 });
    expect(normalizeLine('  a \t b\n')).toBe('a b');
  });
});

describe('bag-of-words F1', () => {
  it('counts the multiset intersection, case-sensitively', () => {
    const counts = wordCounts(['RM 5.00 RM', 'TOTAL'], ['RM RM RM 5.00', 'total']);
    expect(counts).toEqual({ matched: 3, reference: 4, hypothesis: 5 });
    const { precision, recall, f1 } = precisionRecallF1(counts);
    expect(precision).toBeCloseTo(3 / 5);
    expect(recall).toBeCloseTo(3 / 4);
    expect(f1).toBeCloseTo((2 * 0.6 * 0.75) / 1.35);
    expect(precisionRecallF1({ matched: 0, reference: 3, hypothesis: 0 })).toEqual({ precision: 0, recall: 0, f1: 0 });
  });
});

describe('UNLV zones', () => {
  it('keeps the lines inside zones, zone by zone in file order', () => {
    const zones = parseUzn('  500   0   100   100 Text\n    0   0   100   100 Header/Footer\n');
    expect(zones).toEqual([
      { box: [500, 0, 600, 100], type: 'Text' },
      { box: [0, 0, 100, 100], type: 'Header/Footer' },
    ]);
    const lines = [line('head', 10, 10, 90, 20), line('outside', 300, 10, 400, 20), line('body', 510, 10, 590, 20)];
    expect(zonedText(lines, zones)).toBe('body\nhead');
  });
});

describe('tesseract TSV', () => {
  it('builds lines from level-4 boxes and level-5 words, per page', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '1\t1\t0\t0\t0\t0\t0\t0\t463\t1013\t-1\t',
      '4\t1\t1\t1\t1\t0\t75\t32\t244\t31\t-1\t',
      '5\t1\t1\t1\t1\t1\t75\t32\t51\t23\t92.9\ttan',
      '5\t1\t1\t1\t1\t2\t138\t37\t91\t18\t92.0\twoon',
      '4\t1\t1\t1\t2\t0\t10\t80\t5\t5\t-1\t',
      '5\t1\t1\t1\t2\t1\t10\t80\t5\t5\t95\t ',
      '4\t2\t1\t1\t1\t0\t1\t2\t3\t4\t-1\t',
      '5\t2\t1\t1\t1\t1\t1\t2\t3\t4\t90\tpage2',
      '',
    ].join('\n');
    expect(parseTesseractTsv(tsv)).toEqual([[{ text: 'tan woon', box: [75, 32, 319, 63] }], [{ text: 'page2', box: [1, 2, 4, 6] }]]);
  });
});

describe('unique image bytes', () => {
  const pixels = Buffer.from(Array.from({ length: 8 * 6 * 3 }, (_, i) => (i * 37) % 256));
  const image = sharp(pixels, { raw: { width: 8, height: 6, channels: 3 } });

  it('changes the bytes of PNG, JPEG and TIFF files but none of their pixels', async () => {
    for (const encoded of [
      await image.clone().png().toBuffer(),
      await image.clone().jpeg().toBuffer(),
      await image.clone().tiff().toBuffer(),
    ]) {
      const copy = uniqueImageBytes(encoded, 'regular 1');
      expect(copy.equals(encoded)).toBe(false);
      expect(copy.equals(uniqueImageBytes(encoded, 'regular 2'))).toBe(false);
      const [a, b] = await Promise.all([sharp(encoded).raw().toBuffer(), sharp(copy).raw().toBuffer()]);
      expect(b.equals(a)).toBe(true);
    }
  });
});

describe('bars', () => {
  it('judges each bar from the figures and says when one is missing', () => {
    const notes = barNotes({
      sroieCer: new Map([
        ['docintel regular', 0.07],
        ['docintel agentic', 0.05],
        ['tesseract', 0.1],
      ]),
      receiptP50Ms: new Map([
        ['docintel regular', 400],
        ['tesseract', 600],
      ]),
      a4MedianMs: new Map([
        ['docintel regular', 1000],
        ['tesseract', 2500],
      ]),
      transfer: { missing: 'no inference probe wired' },
    });
    expect(notes[0]).toMatch(/: met: regular 0\.070 vs 0\.8 x 0\.100/u);
    expect(notes[1]).toMatch(/: met: agentic 0\.050/u);
    expect(notes[2]).toMatch(/: met: 2\.50x/u);
    expect(notes[3]).toMatch(/: NOT met: 1\.50x/u);
    expect(notes[4]).toMatch(/not measured \(no inference probe wired\)/u);
    const worse = barNotes({
      sroieCer: new Map([
        ['docintel regular', 0.09],
        ['tesseract', 0.1],
      ]),
      receiptP50Ms: new Map(),
      a4MedianMs: new Map(),
      transfer: { share: 0.12, detail: 'x' },
    });
    expect(worse[0]).toMatch(/NOT met/u);
    expect(worse[1]).toMatch(/not measured/u);
    expect(worse[4]).toMatch(/NOT met: 12\.0%/u);
  });
});
