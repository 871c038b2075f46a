import { BIG_OPERATORS, DELIMITER_PAIRS, RADICALS, SIDE_LIMIT_OPERATORS } from './symbols.ts';
import { centerX, centerY, union } from '../model/geometry.ts';
import { isBigOperator, isCmex, isRadical, type Item, type Rule } from './items.ts';
import { STRUCT } from './structures-thresholds.ts';

/** Builds LaTeX for a set of items and the rules among them (the builder's entry, passed in to recurse). */
export type Build = (items: Item[], rules: Rule[]) => string;

interface Pool {
  items: Item[];
  rules: Rule[];
  size: number;
}

const rulesWithin = (rules: Rule[], items: Item[]): Rule[] => {
  if (!items.length) return [];
  const box = union(items.map((i) => i.bbox));
  // Bars overhang their content a little on each side.
  const margin = Math.max(STRUCT.ruleOverhangMin, Math.max(...items.map((i) => i.size)) * STRUCT.ruleOverhangSizes);
  return rules.filter(
    (r) =>
      r.x0 >= box[0] - margin &&
      r.x1 <= box[2] + margin &&
      r.y >= box[1] - STRUCT.ruleOverhangMin &&
      r.y <= box[3] + STRUCT.ruleOverhangMin,
  );
};

function take(pool: Pool, taken: Item[], rules: Rule[]): void {
  const gone = new Set(taken);
  pool.items = pool.items.filter((i) => !gone.has(i));
  pool.rules = pool.rules.filter((r) => !rules.includes(r));
}

/** Items stacked on one side of a rule within its width, closest first, while they stay in one connected column. */
function stackedBeside(pool: Pool, rule: Rule, side: 'above' | 'below', size: number): Item[] {
  const inside = pool.items.filter(
    (i) =>
      centerX(i.bbox) > rule.x0 - STRUCT.edgeSlack &&
      centerX(i.bbox) < rule.x1 + STRUCT.edgeSlack &&
      (side === 'above' ? centerY(i.bbox) < rule.y : centerY(i.bbox) > rule.y),
  );
  const sorted = inside.sort((a, b) => (side === 'above' ? b.bbox[3] - a.bbox[3] : a.bbox[1] - b.bbox[1]));
  const chosen: Item[] = [];
  let edge = rule.y;
  for (const item of sorted) {
    const gap = side === 'above' ? edge - item.bbox[3] : item.bbox[1] - edge;
    if (gap > size * STRUCT.stackGapSizes) break;
    chosen.push(item);
    edge = side === 'above' ? Math.min(edge, item.bbox[1]) : Math.max(edge, item.bbox[3]);
  }
  return chosen;
}

/** √ glyphs with the overbar rule that starts at their right edge; outermost (widest bar) first. */
export function buildRadicals(pool: Pool, build: Build): Item[] {
  const out: Item[] = [];
  const radicals = pool.items
    .filter(isRadical)
    .map((rad) => ({ rad, bar: overbarOf(rad, pool.rules) }))
    .sort((a, b) => (b.bar ? b.bar.x1 - b.bar.x0 : 0) - (a.bar ? a.bar.x1 - a.bar.x0 : 0));
  for (const { rad, bar } of radicals) {
    if (!pool.items.includes(rad)) continue;
    const top = bar ? bar.y : rad.bbox[1];
    const right = bar ? bar.x1 : rad.bbox[2] + rad.size * STRUCT.radicalReachSizes;
    const content = pool.items.filter(
      (i) =>
        i !== rad &&
        centerX(i.bbox) > rad.bbox[2] - rad.size * STRUCT.radicalContentSlackSizes &&
        centerX(i.bbox) < right &&
        centerY(i.bbox) > top &&
        centerY(i.bbox) < rad.bbox[3] + rad.size * STRUCT.radicalContentSlackSizes,
    );
    const index = pool.items.filter(
      (i) =>
        i !== rad &&
        !content.includes(i) &&
        i.size < rad.size * STRUCT.indexSizeShare &&
        centerX(i.bbox) < rad.bbox[0] + (rad.bbox[2] - rad.bbox[0]) * STRUCT.indexWidthShare &&
        centerX(i.bbox) > rad.bbox[0] - rad.size * STRUCT.indexLeftSizes &&
        i.bbox[3] < rad.baseline - rad.size * STRUCT.indexRaiseSizes &&
        i.bbox[3] > rad.bbox[1] - rad.size * STRUCT.indexAboveTopSizes,
    );
    if (!content.length) continue;
    const inner = rulesWithin(
      pool.rules.filter((r) => r !== bar),
      content,
    );
    const body = build(content, inner);
    const indexLatex = index.length ? `[${build(index, [])}]` : '';
    const root = rad.char === '∛' ? '[3]' : rad.char === '∜' ? '[4]' : indexLatex;
    const baseline = dominantBaseline(content) ?? rad.baseline;
    out.push({
      bbox: union([rad, ...content, ...index].map((i) => i.bbox)),
      baseline,
      size: Math.max(...content.map((i) => i.size)),
      latex: `\\sqrt${root}{${body}}`,
    });
    take(pool, [rad, ...content, ...index], bar ? [bar, ...inner] : inner);
  }
  return out;
}

