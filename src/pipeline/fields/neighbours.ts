import type { BBox, ModelPage } from '../model/types.ts';
import { height, union } from '../model/geometry.ts';
import { detectCurrency } from './currency.ts';
import type { Claims, Draft, OpenLabel } from './draft.ts';
import { inlinePairs } from './inline.ts';
import { normalizeLabel } from '../lexicon/mod.ts';
import { hasLabelWord, looksLikeLabel } from './labels.ts';
import { rowOverlap, sameRow, textOf, type Segment, type Token } from './segments.ts';
import { parseValue } from './values.ts';
import type { KeyValueLayout } from './types.ts';

/**
 * Labels standing alone ("Invoice Date:", "Total") find their value beside them on the row or on the line below;
 * text values then grow down over continuation lines (addresses).
 */

/** Thresholds of pairing open labels with the values beside or below them (h: the label line's height, px). */
const NEIGHBOUR = {
  /** Farther than this (share of the page width), a value on the row belongs to another column. */
  maxRightGap: 0.75,
  /** A right neighbour may start this far (px) left of the label's right edge. */
  rightSlack: 2,
  /** A value below starts no higher than this above the label's bottom (in h, negative: overlap). */
  belowMinGap: -0.3,
  /** A value below starts at most this far below the label's bottom (in h). */
  belowMaxGap: 1.6,
  /** A segment overlapping the label's row by more than this (share of the smaller height) is not below it. */
  belowMaxRowOverlap: 0.3,
  /** A value below is left-aligned with the label when their left edges are closer than this (in h). */
  belowAlign: 1.5,
  /** A currency-only segment ("RM") is at most this many characters. */
  currencyChars: 4,
  /** A segment of more than this many tokens is prose, not a value. */
  proseTokens: 10,
  /** A segment of more than this many tokens ending with a full stop is prose. */
  proseSentenceTokens: 6,
  /** Confidence (0..1) of a value right of a label with a colon. */
  rightColon: 0.85,
  /** Confidence of a value right of a colon-less label (label word or typed value). */
  right: 0.7,
  /** Confidence of a value below a label with a colon. */
  belowColon: 0.75,
  /** Confidence of a value below a colon-less label. */
  below: 0.6,
  /** A text value grows over at most this many continuation lines. */
  maxContinuations: 8,
  /** A continuation line starts lower than this relative to the last value line's bottom (in h, negative: overlap). */
  continueMinGap: -0.3,
  /** A continuation line starts less than this far below the last value line's bottom (in h). */
  continueMaxGap: 0.8,
  /** A continuation line's left edge is within this distance (in h) of the value's. */
  continueAlign: 0.8,
  /** A segment ending within this distance (in h) left of the value's left edge is a label on its left. */
  labelOnLeft: 4,
} as const;

/** The nearest unclaimed segment right of `box` on its row, with nothing in between. */
function rightNeighbour(box: BBox, segments: Segment[], claims: Claims, pageWidth: number): Segment | undefined {
  let best: Segment | undefined;
  for (const s of segments) {
    if (s.bbox[0] < box[2] - NEIGHBOUR.rightSlack || !sameRow(box, s.bbox)) continue;
    if (!best || s.bbox[0] < best.bbox[0]) best = s;
  }
  if (!best || claims.has(best) || best.bbox[0] - box[2] > NEIGHBOUR.maxRightGap * pageWidth) return undefined;
  return best;
}

/** The segment starting right under `box` (left-aligned with it or overlapping it), when close enough. */
function belowNeighbour(box: BBox, segments: Segment[], h: number): Segment | undefined {
  let best: Segment | undefined;
  for (const s of segments) {
    const gap = s.bbox[1] - box[3];
    if (gap < NEIGHBOUR.belowMinGap * h || gap > NEIGHBOUR.belowMaxGap * h || rowOverlap(box, s.bbox) > NEIGHBOUR.belowMaxRowOverlap)
      continue;
    const aligned = Math.abs(s.bbox[0] - box[0]) < NEIGHBOUR.belowAlign * h || (s.bbox[0] < box[2] && s.bbox[2] > box[0]);
    if (aligned && (!best || s.bbox[1] < best.bbox[1])) best = s;
  }
  return best;
}

const isColonOnly = (s: Segment) => /^[:：]$/.test(s.text);
const isCurrencyOnly = (s: Segment) => !/\d/.test(s.text) && s.text.length <= NEIGHBOUR.currencyChars && detectCurrency(s.text) !== null;

/**
 * The value right of a label on its row. OCR often boxes the pieces apart: a lone ":" after a colon-less label
 * ("DATE" ":" "09/01/2019") makes it a colon label, and a lone currency mark ("RM" "9.00") joins the number after it.
 */
function valueRightOf(
  labelBox: BBox,
  segments: Segment[],
  claims: Claims,
  pageWidth: number,
): { segments: Segment[]; tokens: Token[]; colon: boolean; separators: Segment[] } | undefined {
  let right = rightNeighbour(labelBox, segments, claims, pageWidth);
  let colon = false;
  const separators: Segment[] = [];
  if (right && isColonOnly(right)) {
    colon = true;
    separators.push(right);
    right = rightNeighbour(right.bbox, segments, claims, pageWidth);
  }
  if (!right || endsWithColonLabel(right)) return undefined;
  let tokens = right.tokens;
  if (tokens[0].text === ':' && tokens.length > 1) {
    colon = true;
    tokens = tokens.slice(1);
  }
  const parts = [right];
  if (isCurrencyOnly(right)) {
    const number = rightNeighbour(right.bbox, segments, claims, pageWidth);
    if (number && parseValue(number.text, 'amount').kind === 'amount') {
      parts.push(number);
      tokens = [...tokens, ...number.tokens];
    }
  }
  return { segments: parts, tokens, colon, separators };
}

