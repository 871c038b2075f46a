import type { FormulaInput } from './types.ts';
import { charLatex, FUNCTION_NAMES } from './symbols.ts';
import { glyphItems, isItalicGlyph, isStructural, rulesOf, textSizeOf, type Item, type Rule } from './items.ts';
import { buildBigOperators, buildDelimited, buildFractions, buildRadicals, dominantBaseline, type Pool } from './structures.ts';
import { validateLatex } from './validate.ts';

/**
 * Rebuilds LaTeX from glyph geometry: structures first (radicals, fractions, operators with limits, delimited groups
 * and matrices, each recursing into its parts), then the remaining line left to right with scripts found from
 * baseline shifts and sizes. Recursion depth and item counts are bounded.
 */

/** Deepest nesting of structures built (a fraction in a root in a fraction…). */
const MAX_DEPTH = 10;
/** Most glyph items of a formula read. */
const MAX_ITEMS = 600;

/**
 * The builder's thresholds. Lengths are in font sizes (`size`: the line's typical glyph size, or the item's own
 * where named); confidences are on a 0–1 scale.
 */
const LATEX = {
  /** Starting confidence of a display formula's LaTeX... */
  blockConfidence: 0.9,
  /** ...and of an inline one's. */
  inlineConfidence: 0.85,
  /** Confidence lost per glyph with no known character... */
  unknownGlyphPenalty: 0.1,
  /** ...at most this much in all. */
  unknownGlyphMaxPenalty: 0.4,
  /** Confidence lost when the recursion depth was hit. */
  depthHitPenalty: 0.2,
  /** Confidence kept (factor) when the LaTeX does not parse. */
  unparsedFactor: 0.3,
  /** Lowest confidence reported. */
  minConfidence: 0.05,
  /** A prime within this many sizes of a subscript's last glyph... */
  primeOfSubGapSizes: 0.3,
  /** ...and under this share of the line's size sits on the subscript. */
  primeOfSubSizeShare: 0.85,
  /** Digits closer than this many sizes are one number; letters closer than this many of their sizes are one word. */
  joinGapSizes: 0.15,
  /** A structure under this share of the line's size... */
  structureSupSizeShare: 0.8,
  /** ...ending this many sizes above the baseline is a superscript. */
  structureSupRaiseSizes: 0.3,
  /** A baseline raised by more than this many sizes is a superscript. */
  supShiftSizes: 0.2,
  /** A baseline lowered by more than this many sizes is a subscript when smaller than `subSizeShare`... */
  subShiftSizes: 0.12,
  subSizeShare: 0.9,
  /** ...or whatever its size when lowered by more than this many sizes. */
  subDeepShiftSizes: 0.3,
  /** Small glyphs (under `smallSubSizeShare`) lowered by more than this many sizes are subscripts too. */
  smallSubShiftSizes: 0.06,
  smallSubSizeShare: 0.8,
} as const;

export function formulaToLatex(input: FormulaInput): { latex: string; confidence: number } {
  try {
    const items = glyphItems(input.glyphs).slice(0, MAX_ITEMS);
    if (!items.length) return { latex: '', confidence: 0 };
    const rules = rulesOf(input.paths, textSizeOf(items));
    const stats = { unknown: input.glyphs.filter((g) => g.c === '\ufffd').length, depthHit: false };
    const latex = tidy(buildLevel(items, rules, 0, stats));
    const parses = validateLatex(latex, input.display_mode === 'block');
    let confidence = input.display_mode === 'block' ? LATEX.blockConfidence : LATEX.inlineConfidence;
    confidence -= Math.min(LATEX.unknownGlyphMaxPenalty, stats.unknown * LATEX.unknownGlyphPenalty);
    if (stats.depthHit) confidence -= LATEX.depthHitPenalty;
    if (!parses) confidence *= LATEX.unparsedFactor;
    return { latex, confidence: Math.max(LATEX.minConfidence, Math.round(confidence * 100) / 100) };
  } catch {
    return { latex: '', confidence: 0 };
  }
}

function tidy(latex: string): string {
  return latex.replace(/\s+/g, ' ').trim();
}

interface Stats {
  unknown: number;
  depthHit: boolean;
}

function buildLevel(items: Item[], rules: Rule[], depth: number, stats: Stats): string {
  if (!items.length) return '';
  if (depth > MAX_DEPTH) {
    stats.depthHit = true;
    return items
      .sort((a, b) => a.bbox[0] - b.bbox[0])
      .map(itemLatex)
      .join(' ');
  }
  const build = (sub: Item[], subRules: Rule[]) => tidy(buildLevel(sub, subRules, depth + 1, stats));
  const pool: Pool = { items: [...items], rules: [...rules], size: textSizeOf(items) };
  // Each stage's structures go back into the pool, so later stages can hold them (a fraction inside tall parentheses).
  for (const stage of [buildRadicals, buildFractions, buildBigOperators, buildDelimited]) {
    const made = stage(pool, build); // replaces pool.items: read it only afterwards
    pool.items.push(...made);
  }
  return layoutLine(pool.items, pool.size, build);
}

type Level = 'base' | 'sup' | 'sub';

