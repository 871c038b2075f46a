import type { BBox, DocumentModel } from '../../../model/types.ts';
import type { Candidate } from '../../types.ts';

/**
 * The contract's running text with word offsets, so any match can be grounded to its words' boxes and blocks; built
 * once per document (cached). Also the ranking helpers every contract finder shares.
 */

interface WordSpan {
  start: number;
  end: number;
  page: number;
  bbox: BBox;
  blockId: string;
}

export interface TextIndex {
  text: string;
  spans: WordSpan[];
  /** Offset where each page's text starts, plus the text length at the end. */
  pageStarts: number[];
}

const INDEX_CACHE = new WeakMap<DocumentModel, TextIndex>();

export function textIndex(model: DocumentModel): TextIndex {
  const cached = INDEX_CACHE.get(model);
  if (cached) return cached;
  const parts: string[] = [];
  const spans: WordSpan[] = [];
  const pageStarts: number[] = [];
  let length = 0;
  const push = (s: string) => {
    parts.push(s);
    length += s.length;
  };
  for (const page of model.pages) {
    pageStarts.push(length);
    const blocks = [...page.blocks].sort((a, b) => a.readingOrder - b.readingOrder);
    for (const block of blocks) {
      let glue = '';
      for (const line of block.lines) {
        line.words.forEach((word, i) => {
          // A hyphenated line's last word joins the next line's first word without the hyphen (confi- dential).
          const joinsNext = line.hyphenated && i === line.words.length - 1 && /\p{L}-$/u.test(word.text);
          const text = joinsNext ? word.text.slice(0, -1) : word.text;
          push(glue);
          spans.push({ start: length, end: length + text.length, page: page.page_index, bbox: word.bbox, blockId: block.id });
          push(text);
          glue = joinsNext ? '' : ' ';
        });
      }
      push('\n');
    }
    push('\n');
  }
  pageStarts.push(length);
  const index = { text: parts.join(''), spans, pageStarts };
  INDEX_CACHE.set(model, index);
  return index;
}

/** First span whose end is past `offset` (binary search: spans are in text order). */
function firstSpanAfter(spans: WordSpan[], offset: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A candidate for the text at [start, end): boxes of its words on the page where it starts. */
export function grounded(index: TextIndex, start: number, end: number, value: string, confidence: number): Candidate | null {
  const words: WordSpan[] = [];
  for (let i = firstSpanAfter(index.spans, start); i < index.spans.length && index.spans[i].start < end; i++) words.push(index.spans[i]);
  if (!words.length) return null;
  const onPage = words.filter((w) => w.page === words[0].page);
  const bbox: BBox = [
    Math.min(...onPage.map((w) => w.bbox[0])),
    Math.min(...onPage.map((w) => w.bbox[1])),
    Math.max(...onPage.map((w) => w.bbox[2])),
    Math.max(...onPage.map((w) => w.bbox[3])),
  ];
  return {
    value,
    text: index.text.slice(start, end),
    pageIndex: words[0].page,
    bbox,
    regionIds: [...new Set(onPage.map((w) => w.blockId))],
    confidence,
    source: 'text',
  };
}

/**
 * Single-valued concepts propose only candidates at 0.5 or above: below that (a letter's sending date, a notice
 * period, a non-solicitation period) the value is more often wrong than right, and the extractor takes the first
 * candidate it is given. Finders also use it to tell whether a fallback is needed.
 */
export const MIN_CONFIDENCE = 0.5;

/** Repeated values: a little confidence (0..1) per extra occurrence, up to a cap. */
const REPEAT = {
  /** Added per extra occurrence. */
  perRepeat: 0.02,
  /** A repeated value's confidence stays below this. */
  maxConfidence: 0.99,
} as const;

/** The end offset of the first `pages` pages: preamble facts live there. */
export function headEnd(index: TextIndex, pages: number): number {
  return index.pageStarts[Math.min(pages, index.pageStarts.length - 1)];
}

/** Abbreviations whose full stop does not end a sentence ("Amendment No. 1", "Acme Inc. and"). */
const NO_SENTENCE_END = /\b(?:No|Nos|Inc|Co|Corp|Ltd|Mr|Mrs|Ms|Dr|St|Jr|Sr|vs|U\.S|[A-Z])\.$/;

/**
 * Where the sentence holding offset `at` starts, looking back at most `window` characters: after the last full
 * stop, semicolon or line break that ends a sentence (not an abbreviation's full stop).
 */
export function sentenceStart(text: string, at: number, window: number): number {
  const from = Math.max(0, at - window);
  const before = text.slice(from, at);
  const ends = /[.;]\s+|\n/g;
  let start = from;
  for (let m = ends.exec(before); m; m = ends.exec(before)) {
    if (m[0].startsWith('.') && NO_SENTENCE_END.test(before.slice(Math.max(0, m.index - 4), m.index + 1))) continue;
    // A sentence broken over blocks goes on: "until the earlier of" / "(i) the second anniversary".
    if (m[0] === '\n' && /[\w,]$/.test(before.slice(0, m.index)) && /^\s*[(\p{Ll}]/u.test(before.slice(m.index + 1))) continue;
    start = from + m.index + m[0].length;
  }
  return start;
}

/** Candidates best first, one per value (the best-grounded occurrence kept). */
export function rankUnique(candidates: Candidate[]): Candidate[] {
  const best = new Map<string, Candidate>();
  for (const c of candidates) {
    const key = String(c.value).toLowerCase();
    const seen = best.get(key);
    if (!seen || c.confidence > seen.confidence) best.set(key, c);
  }
  return [...best.values()].sort((a, b) => b.confidence - a.confidence);
}

/**
 * A value found by several phrases is likelier: add a little per extra occurrence. Only occurrences at `countFrom`
 * or above count and are raised, so a value repeated in unlikely places gains nothing.
 */
export function boostRepeats(candidates: Candidate[], countFrom = 0): Candidate[] {
  const key = (c: Candidate) => String(c.value).toLowerCase();
  const counts = new Map<string, number>();
  for (const c of candidates) if (c.confidence >= countFrom) counts.set(key(c), (counts.get(key(c)) ?? 0) + 1);
  return candidates.map((c) =>
    c.confidence < countFrom
      ? c
      : { ...c, confidence: Math.min(REPEAT.maxConfidence, c.confidence + REPEAT.perRepeat * ((counts.get(key(c)) ?? 1) - 1)) },
  );
}
