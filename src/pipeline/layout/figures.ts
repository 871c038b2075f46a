import type { BBox, ModelPage, VectorPath } from '../model/types.ts';
import { area, centerIn, grown, height, overlapArea, union, width, xOverlap, yOverlap } from '../model/geometry.ts';
import type { LineInfo, Region } from './internal.ts';
import { captionLabelOf } from './patterns.ts';

/**
 * Figure regions: placed images, and clusters of vector paths (charts, diagrams) that hold little running text.
 * Filled boxes behind paragraphs (call-outs, shaded sidebars) are text-dense and are not figures.
 */

const GRID = 64;

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
  return p.kind === 'rule' || Math.min(width(p.bbox), height(p.bbox)) <= 3;
}

/** Text inside a box that reads like running prose rather than labels. */
function proseInside(box: BBox, lines: readonly LineInfo[]): boolean {
  let long = 0;
  let chars = 0;
  let ink = 0;
  for (const l of lines) {
    if (!centerIn(l.box, box)) continue;
    if (l.words >= 8) long++;
    chars += l.text.length;
    ink += l.text.length * l.size * l.size * 0.5;
  }
  return long >= 3 || ink / Math.max(1, area(box)) > 0.3 || (long >= 1 && chars > 300);
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
  return all > 0 && mono >= all * 0.7;
}

/** Lines of at least `minWords` words lying over a box. */
function linesOver(box: BBox, lines: readonly LineInfo[], minWords: number): number {
  let n = 0;
  for (const l of lines) if (l.words >= minWords && centerIn(l.box, box)) n++;
  return n;
}

function vectorFigures(page: ModelPage, lines: readonly LineInfo[], bodySize: number): Region[] {
  const pageArea = page.width * page.height;
  const shapes = page.paths.filter((p) => !isThinRule(p) && area(p.bbox) < pageArea * 0.5);
  if (shapes.length === 0) return [];
  const out: Region[] = [];
  for (const group of clusterBoxes(shapes.map((p) => p.bbox), Math.max(4, bodySize * 0.4))) {
    if (group.length < 3) continue;
    const box = union(group.map((i) => shapes[i].bbox));
    if (width(box) < bodySize * 2 || height(box) < bodySize * 2 || area(box) < pageArea * 0.004) continue;
    if (proseInside(box, lines)) continue;
    const curves = group.filter((i) => shapes[i].kind === 'curve').length;
    // Boxes and stripes behind lines of text (code listings, shaded forms) hold text, not a picture.
    if (curves === 0 && textInk(box, lines) >= 0.2) continue;
    if (codeInside(box, lines)) continue;
    out.push({ kind: 'figure', bbox: box, score: Math.min(0.85, 0.6 + group.length / 200 + curves / 100) });
  }
  return out;
}

function imageFigures(page: ModelPage, lines: readonly LineInfo[]): Region[] {
  const pageArea = page.width * page.height;
  const out: Region[] = [];
  for (const img of page.images) {
    const b: BBox = [Math.max(0, img.bbox[0]), Math.max(0, img.bbox[1]), Math.min(page.width, img.bbox[2]), Math.min(page.height, img.bbox[3])];
    if (width(b) < 16 || height(b) < 16 || area(b) < pageArea * 0.002) continue;
    // A picture under running text is a background (a card, a slide, a scan), not a figure.
    if (proseInside(b, lines) || linesOver(b, lines, 6) >= 2) continue;
    out.push({ kind: 'figure', bbox: b, score: 0.9 });
  }
  return out;
}

/** Running text that a merged box would cover although neither part covers it (two figures in two columns). */
function swallowsText(a: BBox, b: BBox, lines: readonly LineInfo[]): boolean {
  const joined = union([a, b]);
  return lines.some((l) => l.words >= 5 && centerIn(l.box, joined) && !centerIn(l.box, a) && !centerIn(l.box, b));
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
        const sideBySide = yOverlap(a, b) > Math.min(height(a), height(b)) * 0.5;
        const ox = xOverlap(a, b);
        if (sideBySide && ox > 0 && ox < Math.min(width(a), width(b)) * 0.3) continue;
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
    (r) => !tables.some((t) => overlapArea(t.bbox, r.bbox) > area(r.bbox) * 0.5),
  );
  return mergeRegions(candidates, bodySize * 0.5, lines);
}

/**
 * The lines that belong to a figure: labels inside it or hugging its edge. Captions and prose stay outside.
 */
export function figureLabels(figure: Region, lines: readonly LineInfo[], bodySize: number): LineInfo[] {
  const near = grown(figure.bbox, bodySize);
  return lines.filter((l) => {
    if (captionLabelOf(l.text)?.punctuated) return false;
    // Big or long text over a picture is set on it (a slide title), not a label inside it.
    if (centerIn(l.box, figure.bbox)) return l.words <= 12 && l.size <= bodySize * 1.15;
    const inside = l.box[0] >= near[0] && l.box[1] >= near[1] && l.box[2] <= near[2] && l.box[3] <= near[3];
    return inside && l.words <= 4 && l.size <= bodySize * 1.05;
  });
}