function overbarOf(rad: Item, rules: Rule[]): Rule | undefined {
  return rules.find(
    (r) =>
      Math.abs(r.x0 - rad.bbox[2]) < rad.size * STRUCT.overbarStartSizes &&
      r.y >= rad.bbox[1] - rad.size * STRUCT.overbarAboveTopSizes &&
      r.y <= rad.baseline &&
      r.x1 > r.x0,
  );
}

/** The baseline most of the largest glyphs share. */
export function dominantBaseline(items: Item[]): number | undefined {
  const plain = items.filter((i) => i.char && !RADICALS.has(i.char) && !BIG_OPERATORS[i.char]);
  // Tall delimiters hang below the baseline; they only decide when nothing else is there.
  const undelimited = plain.filter((i) => !/^[()[\]{}|‖]$/u.test(i.char!));
  const glyphs = undelimited.length ? undelimited : plain;
  if (!glyphs.length) return undefined;
  const size = Math.max(...glyphs.map((i) => i.size));
  const big = glyphs
    .filter((i) => i.size >= size * STRUCT.baselineSizeShare)
    .map((i) => i.baseline)
    .sort((a, b) => a - b);
  return big[Math.floor(big.length / 2)];
}

/** Rules with content stacked above and below: \frac. Widest first so nested fractions recurse. */
export function buildFractions(pool: Pool, build: Build): Item[] {
  const out: Item[] = [];
  for (const rule of [...pool.rules].sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0))) {
    if (!pool.rules.includes(rule)) continue;
    const above = stackedBeside(pool, rule, 'above', pool.size);
    const below = stackedBeside(pool, rule, 'below', pool.size);
    if (!above.length || !below.length || !barFits(rule, above, below, pool.size)) continue;
    const others = pool.rules.filter((r) => r !== rule);
    const numRules = rulesWithin(others, above).filter((r) => r.y < rule.y);
    const denRules = rulesWithin(others, below).filter((r) => r.y > rule.y);
    const latex = `\\frac{${build(above, numRules)}}{${build(below, denRules)}}`;
    const size = Math.max(...[...above, ...below].map((i) => i.size));
    out.push({
      bbox: union([...above, ...below].map((i) => i.bbox).concat([[rule.x0, rule.y, rule.x1, rule.y]])),
      baseline: rule.y + pool.size * STRUCT.fractionBaselineSizes,
      size,
      latex,
    });
    take(pool, [...above, ...below], [rule, ...numRules, ...denRules]);
  }
  return out;
}

