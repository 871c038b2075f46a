import type { BBox, ModelPage, VectorPath } from '../model/types.ts';
import { area, centerIn, grown, height, overlapArea, union, width, xOverlap, yOverlap } from '../model/geometry.ts';
import type { LineInfo, Region } from './internal.ts';
import { captionLabelOf } from './patterns.ts';

/**
 * Figure regions: placed images, and clusters of vector paths (charts, diagrams) that hold little running text.
 * Filled boxes behind paragraphs (call-outs, shaded sidebars) are text-dense and are not figures.
 */

/** Cell size (px) of the grid that finds touching path boxes. */
const GRID = 64;

/**
 * Figure rules' thresholds. Lengths are in px or in body font sizes (`bodySize`); shares of an area are of the
 * box or page named.
 */
const FIGURE = {
  /** A path thinner than this (px) is a rule, not part of a picture. */
  thinRulePx: 3,
  /** Paths covering this share of the page or more are page backgrounds. */
  maxPathPageShare: 0.5,
  /** Paths are clustered when they come within this many px... */
  clusterPadPx: 4,
  /** ...or this many body sizes, whichever is larger. */
  clusterPadBodySizes: 0.4,
  /** Fewest paths of a vector figure. */
  minPaths: 3,
  /** Smallest width and height of a vector figure, in body sizes. */
  minSideBodySizes: 2,
  /** Smallest area of a vector figure, as a share of the page. */
  minVectorPageShare: 0.004,
  /** A vector figure without curves whose lines cover this share of it is a text box (a listing, a form). */
  maxStraightTextInk: 0.2,
  /** Vector figure score: this base... */
  vectorScoreBase: 0.6,
  /** ...plus one unit per this many paths... */
  pathsPerScore: 200,
  /** ...plus one unit per this many curves... */
  curvesPerScore: 100,
  /** ...up to this. */
  vectorScoreMax: 0.85,
  /** Smallest width and height of an image figure (px). */
  minImageSidePx: 16,
  /** Smallest area of an image figure, as a share of the page. */
  minImagePageShare: 0.002,
  /** An image with this many lines of `imageTextLineWords` words or more over it is a background. */
  maxImageTextLines: 2,
  imageTextLineWords: 6,
  /** Score of an image figure. */
  imageScore: 0.9,
  /** A figure candidate more than this share inside a table is part of the table. */
  maxTableShare: 0.5,
  /** Figures within this many body sizes of each other merge. */
  mergePadBodySizes: 0.5,
  /** A line of this many words swallowed by a merge is running text between two figures. */
  swallowedLineWords: 5,
  /** Side by side: the two boxes overlap vertically by more than this share of the shorter... */
  sideBySideShare: 0.5,
  /** ...and horizontally by less than this share of the narrower: a picture spilling into the next column. */
  spillShare: 0.3,
} as const;

/** Running text inside a box (then no figure): lines, characters and ink. */
const PROSE = {
  /** A line of this many words is a long line. */
  longLineWords: 8,
  /** This many long lines are prose. */
  longLines: 3,
  /** A character's ink: this share of the square of its font size (px²). */
  inkPerSizeSquared: 0.5,
  /** Glyph ink over this share of the box is prose. */
  inkShare: 0.3,
  /** A long line with more than this many characters is prose. */
  minChars: 300,
  /** Share of monospaced characters of a framed code listing. */
  codeMonoShare: 0.7,
} as const;

/** The lines that belong to a figure (labels): sizes are ratios to the body size. */
const LABEL = {
  /** Most words of a line inside the figure. */
  insideMaxWords: 12,
  /** Largest size ratio of a line inside the figure. */
  insideMaxSizeRatio: 1.15,
  /** Most words of a line hugging the figure's edge (within one body size). */
  edgeMaxWords: 4,
  /** Largest size ratio of a line hugging the figure's edge. */
  edgeMaxSizeRatio: 1.05,
} as const;

