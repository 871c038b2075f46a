import type { Glyph, PageDrawing } from '../drawing/mod.ts';
import type { BBox, ModelPage } from '../model/types.ts';
import { centerIn, centerY, grown, intersects, union } from '../model/geometry.ts';
import { DETECT } from './detect-thresholds.ts';
import { isItalicGlyph } from './items.ts';
import { isProseWord, isStrongMath, mathSignals, wordsOf } from './signals.ts';

/** A formula's area on a born-digital page, before LaTeX is built. */
export interface FormulaRegion {
  bbox: BBox;
  glyphs: Glyph[];
  display_mode: 'inline' | 'block';
  /** Printed equation number beside a display formula, without parentheses. */
  tag?: string;
}

interface Unit {
  bbox: BBox;
  glyphs: Glyph[];
  kind: 'math' | 'prose' | 'neutral';
}

const TAG = /^\(\s*([0-9]+(?:[.-][0-9]+)*[a-z]?|[A-Z]?[0-9]+[a-z]?|[ivx]+)\s*\)$/u;

/**
 * Display formulas: text lines with math signals and no prose, merged with their neighbours (stacked fraction
 * parts, limits, scripts the text layer split off) when close; a `(n)` far to the right becomes the tag.
 * Inline formulas: runs of math words inside prose lines (conservative: a math font, Greek or a math symbol).
 */
export function detectRegions(page: ModelPage, drawing: PageDrawing): FormulaRegion[] {
  const glyphs = drawing.glyphs.slice(0, DETECT.maxGlyphs).filter((g) => g.c.trim() && !/[\u200b-\u200f\ufeff]/u.test(g.c));
  const units = unitsOf(page, glyphs);
  const regions: FormulaRegion[] = [];
  // Glyphs of prose lines never join a display formula's area (a caption or table cell beside it).
  const proseGlyphs = new Set(units.filter((u) => u.kind === 'prose').flatMap((u) => u.glyphs));
  const free = glyphs.filter((g) => !proseGlyphs.has(g));
  const rules = drawing.paths
    .filter((p) => p.bbox[3] - p.bbox[1] <= DETECT.ruleMaxHeight && p.bbox[2] - p.bbox[0] >= DETECT.ruleMinWidth)
    .map((p) => p.bbox);
  for (const group of displayGroups(units, rules)) regions.push(...splitDisplay(group, free));
  attachFarTags(regions, units);
  const taken = regions.map((r) => r.bbox);
  for (const unit of units.filter((u) => u.kind === 'prose')) {
    for (const region of inlineRuns(unit)) if (!taken.some((b) => intersects(b, region.bbox))) regions.push(region);
  }
  return regions;
}

/** Model lines as units with their glyphs; glyphs no line holds join the nearest unit's area later. */
function unitsOf(page: ModelPage, glyphs: Glyph[]): Unit[] {
  const equationBlocks = page.blocks.filter((b) => b.type === 'equation').map((b) => b.bbox);
  const units: Unit[] = [];
  const used = new Set<Glyph>();
  // Glyphs sorted by centre y, so each line looks only at its own band (pages can hold many thousands of glyphs).
  const bodySize = typicalSize(glyphs);
  const byY = [...glyphs].sort((a, b) => centerY(a.bbox) - centerY(b.bbox));
  const ys = byY.map((g) => centerY(g.bbox));
  for (const line of page.lines) {
    if (line.rotation !== 0) continue;
    const inside: Glyph[] = [];
    for (let k = lowerBound(ys, line.bbox[1]); k < byY.length && ys[k] <= line.bbox[3]; k++) {
      if (!used.has(byY[k]) && centerIn(byY[k].bbox, line.bbox)) inside.push(byY[k]);
    }
    if (!inside.length) continue;
    inside.forEach((g) => used.add(g));
    const s = mathSignals(inside);
    // A delimiter far taller than body text (a matrix's parentheses) is math even in a text font.
    if (inside.some((g) => /^[()[\]{}|]$/u.test(g.c) && g.size >= bodySize * DETECT.tallDelimiterSizes)) s.strong++;
    const inEquationBlock = equationBlocks.some((b) => centerIn(line.bbox, b));
    const math = s.strong > 0 || (s.weak >= DETECT.weakSignalsInEquationBlock && inEquationBlock) || s.weak >= DETECT.weakSignalsAlone;
    const prose =
      s.proseLetters > Math.max(DETECT.proseLettersFloor, (s.strong + s.weak) * DETECT.proseLettersPerSignal) ||
      s.uprightLetters > (s.strong + s.weak) * DETECT.uprightLettersPerSignal + DETECT.uprightLettersSlack;
    units.push({ bbox: union(inside.map((g) => g.bbox)), glyphs: inside, kind: prose ? 'prose' : math ? 'math' : 'neutral' });
  }
  return units;
}

