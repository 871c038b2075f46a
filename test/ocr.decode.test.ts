import { describe, expect, it } from 'vitest';
import { decodeCtc } from '../src/inference/ocr/ppocr/recognize.ts';

/**
 * Greedy CTC decoding on probability tables built here: one step per character, a blank step between
 * characters. The dictionary mixes Latin letters with a CJK character that looks like a Greek letter.
 */
const DICTIONARY = ['', 'w', 'a', 'v', 'e', 'l', 'n', 'g', 't', 'h', '入', '人', '口', 'Λ', 'A', ' '];

/** `steps` lists, per character, the class the model favours and (optionally) a runner-up with its probability. */
function table(steps: [string, string?, number?][]): { probs: Float32Array; count: number } {
  const classes = DICTIONARY.length;
  const rows: number[][] = [];
  for (const [char, second, secondProb = 0.2] of steps) {
    const row = new Array(classes).fill(0.001);
    row[DICTIONARY.indexOf(char)] = 0.7;
    if (second) row[DICTIONARY.indexOf(second)] = secondProb;
    rows.push(row);
    const blank = new Array(classes).fill(0.001);
    blank[0] = 0.9;
    rows.push(blank);
  }
  return { probs: Float32Array.from(rows.flat()), count: rows.length };
}

const decode = (steps: [string, string?, number?][]) => {
  const { probs, count } = table(steps);
  return decodeCtc(probs, 0, count, DICTIONARY.length, DICTIONARY, 1 / count);
};

describe('CTC decoding of Latin lines', () => {
  it('reads a lone CJK look-alike in a Latin line as the best Latin-script class, with its lower confidence', () => {
    const out = decode([['w'], ['a'], ['v'], ['e'], ['l'], ['e'], ['n'], ['g'], ['t'], ['h'], ['入', 'Λ', 0.25]]);
    expect(out.text).toBe('wavelengthΛ');
    expect(out.chars[out.chars.length - 1].confidence).toBeCloseTo(0.25, 5);
  });

  it('keeps CJK characters where the line holds several of them or little Latin text', () => {
    expect(decode([['w'], ['a'], ['入', 'Λ'], ['人', 'A'], ['口', 'A']]).text).toBe('wa入人口');
    expect(decode([['a'], ['t'], ['入', 'Λ']]).text).toBe('at入');
  });
});
