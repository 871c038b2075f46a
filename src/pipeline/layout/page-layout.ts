import type { BBox, ModelPage } from '../model/types.ts';
import { centerIn, union, xOverlap } from '../model/geometry.ts';
import { assignBlockRole } from './block-roles.ts';
import { findFigures, figureLabels } from './figures.ts';
import { groupLeaf, typicalGapRatio, type GroupContext } from './grouping.ts';
import type { FurnitureMark } from './headers-footers.ts';
import { assignHeadingLevels } from './headings.ts';
import { boxOfLines, charShare, dominantSize, type Draft, type LineInfo, type Region } from './internal.ts';
import { visualLines } from './row-merge.ts';
import { attachLeads } from './leads.ts';
import { groupFurniture } from './furniture-blocks.ts';
import { positionalFurniture } from './page-furniture.ts';
import { assignListDepths, attachCaptions, markFootnotes, markNumberedEntries, markTitle } from './page-roles.ts';
import { markOcrHeadings } from './ocr-headings.ts';
import { evenOcrSizes, withMeasuredLines } from './ocr-sizes.ts';
import { addGapFigures, addScanFigures } from './scan-figures.ts';
import { joinScanTablePieces } from './scan-tables.ts';
import { orderDrafts, toBlocks } from './reading-order.ts';
import { isAllCaps } from './patterns.ts';
import { findRuledTables } from './tables.ts';
import { findContainers } from './containers.ts';
import { sortLeaf, xyCut, type Atom, type Leaf } from './xycut.ts';

export interface LayoutContext {
  /** The document's body font size in page pixels (see `bodyFontSize`). */
  bodyFontSize: number;
  /** Lines known to be repeated page furniture, from the document pass (line id → mark). */
  furniture?: ReadonlyMap<string, FurnitureMark>;
  /** Whether the document title may be on this page (default: the first page). */
  titlePage?: boolean;
  /**
   * Pages in the document (default 1). From 3 pages on, headers/footers found by position alone need more
   * evidence than position (repeated ones come in `furniture`).
   */
  pageCount?: number;
  /** Skip table (ruled and aligned-row) and figure detection (the `fast` profile): those lines stay text. */
  skipRegions?: boolean;
}

/** Body font size (px) assumed when the document pass found none. */
const DEFAULT_BODY_SIZE = 20;
/** Share of the page's characters in all-capital lines above which capitals no longer set headings apart. */
const CAPS_PAGE_SHARE = 0.3;

/** Page-level thresholds. Sizes are in px or in body font sizes; shares are of the page's characters or lines. */
const PAGE = {
  /** A path at most this many px tall and at least `ruleMinBodySizes` long is a horizontal rule. */
  ruleMaxThicknessPx: 4,
  ruleMinBodySizes: 2,
  /** Code drafts within this many line sizes of each other (a blank line) are one listing... */
  codeJoinSizes: 1.6,
  /** ...unless the lower starts more than this many px above the upper's bottom. */
  codeOverlapPx: 2,
  /** Lines within this share of the body size of it are set at the body size. */
  bodySizeShare: 0.05,
  /** From this many pages on, furniture found by position alone needs `longMinFurnitureScore`. */
  longDocumentPages: 3,
  longMinFurnitureScore: 0.65,
  /** Furniture score needed on shorter documents (position alone suffices). */
  minFurnitureScore: 0.55,
  /** Share of characters in monospaced fonts above which monospace no longer sets code apart. */
  monoPageShare: 0.6,
} as const;

function thinRules(page: ModelPage, bodySize: number): BBox[] {
  return page.paths
    .filter((p) => p.bbox[3] - p.bbox[1] <= PAGE.ruleMaxThicknessPx && p.bbox[2] - p.bbox[0] >= bodySize * PAGE.ruleMinBodySizes)
    .map((p) => p.bbox);
}

/**
 * Code split by a blank line (which the XY-cut may take for a section gap) is one block again: consecutive
 * monospaced drafts that overlap horizontally and sit within two lines of each other.
 */
function mergeCodeBlocks(drafts: Draft[]): void {
  const isCode = (d: Draft) => d.type === 'text' && d.lines.length > 0 && d.lines.every((l) => l.mono);
  for (let i = drafts.length - 1; i > 0; i--) {
    const a = drafts[i - 1];
    const b = drafts[i];
    if (!isCode(a) || !isCode(b)) continue;
    const size = a.lines[a.lines.length - 1].size;
    if (b.bbox[1] - a.bbox[3] > size * PAGE.codeJoinSizes || b.bbox[1] < a.bbox[3] - PAGE.codeOverlapPx || xOverlap(a.bbox, b.bbox) <= 0)
      continue;
    a.lines.push(...b.lines);
    a.bbox = union([a.bbox, b.bbox]);
    drafts.splice(i, 1);
  }
  drafts.forEach((d, i) => (d.flow = i));
}

/** The typeface carrying most characters at the body size on this page. */
function bodyFontName(lines: readonly LineInfo[], bodySize: number): string {
  const weight = new Map<string, number>();
  for (const l of lines)
    if (Math.abs(l.size - bodySize) <= bodySize * PAGE.bodySizeShare) weight.set(l.fontName, (weight.get(l.fontName) ?? 0) + l.text.length);
  let best = '';
  let bestW = 0;
  for (const [name, w] of weight) if (w > bestW) [best, bestW] = [name, w];
  return best;
}

