import type { ModelPage } from '../model/types.ts';
import { union } from '../model/geometry.ts';
import { boxOfLines, type Draft } from './internal.ts';
import { captionLabelOf } from './patterns.ts';

/**
 * Figures of scanned pages. A scan has no vector paths or placed images to find figures by, and OCR reads only
 * the stray labels of a chart or photo; but a figure caption ("Fig. 2 …") says a figure stands right above it.
 * The figure is the area between the caption and the running text above it, across the caption's column, with
 * the short label blocks OCR found inside it.
 */
const SCAN_FIGURE = {
  /** A figure is at least this many body sizes tall. */
  minHeightBodySizes: 4,
  /** Running text above: a block of at least this many lines... */
  textMinLines: 2,
  /** ...or of at least this many words. */
  textMinWords: 12,
  /** ...whose lines hold this many words on average (labels of a chart stand a word or two apart)... */
  textMinLineWords: 4,
  /** ...and spans at least this share of the column's width. */
  textMinWidthShare: 0.6,
  /** A block lies over the caption's column when this share of its width does. */
  overColumnShare: 0.5,
  /** Px kept clear between the figure and the blocks around it. */
  marginPx: 2,
  /** Confidence of such a figure. */
  score: 0.5,
} as const;

const words = (d: Draft) => d.lines.reduce((n, l) => n + l.words, 0);

/**
 * Running text, a heading or a region: what bounds a figure, as opposed to the labels inside it. Running text fills
 * most of its column's width; labels of a chart or panel are narrow.
 */
function isSolid(d: Draft, span: [number, number]): boolean {
  if (d.type === 'figure' || d.type === 'table' || d.type === 'section_header' || d.type === 'title') return true;
  const wide = d.bbox[2] - d.bbox[0] >= (span[1] - span[0]) * SCAN_FIGURE.textMinWidthShare;
  const prose = words(d) >= d.lines.length * SCAN_FIGURE.textMinLineWords;
  return wide && prose && (d.lines.length >= SCAN_FIGURE.textMinLines || words(d) >= SCAN_FIGURE.textMinWords);
}

function overColumn(d: Draft, span: [number, number]): boolean {
  const w = d.bbox[2] - d.bbox[0];
  const inside = Math.min(d.bbox[2], span[1]) - Math.max(d.bbox[0], span[0]);
  return w > 0 && inside >= w * SCAN_FIGURE.overColumnShare;
}

/** The figure above one caption, with the label drafts it takes in; undefined when there is no room for one. */
function figureAbove(
  caption: Draft,
  drafts: readonly Draft[],
  page: ModelPage,
  bodySize: number,
  columnOf: (d: Draft) => [number, number],
): { figure: Draft; labels: Draft[] } | undefined {
  const [c0, c1] = columnOf(caption);
  const span: [number, number] = [Math.min(c0, caption.bbox[0]), Math.max(c1, caption.bbox[2])];
  const above = drafts.filter((d) => d !== caption && d.bbox[3] <= caption.bbox[1] + SCAN_FIGURE.marginPx && overColumn(d, span));
  const content = Math.min(...drafts.map((d) => d.bbox[1]));
  const top = Math.max(content, ...above.filter((d) => isSolid(d, span)).map((d) => d.bbox[3] + SCAN_FIGURE.marginPx));
  const bottom = caption.bbox[1] - SCAN_FIGURE.marginPx;
  if (bottom - top < bodySize * SCAN_FIGURE.minHeightBodySizes) return undefined;
  const labels = above.filter((d) => !isSolid(d, span) && d.bbox[1] >= top - SCAN_FIGURE.marginPx);
  const lines = labels.flatMap((d) => d.lines);
  const box = union([[span[0], top, span[1], bottom], ...(lines.length ? [boxOfLines(lines)] : [])]);
  return { figure: { lines, bbox: box, type: 'figure', score: SCAN_FIGURE.score, region: 'figure', flow: caption.flow }, labels };
}

/**
 * Adds a figure above each figure caption of an OCR page that has no figure yet, in place of the label drafts
 * inside it, and renumbers the flow. Pages with a text layer find figures from their drawing instead.
 */
export function addScanFigures(drafts: Draft[], page: ModelPage, bodySize: number, columnOf: (d: Draft) => [number, number]): void {
  const ocr = page.lines.length > 0 && page.lines.every((l) => l.source === 'ocr');
  if (!ocr || drafts.some((d) => d.type === 'figure')) return;
  const captions = drafts.filter((d) => d.lines.length > 0 && captionLabelOf(d.lines[0].text)?.kind === 'figure');
  for (const caption of captions) {
    const found = figureAbove(caption, drafts, page, bodySize, columnOf);
    if (!found) continue;
    for (const label of found.labels) drafts.splice(drafts.indexOf(label), 1);
    drafts.splice(drafts.indexOf(caption), 0, found.figure);
  }
  drafts.forEach((d, i) => (d.flow = i));
}
