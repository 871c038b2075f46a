import type { BBox, ModelPage } from '../model/types.ts';
import { area, center } from '../model/geometry.ts';
import { insideBox, insidePolygon } from './polylines.ts';
import type { ShapeOutline } from './types.ts';

/** Text on the page as words, the unit labels are built from (a model line may run across several shapes). */
export interface TextItem {
  text: string;
  bbox: BBox;
  size: number;
  line: string;
}

/** Thresholds of the label readers; lengths in page px, or in word heights and font sizes. */
const LABEL = {
  /** Words whose centres are within this share of a word's height are on one row (ratio). */
  rowShare: 0.5,
  /** Neighbour words on one line join into a phrase across gaps under this many font sizes. */
  phraseGap: 0.8,
  /** An edge label has at most this many characters and words (count). */
  edgeMaxChars: 32,
  edgeMaxWords: 4,
  /** An edge label lies within the larger of this (px) and this many of its heights of the edge. */
  edgeReachMin: 16,
  edgeReachHeights: 1.4,
} as const;

export function textItems(page: ModelPage): TextItem[] {
  const out: TextItem[] = [];
  for (const line of page.lines) {
    if (line.rotation !== 0) continue;
    for (const w of line.words)
      if (w.text.trim()) out.push({ text: w.text, bbox: w.bbox, size: w.font.size || line.font.size, line: line.id });
  }
  return out;
}

/** Words read top to bottom, left to right, joined with spaces. */
export function joinWords(items: readonly TextItem[]): string {
  const sorted = [...items].sort((a, b) => center(a.bbox)[1] - center(b.bbox)[1]);
  const rows: TextItem[][] = [];
  for (const it of sorted) {
    const row = rows[rows.length - 1];
    const cy = center(it.bbox)[1];
    if (row && Math.abs(center(row[0].bbox)[1] - cy) < LABEL.rowShare * (it.bbox[3] - it.bbox[1])) row.push(it);
    else rows.push([it]);
  }
  return rows
    .map((r) =>
      r
        .sort((a, b) => a.bbox[0] - b.bbox[0])
        .map((w) => w.text)
        .join(' '),
    )
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Each shape's label: the words whose centre lies inside it (the innermost shape wins). */
export function labelShapes(shapes: readonly ShapeOutline[], items: readonly TextItem[]): { labels: string[]; used: Set<TextItem> } {
  const byShape = shapes.map(() => [] as TextItem[]);
  const used = new Set<TextItem>();
  for (const it of items) {
    const c = center(it.bbox);
    let best = -1;
    shapes.forEach((s, i) => {
      if (insideBox(c, s.bbox) && insidePolygon(c, s.outline) && (best < 0 || area(s.bbox) < area(shapes[best].bbox))) best = i;
    });
    if (best >= 0) {
      byShape[best].push(it);
      used.add(it);
    }
  }
  return { labels: byShape.map(joinWords), used };
}

/** Words left over, grouped into short phrases: neighbours on the same line with a small gap. */
export function phrases(items: readonly TextItem[], used: ReadonlySet<TextItem>): TextItem[] {
  const free = items.filter((it) => !used.has(it)).sort((a, b) => (a.line === b.line ? a.bbox[0] - b.bbox[0] : a.line < b.line ? -1 : 1));
  const out: TextItem[] = [];
  for (const it of free) {
    const last = out[out.length - 1];
    if (last && last.line === it.line && it.bbox[0] - last.bbox[2] < LABEL.phraseGap * it.size) {
      out[out.length - 1] = {
        ...last,
        text: `${last.text} ${it.text}`,
        bbox: [last.bbox[0], Math.min(last.bbox[1], it.bbox[1]), it.bbox[2], Math.max(last.bbox[3], it.bbox[3])],
      };
    } else out.push({ ...it });
  }
  return out;
}

/** Short phrases next to a connector label it ("Yes", "No"); each edge takes its nearest phrase, each phrase one edge. */
export function labelEdges(
  edgeDistances: readonly ((b: BBox) => number)[],
  candidates: readonly TextItem[],
): { labels: string[]; boxes: (BBox | null)[] } {
  const labels = edgeDistances.map(() => '');
  const boxes: (BBox | null)[] = edgeDistances.map(() => null);
  const best = edgeDistances.map(() => Infinity);
  for (const ph of candidates) {
    if (ph.text.length > LABEL.edgeMaxChars || ph.text.split(' ').length > LABEL.edgeMaxWords) continue;
    let nearest = -1;
    let nearestD = Infinity;
    edgeDistances.forEach((distanceTo, i) => {
      const d = distanceTo(ph.bbox);
      if (d < nearestD) {
        nearest = i;
        nearestD = d;
      }
    });
    const reach = Math.max(LABEL.edgeReachMin, LABEL.edgeReachHeights * (ph.bbox[3] - ph.bbox[1]));
    if (nearest >= 0 && nearestD <= reach && nearestD < best[nearest]) {
      best[nearest] = nearestD;
      labels[nearest] = ph.text;
      boxes[nearest] = ph.bbox;
    }
  }
  return { labels, boxes };
}