/** A fraction bar is about as wide as its wider part and centred on both (table borders are not). */
function barFits(rule: Rule, above: Item[], below: Item[], size: number): boolean {
  const num = union(above.map((i) => i.bbox));
  const den = union(below.map((i) => i.bbox));
  const wider = Math.max(num[2] - num[0], den[2] - den[0]);
  const width = rule.x1 - rule.x0;
  const middle = (rule.x0 + rule.x1) / 2;
  const centred = (b: typeof num) =>
    Math.abs((b[0] + b[2]) / 2 - middle) < width * STRUCT.barCentreWidthShare + size * STRUCT.barCentreSlackSizes;
  return width <= wider + size * STRUCT.barOverhangSizes && centred(num) && centred(den);
}

/** Big operators with limits stacked above and below (∑, ∏, ⋃…; ∫ takes its limits as scripts instead). */
export function buildBigOperators(pool: Pool, build: Build): Item[] {
  const out: Item[] = [];
  for (const op of pool.items.filter(isBigOperator)) {
    if (SIDE_LIMIT_OPERATORS.has(op.char!)) continue;
    const width = op.bbox[2] - op.bbox[0];
    const near = (i: Item) =>
      i !== op &&
      i.size < op.size * STRUCT.limitSizeShare &&
      centerX(i.bbox) > op.bbox[0] - width * STRUCT.limitWidthSlackShare &&
      centerX(i.bbox) < op.bbox[2] + width * STRUCT.limitWidthSlackShare;
    const mid = centerY(op.bbox);
    const upper = extendRow(
      pool,
      op.size * STRUCT.limitSizeShare,
      pool.items.filter((i) => near(i) && centerY(i.bbox) < mid - op.size * STRUCT.upperLimitRaiseSizes),
    );
    const lower = extendRow(
      pool,
      op.size * STRUCT.limitSizeShare,
      pool.items.filter((i) => near(i) && centerY(i.bbox) > mid + op.size * STRUCT.lowerLimitDropSizes && !upper.includes(i)),
    );
    if (!upper.length && !lower.length) continue;
    const sub = lower.length ? `_{${build(lower, [])}}` : '';
    const sup = upper.length ? `^{${build(upper, [])}}` : '';
    out.push({ bbox: op.bbox, baseline: op.baseline, size: op.size, latex: `${BIG_OPERATORS[op.char!]}${sub}${sup}` });
    take(pool, [op, ...upper, ...lower], []);
  }
  return out;
}

/** Grows a set of limit glyphs along their own baseline (a limit like `i=1` is wider than the operator). */
function extendRow(pool: Pool, maxSize: number, seed: Item[]): Item[] {
  const row = [...seed];
  for (let added = true, rounds = 0; added && rounds < STRUCT.limitRowMaxRounds; rounds++) {
    added = false;
    for (const i of pool.items) {
      if (row.includes(i) || isBigOperator(i)) continue;
      if (
        i.size <= maxSize &&
        row.some(
          (r) =>
            verticalOverlap(r, i) > STRUCT.limitRowOverlap &&
            i.bbox[0] - r.bbox[2] < r.size * STRUCT.limitRowGapSizes &&
            r.bbox[0] - i.bbox[2] < r.size * STRUCT.limitRowGapSizes,
        )
      ) {
        row.push(i);
        added = true;
      }
    }
  }
  return row;
}

/** Shared height of two items over the smaller one's height. */
function verticalOverlap(a: Item, b: Item): number {
  const shared = Math.min(a.bbox[3], b.bbox[3]) - Math.max(a.bbox[1], b.bbox[1]);
  return shared / Math.max(1, Math.min(a.bbox[3] - a.bbox[1], b.bbox[3] - b.bbox[1]));
}

