import { describe, expect, it } from 'vitest';
import { isAllCaps } from '../src/pipeline/layout/patterns.ts';

/** The definition the fast path must keep: three or more letters, all of them capitals (by Unicode case mapping). */
function allCapsByDefinition(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
}

describe('isAllCaps', () => {
  it('answers as its definition, lower-case ASCII anywhere or none', () => {
    const texts = [
      'INTRODUCTION',
      'TERMS AND CONDITIONS 12.3',
      'Introduction',
      'INTRODUCTIOn',
      'NDA (the "Agreement")',
      'SECTION 4 – DÉFINITIONS',
      'STRASSE',
      'Straße',
      'ÀÉÎ',
      'àéî',
      'ΑΒΓ',
      'αβγ',
      'US',
      '1234',
      '中文字',
      'ǅǅǅ',
      '',
      'ABC d',
      'ﬀ LIGATURE',
    ];
    for (const t of texts) expect(isAllCaps(t), t).toBe(allCapsByDefinition(t));
    expect(isAllCaps('SECTION 4 – DÉFINITIONS')).toBe(true);
    expect(isAllCaps('INTRODUCTIOn')).toBe(false);
  });
});
