import type { BBox, ModelPage } from '../model/types.ts';
import { xOverlap } from '../model/geometry.ts';
import { dominantSize, type Draft } from './internal.ts';
import { captionLabelOf, startsWithNoteMark } from './patterns.ts';

/**
 * Types that depend on where a block sits on the page and what is around it: the title, footnotes, and
 * captions attached to the figure or table they describe.
 */

/** The title of the title page. Sizes are font sizes in px; "ratio" is to the body font size. */
const TITLE = {
  /** Most lines of a title block. */
  maxLines: 4,
  /** The title starts in this upper share of the page height. */
  maxTopShare: 0.5,
  /** Smallest size ratio of a title. */
  minSizeRatio: 1.25,
  /** Sizes within this many px are the same size (the higher block wins then). */
  sameSizePx: 0.5,
  /** A multi-word block this much larger elsewhere on the page means there is no title. */
  biggerRatio: 1.05,
  /** The title's score at `minSizeRatio`... */
  scoreBase: 0.75,
  /** ...rising by this per unit of size ratio above it... */
  scorePerRatio: 0.3,
  /** ...up to this. */
  scoreMax: 0.95,
} as const;

/** Footnotes at the bottom of a column. Ratios are to the body font size; shares are of the page height or width. */
const FOOTNOTE = {
  /** Largest size ratio of footnote text. */
  maxSizeRatio: 0.92,
  /** Tolerance in px for "below" and "above" between blocks and rules. */
  slackPx: 2,
  /** Footnotes start below this share of the page height. */
  minTopShare: 0.5,
  /** Unmarked footnotes without a separator rule start below this share of the page height. */
  unmarkedMinTopShare: 0.7,
  /** A separator rule ends at most this many body sizes above the footnote... */
  ruleMaxGapBodySizes: 3,
  /** ...and is shorter than this share of the page width. */
  ruleMaxWidthShare: 0.6,
  /** Score of a footnote opened by a note mark. */
  markedScore: 0.8,
  /** Score of a footnote under a separator rule. */
  ruledScore: 0.75,
  /** Score of a footnote told only by its small type low on the page. */
  plainScore: 0.55,
} as const;

/** Captions attached to figures and tables. Shares are of the page height. */
const CAPTION = {
  /** A caption and its target overlap horizontally by at least this share of the narrower one. */
  minXOverlapShare: 0.3,
  /** Tolerance in px for a caption above or below its target. */
  slackPx: 2,
  /** Farthest a caption sits from its target. */
  maxDistanceShare: 0.2,
  /** Distance added when the caption's label names another kind ("Table" under a figure). */
  otherKindPenaltyShare: 0.1,
  /** Distance added when the target's centre lies outside the caption's column. */
  otherColumnPenaltyShare: 0.05,
  /** Score of an attached caption. */
  attachedScore: 0.9,
  /** Score of an unattached weak caption turned back into text. */
  revertedScore: 0.6,
} as const;

/** List nesting and numbered entries. Distances are in body font sizes. */
const LIST = {
  /** Left edges further apart than this are different indent levels. */
  levelGapBodySizes: 0.6,
  /** An item at most this far left of a level's edge still sits at that level. */
  levelSlackBodySizes: 0.3,
  /** Deepest list depth reported. */
  maxDepth: 5,
  /** Consecutive numbered entries start within this distance of each other horizontally. */
  entryAlignBodySizes: 0.6,
  /** Score of a numbered entry turned into a list item. */
  entryScore: 0.6,
} as const;

