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
 * What makes a short block a heading. Sizes are ratios of the block's dominant font size to the body size; counts
 * are the block's words or lines.
 */
const HEADING = {
  /** Most lines a heading block has. */
  maxLines: 3,
  /** Most words a heading block has. */
  maxWords: 25,
  /** Most words of an unnumbered block ending in . , or ; that can still be a heading (more reads as a sentence). */
  maxWordsEndingInPunctuation: 4,
  /** Fewest letters a heading has. */
  minLetters: 2,
  /**
   * Share of letters among the visible characters a heading needs, its section number aside: "TEL 07-5551234",
   * "REF 00123/45" and "12.50 x 3" are values; "APPENDIX B", "2.1 Results" and "Chapter 3" are headings.
   */
  minLetterShare: 0.5,
  /** Share of the block's characters in bold (or italic) for the block to count as bold (italic). */
  styledCharShare: 0.8,
  /** Above this many words a block must be clearly larger than the body to be a heading... */
  longBlockWords: 12,
  /** ...this much larger. */
  longBlockMinSizeRatio: 1.3,
  /** Size ratio that makes a short block a heading by itself. */
  sizeRatio: 1.15,
  /**
   * The same for OCR lines, whose size is their detected box height: capitals without descenders, stamps and skew
   * move it by a fifth or more, so only a clearly larger line counts.
   */
  ocrSizeRatio: 1.35,
  /** Below this size ratio a block is no heading (unless it is a short line in capitals). */
  minSizeRatio: 0.93,
  /** A one-line block in capitals of at most this many words... */
  capsLineMaxWords: 6,
  /** ...can be this much smaller than the body and still be a heading. */
  capsLineMinSizeRatio: 0.8,
  /** Most words of a bold heading. */
  boldMaxWords: 15,
  /** Most lines of a bold, capitals or own-font heading. */
  styledMaxLines: 2,
  /** Most words of a numbered one-line heading, and of a heading told only by its own typeface. */
  plainMaxWords: 12,
  /** Size ratio that marks a numbered one-line heading set in the body style. */
  numberedMinSizeRatio: 1.05,
  /** Most words of a heading in capitals of up to `styledMaxLines` lines. */
  capsMaxWords: 10,
  /** Size ratio that marks a heading set in a typeface of its own. */
  ownFontMinSizeRatio: 1.03,
  /** Most words of a one-line OCR block with a dotted section number ("4.2. Results") that reads as a heading. */
  ocrNumberedMaxWords: 10,
} as const;

/** The confidence (0..1) each kind of heading evidence gives. */
const HEADING_SCORE = {
  /** Larger than the body: the score at the size cue... */
  sizeBase: 0.7,
  /** ...rising by this per unit of size ratio above the cue... */
  sizePerRatio: 0.5,
  /** ...up to this. */
  sizeMax: 0.92,
  /** Added to the size score of a bold block. */
  sizeBoldBonus: 0.05,
  /** Bold, short and numbered ("2.1 Results"). */
  boldNumbered: 0.8,
  /** Bold and short, unnumbered. */
  bold: 0.65,
  /** A numbered line in italics, capitals or slightly larger type. */
  numberedLine: 0.6,
  /** A short block in capitals. */
  caps: 0.55,
  /** A short line in capitals, slightly smaller than the body. */
  capsLine: 0.5,
  /** A short block in a typeface of its own, slightly larger than the body. */
  ownFont: 0.55,
  /**
   * An OCR line (no typeface known) alone in its block, opening with a dotted section number and a capital, not
   * ending in punctuation: as sure as a list marker (`listUnlessHeading`), since a list item set off alone reads on.
   */
  ocrNumbered: 0.7,
} as const;

/** What makes a block a formula; `mathScore` is the share of formula-like tokens of the block's text (0..1). */
const EQUATION = {
  /** Most lines of a formula block. */
  maxLines: 8,
  /** Fewest one-letter italic variables that say formula... */
  minVariables: 2,
  /** ...and the share of the block's words they must make up. */
  minVariableShare: 0.3,
  /** The math score that, with italic variables, says formula when the block is neither centred nor numbered. */
  variablesMinMath: 0.2,
  /** The math score that says formula by itself. */
  strongMath: 0.5,
  /** The math score that says formula when the block is centred or numbered. */
  weakMath: 0.3,
  /** Left margin within its column, in body sizes, a centred block has at least. */
  centeredMinIndent: 1.5,
  /** Left and right margins of a centred block differ by less than this many body sizes... */
  centeredSlackBodySizes: 2,
  /** ...or this share of the column width, whichever is larger. */
  centeredSlackColumnShare: 0.08,
} as const;

