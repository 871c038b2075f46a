/**
 * Layout-region scoring for the bench's layout capability: box overlap, average precision per class (all-point
 * interpolation, the area under the precision envelope, as PASCAL VOC 2010+ and COCO compute it), region recall,
 * and column-order accuracy on two-column pages. Boxes are [left, top, right, bottom] in one pixel space.
 */

export type Box = [number, number, number, number];

/** A ground-truth region of one image. */
export interface TruthRegion {
  image: string;
  cls: string;
  box: Box;
}

/** A predicted region of one image with its confidence. */
export interface Detection {
  image: string;
  cls: string;
  box: Box;
  score: number;
}

/** COCO's [x, y, width, height] as [left, top, right, bottom]. */
export function fromXywh([x, y, w, h]: number[]): Box {
  return [x, y, x + w, y + h];
}

export function area(b: Box): number {
  return Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
}

export function intersection(a: Box, b: Box): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return w > 0 && h > 0 ? w * h : 0;
}

export function iou(a: Box, b: Box): number {
  const inter = intersection(a, b);
  const union = area(a) + area(b) - inter;
  return union > 0 ? inter / union : 0;
}

export interface ClassScore {
  /** All-point interpolated AP; null when the class has no ground-truth region. */
  ap: number | null;
  truths: number;
  detections: number;
  /** Ground-truth regions matched by some detection (any score) at the IoU threshold. */
  matched: number;
}

/**
 * Average precision of one class. Detections are taken by descending score; each is a true positive when its best
 * IoU with a not-yet-matched truth of the same image is at least `threshold` (the truth is then used up), otherwise a
 * false positive. AP is the area under the precision-recall curve after precision is made non-increasing from the
 * right (all-point interpolation). Only regions of `cls` are read from the two lists.
 */
export function classAp(cls: string, detections: Detection[], truths: TruthRegion[], threshold = 0.5): ClassScore {
  const gt = truths.filter((t) => t.cls === cls);
  const dets = detections.filter((d) => d.cls === cls).sort((a, b) => b.score - a.score);
  const byImage = new Map<string, { box: Box; used: boolean }[]>();
  for (const t of gt) byImage.set(t.image, [...(byImage.get(t.image) ?? []), { box: t.box, used: false }]);
  const tp: boolean[] = [];
  for (const d of dets) {
    let best = -1;
    let bestIou = threshold;
    (byImage.get(d.image) ?? []).forEach((t, i) => {
      if (t.used) return;
      const o = iou(d.box, t.box);
      if (o >= bestIou) {
        bestIou = o;
        best = i;
      }
    });
    if (best >= 0) byImage.get(d.image)![best].used = true;
    tp.push(best >= 0);
  }
  const matched = tp.filter(Boolean).length;
  if (gt.length === 0) return { ap: null, truths: 0, detections: dets.length, matched: 0 };
  const recall: number[] = [];
  const precision: number[] = [];
  let hits = 0;
  tp.forEach((hit, i) => {
    if (hit) hits++;
    recall.push(hits / gt.length);
    precision.push(hits / (i + 1));
  });
  for (let i = precision.length - 2; i >= 0; i--) precision[i] = Math.max(precision[i], precision[i + 1]);
  let ap = 0;
  let prevRecall = 0;
  for (let i = 0; i < recall.length; i++) {
    if (recall[i] > prevRecall) {
      ap += (recall[i] - prevRecall) * precision[i];
      prevRecall = recall[i];
    }
  }
  return { ap, truths: gt.length, detections: dets.length, matched };
}

/** Mean of the defined APs (classes with ground truth); null when none is defined. */
export function meanAp(scores: ClassScore[]): number | null {
  const aps = scores.map((s) => s.ap).filter((a): a is number => a !== null);
  return aps.length ? aps.reduce((s, a) => s + a, 0) / aps.length : null;
}

/** Ground-truth regions with some detection of any class at IoU ≥ threshold (where a region is, whatever we call it). */
export function locatedRegions(detections: Detection[], truths: TruthRegion[], threshold = 0.5): number {
  return truths.filter((t) => detections.some((d) => d.image === t.image && iou(d.box, t.box) >= threshold)).length;
}

/** One of our components with its reading-order rank. */
export interface RankedBox {
  box: Box;
  rank: number;
}

export type ColumnVerdict =
  /** Not a two-column page: no band holds ground-truth text regions in both columns. */
  | { kind: 'single' }
  /** Two-column, but no band has our components over regions of both its columns. */
  | { kind: 'unscored' }
  | { kind: 'right' | 'wrong'; bands: number; wrongBands: number };

/**
 * Column order of one page. The ground-truth text regions (`text` boxes) are sorted into columns by the page's
 * vertical midline: a region is in the left column when its right edge is at most `slack`·width past the midline
 * and its centre is left of it, in the right column mirrored, otherwise it spans. Any ground-truth region (any class)
 * that crosses the midline by more than `slack`·width on both sides is full-width and cuts the page into horizontal
 * bands; a column region belongs to the band holding its vertical centre. The page is two-column when some band
 * holds text regions in both columns. Each column region takes the ranks of our components lying mostly inside it
 * (at least half of the component's area). A band is read right when every rank of its left-column regions comes
 * before every rank of its right-column regions; the page is right when every band scored (one with ranks on both
 * sides) is right, and `unscored` (to count as wrong) when no band could be scored.
 */
export function columnOrder(width: number, textRegions: Box[], fullWidthCandidates: Box[], ours: RankedBox[], slack = 0.05): ColumnVerdict {
  const mid = width / 2;
  const tol = slack * width;
  const side = (b: Box): 'left' | 'right' | 'span' => {
    const cx = (b[0] + b[2]) / 2;
    if (cx < mid && b[2] <= mid + tol) return 'left';
    if (cx > mid && b[0] >= mid - tol) return 'right';
    return 'span';
  };
  const cuts = [...textRegions, ...fullWidthCandidates]
    .filter((b) => b[0] < mid - tol && b[2] > mid + tol)
    .map((b) => (b[1] + b[3]) / 2)
    .sort((a, b) => a - b);
  const bandOf = (b: Box): number => {
    const cy = (b[1] + b[3]) / 2;
    return cuts.filter((c) => c < cy).length;
  };
  const bands = new Map<number, { left: Box[]; right: Box[] }>();
  for (const r of textRegions) {
    const s = side(r);
    if (s === 'span') continue;
    const band = bandOf(r);
    const entry = bands.get(band) ?? { left: [], right: [] };
    entry[s].push(r);
    bands.set(band, entry);
  }
  const twoColumn = [...bands.values()].filter((b) => b.left.length && b.right.length);
  if (!twoColumn.length) return { kind: 'single' };
  const ranksIn = (regions: Box[]): number[] =>
    ours.filter((o) => area(o.box) > 0 && regions.some((r) => intersection(o.box, r) >= 0.5 * area(o.box))).map((o) => o.rank);
  let scored = 0;
  let wrong = 0;
  for (const band of twoColumn) {
    const left = ranksIn(band.left);
    const right = ranksIn(band.right);
    if (!left.length || !right.length) continue;
    scored++;
    if (Math.max(...left) >= Math.min(...right)) wrong++;
  }
  if (!scored) return { kind: 'unscored' };
  return { kind: wrong ? 'wrong' : 'right', bands: scored, wrongBands: wrong };
}
