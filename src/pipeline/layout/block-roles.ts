import { charShare, dominantSize, type Draft, type LineInfo } from './internal.ts';
import { captionLabelOf, mathScore, endsWithEquationNumber, headingNumberDepth, isAllCaps, isKeyValueText } from './patterns.ts';

/**
 * Block types from font statistics relative to the body font, numbering patterns and line shapes. Position-
 * dependent types (title, footnote, caption attachment, furniture) are settled by the page pass afterwards.
 */
export interface BlockRoleContext {
  bodySize: number;
  /** The typeface of most body text on the page (subset prefix removed). */
  bodyFont: string;
  /** Most of the page is monospaced (typewriter text, OCR layers): monospace then says nothing about code. */
  monoPage: boolean;
  /** Most of the page is set in capitals (receipts, forms, telexes): capitals then say nothing about headings. */
  capsPage: boolean;
  /** Left/right edges of the column the block sits in, for centring. */
  columnOf(d: Draft): [number, number];
}

export function blockText(lines: readonly LineInfo[]): string {
  return lines.map((l) => l.text).join(' ');
}

/**
 * Share of letters among the visible characters a heading needs, its section number aside: "TEL 07-5551234",
 * "REF 00123/45" and "12.50 x 3" are values; "APPENDIX B", "2.1 Results" and "Chapter 3" are headings.
 */
const MIN_HEADING_LETTER_SHARE = 0.5;

/** Size over the body size that makes a short block a heading by itself. */
const HEADING_SIZE_RATIO = 1.15;
/**
 * The same for OCR lines, whose size is their detected box height: capitals without descenders, stamps and skew
 * move it by a fifth or more, so only a clearly larger line counts.
 */
const OCR_HEADING_SIZE_RATIO = 1.35;

/** A line ending in a money-like figure ("TOTAL 24.00", "Net amount 1,250.00") is a label with its value. */
const ENDS_WITH_AMOUNT = /\p{L}.*\s\S*\d[.,]\d{2}$/u;