/** The confidence (0..1) of a formula block. */
const EQUATION_SCORE = {
  /** Any formula block. */
  base: 0.6,
  /** Added for a centred block with italic variables. */
  variablesCentered: 0.1,
  /** Added for a centred block with a strong math score. */
  strongCentered: 0.15,
  /** Added for a numbered block. */
  numbered: 0.1,
  /** Cap for a block told by its italic variables. */
  variablesMax: 0.85,
  /** Cap for a block told by its math score. */
  strongMax: 0.9,
} as const;

/** The other block roles: what decides them and their confidence (0..1). */
const ROLE = {
  /** Share of monospaced characters that makes a block code (on a page not mostly monospaced). */
  codeMonoShare: 0.8,
  /** Code of two lines or more. */
  codeScore: 0.85,
  /** A single line of code. */
  codeLineScore: 0.6,
  /** A caption label on a first line smaller than this share of the body size makes a caption. */
  captionSizeRatio: 0.95,
  /** A caption whose label ends in punctuation ("Figure 2:"). */
  captionPunctuatedScore: 0.7,
  /** A caption told by its label's style only. */
  captionScore: 0.55,
  /** A list marker makes a list item unless the block reads as a heading at least this surely. */
  listUnlessHeading: 0.7,
  /** A bulleted list item. */
  bulletScore: 0.85,
  /** A numbered or lettered list item. */
  numberedItemScore: 0.75,
  /** "Label:" then its value on the next line: most words of the label... */
  keyLabelMaxWords: 5,
  /** ...and of the value. */
  keyValueMaxWords: 10,
  /** A key-value block. */
  keyValueScore: 0.6,
  /** A text block of at least two lines and this many words is surely a paragraph... */
  paragraphMinWords: 12,
  /** ...with this score. */
  paragraphScore: 0.85,
  /** Any other text block. */
  textScore: 0.7,
} as const;

/** A line ending in a money-like figure ("TOTAL 24.00", "Net amount 1,250.00") is a label with its value. */
const ENDS_WITH_AMOUNT = /\p{L}.*\s\S*\d[.,]\d{2}$/u;

