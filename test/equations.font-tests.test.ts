import { describe, expect, it } from 'vitest';
import { isItalicFontName, isLetter, isMathFont } from '../src/pipeline/equations/font-tests.ts';
import { MATH_FONT, MATH_ITALIC_FONT } from '../src/pipeline/equations/symbols.ts';

/** The remembered font tests answer exactly as the patterns they stand for, also once their table was dropped. */
const NAMES = [
  'CMMI10',
  'cmsy7',
  'CMEX10',
  'MSBM10',
  'STIXMath-Regular',
  'LMMathItalic10-Regular',
  'CambriaMath',
  'Symbol',
  'Times-Roman',
  'Times-Italic',
  'Helvetica-Oblique',
  'ABCDEF+NimbusRomNo9L-ReguItal',
  'Arial,Bold',
  'MathematicalPi-One',
  '',
];

describe('remembered font tests', () => {
  it('agree with the math and italic font patterns', () => {
    for (let pass = 0; pass < 2; pass++) {
      for (const name of NAMES) {
        expect(isMathFont(name), name).toBe(MATH_FONT.test(name));
        expect(isItalicFontName(name), name).toBe(MATH_ITALIC_FONT.test(name) || /Italic|Oblique/i.test(name));
      }
    }
  });

  it('stay right past the number of names they remember', () => {
    for (let i = 0; i < 10_000; i++) {
      const name = i % 3 === 0 ? `F${i}Math` : i % 3 === 1 ? `F${i}-Italic` : `F${i}-Regular`;
      expect(isMathFont(name)).toBe(i % 3 === 0);
      expect(isItalicFontName(name)).toBe(i % 3 === 1);
    }
    expect(isMathFont('CMMI10')).toBe(true);
    expect(isMathFont('Times-Roman')).toBe(false);
  });
});

describe('isLetter', () => {
  it('is one Unicode letter, as /^\\p{L}$/u', () => {
    const samples = ['a', 'Z', '0', '=', ' ', '_', 'é', 'ß', 'α', 'Ω', 'ℓ', '∑', '中', 'ا', '\u0301', '𝑥', 'ab', '', 'a\u0301'];
    for (let code = 0; code < 0x250; code++) samples.push(String.fromCharCode(code));
    for (const c of samples) expect(isLetter(c), JSON.stringify(c)).toBe(/^\p{L}$/u.test(c));
  });
});
