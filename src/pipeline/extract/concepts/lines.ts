import { centerY, height, union } from '../../model/geometry.ts';
import type { BBox, Line, ModelPage } from '../../model/types.ts';
import type { Candidate, ExtractDocument, GroundingSource } from '../types.ts';
import { labelConcept } from '../lexicon.ts';

/** The finders take box height from here, beside the rest of the line geometry. */

/** Thresholds of reading labelled values from lines (h: the line's height, px). */
const LINES = {
  /** A right neighbour may start this far (px) left of the line's right edge. */
  rightSlack: 2,
  /** A right neighbour's centre is within this many h of the line's centre. */
  rightRowOffset: 0.5,
  /** A right neighbour is nearer than this share of the page width. */
  rightMaxGap: 0.75,
  /** A row is followed over at most this many right neighbours. */
  maxRowSteps: 12,
  /** Default farthest gap (in h) to the line below. */
  belowMaxGap: 1.6,
  /** A line below may start this many h above the line's bottom. */
  belowOverlap: 0.3,
  /** A label before a colon has at most this many words. */
  maxColonLabelWords: 7,
  /** A label without a colon is at most this many words before the first digit. */
  maxPrefixLabelWords: 5,
  /** A label naming no concept has at most this many words. */
  maxUnknownLabelWords: 4,
} as const;
export { height };

/**
 * Line geometry and labelled values for the finders: what follows a label on its line, to its right on the same
 * row, or below it (column headers). Key-value pairs from the fields stage join the same list, so a finder reads
 * one list of "label -> value text, with where the value sits".
 */

export interface Labelled {
  /** The concept the label names (lexicon), or null. */
  concept: string | null;
  /** 0..1 label match. */
  labelScore: number;
  label: string;
  valueText: string;
  pageIndex: number;
  /** Where valueText sits: its line and offset there (for boxes of parts of it), or a box only (key-values). */
  line?: Line;
  offset: number;
  bbox: BBox;
  labelBox: BBox;
  lineIds: string[];
  layout: 'inline' | 'right' | 'row_end' | 'below' | 'kv';
  source: GroundingSource;
}

const cache = new WeakMap<ExtractDocument, Labelled[]>();
const blockCache = new WeakMap<ModelPage, Map<string, string>>();

/** Lines in visual order (top to bottom, then left to right), since extraction order need not be reading order. */
export function visualLines(page: ModelPage): Line[] {
  return [...page.lines].sort((a, b) =>
    Math.abs(centerY(a.bbox) - centerY(b.bbox)) < height(a.bbox) / 2 ? a.bbox[0] - b.bbox[0] : a.bbox[1] - b.bbox[1],
  );
}

/** The nearest line to the right on the same row, not too far away. */
export function rightOf(page: ModelPage, line: Line): Line | undefined {
  const h = height(line.bbox);
  let best: Line | undefined;
  for (const o of page.lines) {
    if (
      o === line ||
      o.bbox[0] < line.bbox[2] - LINES.rightSlack ||
      Math.abs(centerY(o.bbox) - centerY(line.bbox)) > h * LINES.rightRowOffset
    )
      continue;
    if (!best || o.bbox[0] < best.bbox[0]) best = o;
  }
  return best && best.bbox[0] - line.bbox[2] < page.width * LINES.rightMaxGap ? best : undefined;
}

/** The last line of a row, following right neighbours (a totals row's last column). */
export function rowEnd(page: ModelPage, line: Line): Line {
  let current = line;
  for (let i = 0; i < LINES.maxRowSteps; i++) {
    const next = rightOf(page, current);
    if (!next) break;
    current = next;
  }
  return current;
}

