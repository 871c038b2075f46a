import type { BBox, ModelPage, VectorPath } from '../model/types.ts';
import { centerX, centerY, height, width } from '../model/geometry.ts';
import type { Claims, Draft } from './draft.ts';
import { looksLikeLabel } from './labels.ts';
import { sameRow, type Segment, type Token } from './segments.ts';
import { CHECKBOX_GLYPH, parseCheckbox } from './values.ts';

/**
 * Pairs read from drawn shapes and glyphs: checkboxes (☐ ☑ ☒ ✓ ✔ □ ■ or "[x]" in the text, or small drawn squares
 * with or without a mark inside) whose label is the text beside them, and form boxes (a drawn rectangle holding a
 * small label at its top and the value under it).
 */

/** Thresholds of checkbox and form-box pairs (page px unless said). */
const BOX = {
  /** A box lies inside another when no edge sticks out by more than this (px). */
  insideSlack: 2,
  /** Confidence (0..1) of a pair from a checkbox glyph in the text. */
  glyphConfidence: 0.9,
  /** Confidence of a pair from a drawn checkbox square. */
  shapeConfidence: 0.8,
  /** Confidence of a pair from a form box. */
  formConfidence: 0.7,
  /** A drawn checkbox square is at least this wide and high (px)... */
  checkboxMinSide: 12,
  /** ...and at most this wide and high (px). */
  checkboxMaxSide: 50,
  /** A checkbox's width / height ratio is above this... */
  checkboxMinAspect: 0.75,
  /** ...and below this. */
  checkboxMaxAspect: 1.33,
  /** A path inside a box ticks it when narrower than this share of the box's width. */
  tickWidth: 0.95,
  /** Between the words of a checkbox label: gaps up to this many box sides. */
  labelWordGap: 1.2,
  /** From the box to the first word of its label: a gap up to this many box sides. */
  labelFirstGap: 3,
  /** Label words may start or end this far (px) across the box's edge. */
  labelEdgeSlack: 1,
  /** A form box is at least this wide (px)... */
  formMinWidth: 60,
  /** ...at least this high (px)... */
  formMinHeight: 24,
  /** ...and lower than this share of the page height. */
  formMaxHeight: 0.25,
  /** A rectangle inside a form box wider than this (px) makes it a container, not a form box. */
  formNestedWidth: 20,
  /** A form box holds at most this many segments (label and values). */
  formMaxSegments: 8,
  /** A form box's label font is at most this share of its values' smallest size (else it needs a colon). */
  formLabelSize: 0.9,
  /** The first value may start this far (px) above the label's bottom. */
  formValueSlack: 2,
} as const;

const inside = (b: BBox, box: BBox, slack: number = BOX.insideSlack) =>
  b[0] >= box[0] - slack && b[1] >= box[1] - slack && b[2] <= box[2] + slack && b[3] <= box[3] + slack;
const centreInside = (b: BBox, box: BBox) => centerX(b) > box[0] && centerX(b) < box[2] && centerY(b) > box[1] && centerY(b) < box[3];

const isGlyphToken = (t: Token) => parseCheckbox(t.text) !== null || (CHECKBOX_GLYPH.test(t.text[0] ?? '') && t.text.length === 1);

/** "[" and "]" printed as two words are one empty box "[ ]". */
function bracketBoxes(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (const t of tokens) {
    const prev = out[out.length - 1];
    if (prev && /^[[(]$/.test(prev.text) && /^[\])]$/.test(t.text))
      out[out.length - 1] = { text: `${prev.text} ${t.text}`, bbox: [prev.bbox[0], prev.bbox[1], t.bbox[2], t.bbox[3]] };
    else out.push(t);
  }
  return out;
}

/** "☑ Paid ☐ Pending" (labels after the boxes) or "Yes ☒ No ☐" (labels before them). */
function glyphPairs(segment: Segment): Draft[] {
  const tokens = bracketBoxes(segment.tokens);
  const marks = tokens.map((t, i) => (isGlyphToken(t) ? i : -1)).filter((i) => i >= 0);
  if (!marks.length || (marks[0] > 0 && tokens[marks[0] - 1].text.endsWith(':'))) return [];
  const after = marks[0] === 0;
  const drafts: Draft[] = [];
  marks.forEach((m, n) => {
    const from = after ? m + 1 : n === 0 ? 0 : marks[n - 1] + 1;
    const to = after ? (marks[n + 1] ?? tokens.length) : m;
    const label = tokens.slice(from, to);
    const checked = parseCheckbox(tokens[m].text);
    if (!label.length || checked === null) return;
    drafts.push({
      label: { tokens: label, segment },
      value: [],
      layout: 'checkbox',
      confidence: BOX.glyphConfidence,
      checked,
      checkboxBox: tokens[m].bbox,
    });
  });
  return drafts;
}

function isCheckboxShape(p: VectorPath): boolean {
  const w = width(p.bbox);
  const h = height(p.bbox);
  return (
    p.kind === 'rect' &&
    p.stroked &&
    w >= BOX.checkboxMinSide &&
    w <= BOX.checkboxMaxSide &&
    h >= BOX.checkboxMinSide &&
    h <= BOX.checkboxMaxSide &&
    w / h > BOX.checkboxMinAspect &&
    w / h < BOX.checkboxMaxAspect
  );
}