/** The largest-font short block in the upper half of the title page. */
export function markTitle(drafts: readonly Draft[], page: ModelPage, bodySize: number): void {
  let best: Draft | undefined;
  let bestSize = 0;
  for (const d of drafts) {
    if (d.type !== 'section_header' && d.type !== 'text') continue;
    if (d.lines.length > TITLE.maxLines || d.bbox[1] > page.height * TITLE.maxTopShare) continue;
    const size = dominantSize(d.lines);
    if (size < bodySize * TITLE.minSizeRatio) continue;
    if (size > bestSize + TITLE.sameSizePx || (Math.abs(size - bestSize) <= TITLE.sameSizePx && best && d.bbox[1] < best.bbox[1])) {
      best = d;
      bestSize = size;
    }
  }
  if (!best) return;
  // A title is the biggest text on its page; a bigger block elsewhere (a poster heading, a drop cap) wins.
  const bigger = drafts.some(
    (d) =>
      d !== best &&
      d.lines.length > 0 &&
      d.type !== 'figure' &&
      dominantSize(d.lines) > bestSize * TITLE.biggerRatio &&
      d.lines.some((l) => l.words > 1),
  );
  if (bigger) return;
  best.type = 'title';
  best.score = Math.min(TITLE.scoreMax, TITLE.scoreBase + (bestSize / bodySize - TITLE.minSizeRatio) * TITLE.scorePerRatio);
  best.headingLevel = 1;
}

/**
 * Footnotes: the run of small-font blocks at the bottom of a column, read upward from the last block until one
 * that is not small text. Blocks opened by a note mark or under a short separator rule score higher; others
 * must sit in the bottom 30% of the page.
 */
export function markFootnotes(drafts: readonly Draft[], page: ModelPage, bodySize: number, rules: readonly BBox[]): void {
  const small = (d: Draft) => d.lines.length > 0 && dominantSize(d.lines) <= bodySize * FOOTNOTE.maxSizeRatio;
  const flowing = drafts.filter((d) => d.type !== 'figure' && d.type !== 'table' && d.type !== 'caption' && d.lines.length > 0);
  const done = new Set<Draft>();
  for (const start of [...flowing].sort((a, b) => b.bbox[3] - a.bbox[3])) {
    if (done.has(start)) continue;
    // Walk up each column from its lowest block.
    if (flowing.some((e) => e !== start && e.bbox[1] >= start.bbox[3] - FOOTNOTE.slackPx && xOverlap(e.bbox, start.bbox) > 0)) continue;
    let d: Draft | undefined = start;
    while (d && !done.has(d)) {
      done.add(d);
      const first = d.lines[0];
      const eligible =
        (d.type === 'text' || (d.type === 'list_item' && first.superStart)) && small(d) && d.bbox[1] >= page.height * FOOTNOTE.minTopShare;
      if (!eligible) break;
      const marked = first.superStart || startsWithNoteMark(first.text);
      const top = d.bbox[1];
      const ruled = rules.some(
        (r) =>
          r[3] <= top + FOOTNOTE.slackPx &&
          r[3] >= top - bodySize * FOOTNOTE.ruleMaxGapBodySizes &&
          xOverlap(r, d!.bbox) > 0 &&
          r[2] - r[0] < page.width * FOOTNOTE.ruleMaxWidthShare,
      );
      if (!marked && !ruled && top < page.height * FOOTNOTE.unmarkedMinTopShare) break;
      d.type = 'footnote';
      d.score = marked ? FOOTNOTE.markedScore : ruled ? FOOTNOTE.ruledScore : FOOTNOTE.plainScore;
      d.list = undefined;
      d = blockAbove(d, flowing);
    }
  }
}

function blockAbove(d: Draft, drafts: readonly Draft[]): Draft | undefined {
  let above: Draft | undefined;
  for (const e of drafts) {
    if (e === d || e.bbox[3] > d.bbox[1] + FOOTNOTE.slackPx || xOverlap(e.bbox, d.bbox) <= 0) continue;
    if (!above || e.bbox[3] > above.bbox[3]) above = e;
  }
  return above;
}

/** Vertical distance from a caption to a figure/table, or Infinity when they are not side by side in x. */
function captionDistance(c: BBox, t: BBox): number {
  if (xOverlap(c, t) < Math.min(c[2] - c[0], t[2] - t[0]) * CAPTION.minXOverlapShare) return Infinity;
  if (c[1] >= t[3] - CAPTION.slackPx) return c[1] - t[3];
  if (c[3] <= t[1] + CAPTION.slackPx) return t[1] - c[3];
  return 0;
}

