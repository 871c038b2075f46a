import { union } from '../model/geometry.ts';
import type { BBox, Block, Line } from '../model/types.ts';

/**
 * Block text with each word's character range, so that any span of the text (a sentence, a date) maps back to
 * the union of the words that print it: answers are cited with the box of their own words, not of a whole chunk.
 */

export interface SpanText {
  text: string;
  words: { start: number; end: number; bbox: BBox }[];
  /** Each block's character range and layout type, in order. */
  blocks: { start: number; end: number; type: Block['type'] }[];
}

/** Blocks' lines in order, words joined by single spaces, blocks by a newline (a sentence boundary). */
export function spanTextOf(blocks: Block[]): SpanText {
  const out: SpanText = { text: '', words: [], blocks: [] };
  for (const block of blocks) {
    if (out.text) out.text += '\n';
    const start = out.text.length;
    appendLines(out, block.lines);
    out.blocks.push({ start, end: out.text.length, type: block.type });
  }
  return out;
}

function appendLines(out: SpanText, lines: Line[]): void {
  let joinNext = false;
  lines.forEach((line, i) => {
    if (i > 0 && !joinNext) out.text += ' ';
    line.words.forEach((word, w) => {
      if (w > 0) out.text += ' ';
      let text = word.text;
      const last = w === line.words.length - 1;
      // A hyphenated line end joins the next line's first word ("confi-" + "dential").
      if (last && line.hyphenated && text.endsWith('-') && i < lines.length - 1) text = text.slice(0, -1);
      out.words.push({ start: out.text.length, end: out.text.length + text.length, bbox: word.bbox });
      out.text += text;
    });
    joinNext = Boolean(line.hyphenated) && i < lines.length - 1 && /-$/.test(line.words[line.words.length - 1]?.text ?? '');
  });
}

/** The box of the words overlapping [start, end), or null when none does. */
export function boxOfRange(span: SpanText, start: number, end: number): BBox | null {
  const boxes = span.words.filter((w) => w.end > start && w.start < end).map((w) => w.bbox);
  return boxes.length ? union(boxes) : null;
}

/** Sentences with their ranges: cut after . ! ? ; followed by space, and at newlines (block ends). */
export function sentencesOf(text: string): { text: string; start: number; end: number }[] {
  const out: { text: string; start: number; end: number }[] = [];
  const re = /[^\n]+?(?:[.!?;](?=\s|$)(?<!\b(?:Inc|Ltd|Co|Corp|No|Mr|Mrs|Ms|Dr|St|vs|e\.g|i\.e|etc|[A-Z])\.)|(?=\n)|$)/g;
  for (const m of text.matchAll(re)) {
    const raw = m[0];
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed.length < 2) continue;
    const start = (m.index ?? 0) + lead;
    out.push({ text: trimmed, start, end: start + trimmed.length });
  }
  return out;
}