/** Non-prose units joined to math units by closeness; groups without a math unit are dropped. */
function displayGroups(units: Unit[], rules: BBox[]): Unit[][] {
  const candidates = units.filter((u) => u.kind !== 'prose').sort((a, b) => a.bbox[1] - b.bbox[1]);
  const sizes = candidates.map((u) => typicalSize(u.glyphs));
  const maxSize = Math.max(0, ...sizes);
  const parent = candidates.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < candidates.length; i++) {
    // Sorted by top: once a unit starts well below this one's bottom, no later one can touch it.
    for (let j = i + 1; j < candidates.length && candidates[j].bbox[1] < candidates[i].bbox[3] + maxSize; j++) {
      // Only through a math unit: a column of plain numbers (a table) must not chain a formula across the page.
      const viaMath = candidates[i].kind === 'math' || candidates[j].kind === 'math';
      if (
        viaMath &&
        near(candidates[i], candidates[j], Math.max(sizes[i], sizes[j])) &&
        belongs(candidates[i], candidates[j], sizes[i], sizes[j], rules)
      ) {
        parent[find(i)] = find(j);
      }
    }
  }
  const groups = new Map<number, Unit[]>();
  candidates.forEach((u, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), u]));
  return [...groups.values()].filter((g) => g.some((u) => u.kind === 'math'));
}

function near(a: Unit, b: Unit, size: number): boolean {
  const vGap = Math.max(a.bbox[1], b.bbox[1]) - Math.min(a.bbox[3], b.bbox[3]);
  const hGap = Math.max(a.bbox[0], b.bbox[0]) - Math.min(a.bbox[2], b.bbox[2]);
  return vGap < size * DETECT.nearVerticalGap && hGap < size * DETECT.nearHorizontalGap;
}

/**
 * A plain line joins a math line only as a part of it: the same band (a split-off piece), smaller (scripts,
 * limits), or across a rule (a fraction's other half). A full-size line of numbers above is a table row, not math.
 */
function belongs(a: Unit, b: Unit, sizeA: number, sizeB: number, rules: BBox[]): boolean {
  if (a.kind === 'math' && b.kind === 'math') return true;
  const [math, plain, mathSize, plainSize] = a.kind === 'math' ? [a, b, sizeA, sizeB] : [b, a, sizeB, sizeA];
  const shorter = Math.min(plain.bbox[3] - plain.bbox[1], math.bbox[3] - math.bbox[1]);
  const sameBand = Math.min(math.bbox[3], plain.bbox[3]) - Math.max(math.bbox[1], plain.bbox[1]) > shorter * DETECT.sameBandShare;
  if (sameBand || plainSize < mathSize * DETECT.smallerSizeShare) return true;
  const top = Math.min(math.bbox[1], plain.bbox[1]);
  const bottom = Math.max(math.bbox[3], plain.bbox[3]);
  return rules.some(
    (r) =>
      r[1] >= top &&
      r[3] <= bottom &&
      r[0] < plain.bbox[2] &&
      r[2] > plain.bbox[0] &&
      r[2] - r[0] < (plain.bbox[2] - plain.bbox[0]) * DETECT.ruleWidthPerLineWidth + plainSize * DETECT.ruleWidthSlackSizes,
  );
}

function typicalSize(glyphs: Glyph[]): number {
  const sizes = glyphs.map((g) => g.size).sort((a, b) => a - b);
  return sizes[Math.floor(sizes.length / 2)] ?? DETECT.defaultSize;
}

/** A display group's glyphs (all page glyphs in its area), split at wide horizontal gaps; `(n)` on the right is the tag. */
function splitDisplay(group: Unit[], pageGlyphs: Glyph[]): FormulaRegion[] {
  const area = union(group.map((u) => u.bbox));
  const size = typicalSize(group.flatMap((u) => u.glyphs));
  const glyphs = pageGlyphs.filter((g) => centerIn(g.bbox, grown(area, size * DETECT.areaGrowSizes)));
  const clusters = horizontalClusters(glyphs, size * DETECT.clusterGapSizes);
  const last = clusters[clusters.length - 1];
  let tag: string | undefined;
  if (clusters.length > 1) {
    const text = textOf(last).replace(/\s+/g, '');
    const match = TAG.exec(text);
    if (match) {
      tag = match[1];
      clusters.pop();
    }
  }
  // A lone glyph on its own (a QED box, a bullet in a math font) is not a display formula.
  return clusters
    .flatMap((c) => splitRows(trimDisplay(c)))
    .filter((c) => c.length > 1 && mathSignals(c).strong + mathSignals(c).weak > 0)
    .map((c, i, all) => ({
      bbox: union(c.map((g) => g.bbox)),
      glyphs: c,
      display_mode: 'block' as const,
      tag: i === all.length - 1 ? tag : undefined,
    }));
}

