import type { DrawnPath } from '../drawing/mod.ts';
import type { BBox, Line } from '../model/types.ts';
import { center, union } from '../model/geometry.ts';
import type { Pt } from './polylines.ts';

/**
 * An engineering drawing's title block: the label cells ("TITLE", "DWG NO", "SCALE", "REV", ...) in the
 * bottom-right of the sheet and the values next to them: after a colon on the same line, elsewhere in the label's
 * own cell (label printed small at the top), or in the cell to its right. Cells come from the ruling lines when
 * there is a drawing; without one (scans) the nearest text to the right or below stands in.
 */
export interface TitleField {
  name: string;
  value: string;
  bbox: BBox;
}

const FIELDS: [string, RegExp][] = [
  ['Title', /^(drawing\s+title|part\s+name|title|name)\b/i],
  ['Drawing No', /^(drawing|dwg|drg)\.?\s*(no|number|nr|#)\.?/i],
  ['Part No', /^part\s*(no|number|nr|#)\.?/i],
  ['Scale', /^scale\b/i],
  ['Rev', /^(rev|revision)\b\.?/i],
  ['Date', /^date\b/i],
  ['Drawn by', /^(drawn(\s+by)?|drn|designed(\s+by)?|designer|author)\b/i],
  ['Checked by', /^(checked(\s+by)?|chkd?)\b/i],
  ['Approved by', /^(approved(\s+by)?|appd?)\b/i],
  ['Material', /^(material|matl)\b/i],
  ['Sheet', /^sheet\b/i],
  ['Size', /^size\b/i],
  ['Units', /^units\b/i],
  ['Finish', /^finish\b/i],
  ['Weight', /^(weight|mass)\b/i],
  ['Tolerance', /^(tolerances?|general\s+tolerance)\b/i],
];

/** Thresholds of the title-block reader; lengths in page px, or in label heights (h). */
const TITLE_BLOCK = {
  /** A label with a value after it (no colon) has at most this many words after the label (count). */
  maxRestWords: 4,
  /** Labels lie right of this share of the page's width and below this share of its height. */
  minXShare: 0.45,
  minYShare: 0.5,
  /** Fewest distinct labels for a title block (count). */
  defaultMinFields: 3,
  /** Rule collection stops at this many rules (count). */
  maxRules: 20000,
  /** A rule is straight within this (px) and longer than this (px). */
  ruleStraightTol: 1,
  ruleMinLength: 4,
  /** The cell to the right is probed this far (px) past the label cell's right edge. */
  nextCellStep: 2,
  /** Without rules, a value on the same row starts within this many h to the right, centred within this share of h... */
  rowReach: 12,
  rowAlign: 0.6,
  /** ...or below, starting at most this far (px) above the label's bottom, within this many h below and this many h across. */
  belowOverlap: 1,
  belowReach: 1.2,
  belowIndent: 3,
} as const;

interface Labelled {
  line: Line;
  name: string;
  rest: string;
}

function asLabel(line: Line): Labelled | null {
  const text = line.text.trim();
  for (const [name, re] of FIELDS) {
    const m = re.exec(text);
    if (!m) continue;
    const rest = text
      .slice(m[0].length)
      .replace(/^\s*[:.\-–]?\s*/, '')
      .trim();
    // "Title Block Notes for the assembly" is prose, not a label: a label is short or has its value after a colon.
    if (rest && !/^\s*[:]/.test(text.slice(m[0].length)) && rest.split(' ').length > TITLE_BLOCK.maxRestWords) continue;
    return { line, name, rest };
  }
  return null;
}

/** Title block fields, or [] when fewer than `minFields` labels sit in the sheet's bottom-right. */
export function readTitleBlock(
  lines: readonly Line[],
  paths: readonly DrawnPath[],
  pageW: number,
  pageH: number,
  minFields: number = TITLE_BLOCK.defaultMinFields,
): { fields: TitleField[]; bbox: BBox | null } {
  const labels = lines
    .filter((l) => center(l.bbox)[0] > pageW * TITLE_BLOCK.minXShare && center(l.bbox)[1] > pageH * TITLE_BLOCK.minYShare)
    .map(asLabel)
    .filter((l): l is Labelled => l !== null);
  if (new Set(labels.map((l) => l.name)).size < minFields) return { fields: [], bbox: null };
  const labelLines = new Set(labels.map((l) => l.line));
  const rules = rulesOf(paths);
  const fields: TitleField[] = [];
  for (const label of labels) {
    if (fields.some((f) => f.name === label.name)) continue;
    const value = label.rest ? { text: label.rest, box: label.line.bbox } : valueOf(label.line, lines, labelLines, rules);
    if (value) fields.push({ name: label.name, value: value.text, bbox: union([label.line.bbox, value.box]) });
  }
  return { fields, bbox: fields.length ? union(fields.map((f) => f.bbox)) : null };
}

interface Rules {
  h: [number, number, number][];
  v: [number, number, number][];
}

/** Horizontal rules as [y, x0, x1] and vertical ones as [x, y0, y1], from every straight stroked segment. */
function rulesOf(paths: readonly DrawnPath[]): Rules {
  const h: [number, number, number][] = [];
  const v: [number, number, number][] = [];
  for (const p of paths) {
    for (const sub of p.subpaths) {
      if (sub.curved) continue;
      const pts = sub.closed ? [...sub.points, sub.points[0]] : sub.points;
      for (let i = 0; i + 1 < pts.length && h.length + v.length < TITLE_BLOCK.maxRules; i++) addRule(pts[i], pts[i + 1], h, v);
    }
  }
  return { h, v };
}

function addRule(a: Pt, b: Pt, h: [number, number, number][], v: [number, number, number][]): void {
  if (Math.abs(a[1] - b[1]) < TITLE_BLOCK.ruleStraightTol && Math.abs(a[0] - b[0]) > TITLE_BLOCK.ruleMinLength)
    h.push([(a[1] + b[1]) / 2, Math.min(a[0], b[0]), Math.max(a[0], b[0])]);
  else if (Math.abs(a[0] - b[0]) < TITLE_BLOCK.ruleStraightTol && Math.abs(a[1] - b[1]) > TITLE_BLOCK.ruleMinLength)
    v.push([(a[0] + b[0]) / 2, Math.min(a[1], b[1]), Math.max(a[1], b[1])]);
}

/** The ruled cell around a point, or null when no rules enclose it. */
function cellAt(p: Pt, rules: Rules): BBox | null {
  const left = Math.max(-Infinity, ...rules.v.filter(([x, y0, y1]) => x <= p[0] && y0 <= p[1] && y1 >= p[1]).map((r) => r[0]));
  const right = Math.min(Infinity, ...rules.v.filter(([x, y0, y1]) => x > p[0] && y0 <= p[1] && y1 >= p[1]).map((r) => r[0]));
  const top = Math.max(-Infinity, ...rules.h.filter(([y, x0, x1]) => y <= p[1] && x0 <= p[0] && x1 >= p[0]).map((r) => r[0]));
  const bottom = Math.min(Infinity, ...rules.h.filter(([y, x0, x1]) => y > p[1] && x0 <= p[0] && x1 >= p[0]).map((r) => r[0]));
  return [left, top, right, bottom].every(Number.isFinite) ? [left, top, right, bottom] : null;
}

function linesIn(cell: BBox, lines: readonly Line[], exclude: ReadonlySet<Line>): Line[] {
  return lines.filter((l) => {
    const [x, y] = center(l.bbox);
    return !exclude.has(l) && x > cell[0] && x < cell[2] && y > cell[1] && y < cell[3];
  });
}

function valueOf(label: Line, lines: readonly Line[], labels: ReadonlySet<Line>, rules: Rules): { text: string; box: BBox } | null {
  const c = center(label.bbox);
  const cell = cellAt(c, rules);
  if (cell) {
    const own = linesIn(cell, lines, labels);
    if (own.length) return joined(own);
    const next = cellAt([cell[2] + TITLE_BLOCK.nextCellStep, c[1]], rules);
    const right = next ? linesIn(next, lines, labels) : [];
    if (right.length) return joined(right);
    return null;
  }
  return nearestValue(label, lines, labels);
}

/** Without rules: the nearest non-label text on the same row to the right, else just below. */
function nearestValue(label: Line, lines: readonly Line[], labels: ReadonlySet<Line>): { text: string; box: BBox } | null {
  const h = label.bbox[3] - label.bbox[1];
  const sameRow = lines.filter(
    (l) =>
      !labels.has(l) &&
      l.bbox[0] > label.bbox[2] &&
      l.bbox[0] - label.bbox[2] < TITLE_BLOCK.rowReach * h &&
      Math.abs(center(l.bbox)[1] - center(label.bbox)[1]) < TITLE_BLOCK.rowAlign * h,
  );
  const below = lines.filter(
    (l) =>
      !labels.has(l) &&
      l.bbox[1] >= label.bbox[3] - TITLE_BLOCK.belowOverlap &&
      l.bbox[1] - label.bbox[3] < TITLE_BLOCK.belowReach * h &&
      Math.abs(l.bbox[0] - label.bbox[0]) < TITLE_BLOCK.belowIndent * h,
  );
  const pick = sameRow.sort((a, b) => a.bbox[0] - b.bbox[0])[0] ?? below.sort((a, b) => a.bbox[1] - b.bbox[1])[0];
  return pick ? { text: pick.text.trim(), box: pick.bbox } : null;
}

function joined(ls: Line[]): { text: string; box: BBox } {
  const sorted = [...ls].sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
  return { text: sorted.map((l) => l.text.trim()).join(' '), box: union(sorted.map((l) => l.bbox)) };
}