/** Attaches each caption to the nearest figure/table of its kind; unattached weak captions revert to text. */
export function attachCaptions(drafts: readonly Draft[], page: ModelPage, columnOf: (d: Draft) => [number, number]): void {
  const targets = drafts.filter((d) => d.type === 'figure' || d.type === 'table' || d.type === 'code');
  for (const c of drafts) {
    if (c.type !== 'caption') continue;
    const label = captionLabelOf(c.lines[0].text);
    let best: Draft | undefined;
    let bestD = page.height * CAPTION.maxDistanceShare;
    for (const t of targets) {
      // Listings and algorithms caption code; figures and tables caption their own kind first.
      if (t.type === 'code' && label?.kind !== 'other') continue;
      let dist = captionDistance(c.bbox, t.bbox);
      if (label && label.kind !== 'other' && label.kind !== t.type) dist += page.height * CAPTION.otherKindPenaltyShare;
      // A caption describes a figure in its own column first.
      const [c0, c1] = columnOf(c);
      const tx = (t.bbox[0] + t.bbox[2]) / 2;
      if (tx < c0 || tx > c1) dist += page.height * CAPTION.otherColumnPenaltyShare;
      if (dist < bestD) {
        bestD = dist;
        best = t;
      }
    }
    if (best) {
      c.captionOf = best;
      c.score = CAPTION.attachedScore;
    } else if (!label?.punctuated) {
      c.type = 'text';
      c.score = CAPTION.revertedScore;
    }
  }
}

/**
 * List depth from marker indentation: the list items of one column cluster by their left edge; the leftmost
 * cluster is depth 0. Items of one column share the scale even when text blocks interrupt the list.
 */
export function assignListDepths(drafts: readonly Draft[], bodySize: number): void {
  // Columns of list items: items whose horizontal extents overlap, transitively.
  const columns: Draft[][] = [];
  for (const d of drafts) {
    if (d.type !== 'list_item') continue;
    const hits = columns.filter((c) => c.some((o) => xOverlap(o.bbox, d.bbox) > 0));
    const merged = [d, ...hits.flat()];
    for (const h of hits) columns.splice(columns.indexOf(h), 1);
    columns.push(merged);
  }
  const byColumn = columns;
  for (const items of byColumn) {
    const lefts = [...new Set(items.map((d) => d.bbox[0]))].sort((a, b) => a - b);
    const levels: number[] = [];
    for (const x of lefts) if (levels.length === 0 || x - levels[levels.length - 1] > bodySize * LIST.levelGapBodySizes) levels.push(x);
    for (const d of items) {
      let depth = 0;
      while (depth + 1 < levels.length && d.bbox[0] >= levels[depth + 1] - bodySize * LIST.levelSlackBodySizes) depth++;
      if (d.list) d.list = { ...d.list, depth: Math.min(depth, LIST.maxDepth) };
    }
  }
}

/** Entries opened by bare consecutive numbers ("1 …", "2 …": reference lists) become ordered list items. */
export function markNumberedEntries(flow: readonly Draft[], bodySize: number): void {
  const numberOf = (d: Draft | undefined) => (d && d.type === 'text' ? Number(d.lines[0].numberLead ?? NaN) : NaN);
  const follows = (a: Draft | undefined, b: Draft | undefined) =>
    numberOf(b) === numberOf(a) + 1 && Math.abs(a!.bbox[0] - b!.bbox[0]) <= bodySize * LIST.entryAlignBodySizes;
  const hits = flow.filter((d, i) => follows(flow[i - 1], d) || follows(d, flow[i + 1]));
  for (const d of hits) {
    d.type = 'list_item';
    d.score = LIST.entryScore;
    d.list = { kind: 'ordered', marker: d.lines[0].numberLead!, depth: 0 };
  }
}