/** Drops prose words ("where", "that") and closing punctuation at the ends of a display formula's main row. */
function trimDisplay(glyphs: Glyph[]): Glyph[] {
  const words = wordsOf(glyphs);
  const size = Math.max(...glyphs.map((g) => g.size));
  const onRow = (w: Glyph[]) => w.every((g) => g.size >= size * DETECT.mainRowSizeShare);
  // Exercise numbers ("150.") and prose at the left end are not part of the formula.
  while (words.length > 1 && onRow(words[0]) && (isProseWord(words[0]) || /^\d+\.$/u.test(words[0].map((g) => g.c).join(''))))
    words.shift();
  while (words.length > 1 && onRow(words[words.length - 1]) && isProseWord(words[words.length - 1])) words.pop();
  const last = words[words.length - 1];
  if (last && /^[.,;]$/u.test(last[last.length - 1].c) && words.length > 1) last.pop();
  return words.flat();
}

/**
 * Formulas stacked in one display (Maxwell's equations, aligned lines): one per row of full-size relation signs
 * (=, ≤, …) when there are several rows; every glyph goes to the nearest row.
 */
function splitRows(glyphs: Glyph[]): Glyph[][] {
  if (glyphs.length < DETECT.splitRowsMinGlyphs) return [glyphs];
  const size = Math.max(...glyphs.filter((g) => !/[∑∏∫∮⋃⋂()[\]{}|]/u.test(g.c)).map((g) => g.size), 1);
  const anchors: number[] = [];
  for (const g of glyphs) {
    if (!/^[=≤≥<>≈≠≡∈]$/u.test(g.c) || g.size < size * DETECT.anchorSizeShare) continue;
    if (!anchors.some((y) => Math.abs(y - g.y) < size * DETECT.anchorRowGapSizes)) anchors.push(g.y);
  }
  if (anchors.length < DETECT.splitRowsMinAnchors) return [glyphs];
  const rows: Glyph[][] = anchors.map(() => []);
  for (const g of glyphs) {
    const y = centerY(g.bbox);
    let best = 0;
    anchors.forEach((a, k) => {
      if (Math.abs(a - y) < Math.abs(anchors[best] - y)) best = k;
    });
    rows[best].push(g);
  }
  return rows.filter((r) => r.length);
}

function horizontalClusters(glyphs: Glyph[], gap: number): Glyph[][] {
  const sorted = [...glyphs].sort((a, b) => a.bbox[0] - b.bbox[0]);
  const clusters: Glyph[][] = [];
  let right = -Infinity;
  for (const g of sorted) {
    if (g.bbox[0] - right > gap) clusters.push([]);
    clusters[clusters.length - 1].push(g);
    right = Math.max(right, g.bbox[2]);
  }
  return clusters;
}

/** An equation number set at the right margin, far from its formula: the nearest `(n)` on the same band to the right. */
function attachFarTags(regions: FormulaRegion[], units: Unit[]): void {
  const tags = units.filter((u) => u.kind !== 'prose' && TAG.test(textOf(u.glyphs).replace(/\s+/g, '')));
  const used = new Set<Unit>();
  for (const region of regions) {
    if (region.tag || region.display_mode !== 'block') continue;
    const mid = centerY(region.bbox);
    const candidate = tags
      .filter(
        (t) => !used.has(t) && t.bbox[0] > region.bbox[2] && mid > t.bbox[1] - DETECT.farTagSlack && mid < t.bbox[3] + DETECT.farTagSlack,
      )
      .sort((a, b) => a.bbox[0] - b.bbox[0])[0];
    if (
      !candidate ||
      regions.some(
        (r) =>
          r !== region &&
          r.bbox[0] > region.bbox[2] &&
          r.bbox[0] < candidate.bbox[0] &&
          intersects(r.bbox, [region.bbox[2], region.bbox[1], candidate.bbox[0], region.bbox[3]]),
      )
    )
      continue;
    region.tag = TAG.exec(textOf(candidate.glyphs).replace(/\s+/g, ''))![1];
    used.add(candidate);
  }
}

/** Glyphs of figures as prose prints them: digits, separators, ranges, a tolerance or a factor. */
const PLAIN_FIGURE_GLYPH = /^[0-9.,−–\-±∓×]$/u;