/** The nearest line below that overlaps the line horizontally (a value under its column header). */
export function belowOf(page: ModelPage, line: Line, maxGap: number = LINES.belowMaxGap): Line | undefined {
  const h = height(line.bbox);
  let best: Line | undefined;
  for (const o of page.lines) {
    if (o === line || o.bbox[1] < line.bbox[3] - h * LINES.belowOverlap || o.bbox[1] - line.bbox[3] > h * maxGap) continue;
    if (o.bbox[0] > line.bbox[2] + h || o.bbox[2] < line.bbox[0] - h) continue;
    if (
      !best ||
      o.bbox[1] < best.bbox[1] ||
      (o.bbox[1] === best.bbox[1] && Math.abs(o.bbox[0] - line.bbox[0]) < Math.abs(best.bbox[0] - line.bbox[0]))
    )
      best = o;
  }
  return best;
}

/** The box of characters [start, end) of a line, from its words (whole words; the line box when words are missing). */
export function spanBox(line: Line, start: number, end: number): BBox {
  let at = 0;
  const boxes: BBox[] = [];
  for (const w of line.words) {
    const i = line.text.indexOf(w.text, at);
    if (i < 0) continue;
    at = i + w.text.length;
    if (i < end && at > start) boxes.push(w.bbox);
  }
  if (!boxes.length) return line.bbox;
  return union(boxes);
}

/** Layout block ids holding the given lines. */
export function regionIdsOf(doc: ExtractDocument, pageIndex: number, lineIds: string[]): string[] {
  const page = doc.model.pages[pageIndex];
  if (!page) return [];
  let map = blockCache.get(page);
  if (!map) {
    map = new Map();
    for (const b of page.blocks) for (const l of b.lines) map.set(l.id, b.id);
    blockCache.set(page, map);
  }
  return [...new Set(lineIds.map((id) => map!.get(id)).filter((id): id is string => !!id))];
}