/** Regions (ruled tables, then figures) with the lines that belong to them; those lines leave the text flow. */
function regionDrafts(
  page: ModelPage,
  lines: readonly LineInfo[],
  bodySize: number,
  skip: boolean,
): { drafts: Draft[]; taken: Set<LineInfo> } {
  const taken = new Set<LineInfo>();
  const drafts: Draft[] = [];
  if (skip) return { drafts, taken };
  // The layout stage's own ruled-table finder makes the table blocks; pipeline/tables reads cells inside them later.
  const tables = findRuledTables(page, lines, bodySize);
  const figures = findFigures(page, lines, bodySize, tables);
  const add = (r: Region, members: LineInfo[]) => {
    const own = members.filter((l) => !taken.has(l));
    for (const l of own) taken.add(l);
    const ordered = sortLeaf(
      own.map((l) => ({ box: l.box, line: l })),
      false,
    ).map((a) => a.line!);
    const bbox = own.length ? union([r.bbox, boxOfLines(own)]) : r.bbox;
    drafts.push({ lines: ordered, bbox, type: r.kind, score: r.score, region: r.kind, flow: 0 });
  };
  for (const t of tables)
    add(
      t,
      lines.filter((l) => centerIn(l.box, t.bbox)),
    );
  for (const f of figures) add(f, figureLabels(f, lines, bodySize));
  return { drafts, taken };
}

/** XY-cut atoms: free lines, containers with their lines inside, and figure/table regions. */
function pageAtoms(
  page: ModelPage,
  content: readonly LineInfo[],
  bodySize: number,
  skipRegions: boolean,
): { atoms: Atom[]; regions: Draft[] } {
  const regions = regionDrafts(page, content, bodySize, skipRegions);
  const free = content.filter((l) => !regions.taken.has(l));
  const containers = findContainers(
    page,
    free,
    regions.drafts.map((d) => d.bbox),
  );
  const boxed = new Set(containers.flatMap((c) => c.lines));
  const atoms: Atom[] = free.filter((l) => !boxed.has(l)).map((l) => ({ box: l.box, line: l }));
  for (const c of containers) atoms.push({ box: c.box, children: c.lines.map((l) => ({ box: l.box, line: l })) });
  regions.drafts.forEach((d, i) => atoms.push({ box: d.bbox, region: i }));
  return { atoms, regions: regions.drafts };
}

/** Drafts of all leaves in reading order, with the column each belongs to. */
function groupLeaves(
  leaves: readonly Leaf[],
  gctx: GroupContext,
  regions: readonly Draft[],
): { drafts: Draft[]; columns: Map<Draft, [number, number]> } {
  const columns = new Map<Draft, [number, number]>();
  const drafts: Draft[] = [];
  for (const leaf of leaves) {
    for (const d of groupLeaf(leaf.atoms, gctx, regions)) {
      columns.set(d, leaf.span);
      drafts.push(d);
    }
  }
  mergeCodeBlocks(drafts);
  return { drafts, columns };
}

/** Blocks of one page: grouping, types with scores, reading order. Pure; returns a new page. */
export function analyzePageLayout(page: ModelPage, ctx: LayoutContext): ModelPage {
  if (page.skipped) return { ...page, blocks: [] };
  const bodySize = ctx.bodyFontSize > 0 ? ctx.bodyFontSize : DEFAULT_BODY_SIZE;
  const evened = evenOcrSizes(page.lines);
  const all = attachLeads(visualLines(evened), bodySize);

  // Furniture is judged against the page's own text size too (a document's body can be tiny figure text).
  const minScore = (ctx.pageCount ?? 1) >= PAGE.longDocumentPages ? PAGE.longMinFurnitureScore : PAGE.minFurnitureScore;
  const marks = positionalFurniture(page, all, Math.max(bodySize, dominantSize(all)), minScore);
  for (const [id, m] of ctx.furniture ?? []) marks.set(id, m);
  const furniture = all.filter((l) => marks.has(l.line.id));
  const content = all.filter((l) => !marks.has(l.line.id));

  const { atoms, regions } = pageAtoms(page, content, bodySize, ctx.skipRegions ?? false);
  const rtl = content.filter((l) => l.line.dir === 'rtl').length * 2 > content.length;
  const leaves = xyCut(atoms, { bodySize, rtl });
  const monoPage = charShare(content, (l) => l.monoFlag) > PAGE.monoPageShare;
  const gctx: GroupContext = {
    bodySize,
    gapRatio: typicalGapRatio(leaves),
    rules: thinRules(page, bodySize),
    monoPage,
    noTables: ctx.skipRegions,
  };
  const { drafts, columns } = groupLeaves(leaves, gctx, regions);
  joinScanTablePieces(drafts, page, bodySize);

  const columnOf = (d: Draft): [number, number] => columns.get(d) ?? [0, page.width];
  const capsPage = charShare(content, (l) => isAllCaps(l.text)) > CAPS_PAGE_SHARE;
  const roleContext = { bodySize, bodyFont: bodyFontName(content, bodySize), monoPage, capsPage, columnOf };
  for (const d of drafts) assignBlockRole(d, roleContext);
  markOcrHeadings(drafts);
  addScanFigures(drafts, page, bodySize, columnOf);
  addGapFigures(drafts, page, bodySize, columnOf);
  if (ctx.titlePage ?? page.page_index === 0) markTitle(drafts, page, bodySize);
  markNumberedEntries(drafts, bodySize);
  attachCaptions(drafts, page, columnOf);
  markFootnotes(drafts, page, bodySize, gctx.rules);
  assignListDepths(drafts, bodySize);

  const blocks = toBlocks(page.page_index, orderDrafts(groupFurniture(furniture, marks), drafts));
  assignHeadingLevels(blocks);
  withMeasuredLines(blocks, page.lines, evened);
  return { ...page, blocks };
}
