import { describe, expect, it } from 'vitest';
import { FontInterner, fontKey } from '../src/pipeline/analysis/compact.ts';
import type { FontInfo } from '../src/pipeline/model/types.ts';

const font = (name: string, size: number, bold = false, italic = false, monospace = false): FontInfo => ({
  name,
  size,
  bold,
  italic,
  monospace,
});

describe('FontInterner', () => {
  it('shares one object per fontKey, the first one seen', () => {
    const fonts = [
      font('Times', 20),
      font('Times', 20),
      font('Times', 20.5),
      font('Times', 20, true),
      font('Times', 20, false, true),
      font('Times', 20, false, false, true),
      font('Times', 20, true, true, true),
      font('Times|20', 1),
      font('Times', 201),
      font('Courier', 20),
      font('Times', 20, true),
      font('Courier', 20),
    ];
    const interner = new FontInterner();
    const firstByKey = new Map<string, FontInfo>();
    for (const f of fonts) {
      if (!firstByKey.has(fontKey(f))) firstByKey.set(fontKey(f), f);
      expect(interner.intern(f)).toBe(firstByKey.get(fontKey(f)));
    }
    expect(new Set(fonts.map((f) => interner.intern(f))).size).toBe(firstByKey.size);
  });
});
