/** The ask benchmark's scores (scripts/bench/ask/metrics.ts): ANLS and its date variant, where text is printed, citation hits. */
import { describe, expect, it } from 'vitest';
import { anls, anlsDates, citationHolds, locateText, type TextLine } from '../scripts/bench/ask/metrics.ts';

const LINES: TextLine[] = [
  { page_index: 0, text: 'TOTAL RM 9.00', bbox: [100, 500, 230, 520] },
  { page_index: 0, text: 'This Agreement is made between Acme', bbox: [50, 600, 400, 620] },
  { page_index: 0, text: 'Robotics Inc. and Blue Harbor LLC.', bbox: [50, 622, 390, 642] },
  { page_index: 1, text: 'governed by the laws of Delaware', bbox: [50, 100, 370, 120] },
];

describe('ask benchmark metrics', () => {
  it('scores ANLS with the 0.5 threshold, case and whitespace folded, best accepted answer', () => {
    expect(anls('9.00', ['9.00'])).toBe(1);
    expect(anls(' BOOK  TA K ', ['book ta k'])).toBe(1);
    expect(anls('RM 60.31', ['60.30'])).toBe(0);
    expect(anls('Nike Inc', ['Eric Dean Sprunk', 'Nike Inc.'])).toBeCloseTo(1 - 1 / 9, 5);
    expect(anls(null, ['x'])).toBe(0);
  });

  it('counts a date answer equal as a day to a date truth', () => {
    expect(anls('February 10, 2017', ['2017-02-10'])).toBe(0);
    expect(anlsDates('February 10, 2017', ['2017-02-10'])).toBe(1);
    expect(anlsDates('10th February 2017', ['2017-02-10'])).toBe(1);
    expect(anlsDates('February 11, 2017', ['2017-02-10'])).toBe(0);
  });

  it('locates text within a line and across lines, sliced by character offsets', () => {
    const [total] = locateText(LINES, '9.00');
    expect(total.page_index).toBe(0);
    expect(total.bbox[0]).toBeCloseTo(100 + (130 * 9) / 13, 5);
    expect(total.bbox[2]).toBe(230);
    const [party] = locateText(LINES, 'Acme Robotics Inc.');
    expect(party.bbox[1]).toBe(600);
    expect(party.bbox[3]).toBe(642);
    expect(locateText(LINES, 'Ohio')).toEqual([]);
  });

  it('holds a citation whose region covers where the text is printed, on the same page', () => {
    const places = locateText(LINES, 'Delaware');
    expect(citationHolds([{ page_index: 1, bbox: [290, 98, 372, 121] }], places)).toBe(true);
    expect(citationHolds([{ page_index: 0, bbox: [290, 98, 372, 121] }], places)).toBe(false);
    expect(citationHolds([{ page_index: 1, bbox: [50, 100, 200, 120] }], places)).toBe(false);
  });
});
