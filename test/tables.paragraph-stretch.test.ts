import { describe, expect, it } from 'vitest';
import { pdfOf } from './helpers/pdf.ts';
import { textOp, textRightOp, textWidth } from './helpers/synth-text.ts';
import { detect, policies } from './helpers/table-detect.ts';

/**
 * A justified paragraph in a narrow column whose middle lines hold few, long words: stretched to the full
 * measure, their word gaps open wide and line up from line to line like column gutters. The paragraph's lines
 * go on right above and below them at the same leading, so they are prose, not a table.
 */

const FULL = ['the committee met twice in the spring and agreed', 'that the accounts of the harbour board be read'];
const STRETCHED = [
  ['administration', 'commissioners', 'recommended.'],
  ['Nevertheless', 'considerable', 'reservations'],
  ['accompanying', 'documentation', 'demonstrated'],
  ['substantially', 'underestimated', 'expenditure'],
  ['notwithstanding', 'representations', 'subsequently'],
];
const AFTER = ['received from the tenants of the market and the', 'estate whose leases fall due before next year'];
const [X0, X1] = [320, 540];
const LEADING = 12;

/** A full line justified across the measure: its words spread so that the last one ends at the right edge. */
function justified(words: string[], y: number): string[] {
  const width = words.reduce((w, t) => w + textWidth(t, 9), 0);
  const gap = (X1 - X0 - width) / (words.length - 1);
  let x = X0;
  return words.map((t) => {
    const op = textOp(x, y, t, 9);
    x += textWidth(t, 9) + gap;
    return op;
  });
}

function paragraphStretchPdf(): Buffer {
  const ops: string[] = [];
  let y = 700;
  for (const line of FULL) ops.push(...justified(line.split(' '), (y -= LEADING)));
  for (const [a, b, c] of STRETCHED) {
    y -= LEADING;
    ops.push(textOp(X0, y, a, 9), textOp((X0 + X1) / 2 - textWidth(b, 9) / 2, y, b, 9), textRightOp(X1, y, c, 9, 'helvetica'));
  }
  for (const line of AFTER) ops.push(...justified(line.split(' '), (y -= LEADING)));
  return pdfOf([ops.join('\n')]);
}

describe('a stretch of widely spaced lines inside a justified paragraph', () => {
  it.each(policies)('is no table (%s)', (policy) => {
    expect(detect(paragraphStretchPdf(), policy)).toEqual([]);
  });
});
