import type { ChartFinding, ItemPart, PageGraphicsInput } from '../charts/mod.ts';
import type { BBox, Line } from '../model/types.ts';
import { findArrowheads } from './arrows.ts';
import { findConnectors, type Connector } from './connectors.ts';
import { center, union } from '../model/geometry.ts';
import { boxPolylineDistance, insideBox, pointBoxDistance } from './polylines.ts';
import { readTitleBlock, type TitleField } from './title-block.ts';

/**
 * Engineering drawings: title block fields, dimensions (numbers next to dimension lines with arrowheads) and
 * notes/callouts, reported as insights. Claimed when the caller says so (billing profile engineering_drawing) or
 * when the sheet has a title block with enough fields and drawing-like geometry.
 */
const DIMENSION = /^(\d+\s*[xX×]\s*)?(Ø|⌀|R|SR|M|□)?\s?\d+([.,]\d+)?\s*(°|mm|in|")?(\s*(±|\+\/-|\+)\s*\d+([.,]\d+)?)?$/u;
const TOLERANCE = /^(±|\+\/-)\s*\d+([.,]\d+)?$/u;
const NOTES_HEADING = /^(general\s+)?notes?\s*:?\s*$/i;
const NUMBERED = /^\d+[.)]\s+\S/;

/** Thresholds of the engineering-drawing reader; lengths in page px, or in text sizes (the line's font size or height). */
const ENGINEERING = {
  /** Title-block fields needed when the drawing is declared, and when it is not (count). */
  declaredMinFields: 2,
  detectedMinFields: 3,
  /** Text this close (px) to the title block counts as inside it. */
  titleBlockSlack: 4,
  /** A line of this many words is prose (count)... */
  proseWords: 10,
  /** ...and more than this many prose lines make a report page, not a drawing (count). */
  maxProseLines: 10,
  /** A sheet this large (px, longer side) is drawing-like without dimensions. */
  largeSheet: 2000,
  /** A dimension's leader lies within this many text sizes of its number. */
  leaderReach: 1.5,
  /** A tolerance starts at most this far (px) left of the number's end, within one text size of it. */
  toleranceOverlap: 2,
  /** Note lines start at most this far (px) above the heading's bottom... */
  notesOverlap: 1,
  /** ...within this many text sizes of its left edge... */
  notesIndent: 4,
  /** ...and at most this many text sizes below the previous line. */
  notesGap: 1.5,
  /** Most notes and callouts reported (count). */
  maxNotes: 30,
  maxCallouts: 30,
  /** A callout lies within this many of its heights of the leader's tail... */
  calloutReach: 1.5,
  /** ...and has at most this many words (count). */
  calloutMaxWords: 8,
  /** Confidence: base, per field up to a cap, bonus for dimensions, bonus for vector, ceiling. */
  confidenceBase: 0.45,
  confidencePerField: 0.04,
  confidenceFieldsCap: 0.25,
  confidenceDims: 0.1,
  confidenceVector: 0.05,
  confidenceMax: 0.85,
} as const;

interface Dimension {
  text: string;
  bbox: BBox;
}

export function findEngineering(input: PageGraphicsInput): ChartFinding | null {
  const { page, drawing } = input;
  const lines = page.lines.filter((l) => l.rotation === 0 || l.rotation === 90 || l.rotation === 270);
  const paths = drawing?.paths ?? [];
  const minFields = input.engineering ? ENGINEERING.declaredMinFields : ENGINEERING.detectedMinFields;
  const block = readTitleBlock(lines, paths, page.width, page.height, minFields);
  const connectors = drawing ? findConnectors(paths, findArrowheads(paths)) : [];
  const outside = lines.filter((l) => !block.bbox || !insideBox(center(l.bbox), block.bbox, ENGINEERING.titleBlockSlack));
  const dims = dimensions(outside, connectors, drawing !== null, input.engineering);
  if (!input.engineering && !looksLikeDrawing(block.fields, dims, lines, page.width, page.height)) return null;
  if (block.fields.length === 0 && (!input.engineering || dims.length === 0)) return null;
  const notes = notesOf(outside);
  const callouts = calloutsOf(outside, connectors, new Set([...dims.map((d) => d.text), ...notes.lines]));
  const title = block.fields.find((f) => f.name === 'Title')?.value ?? '';
  const parts: ItemPart[] = [
    ...(block.bbox ? [{ bbox: block.bbox, label: 'title_block' }] : []),
    ...dims.map((d) => ({ bbox: d.bbox, label: 'dimension' })),
  ];
  const bbox = drawing && drawing.paths.length ? union(drawing.paths.map((p) => p.bbox)) : ([0, 0, page.width, page.height] as BBox);
  return {
    kind: 'engineering_diagram',
    bbox,
    title,
    axes: { x_label: '', y_label: '' },
    series: [],
    insights: [
      ...block.fields.map((f) => `${f.name}: ${f.value}`),
      ...dims.map((d) => `Dimension: ${d.text}`),
      ...notes.insights,
      ...callouts,
    ],
    summary: summaryOf(block.fields, dims.length, notes.insights.length),
    confidence: confidenceOf(block.fields.length, dims.length, drawing !== null),
    parts,
    source: drawing ? 'vector' : 'raster',
  };
}

/**
 * Undeclared, a sheet counts as a drawing only with a title block and either dimensions or a large, text-sparse
 * sheet: a report page with a document-control table ("Title / Rev / Date / Approved by") is not a drawing.
 */