/** A sentence, not a field value: many words, or several ending with a full stop. */
const isProse = (s: Segment) =>
  s.tokens.length > NEIGHBOUR.proseTokens || (s.tokens.length > NEIGHBOUR.proseSentenceTokens && /[.!?]$/.test(s.text));

/** The value under a table header is the first of several data rows (another non-label row follows it). */
function startsDataRows(value: Segment, segments: Segment[]): boolean {
  const next = belowNeighbour(value.bbox, segments, height(value.line.bbox));
  return next !== undefined && !looksLikeLabel(next.text);
}

const endsWithColonLabel = (s: Segment) => /\p{L}[.)]?\s?:$/u.test(s.text);

function isTyped(tokens: Token[]): boolean {
  return parseValue(textOf(tokens)).kind !== 'text';
}

/** Open labels take the value to their right on the row, else the one below them. */
export function pairOpenLabels(open: OpenLabel[], segments: Segment[], claims: Claims, page: ModelPage, inTable: Set<string>): Draft[] {
  const drafts: Draft[] = [];
  for (const o of open) {
    if (!o.shared && claims.has(o.segment)) continue;
    const labelBox = union(o.tokens.map((t) => t.bbox));
    const h = height(o.segment.line.bbox);
    const right = valueRightOf(labelBox, segments, claims, page.width);
    const colon = o.colon || Boolean(right?.colon);
    const labelTrusted = colon || hasLabelWord(textOf(o.tokens));
    if (right && labelTrusted && (colon || isTyped(right.tokens))) {
      const sameLine = right.segments[0].line === o.segment.line;
      [...right.segments, ...right.separators].forEach((s) => claims.claim(s));
      drafts.push(
        draft(
          o,
          right.segments[0],
          sameLine ? 'inline' : 'column',
          colon ? NEIGHBOUR.rightColon : NEIGHBOUR.right,
          right.tokens,
          right.segments.slice(1),
        ),
      );
      continue;
    }
    if (!labelTrusted) continue;
    const below = belowNeighbour(o.segment.bbox, segments, h);
    // In a table, a header over its first row is no pair; a grid of one header row and one value row is.
    if (below && !o.colon && inTable.has(o.segment.line.id) && startsDataRows(below, segments)) continue;
    if (!below || claims.has(below) || endsWithColonLabel(below) || isProse(below) || inlinePairs(below).pairs.length) continue;
    if (
      !o.colon &&
      !isTyped(below.tokens) &&
      !/address|adresse|bill|ship|sold|name|to$|from$|customer|client/.test(normalizeLabel(textOf(o.tokens)))
    )
      continue;
    drafts.push(draft(o, below, 'below', o.colon ? NEIGHBOUR.belowColon : NEIGHBOUR.below));
  }
  return drafts;

  function draft(
    o: OpenLabel,
    value: Segment,
    layout: KeyValueLayout,
    confidence: number,
    tokens = value.tokens,
    more: Segment[] = [],
  ): Draft {
    claims.claim(o.segment);
    claims.claim(value);
    return {
      label: { tokens: o.tokens, segment: o.segment },
      value: [{ tokens, segment: value }],
      layout,
      confidence,
      ...(more.length ? { extraLineIds: more.map((s) => s.line.id) } : {}),
    };
  }
}

/** Text values grow downwards: lines right below with the same left edge, until a gap, a label or another column. */
export function extendValues(drafts: Draft[], segments: Segment[], claims: Claims): void {
  for (const d of drafts) {
    if (d.checked !== undefined) continue;
    let last = d.value[d.value.length - 1];
    if (parseValue(textOf(last.tokens)).kind !== 'text') continue;
    const left = last.tokens[0].bbox[0];
    for (let guard = 0; guard < NEIGHBOUR.maxContinuations; guard++) {
      const h = height(last.segment.line.bbox);
      const next = segments.find((s) => {
        const gap = s.bbox[1] - last.segment.bbox[3];
        return (
          gap > NEIGHBOUR.continueMinGap * h &&
          gap < NEIGHBOUR.continueMaxGap * h &&
          Math.abs(s.bbox[0] - left) < NEIGHBOUR.continueAlign * h &&
          !sameRow(s.bbox, last.segment.bbox)
        );
      });
      if (!next || claims.has(next) || endsWithColonLabel(next) || isProse(next) || inlinePairs(next).pairs.length) break;
      const labelOnLeft = segments.some(
        (s) => s !== next && s.bbox[2] <= next.bbox[0] && s.bbox[2] > left - NEIGHBOUR.labelOnLeft * h && sameRow(s.bbox, next.bbox),
      );
      if (labelOnLeft) break;
      claims.claim(next);
      last = { tokens: next.tokens, segment: next };
      d.value.push(last);
    }
  }
}