/** Score for a heading candidate, 0 when the block does not read as a heading. */
export function headingScore(d: Draft, ctx: Pick<BlockRoleContext, 'bodySize' | 'bodyFont' | 'capsPage'>): number {
  const { bodySize, bodyFont } = ctx;
  const lines = d.lines;
  const text = blockText(lines);
  const words = lines.reduce((n, l) => n + l.words, 0);
  if (lines.length > HEADING.maxLines || words > HEADING.maxWords || words === 0) return 0;
  if (!/^[\p{Lu}\p{Lt}\d(§]/u.test(text) && !/^[^\p{L}]*\p{Lu}/u.test(text)) return 0;
  const depth = headingNumberDepth(text);
  if (/[.,;]$/u.test(text) && depth === 0 && words > HEADING.maxWordsEndingInPunctuation) return 0;
  if (/[,;]$/u.test(text)) return 0; // a line that goes on ("12 Market Street,")
  if ((text.match(/[\p{L}]/gu) ?? []).length < HEADING.minLetters) return 0;
  // "Published in: …", "Telephone: …": a label with its value, not a heading ("RESULTS: THE DATA" is one, unless
  // the whole page is in capitals).
  if (/^[^:]{1,40}:\s+\S/u.test(text) && depth === 0 && (ctx.capsPage || !isAllCaps(text))) return 0;
  if (ENDS_WITH_AMOUNT.test(text)) return 0;
  // A leading section number ("2.1") is set aside; a leading figure that only looks like one ("80.90 Change") is not.
  if (letterShare(text.replace(/^\s*\d{1,3}(?:\.\d{1,3})*\.?\s+(?=\p{L})/u, '')) < HEADING.minLetterShare) return 0;
  const ratio = dominantSize(lines) / bodySize;
  const bold = charShare(lines, (l) => l.bold) >= HEADING.styledCharShare;
  const italic = charShare(lines, (l) => l.italic) >= HEADING.styledCharShare;
  const caps = !ctx.capsPage && isAllCaps(text);
  if (lines.every((l) => l.mono) && !lines.every((l) => l.monoFlag)) return 0;
  if (words > HEADING.longBlockWords && ratio < HEADING.longBlockMinSizeRatio) return 0;
  const sizeCue = lines.some((l) => l.line.source === 'ocr') ? HEADING.ocrSizeRatio : HEADING.sizeRatio;
  if (ratio >= sizeCue) {
    const { sizeBase, sizePerRatio, sizeBoldBonus, sizeMax } = HEADING_SCORE;
    return Math.min(sizeMax, sizeBase + (ratio - sizeCue) * sizePerRatio + (bold ? sizeBoldBonus : 0));
  }
  const capsLine = caps && lines.length === 1 && words <= HEADING.capsLineMaxWords && ratio >= HEADING.capsLineMinSizeRatio;
  if (ratio < HEADING.minSizeRatio && !capsLine) return 0;
  const shortBlock = lines.length <= HEADING.styledMaxLines;
  if (bold && words <= HEADING.boldMaxWords && shortBlock) return depth > 0 ? HEADING_SCORE.boldNumbered : HEADING_SCORE.bold;
  if (depth > 0 && ocrNumberedLine(lines, text)) return HEADING_SCORE.ocrNumbered;
  const numberedCue = italic || caps || ratio >= HEADING.numberedMinSizeRatio;
  if (depth > 0 && lines.length === 1 && words <= HEADING.plainMaxWords && numberedCue) return HEADING_SCORE.numberedLine;
  if (caps && shortBlock && words <= HEADING.capsMaxWords) return HEADING_SCORE.caps;
  if (capsLine) return HEADING_SCORE.capsLine;
  const ownFont = lines.every((l) => l.fontName !== bodyFont && !l.italic);
  const ownFontCue = ownFont && ratio >= HEADING.ownFontMinSizeRatio && words <= HEADING.plainMaxWords;
  if (ownFontCue && shortBlock && !/[.,;]$/u.test(text)) return HEADING_SCORE.ownFont;
  return 0;
}

/** "4.2. Results", "7. Limitations" alone on an OCR line: a section heading whose style OCR cannot see. */
const DOTTED_SECTION = /^\d{1,2}(?:\.\d{1,2})*\.\d{0,2}\s+\p{Lu}/u;

function ocrNumberedLine(lines: readonly LineInfo[], text: string): boolean {
  return (
    lines.length === 1 &&
    lines[0].line.source === 'ocr' &&
    lines[0].words <= HEADING.ocrNumberedMaxWords &&
    DOTTED_SECTION.test(text) &&
    !/[.,;:]$/u.test(text)
  );
}

function letterShare(text: string): number {
  const visible = text.replace(/\s+/gu, '');
  return visible ? (visible.match(/\p{L}/gu) ?? []).length / visible.length : 0;
}

function isCentered(d: Draft, column: [number, number], bodySize: number): boolean {
  const left = d.bbox[0] - column[0];
  const right = column[1] - d.bbox[2];
  const slack = Math.max(bodySize * EQUATION.centeredSlackBodySizes, (column[1] - column[0]) * EQUATION.centeredSlackColumnShare);
  return left > bodySize * EQUATION.centeredMinIndent && Math.abs(left - right) < slack;
}

function equationScore(d: Draft, ctx: BlockRoleContext): number {
  if (d.lines.length > EQUATION.maxLines) return 0;
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
  const { base, numbered: numberedBonus } = EQUATION_SCORE;
  const italicVariables = variables >= EQUATION.minVariables && variables >= words * EQUATION.minVariableShare;
  if (italicVariables && (centered || numbered || math >= EQUATION.variablesMinMath)) {
    return Math.min(EQUATION_SCORE.variablesMax, base + (centered ? EQUATION_SCORE.variablesCentered : 0) + (numbered ? numberedBonus : 0));
  }
  if (math >= EQUATION.strongMath) {
    return Math.min(EQUATION_SCORE.strongMax, base + (centered ? EQUATION_SCORE.strongCentered : 0) + (numbered ? numberedBonus : 0));
  }
  if (math >= EQUATION.weakMath && (centered || numbered)) return base;
  return 0;
}

/** Types a text draft in place (regions and key-value rows keep the type grouping gave them). */
export function assignBlockRole(d: Draft, ctx: BlockRoleContext): void {
  if (d.type !== 'text') return;
  const lines = d.lines;
  const first = lines[0];
  if (!ctx.monoPage && charShare(lines, (l) => l.mono) >= ROLE.codeMonoShare) {
    d.type = 'code';
    d.score = lines.length >= 2 ? ROLE.codeScore : ROLE.codeLineScore;
    return;
  }
  const label = captionLabelOf(first.text);
  if (label && (label.punctuated || first.bold || first.italic || first.size < ctx.bodySize * ROLE.captionSizeRatio)) {
    d.type = 'caption';
    d.score = label.punctuated ? ROLE.captionPunctuatedScore : ROLE.captionScore;
    return;
  }
  const heading = headingScore(d, ctx);
  if (first.marker && heading < ROLE.listUnlessHeading) {
    d.type = 'list_item';
    d.score = first.marker.kind === 'bullet' ? ROLE.bulletScore : ROLE.numberedItemScore;
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
  const labelThenValue =
    lines.length === 2 && /:$/u.test(first.text) && first.words <= ROLE.keyLabelMaxWords && lines[1].words <= ROLE.keyValueMaxWords;
  if (labelThenValue || (lines.length === 1 && isKeyValueText(first.text))) {
    d.type = 'key_value';
    d.score = ROLE.keyValueScore;
    return;
  }
  const words = lines.reduce((n, l) => n + l.words, 0);
  d.score = lines.length >= 2 && words >= ROLE.paragraphMinWords ? ROLE.paragraphScore : ROLE.textScore;
}
