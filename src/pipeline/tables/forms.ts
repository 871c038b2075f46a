import type { RuleSet } from './ruled.ts';
import type { DetectionPolicy, TableModel } from './types.ts';

/**
 * Layouts that line up like a table but are forms or lists: signature blocks (two parties side by side, each a
 * stack of "Label: value" lines or blank underscore lines with a caption under them), fill-in forms, and lists
 * whose first "column" is only a bullet, a check box or an enumerator. What a table has and these lack is a
 * column of figures; what these have and tables lack is label pieces ending in a colon, rules typed as
 * underscores, and the same label words repeated in each party's column.
 */

/**
 * A cell that starts with a short label closed by a colon ("Name:", "City, State, Zip:"; the full-width colon of
 * Chinese and Japanese), value or not after it.
 */
const LABEL_CELL = /^\p{L}[\p{L}\p{M} .,'&/()-]{0,30}[:：]/u;
/** A typed blank line to write on: a run of underscores (or of dots used the same way). */
const BLANK_LINE = /_{3,}|\.{8,}/;
/** A figure: digits with separators, signs, units of percent or currency, or a dash for "none". */
const NUMERIC_CELL = /^[(\-+−–$€£¥]?\s?[\d][\d.,\s/:-]*%?\)?$|^[-–—]$/u;
/** A column holds figures when this share of its filled body cells are numeric ... */
const NUMERIC_COLUMN_SHARE = 0.6;
/** ... and at least this many of them (a date or two in a signature block is not a column of figures). */
const NUMERIC_COLUMN_MIN = 3;
/** A form is short: blocks with more rows than this (signature blocks stacked for several parties) ... */
const FORM_MAX_ROWS = 12;
/** ... must have at least this share of label or blank-line rows to read as a form. */
const FORM_ROW_SHARE_LONG = 0.5;
/** Share of text rows holding a label cell or a typed blank line for the block to read as a form (strict). */
const FORM_ROW_SHARE = 0.4;
/** `liberal` drops only clear forms: this share of form rows, or labels repeated across columns, or blank lines. */
const FORM_ROW_SHARE_CLEAR = 0.6;
/** Typed blank lines that make a form clear on their own. */
const BLANK_LINES_CLEAR = 2;
/** A list marker: a lone glyph that is no letter or digit (bullet, check box), a lone x, or an enumerator "3." "(b)" "iv)". */
const MARKER_CELL = /^(?:[^\p{L}\p{N}\s]|[xX✓✔✗]|\(?(?:\d{1,3}|[a-zA-Z]|[ivxlIVXL]{1,5})[.)])$/u;
/** Share of the first column's filled cells that are markers for it to be a list's marker column. */
const MARKER_SHARE = 0.8;

/** A drawn rule under one party's text only (shorter than this share of the block's width) is a line to sign on. */
const PARTIAL_RULE_SHARE = 0.6;
/** How far such a rule may run past the block's left or right edge, in pt. */
const PARTIAL_RULE_TOL = 2;

/** Rows holding a drawn blank line: a rule across part of the block only, the row it lies in. */
function drawnBlankRows(t: TableModel, rules: RuleSet | undefined): number[] {
  if (!rules) return [];
  const width = t.bbox[2] - t.bbox[0];
  const out: number[] = [];
  for (const s of rules.h) {
    if (s.a1 - s.a0 >= width * PARTIAL_RULE_SHARE || s.a0 < t.bbox[0] - PARTIAL_RULE_TOL || s.a1 > t.bbox[2] + PARTIAL_RULE_TOL) continue;
    const row = t.rowEdges.findIndex((e, i) => i < t.rowEdges.length - 1 && s.at >= e && s.at <= t.rowEdges[i + 1]);
    if (row >= 0) out.push(row);
  }
  return out;
}

/** Body cells (below the header) grouped by column, as texts of filled cells. */
function bodyColumns(t: TableModel): string[][] {
  const cols = t.colEdges.length - 1;
  const out: string[][] = Array.from({ length: cols }, () => []);
  for (const c of t.cells) if (c.text && c.row >= t.headerRowCount && c.colspan === 1) out[c.col]?.push(c.text.trim());
  return out;
}

/** Some column holds figures (the mark of a data table). */
export function hasNumericColumn(t: TableModel): boolean {
  return bodyColumns(t).some((col) => {
    const numeric = col.filter((s) => NUMERIC_CELL.test(s)).length;
    return numeric >= NUMERIC_COLUMN_MIN && numeric >= col.length * NUMERIC_COLUMN_SHARE;
  });
}

/** The block reads as a form or signature block: label/blank-line rows, few rows, no column of figures. */
export function formLike(t: TableModel, policy: DetectionPolicy, rules?: RuleSet): boolean {
  const rows = t.rowEdges.length - 1;
  if (hasNumericColumn(t)) return false;
  const filledRows = new Set<number>();
  const formRows = new Set<number>();
  const labelCols = new Map<string, Set<number>>();
  let blanks = 0;
  for (const c of t.cells) {
    const text = c.text.trim();
    if (!text) continue;
    filledRows.add(c.row);
    const label = LABEL_CELL.exec(text);
    const blank = BLANK_LINE.test(text);
    if (blank) blanks++;
    if (label || blank) formRows.add(c.row);
    if (label) {
      const key = label[0].toLowerCase().replace(/\s+/g, ' ');
      labelCols.set(key, (labelCols.get(key) ?? new Set()).add(c.col));
    }
  }
  if (filledRows.size === 0) return false;
  for (const row of drawnBlankRows(t, rules)) {
    blanks++;
    if (filledRows.has(row)) formRows.add(row);
  }
  const share = formRows.size / filledRows.size;
  if (share < (rows > FORM_MAX_ROWS ? FORM_ROW_SHARE_LONG : FORM_ROW_SHARE)) return false;
  if (policy === 'strict') return true;
  const repeated = [...labelCols.values()].some((cols) => cols.size >= 2);
  return share >= FORM_ROW_SHARE_CLEAR || repeated || blanks >= BLANK_LINES_CLEAR;
}

/**
 * A list set with hanging markers: the first column holds only bullets, check boxes or enumerators and there
 * is one other column of text (a numbered or ticked table has more columns, or figures).
 */
export function markerList(t: TableModel): boolean {
  const cols = t.colEdges.length - 1;
  const filled = (col: number) => t.cells.filter((c) => c.col === col && c.colspan === 1 && c.text.trim()).map((c) => c.text.trim());
  const first = filled(0);
  if (first.length === 0) return false;
  const markers = first.filter((s) => MARKER_CELL.test(s)).length;
  if (markers < first.length * MARKER_SHARE) return false;
  const otherCols = Array.from({ length: cols - 1 }, (_, i) => filled(i + 1)).filter((c) => c.length > 0).length;
  return otherCols <= 1 && !hasNumericColumn(t);
}

/**
 * A cell that is part of a typeset formula: an equals sign, a big operator, a root, a partial or nabla, set
 * membership or a quantifier, or a glyph the text layer could not map (formula fonts often have no Unicode).
 */
const FORMULA_CELL = /[=∑∏∫∮√∂∇∈∉∀∃\uFFFD]/u;
/** Share of text rows holding a formula glyph for the block to be a displayed formula laid out in pieces. */
const FORMULA_ROW_SHARE = 0.5;

/** Displayed formulas (sums with limits above and below, aligned equations) split into pieces that line up. */
export function formulaLike(t: TableModel): boolean {
  if (hasNumericColumn(t)) return false;
  const rows = new Set<number>();
  const formulaRows = new Set<number>();
  for (const c of t.cells) {
    const text = c.text.trim();
    if (!text) continue;
    rows.add(c.row);
    if (FORMULA_CELL.test(text)) formulaRows.add(c.row);
  }
  return rows.size > 0 && formulaRows.size >= rows.size * FORMULA_ROW_SHARE;
}
