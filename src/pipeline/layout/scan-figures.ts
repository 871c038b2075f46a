import type { ModelPage } from '../model/types.ts';
import { union } from '../model/geometry.ts';
import { boxOfLines, type Draft, readByOcr } from './internal.ts';
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
  if (!readByOcr(page) || drafts.some((d) => d.type === 'figure')) return;
  const captions = drafts.filter((d) => d.lines.length > 0 && captionLabelOf(d.lines[0].text)?.kind === 'figure');
  for (const caption of captions) {
    const found = figureAbove(caption, drafts, page, bodySize, columnOf);
    if (!found) continue;
    for (const label of found.labels) drafts.splice(drafts.indexOf(label), 1);
    drafts.splice(drafts.indexOf(caption), 0, found.figure);
  }
  drafts.forEach((d, i) => (d.flow = i));
}

/**
 * Figures of scanned pages without a caption OCR can read: a graphic leaves a tall area of its column where OCR
 * finds no text, or only the short labels of a chart. Running text stands under it (a caption or a paragraph); the
 * figure reaches from the text above (or the top of the page's content) down to that text.
 */
const GAP_FIGURE = {
  /** The empty part (no OCR line at all) is at least this many body sizes tall: more than any gap between blocks. */
  minEmptyBodySizes: 6,
} as const;

/** The tallest vertical run of [top, bottom] that no draft covers. */
function tallestEmptyRun(top: number, bottom: number, inside: readonly Draft[]): number {
  let tallest = 0;
  let y = top;
  for (const d of [...inside].sort((a, b) => a.bbox[1] - b.bbox[1])) {
    tallest = Math.max(tallest, d.bbox[1] - y);
    y = Math.max(y, d.bbox[3]);
  }
  return Math.max(tallest, bottom - y);
}

/** A figure in one column between a bound above (a solid draft or the content's top) and solid text below. */
function figureInGap(
  above: number,
  below: Draft,
  span: [number, number],
  drafts: readonly Draft[],
  bodySize: number,
): { figure: Draft; labels: Draft[] } | undefined {
  const top = above + SCAN_FIGURE.marginPx;
  const bottom = below.bbox[1] - SCAN_FIGURE.marginPx;
  const across = (d: Draft) => Math.min(d.bbox[2], span[1]) > Math.max(d.bbox[0], span[0]) && d.bbox[3] > top && d.bbox[1] < bottom;
  // Any draft reaching into the column (a full-width table or heading too) fills part of the area.
  if (tallestEmptyRun(top, bottom, drafts.filter(across)) < bodySize * GAP_FIGURE.minEmptyBodySizes) return undefined;
  const labels = drafts.filter((d) => overColumn(d, span) && !isSolid(d, span) && d.bbox[1] >= top && d.bbox[1] < bottom);
  if (labels.some((d) => d.region !== undefined)) return undefined;
  const lines = labels.flatMap((d) => d.lines);
  const box = union([[span[0], top, span[1], bottom], ...(lines.length ? [boxOfLines(lines)] : [])]);
  return { figure: { lines, bbox: box, type: 'figure', score: SCAN_FIGURE.score, region: 'figure', flow: below.flow }, labels };
}

/**
 * Adds a figure in each tall text-free area of an OCR page's columns that holds no figure or table yet (see
 * GAP_FIGURE), in place of the label drafts inside it, and renumbers the flow.
 */
export function addGapFigures(drafts: Draft[], page: ModelPage, bodySize: number, columnOf: (d: Draft) => [number, number]): void {
  if (!readByOcr(page) || drafts.length === 0) return;
  const contentTop = Math.min(...drafts.map((d) => d.bbox[1]));
  for (const span of new Set(drafts.map(columnOf))) {
    const solid = drafts.filter((d) => columnOf(d) === span && isSolid(d, span)).sort((a, b) => a.bbox[1] - b.bbox[1]);
    for (const [i, below] of solid.entries()) {
      if (below.type === 'figure' || below.type === 'table') continue;
      const above = i > 0 ? solid[i - 1].bbox[3] : contentTop;
      const found = figureInGap(above, below, span, drafts, bodySize);
      if (!found) continue;
      for (const label of found.labels) drafts.splice(drafts.indexOf(label), 1);
      drafts.splice(drafts.indexOf(below), 0, found.figure);
    }
  }
  drafts.forEach((d, i) => (d.flow = i));
}