/** Score for a heading candidate, 0 when the block does not read as a heading. */
export function headingScore(d: Draft, ctx: Pick<BlockRoleContext, 'bodySize' | 'bodyFont' | 'capsPage'>): number {
  const { bodySize, bodyFont } = ctx;
  const lines = d.lines;
  const text = blockText(lines);
  const words = lines.reduce((n, l) => n + l.words, 0);
  if (lines.length > 3 || words > 25 || words === 0) return 0;
  if (!/^[\p{Lu}\p{Lt}\d(§]/u.test(text) && !/^[^\p{L}]*\p{Lu}/u.test(text)) return 0;
  const depth = headingNumberDepth(text);
  if (/[.,;]$/u.test(text) && depth === 0 && words > 4) return 0;
  if (/[,;]$/u.test(text)) return 0; // a line that goes on ("12 Market Street,")
  if ((text.match(/[\p{L}]/gu) ?? []).length < 2) return 0;
  // "Published in: …", "Telephone: …": a label with its value, not a heading ("RESULTS: THE DATA" is one, unless
  // the whole page is in capitals).
  if (/^[^:]{1,40}:\s+\S/u.test(text) && depth === 0 && (ctx.capsPage || !isAllCaps(text))) return 0;
  if (ENDS_WITH_AMOUNT.test(text)) return 0;
  // A leading section number ("2.1") is set aside; a leading figure that only looks like one ("80.90 Change") is not.
  if (letterShare(text.replace(/^\s*\d{1,3}(?:\.\d{1,3})*\.?\s+(?=\p{L})/u, '')) < MIN_HEADING_LETTER_SHARE) return 0;
  const ratio = dominantSize(lines) / bodySize;
  const bold = charShare(lines, (l) => l.bold) >= 0.8;
  const italic = charShare(lines, (l) => l.italic) >= 0.8;
  const caps = !ctx.capsPage && isAllCaps(text);
  if (lines.every((l) => l.mono) && !lines.every((l) => l.monoFlag)) return 0;
  if (words > 12 && ratio < 1.3) return 0;
  const sizeCue = lines.some((l) => l.line.source === 'ocr') ? OCR_HEADING_SIZE_RATIO : HEADING_SIZE_RATIO;
  if (ratio >= sizeCue) return Math.min(0.92, 0.7 + (ratio - sizeCue) * 0.5 + (bold ? 0.05 : 0));
  if (ratio < 0.93 && !(caps && lines.length === 1 && words <= 6 && ratio >= 0.8)) return 0;
  if (bold && words <= 15 && lines.length <= 2) return depth > 0 ? 0.8 : 0.65;
  if (depth > 0 && lines.length === 1 && words <= 12 && (italic || caps || ratio >= 1.05)) return 0.6;
  if (caps && lines.length <= 2 && words <= 10) return 0.55;
  if (caps && lines.length === 1 && words <= 6 && ratio >= 0.8) return 0.5;
  const ownFont = lines.every((l) => l.fontName !== bodyFont && !l.italic);
  if (ownFont && ratio >= 1.03 && words <= 12 && lines.length <= 2 && !/[.,;]$/u.test(text)) return 0.55;
  return 0;
}

function letterShare(text: string): number {
  const visible = text.replace(/\s+/gu, '');
  return visible ? (visible.match(/\p{L}/gu) ?? []).length / visible.length : 0;
}

function isCentered(d: Draft, column: [number, number], bodySize: number): boolean {
  const left = d.bbox[0] - column[0];
  const right = column[1] - d.bbox[2];
  return left > bodySize * 1.5 && Math.abs(left - right) < Math.max(bodySize * 2, (column[1] - column[0]) * 0.08);
}

function equationScore(d: Draft, ctx: BlockRoleContext): number {
  if (d.lines.length > 8) return 0;
  // Formulas come in pieces (scripts, fraction parts); score the block's text as a whole.
  const math = mathScore(blockText(d.lines));
  const numbered = d.lines.some((l) => endsWithEquationNumber(l.text));
  const centered = isCentered(d, ctx.columnOf(d), ctx.bodySize);
  // Variables set in italic one letter at a time ("x", "y") say formula even when symbols are few.
  let words = 0;
  let variables = 0;
  for (const l of d.lines) {
    for (const w of l.wordList) {
      words++;
      if (w.font.italic && /^\p{L}[\p{L}\d]?$/u.test(w.text)) variables++;
    }
  }
  if (variables >= 2 && variables >= words * 0.3 && (centered || numbered || math >= 0.2)) return Math.min(0.85, 0.6 + (centered ? 0.1 : 0) + (numbered ? 0.1 : 0));
  if (math >= 0.5) return Math.min(0.9, 0.6 + (centered ? 0.15 : 0) + (numbered ? 0.1 : 0));
  if (math >= 0.3 && (centered || numbered)) return 0.6;
  return 0;
}

/** Types a text draft in place (regions and key-value rows keep the type grouping gave them). */
export function assignBlockRole(d: Draft, ctx: BlockRoleContext): void {
  if (d.type !== 'text') return;
  const lines = d.lines;
  const first = lines[0];
  if (!ctx.monoPage && charShare(lines, (l) => l.mono) >= 0.8) {
    d.type = 'code';
    d.score = lines.length >= 2 ? 0.85 : 0.6;
    return;
  }
  const label = captionLabelOf(first.text);
  if (label && (label.punctuated || first.bold || first.italic || first.size < ctx.bodySize * 0.95)) {
    d.type = 'caption';
    d.score = label.punctuated ? 0.7 : 0.55;
    return;
  }
  const heading = headingScore(d, ctx);
  if (first.marker && heading < 0.7) {
    d.type = 'list_item';
    d.score = first.marker.kind === 'bullet' ? 0.85 : 0.75;
    d.list = { kind: first.marker.kind, marker: first.marker.marker, depth: 0 };
    return;
  }
  const eq = equationScore(d, ctx);
  if (eq > 0 && eq >= heading) {
    d.type = 'equation';
    d.score = eq;
    return;
  }
  if (heading > 0) {
    d.type = 'section_header';
    d.score = heading;
    return;
  }
  const labelThenValue = lines.length === 2 && /:$/u.test(first.text) && first.words <= 5 && lines[1].words <= 10;
  if (labelThenValue || (lines.length === 1 && isKeyValueText(first.text))) {
    d.type = 'key_value';
    d.score = 0.6;
    return;
  }
  const words = lines.reduce((n, l) => n + l.words, 0);
  d.score = lines.length >= 2 && words >= 12 ? 0.85 : 0.7;
}