const isWhite = (color?: string) => !color || /^#(?:f[0-9a-f]){3}$/i.test(color);

/** A drawn box is ticked when a smaller path, a filled interior or a mark character sits inside it. */
function isTicked(box: VectorPath, paths: VectorPath[], tokens: Token[]): boolean {
  if (box.filled && !isWhite(box.color)) return true;
  if (paths.some((p) => p !== box && centreInside(p.bbox, box.bbox) && width(p.bbox) < width(box.bbox) * BOX.tickWidth)) return true;
  return tokens.some((t) => centreInside(t.bbox, box.bbox) && /^[xX✓✔✗✘■•●]$/u.test(t.text));
}

/** The words beside a drawn box: to its right up to the next box, else to its left. */
function labelBeside(box: BBox, rowTokens: Token[], boxes: BBox[]): Token[] {
  const side = width(box);
  const nextBox = Math.min(...boxes.filter((b) => b[0] > box[2] && sameRow(b, box)).map((b) => b[0]), Infinity);
  const prevBox = Math.max(...boxes.filter((b) => b[2] < box[0] && sameRow(b, box)).map((b) => b[2]), -Infinity);
  const take = (candidates: Token[], edge: number, dir: 1 | -1): Token[] => {
    const out: Token[] = [];
    let reach = edge;
    for (const t of candidates) {
      const gap = dir === 1 ? t.bbox[0] - reach : reach - t.bbox[2];
      if (gap > (out.length ? BOX.labelWordGap * side : BOX.labelFirstGap * side)) break;
      out.push(t);
      reach = dir === 1 ? t.bbox[2] : t.bbox[0];
    }
    return dir === 1 ? out : out.reverse();
  };
  const right = rowTokens
    .filter((t) => t.bbox[0] >= box[2] - BOX.labelEdgeSlack && t.bbox[2] <= nextBox)
    .sort((a, b) => a.bbox[0] - b.bbox[0]);
  const got = take(right, box[2], 1);
  if (got.length) return got;
  const left = rowTokens
    .filter((t) => t.bbox[2] <= box[0] + BOX.labelEdgeSlack && t.bbox[0] >= prevBox)
    .sort((a, b) => b.bbox[2] - a.bbox[2]);
  return take(left, box[0], -1);
}

export function checkboxPairs(page: ModelPage, segments: Segment[], claims: Claims): Draft[] {
  const drafts: Draft[] = [];
  for (const s of segments) {
    const found = glyphPairs(s);
    if (found.length) claims.claim(s);
    drafts.push(...found);
  }
  const shapes = page.paths.filter(isCheckboxShape);
  const boxes = shapes.map((p) => p.bbox);
  const labelled: Segment[] = [];
  for (const shape of shapes) {
    const row = segments.filter((s) => !claims.has(s) && sameRow(s.bbox, shape.bbox));
    const rowTokens = row.flatMap((s) => s.tokens.filter((t) => !centreInside(t.bbox, shape.bbox)));
    const label = labelBeside(shape.bbox, rowTokens, boxes);
    const segment = row.find((s) => s.tokens.includes(label[0]));
    if (!label.length || !segment) continue;
    const checked = isTicked(
      shape,
      page.paths,
      row.flatMap((s) => s.tokens),
    );
    drafts.push({
      label: { tokens: label, segment },
      value: [],
      layout: 'checkbox',
      confidence: BOX.shapeConfidence,
      checked,
      checkboxBox: shape.bbox,
    });
    labelled.push(segment);
  }
  // Claimed after all boxes: one row of options ("☐ Yes ☐ No") shares its segment between several boxes.
  labelled.forEach((s) => claims.claim(s));
  return drafts;
}

/** Rectangles holding a small label at the top and the value below it, like boxes on a printed form. */
export function formBoxPairs(page: ModelPage, segments: Segment[], claims: Claims): Draft[] {
  const rects = page.paths.filter(
    (p) =>
      p.kind === 'rect' &&
      width(p.bbox) >= BOX.formMinWidth &&
      height(p.bbox) >= BOX.formMinHeight &&
      height(p.bbox) < page.height * BOX.formMaxHeight,
  );
  const drafts: Draft[] = [];
  for (const rect of rects) {
    const nested = rects.some((r) => r !== rect && inside(r.bbox, rect.bbox, 0) && width(r.bbox) > BOX.formNestedWidth);
    if (nested) continue;
    const held = segments.filter((s) => inside(s.bbox, rect.bbox)).sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
    if (held.length < 2 || held.length > BOX.formMaxSegments || held.some((s) => claims.has(s))) continue;
    const [label, ...values] = held;
    const smaller = label.size <= BOX.formLabelSize * Math.min(...values.map((v) => v.size));
    if (!looksLikeLabel(label.text) || !(smaller || label.text.endsWith(':')) || values[0].bbox[1] < label.bbox[3] - BOX.formValueSlack)
      continue;
    held.forEach((s) => claims.claim(s));
    drafts.push({
      label: { tokens: label.tokens, segment: label },
      value: values.map((v) => ({ tokens: v.tokens, segment: v })),
      layout: 'form_box',
      confidence: BOX.formConfidence,
    });
  }
  return drafts;
}