/** Groups path boxes that touch once grown by `pad`, with a coarse grid so big pages stay linear-ish. */
function clusterBoxes(boxes: readonly BBox[], pad: number): number[][] {
  const parent = boxes.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const cells = new Map<number, number[]>();
  boxes.forEach((b, i) => {
    const g = grown(b, pad);
    const x0 = Math.floor(g[0] / GRID);
    const x1 = Math.floor(g[2] / GRID);
    const y0 = Math.floor(g[1] / GRID);
    const y1 = Math.floor(g[3] / GRID);
    for (let gx = x0; gx <= x1; gx++) {
      for (let gy = y0; gy <= y1; gy++) {
        const key = gx * 100_000 + gy;
        const members = cells.get(key);
        if (!members) {
          cells.set(key, [i]);
          continue;
        }
        for (const j of members) if (overlapArea(g, grown(boxes[j], pad)) > 0) parent[find(i)] = find(j);
        members.push(i);
      }
    }
  });
  const groups = new Map<number, number[]>();
  boxes.forEach((_, i) => {
    const r = find(i);
    const g = groups.get(r);
    if (g) g.push(i);
    else groups.set(r, [i]);
  });
  return [...groups.values()];
}

function isThinRule(p: VectorPath): boolean {
  return p.kind === 'rule' || Math.min(width(p.bbox), height(p.bbox)) <= FIGURE.thinRulePx;
}

/** Text inside a box that reads like running prose rather than labels. */
function proseInside(box: BBox, lines: readonly LineInfo[]): boolean {
  let long = 0;
  let chars = 0;
  let ink = 0;
  for (const l of lines) {
    if (!centerIn(l.box, box)) continue;
    if (l.words >= PROSE.longLineWords) long++;
    chars += l.text.length;
    ink += l.text.length * l.size * l.size * PROSE.inkPerSizeSquared;
  }
  return long >= PROSE.longLines || ink / Math.max(1, area(box)) > PROSE.inkShare || (long >= 1 && chars > PROSE.minChars);
}

/** Share of a box covered by the boxes of the text lines inside it. */
function textInk(box: BBox, lines: readonly LineInfo[]): number {
  let ink = 0;
  for (const l of lines) if (centerIn(l.box, box)) ink += area(l.box);
  return ink / Math.max(1, area(box));
}

/** Mostly monospaced lines inside: a framed code listing. */
function codeInside(box: BBox, lines: readonly LineInfo[]): boolean {
  let mono = 0;
  let all = 0;
  for (const l of lines) {
    if (!centerIn(l.box, box)) continue;
    all += l.text.length;
    if (l.mono) mono += l.text.length;
  }
  return all > 0 && mono >= all * PROSE.codeMonoShare;
}

/** Lines of at least `minWords` words lying over a box. */
function linesOver(box: BBox, lines: readonly LineInfo[], minWords: number): number {
  let n = 0;
  for (const l of lines) if (l.words >= minWords && centerIn(l.box, box)) n++;
  return n;
}

function vectorFigures(page: ModelPage, lines: readonly LineInfo[], bodySize: number): Region[] {
  const pageArea = page.width * page.height;
  const shapes = page.paths.filter((p) => !isThinRule(p) && area(p.bbox) < pageArea * FIGURE.maxPathPageShare);
  if (shapes.length === 0) return [];
  const out: Region[] = [];
  for (const group of clusterBoxes(
    shapes.map((p) => p.bbox),
    Math.max(FIGURE.clusterPadPx, bodySize * FIGURE.clusterPadBodySizes),
  )) {
    if (group.length < FIGURE.minPaths) continue;
    const box = union(group.map((i) => shapes[i].bbox));
    const minSide = bodySize * FIGURE.minSideBodySizes;
    if (width(box) < minSide || height(box) < minSide || area(box) < pageArea * FIGURE.minVectorPageShare) continue;
    if (proseInside(box, lines)) continue;
    const curves = group.filter((i) => shapes[i].kind === 'curve').length;
    // Boxes and stripes behind lines of text (code listings, shaded forms) hold text, not a picture.
    if (curves === 0 && textInk(box, lines) >= FIGURE.maxStraightTextInk) continue;
    if (codeInside(box, lines)) continue;
    out.push({
      kind: 'figure',
      bbox: box,
      score: Math.min(FIGURE.vectorScoreMax, FIGURE.vectorScoreBase + group.length / FIGURE.pathsPerScore + curves / FIGURE.curvesPerScore),
    });
  }
  return out;
}