/** Tall delimiter pairs: a matrix when the inside has several rows, else \left( … \right). */
export function buildDelimited(pool: Pool, build: Build): Item[] {
  const out: Item[] = [];
  const tall = (i: Item) => i.char !== undefined && (i.size >= pool.size * STRUCT.tallDelimiterSizes || isCmex(i));
  const openers = pool.items.filter((i) => tall(i) && DELIMITER_PAIRS[i.char!]).sort((a, b) => b.bbox[0] - a.bbox[0]);
  for (const open of openers) {
    if (!pool.items.includes(open)) continue;
    const { close: closeChar, env } = DELIMITER_PAIRS[open.char!];
    const close = pool.items
      .filter(
        (i) =>
          i !== open &&
          tall(i) &&
          i.char === closeChar &&
          i.bbox[0] > open.bbox[2] - STRUCT.edgeSlack &&
          Math.abs(centerY(i.bbox) - centerY(open.bbox)) < open.size * STRUCT.closeMiddleSizes,
      )
      .sort((a, b) => a.bbox[0] - b.bbox[0])[0];
    if (!close) continue;
    const content = pool.items.filter(
      (i) =>
        i !== open &&
        i !== close &&
        centerX(i.bbox) > open.bbox[2] - STRUCT.edgeSlack &&
        centerX(i.bbox) < close.bbox[0] + STRUCT.edgeSlack &&
        centerY(i.bbox) > open.bbox[1] &&
        centerY(i.bbox) < open.bbox[3],
    );
    if (!content.length) continue;
    const inner = rulesWithin(pool.rules, content);
    const rows = matrixRows(content, inner, pool.size);
    const latex = rows
      ? matrixLatex(rows, env, build, pool.size)
      : `\\left${delimiterLatex(open.char!)} ${build(content, inner)} \\right${delimiterLatex(closeChar)}`;
    out.push({ bbox: union([open.bbox, close.bbox]), baseline: dominantBaseline(content) ?? open.baseline, size: pool.size, latex });
    take(pool, [open, close, ...content], inner);
  }
  return out;
}

function delimiterLatex(c: string): string {
  return c === '{' ? '\\{' : c === '}' ? '\\}' : c === '‖' ? '\\|' : c;
}

/** Rows of a matrix: bands of items that do not overlap vertically, with no fraction bar spanning them. */
function matrixRows(content: Item[], rules: Rule[], size: number): Item[][] | null {
  const sorted = [...content].sort((a, b) => centerY(a.bbox) - centerY(b.bbox));
  const rows: Item[][] = [];
  let bottom = -Infinity;
  for (const item of sorted) {
    const overlap = bottom - item.bbox[1];
    const height = item.bbox[3] - item.bbox[1];
    if (rows.length && overlap > height * STRUCT.matrixRowOverlap) {
      rows[rows.length - 1].push(item);
      bottom = Math.max(bottom, item.bbox[3]);
    } else {
      rows.push([item]);
      bottom = item.bbox[3];
    }
  }
  if (rows.length < 2 || rows.length > STRUCT.matrixMaxRows) return null;
  const spansRows = rules.some((r) =>
    rows.some((row, k) => k > 0 && r.y > Math.max(...rows[k - 1].map((i) => i.bbox[1])) && r.y < Math.min(...row.map((i) => i.bbox[3]))),
  );
  return spansRows && rows.length === 2 ? null : rows.filter(() => size > 0);
}

function matrixLatex(rows: Item[][], env: string, build: Build, size: number): string {
  const columns = columnEdges(rows.flat(), size);
  const lines = rows.map((row) => {
    const cells: Item[][] = Array.from({ length: columns.length + 1 }, () => []);
    for (const item of row) cells[columns.filter((edge) => centerX(item.bbox) > edge).length].push(item);
    return cells.map((cell) => build(cell, [])).join(' & ');
  });
  return `\\begin{${env}} ${lines.join(' \\\\ ')} \\end{${env}}`;
}

/** Column boundaries: the middles of gaps wider than a letter in the horizontal projection of all items. */
function columnEdges(items: Item[], size: number): number[] {
  const spans = items.map((i) => [i.bbox[0], i.bbox[2]] as const).sort((a, b) => a[0] - b[0]);
  const edges: number[] = [];
  let right = spans[0]?.[1] ?? 0;
  for (const [x0, x1] of spans.slice(1)) {
    if (x0 - right > size * STRUCT.columnGapSizes) edges.push((x0 + right) / 2);
    right = Math.max(right, x1);
  }
  return edges;
}

export type { Pool };
