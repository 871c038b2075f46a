import { normalizeDate } from '../extract/metrics.ts';

/**
 * Question-answering scores for the ask capability (shared/eval/README.md):
 * - ANLS: 1 - normalised Levenshtein distance to the closest accepted answer (case and whitespace folded), 0 when
 *   that distance is 0.5 or more; averaged over questions (an unanswered question scores 0).
 * - ANLS with dates normalised: an answer and a truth that both read as dates score 1 when they are the same day
 *   ("April 18, 2001" for "2001-04-18"), else as ANLS.
 * - Citation hit: a cited region holds the answer's text where the document prints it (the text located in the
 *   document's OCR/text lines, its box cut from the line by character offsets; see citationHolds).
 */

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

const fold = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

export const ANLS_THRESHOLD = 0.5;

/** ANLS of one prediction against the accepted answers. */
export function anls(predicted: string | null, answers: string[]): number {
  if (predicted === null) return 0;
  const p = fold(predicted);
  let best = 0;
  for (const answer of answers) {
    const a = fold(answer);
    const longest = Math.max(p.length, a.length);
    const distance = longest === 0 ? 0 : levenshtein(p, a) / longest;
    best = Math.max(best, distance < ANLS_THRESHOLD ? 1 - distance : 0);
  }
  return best;
}

/** ANLS, except that a date answer equal as a day to a date truth scores 1. */
export function anlsDates(predicted: string | null, answers: string[]): number {
  if (predicted === null) return 0;
  const day = normalizeDate(
    predicted
      .replace(/(\d)(st|nd|rd|th)\b/g, '$1')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  if (day && answers.some((a) => normalizeDate(a) === day)) return 1;
  return anls(predicted, answers);
}

export type Box = [number, number, number, number];

export interface TextLine {
  page_index: number;
  text: string;
  bbox: Box;
}

/**
 * Every place the document prints `text` (case and whitespace folded): within one line, or across up to three
 * consecutive lines of a page joined by spaces. Each place is the union of the character-proportional slices of
 * the lines it spans.
 */
export function locateText(lines: TextLine[], text: string): { page_index: number; bbox: Box }[] {
  const needle = fold(text);
  if (!needle) return [];
  const found: { page_index: number; bbox: Box }[] = [];
  for (let i = 0; i < lines.length; i++) {
    for (let span = 1; span <= 3 && i + span <= lines.length; span++) {
      const group = lines.slice(i, i + span);
      if (group.some((l) => l.page_index !== group[0].page_index)) break;
      const texts = group.map((l) => fold(l.text));
      const joined = texts.join(' ');
      const at = joined.indexOf(needle);
      // One place per start line: a shorter span that already holds it wins.
      if (at < 0 || (span > 1 && at >= texts[0].length + 1)) continue;
      const boxes: Box[] = [];
      let offset = 0;
      group.forEach((line, k) => {
        const start = Math.max(0, at - offset);
        const end = Math.min(texts[k].length, at + needle.length - offset);
        if (end > start) boxes.push(slice(line.bbox, start, end, texts[k].length));
        offset += texts[k].length + 1;
      });
      found.push({ page_index: group[0].page_index, bbox: union(boxes) });
      break;
    }
  }
  return found;
}

function slice(box: Box, start: number, end: number, length: number): Box {
  const width = box[2] - box[0];
  return [box[0] + (width * start) / length, box[1], box[0] + (width * end) / length, box[3]];
}

function union(boxes: Box[]): Box {
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

/** Share of `inner`'s area inside `outer`. */
export function coverage(outer: Box, inner: Box): number {
  const w = Math.max(0, Math.min(outer[2], inner[2]) - Math.max(outer[0], inner[0]));
  const h = Math.max(0, Math.min(outer[3], inner[3]) - Math.max(outer[1], inner[1]));
  const area = Math.max(1e-9, (inner[2] - inner[0]) * (inner[3] - inner[1]));
  return (w * h) / area;
}

/**
 * A cited region holds the text: grown by half the text's height on each side (OCR line boxes are padded, and a
 * slice of a line by character offsets is approximate), it covers at least 80% of one place the text is printed.
 */
export function citationHolds(regions: { page_index: number; bbox: Box }[], places: { page_index: number; bbox: Box }[]): boolean {
  return regions.some((r) =>
    places.some((p) => {
      if (p.page_index !== r.page_index) return false;
      const slack = (p.bbox[3] - p.bbox[1]) / 2;
      const grown: Box = [r.bbox[0] - slack, r.bbox[1] - slack, r.bbox[2] + slack, r.bbox[3] + slack];
      return coverage(grown, p.bbox) >= 0.8;
    }),
  );
}