/** Base items with their scripts, left to right. */
function layoutLine(items: Item[], size: number, build: (items: Item[], rules: Rule[]) => string): string {
  const baseline = dominantBaseline(items.filter((i) => !isStructural(i))) ?? dominantBaseline(items) ?? items[0].baseline;
  const sorted = [...items].sort((a, b) => a.bbox[0] - b.bbox[0] || a.baseline - b.baseline);
  const groups: { base: Item | null; sup: Item[]; sub: Item[] }[] = [];
  const levels = sorted.map((item) => levelOf(item, baseline, size));
  // A set with nothing at the base level (a lone prime, a script split off on its own) is all base.
  if (!levels.includes('base')) levels.fill('base');
  for (const [k, item] of sorted.entries()) {
    const level = levels[k];
    if (level === 'base') groups.push({ base: item, sup: [], sub: [] });
    else {
      if (!groups.length) groups.push({ base: null, sup: [], sub: [] });
      const group = groups[groups.length - 1];
      // g′ inside a subscript: the prime sits on the subscript's letter, not on the base.
      const lastSub = group.sub[group.sub.length - 1];
      const primeOfSub =
        isPrime(item) &&
        lastSub &&
        item.bbox[0] - lastSub.bbox[2] < size * LATEX.primeOfSubGapSizes &&
        item.size < size * LATEX.primeOfSubSizeShare;
      group[primeOfSub ? 'sub' : level].push(item);
    }
  }
  const pieces: string[] = [];
  const bases = groups.map((g) => g.base);
  for (let i = 0; i < groups.length; i++) {
    const run = letterRun(bases, i);
    let text: string;
    let last = i;
    if (run) {
      text = run.latex;
      last = i + run.length - 1;
      if (groups.slice(i, last).some((g) => g.sub.length || g.sup.length)) {
        text = bases[i] ? itemLatex(bases[i]!) : '{}';
        last = i;
      }
    } else text = groups[i].base ? itemLatex(groups[i].base!) : '{}';
    const { sub, sup } = groups[last];
    if (sub.length) text += `_{${build(sub, [])}}`;
    if (sup.length) text += `^{${build(sup, [])}}`;
    // Digits set side by side are one number (12, 3.5), not a product of digits.
    const prevBase = i > 0 ? groups[i - 1] : null;
    const joinsNumber =
      prevBase?.base?.char &&
      groups[i].base?.char &&
      /^[0-9.]$/.test(prevBase.base.char) &&
      /^[0-9.]$/.test(groups[i].base!.char!) &&
      !(prevBase.base.char === '.' && groups[i].base!.char === '.') &&
      !prevBase.sub.length &&
      !prevBase.sup.length &&
      groups[i].base!.bbox[0] - prevBase.base.bbox[2] < size * LATEX.joinGapSizes;
    if (joinsNumber && pieces.length) pieces[pieces.length - 1] += text;
    else pieces.push(text);
    i = last;
  }
  return pieces.join(' ');
}

function levelOf(item: Item, baseline: number, size: number): Level {
  if (isPrime(item)) {
    const level = shiftLevel(item, baseline, size);
    return level === 'base' ? 'sup' : level;
  }
  if (item.latex !== undefined || isStructural(item)) {
    if (item.size < size * LATEX.structureSupSizeShare && item.bbox[3] < baseline - size * LATEX.structureSupRaiseSizes) return 'sup';
    return 'base';
  }
  return shiftLevel(item, baseline, size);
}

function shiftLevel(item: Item, baseline: number, size: number): Level {
  const shift = item.baseline - baseline;
  if (shift < -size * LATEX.supShiftSizes) return 'sup';
  if (shift > size * LATEX.subShiftSizes && (item.size < size * LATEX.subSizeShare || shift > size * LATEX.subDeepShiftSizes)) return 'sub';
  // Small digits barely lowered (μ₀ set by some producers 0.1 em down) are still subscripts.
  if (shift > size * LATEX.smallSubShiftSizes && item.size < size * LATEX.smallSubSizeShare) return 'sub';
  return 'base';
}

/** An upright multi-letter run (sin, log, Ann) at the base level: \sin or \operatorname{Ann}. */
function letterRun(bases: (Item | null)[], start: number): { latex: string; length: number } | null {
  let word = '';
  let prev: Item | null = null;
  for (let i = start; i < bases.length; i++) {
    const item = bases[i];
    if (!item?.glyph || !/^[A-Za-z]$/.test(item.char ?? '') || isItalicGlyph(item.glyph) || item.glyph.bold) break;
    if (prev && item.bbox[0] - prev.bbox[2] > item.size * LATEX.joinGapSizes) break;
    word += item.char;
    prev = item;
  }
  if (word.length < 2) return null;
  const name = longestFunctionPrefix(word);
  if (name) return { latex: `\\${name}`, length: name.length };
  return { latex: `\\operatorname{${word}}`, length: word.length };
}

function longestFunctionPrefix(word: string): string | null {
  for (let n = word.length; n >= 2; n--) if (FUNCTION_NAMES.has(word.slice(0, n))) return word.slice(0, n);
  return null;
}

function itemLatex(item: Item): string {
  if (item.latex !== undefined) return item.latex;
  const c = item.char ?? '';
  const latex = charLatex(c);
  if (item.glyph?.bold && /^[A-Za-z0-9]$/.test(c)) return `\\mathbf{${c}}`;
  if (item.glyph && /^CMSY/i.test(item.glyph.font) && /^[A-Z]$/.test(c)) return `\\mathcal{${c}}`;
  if (item.glyph?.bold && latex.startsWith('\\') && /^\\[A-Za-z]+$/.test(latex) && /^[\u0391-\u03a9]$/.test(c))
    return `\\boldsymbol{${latex}}`;
  return latex;
}

function isPrime(item: Item): boolean {
  return item.char === '′' || item.char === '″';
}