function imageFigures(page: ModelPage, lines: readonly LineInfo[]): Region[] {
  const pageArea = page.width * page.height;
  const out: Region[] = [];
  for (const img of page.images) {
    const b: BBox = [
      Math.max(0, img.bbox[0]),
      Math.max(0, img.bbox[1]),
      Math.min(page.width, img.bbox[2]),
      Math.min(page.height, img.bbox[3]),
    ];
    if (width(b) < FIGURE.minImageSidePx || height(b) < FIGURE.minImageSidePx || area(b) < pageArea * FIGURE.minImagePageShare) continue;
    // A picture under running text is a background (a card, a slide, a scan), not a figure.
    if (proseInside(b, lines) || linesOver(b, lines, FIGURE.imageTextLineWords) >= FIGURE.maxImageTextLines) continue;
    out.push({ kind: 'figure', bbox: b, score: FIGURE.imageScore });
  }
  return out;
}

/** Running text that a merged box would cover although neither part covers it (two figures in two columns). */
function swallowsText(a: BBox, b: BBox, lines: readonly LineInfo[]): boolean {
  const joined = union([a, b]);
  return lines.some((l) => l.words >= FIGURE.swallowedLineWords && centerIn(l.box, joined) && !centerIn(l.box, a) && !centerIn(l.box, b));
}

/** Merges figure regions that overlap or nearly touch. */
function mergeRegions(regions: Region[], pad: number, lines: readonly LineInfo[]): Region[] {
  const merged = [...regions];
  for (let changed = true; changed; ) {
    changed = false;
    outer: for (let i = 0; i < merged.length; i++) {
      for (let j = i + 1; j < merged.length; j++) {
        if (overlapArea(grown(merged[i].bbox, pad), merged[j].bbox) <= 0) continue;
        if (swallowsText(merged[i].bbox, merged[j].bbox, lines)) continue;
        // Parts of one figure tile or nest; side by side with a sliver of overlap is a picture spilling past
        // its clip into the next column.
        const a = merged[i].bbox;
        const b = merged[j].bbox;
        const sideBySide = yOverlap(a, b) > Math.min(height(a), height(b)) * FIGURE.sideBySideShare;
        const ox = xOverlap(a, b);
        if (sideBySide && ox > 0 && ox < Math.min(width(a), width(b)) * FIGURE.spillShare) continue;
        merged[i] = { kind: 'figure', bbox: union([merged[i].bbox, merged[j].bbox]), score: Math.max(merged[i].score, merged[j].score) };
        merged.splice(j, 1);
        changed = true;
        break outer;
      }
    }
  }
  return merged;
}

export function findFigures(page: ModelPage, lines: readonly LineInfo[], bodySize: number, tables: readonly Region[]): Region[] {
  const candidates = [...imageFigures(page, lines), ...vectorFigures(page, lines, bodySize)].filter(
    (r) => !tables.some((t) => overlapArea(t.bbox, r.bbox) > area(r.bbox) * FIGURE.maxTableShare),
  );
  return mergeRegions(candidates, bodySize * FIGURE.mergePadBodySizes, lines);
}

/**
 * The lines that belong to a figure: labels inside it or hugging its edge. Captions and prose stay outside.
 */
export function figureLabels(figure: Region, lines: readonly LineInfo[], bodySize: number): LineInfo[] {
  const near = grown(figure.bbox, bodySize);
  return lines.filter((l) => {
    if (captionLabelOf(l.text)?.punctuated) return false;
    // Big or long text over a picture is set on it (a slide title), not a label inside it.
    if (centerIn(l.box, figure.bbox)) return l.words <= LABEL.insideMaxWords && l.size <= bodySize * LABEL.insideMaxSizeRatio;
    const inside = l.box[0] >= near[0] && l.box[1] >= near[1] && l.box[2] <= near[2] && l.box[3] <= near[3];
    return inside && l.words <= LABEL.edgeMaxWords && l.size <= bodySize * LABEL.edgeMaxSizeRatio;
  });
}