/** Label then value on one line: "Invoice No: 123", "TOTAL 12.50", "Facture n°562044387". */
function splitLine(text: string): { label: string; offset: number } | null {
  const colon = /^([^:]{1,48}?)\s*:\s*/.exec(text);
  if (colon && !/\d{2}$/.test(colon[1]) && colon[1].split(/\s+/).length <= LINES.maxColonLabelWords) {
    // "BRED BANQUE – Titulaire du compte : X": the label is the part after the last dash or bar.
    const parts = colon[1].split(/\s[–|-]\s/);
    return { label: parts[parts.length - 1].trim(), offset: colon[0].length };
  }
  // Without a colon: the longest prefix of up to five words before the first digit that names a concept.
  const words = [...text.matchAll(/\S+/g)];
  let best: { label: string; offset: number; score: number } | null = null;
  for (let n = 1; n <= Math.min(LINES.maxPrefixLabelWords, words.length); n++) {
    const last = words[n - 1];
    const cut = /^(.*?\D)(?=[#]?\d)/.exec(last[0]);
    const lastText = /\d/.test(last[0]) ? (cut && /[°º#.]$/.test(cut[1]) ? cut[1] : null) : last[0];
    if (lastText === null) break;
    const label = text.slice(0, last.index! + lastText.length);
    const hit = labelConcept(label);
    if (hit && (!best || hit.score >= best.score)) best = { label, offset: label.length, score: hit.score };
    if (lastText !== last[0]) break;
  }
  if (!best) return null;
  const rest = /^\s*[:#.-]?\s*/.exec(text.slice(best.offset))![0].length;
  return { label: best.label, offset: best.offset + rest };
}

function fromLines(doc: ExtractDocument): Labelled[] {
  const out: Labelled[] = [];
  for (const page of doc.model.pages) {
    for (const line of page.lines) {
      const split = splitLine(line.text);
      if (!split) continue;
      const hit = labelConcept(split.label);
      const concept = hit?.concept ?? null;
      const labelScore = hit?.score ?? 0;
      if (!concept && split.label.split(/\s+/).length > LINES.maxUnknownLabelWords) continue;
      const base = {
        concept,
        labelScore,
        label: split.label,
        pageIndex: page.page_index,
        labelBox: spanBox(line, Math.max(0, line.text.indexOf(split.label)), line.text.indexOf(split.label) + split.label.length),
        source: 'text' as const,
      };
      const inline = line.text.slice(split.offset).trim();
      if (inline) {
        const offset = line.text.indexOf(inline, split.offset);
        out.push({
          ...base,
          valueText: inline,
          line,
          offset,
          bbox: spanBox(line, offset, offset + inline.length),
          lineIds: [line.id],
          layout: 'inline',
        });
      }
      const right = rightOf(page, line);
      const end = right && rowEnd(page, right);
      for (const [layout, other] of [
        ['right', right],
        ['row_end', end !== right ? end : undefined],
        ['below', belowOf(page, line)],
      ] as const) {
        if (!other || splitLine(other.text)?.offset === other.text.length) continue;
        out.push({
          ...base,
          valueText: other.text.trim(),
          line: other,
          offset: other.text.indexOf(other.text.trim()),
          bbox: other.bbox,
          lineIds: [line.id, other.id],
          layout,
        });
      }
    }
  }
  return out;
}

function fromKeyValues(doc: ExtractDocument): Labelled[] {
  return doc.keyValues.map((kv) => {
    const hit = labelConcept(kv.label);
    const page = doc.model.pages[kv.pageIndex];
    const valueLine =
      page?.lines.find((l) => kv.lineIds.includes(l.id) && l.text.includes(kv.valueText.split('\n')[0]) && l.id !== kv.lineIds[0]) ??
      page?.lines.find((l) => kv.lineIds.includes(l.id) && l.text.includes(kv.valueText.split('\n')[0]));
    const offset = valueLine ? valueLine.text.lastIndexOf(kv.valueText.split('\n')[0]) : 0;
    return {
      concept: hit?.concept ?? null,
      labelScore: hit?.score ?? 0,
      label: kv.label,
      valueText: kv.valueText,
      pageIndex: kv.pageIndex,
      line: valueLine,
      offset,
      bbox: kv.valueBox,
      labelBox: kv.labelBox,
      lineIds: kv.lineIds,
      layout: 'kv' as const,
      source: 'key_value' as const,
    };
  });
}

/** Every labelled value of the document (key-values first), computed once per document. */
export function labelledValues(doc: ExtractDocument): Labelled[] {
  let list = cache.get(doc);
  if (!list) {
    list = [...fromKeyValues(doc), ...fromLines(doc)];
    cache.set(doc, list);
  }
  return list;
}

/** Layout trust: inline and key-value pairs are surer than a neighbour to the right, which beats a line below. */
export const LAYOUT_WEIGHT: Record<Labelled['layout'], number> = { kv: 1, inline: 1, right: 0.9, row_end: 0.9, below: 0.75 };

/** A candidate for part of a labelled value ([start, end) of valueText), boxed to that part when the line is known. */
export function candidateFrom(
  doc: ExtractDocument,
  l: Labelled,
  value: Candidate['value'],
  start: number,
  end: number,
  confidence: number,
): Candidate {
  const bbox = l.line && l.offset >= 0 ? spanBox(l.line, l.offset + start, l.offset + end) : l.bbox;
  return {
    value,
    text: l.valueText.slice(start, end),
    pageIndex: l.pageIndex,
    bbox,
    regionIds: regionIdsOf(doc, l.pageIndex, l.lineIds),
    confidence,
    source: l.source,
  };
}

/** A candidate read from a line of text (no label). */
export function candidateOfLine(
  doc: ExtractDocument,
  pageIndex: number,
  line: Line,
  value: Candidate['value'],
  start: number,
  end: number,
  confidence: number,
): Candidate {
  return {
    value,
    text: line.text.slice(start, end),
    pageIndex,
    bbox: spanBox(line, start, end),
    regionIds: regionIdsOf(doc, pageIndex, [line.id]),
    confidence,
    source: 'text',
  };
}