function looksLikeDrawing(fields: TitleField[], dims: Dimension[], lines: readonly Line[], w: number, h: number): boolean {
  if (fields.length < ENGINEERING.detectedMinFields) return false;
  const prose = lines.filter((l) => l.text.trim().split(/\s+/).length >= ENGINEERING.proseWords).length;
  if (prose > ENGINEERING.maxProseLines) return false;
  return dims.length > 0 || Math.max(w, h) >= ENGINEERING.largeSheet;
}

/** Numbers shaped like dimensions, next to a line with an arrowhead (vector), or any such number on a drawing (scans). */
function dimensions(lines: readonly Line[], connectors: readonly Connector[], vector: boolean, declared: boolean): Dimension[] {
  const out: Dimension[] = [];
  for (const line of lines) {
    const text = line.text.trim();
    if (!DIMENSION.test(text) || TOLERANCE.test(text)) continue;
    const size = line.font.size || line.bbox[3] - line.bbox[1];
    const near = connectors.filter(
      (c) =>
        (c.startHead || c.endHead) &&
        boxesNear(c.bbox, line.bbox, ENGINEERING.leaderReach * size) &&
        boxPolylineDistance(line.bbox, c.points) <= ENGINEERING.leaderReach * size,
    );
    if (vector && near.length === 0) continue;
    if (!vector && !declared) continue;
    const tol = lines.find(
      (l) =>
        TOLERANCE.test(l.text.trim()) &&
        l.bbox[0] >= line.bbox[2] - ENGINEERING.toleranceOverlap &&
        l.bbox[0] - line.bbox[2] < size &&
        Math.abs(center(l.bbox)[1] - center(line.bbox)[1]) < size,
    );
    const boxes = [line.bbox, ...near.slice(0, 1).map((c) => c.bbox), ...(tol ? [tol.bbox] : [])];
    out.push({ text: tol ? `${text} ${tol.text.trim()}` : text, bbox: union(boxes) });
  }
  return out;
}

const boxesNear = (a: BBox, b: BBox, pad: number) => a[0] - pad <= b[2] && b[0] <= a[2] + pad && a[1] - pad <= b[3] && b[1] <= a[3] + pad;

/** "NOTES:" and the numbered lines under it (continuation lines join the note above). */
function notesOf(lines: readonly Line[]): { insights: string[]; lines: string[] } {
  const heading = lines.find((l) => NOTES_HEADING.test(l.text.trim()));
  if (!heading) return { insights: [], lines: [] };
  const size = heading.bbox[3] - heading.bbox[1];
  const below = lines
    .filter(
      (l) =>
        l.bbox[1] >= heading.bbox[3] - ENGINEERING.notesOverlap && Math.abs(l.bbox[0] - heading.bbox[0]) < ENGINEERING.notesIndent * size,
    )
    .sort((a, b) => a.bbox[1] - b.bbox[1]);
  const notes: string[] = [];
  let bottom = heading.bbox[3];
  for (const l of below) {
    if (l.bbox[1] - bottom > ENGINEERING.notesGap * size) break;
    const text = l.text.trim();
    if (NUMBERED.test(text)) notes.push(text);
    else if (notes.length) notes[notes.length - 1] += ` ${text}`;
    else break;
    bottom = l.bbox[3];
    if (notes.length >= ENGINEERING.maxNotes) break;
  }
  return { insights: notes.map((n) => `Note: ${n}`), lines: notes };
}

/** Text at the tail of a leader (a line with one arrowhead) that is not a dimension: a callout. */
function calloutsOf(lines: readonly Line[], connectors: readonly Connector[], taken: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const c of connectors) {
    if (c.startHead === c.endHead) continue;
    const tail = c.endHead ? c.start : c.end;
    const line = lines.find(
      (l) =>
        pointBoxDistance(tail, l.bbox) < ENGINEERING.calloutReach * (l.bbox[3] - l.bbox[1]) &&
        !taken.has(l.text.trim()) &&
        !DIMENSION.test(l.text.trim()),
    );
    if (line && line.text.trim().split(/\s+/).length <= ENGINEERING.calloutMaxWords && !out.includes(`Callout: ${line.text.trim()}`))
      out.push(`Callout: ${line.text.trim()}`);
  }
  return out.slice(0, ENGINEERING.maxCallouts);
}

function summaryOf(fields: TitleField[], dims: number, notes: number): string {
  const get = (n: string) => fields.find((f) => f.name === n)?.value;
  const facts = [
    get('Drawing No') && `drawing no. ${get('Drawing No')}`,
    get('Rev') && `rev ${get('Rev')}`,
    get('Scale') && `scale ${get('Scale')}`,
  ].filter(Boolean);
  const title = get('Title') ? ` "${get('Title')}"` : '';
  const extra = [dims ? `${dims} dimension${dims === 1 ? '' : 's'}` : '', notes ? `${notes} note${notes === 1 ? '' : 's'}` : ''].filter(
    Boolean,
  );
  return `Engineering drawing${title}${facts.length ? ` (${facts.join(', ')})` : ''}${extra.length ? ` with ${extra.join(' and ')}` : ''}.`;
}

function confidenceOf(fields: number, dims: number, vector: boolean): number {
  const raw =
    ENGINEERING.confidenceBase +
    Math.min(ENGINEERING.confidenceFieldsCap, fields * ENGINEERING.confidencePerField) +
    (dims ? ENGINEERING.confidenceDims : 0) +
    (vector ? ENGINEERING.confidenceVector : 0);
  return Math.round(Math.min(ENGINEERING.confidenceMax, raw) * 100) / 100;
}