/** Runs of math words in a prose line: each run holds a strong math glyph; plain words and punctuation end it. */
function inlineRuns(unit: Unit): FormulaRegion[] {
  const words = wordsOf(unit.glyphs);
  const scripted = scriptedLetters(words);
  const strong = (g: Glyph) => isStrongMath(g) || scripted.has(g);
  const regions: FormulaRegion[] = [];
  let run: Glyph[][] = [];
  const flush = () => {
    const trimmed = trimRun(run, strong);
    // "2007−2008", "10−12 pages": a minus sign between plain numbers is a range, not a formula; "48 ± 5", "±1"
    // and "×2" are measured values as printed: turning them into LaTeX would rewrite (and risk losing) the figures.
    const numberRange = trimmed.flat().every((g) => PLAIN_FIGURE_GLYPH.test(g.c));
    if (trimmed.some((w) => w.some(strong)) && !numberRange) {
      const glyphs = trimmed.flat();
      regions.push({ bbox: union(glyphs.map((g) => g.bbox)), glyphs, display_mode: 'inline' });
    }
    run = [];
  };
  for (const [k, word] of words.entries()) {
    if ((isProseWord(word) && !isOperatorName(word, run, words[k + 1])) || (/[,;:.!?]$/u.test(textOf(word)) && !word.some(strong))) {
      flush();
      continue;
    }
    const mathy = word.some(strong) || (/^[\p{L}0-9=+\-−/()[\]^_<>|.,]+$/u.test(textOf(word)) && word.length <= DETECT.inlineWordMaxGlyphs);
    if (mathy) run.push(word);
    else flush();
    if (/[,;:]$/u.test(textOf(word))) flush();
  }
  flush();
  return regions;
}

/** `Ann` in `R/Ann_R(x)`: a short upright word glued to the math before it and carrying a script after it. */
function isOperatorName(word: Glyph[], run: Glyph[][], next: Glyph[] | undefined): boolean {
  const previous = run[run.length - 1]?.[run[run.length - 1].length - 1];
  const first = word[0];
  const last = word[word.length - 1];
  if (
    !previous ||
    !next ||
    word.length > DETECT.operatorNameMaxGlyphs ||
    first.bbox[0] - previous.bbox[2] > first.size * DETECT.operatorNameGlueSizes
  )
    return false;
  return (
    next[0].size < last.size * DETECT.operatorScriptSizeShare && Math.abs(next[0].y - last.y) > last.size * DETECT.operatorScriptShiftSizes
  );
}

/**
 * A single italic letter with a smaller, raised or lowered glyph glued to it (x², aᵢ): math even in a text font.
 * Footnote marks follow whole words, so they do not qualify. Returns the letters and their scripts.
 */
function scriptedLetters(words: Glyph[][]): Set<Glyph> {
  const out = new Set<Glyph>();
  for (let k = 0; k + 1 < words.length; k++) {
    const base = words[k];
    const script = words[k + 1];
    if (!isMathLetterWord(base) || script.length > DETECT.scriptMaxGlyphs) continue;
    const b = base[0];
    const s = script[0];
    if (
      s.size < b.size * DETECT.scriptSizeShare &&
      Math.abs(s.y - b.y) > b.size * DETECT.scriptShiftSizes &&
      s.bbox[0] - b.bbox[2] < b.size * DETECT.scriptGlueSizes
    ) {
      out.add(b);
      script.forEach((g) => out.add(g));
    }
  }
  return out;
}

/** Drops leading/trailing words without math, and trailing punctuation. */
function trimRun(run: Glyph[][], isStrongMath: (g: Glyph) => boolean): Glyph[][] {
  const words = run.map((w) => w.filter((g, i) => !(i === w.length - 1 && /^[,;:.!?]$/u.test(g.c))));
  let start = 0;
  let end = words.length;
  while (start < end && !words[start].some(isStrongMath) && !isMathLetterWord(words[start])) start++;
  while (end > start && !words[end - 1].some(isStrongMath) && !isMathLetterWord(words[end - 1])) end--;
  return words.slice(start, end).filter((w) => w.length);
}

function isMathLetterWord(word: Glyph[]): boolean {
  return word.length === 1 && /^[0-9\p{L}]$/u.test(word[0].c) && isItalicGlyph(word[0]);
}

export function textOf(glyphs: Glyph[]): string {
  const sorted = [...glyphs].sort((a, b) => a.seq - b.seq);
  let out = '';
  let prev: Glyph | null = null;
  for (const g of sorted) {
    if (
      prev &&
      (Math.abs(g.y - prev.y) > prev.size * DETECT.wordBreakShiftSizes || g.bbox[0] - prev.bbox[2] > prev.size * DETECT.wordBreakGapSizes)
    )
      out += ' ';
    out += g.c;
    prev = g;
  }
  return out.trim();
}

function lowerBound(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
