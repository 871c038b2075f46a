import type { PageSize } from '../document/mod.ts';
import type { BBox, DocumentModel, ModelPage } from '../model/types.ts';
import { type DetectionPolicy, findTables, mergeAcrossPages, type TableModel } from '../tables/mod.ts';
import type { ParseRegion } from './parse-view.ts';
import { RegionSink } from './region-sink.ts';
import { tableResult, type TableResult } from './table-result.ts';

/**
 * TableExtractResponse (spec): the document's tables, found per page on the cached grounded analysis, pieces of
 * a table that runs over several pages merged into one, serialized with cell grounding. Regions are this view's
 * own (`p<page>_tr<n>`), boxes in page-image pixels.
 */
export interface TablesViewOptions {
  boundary_source: 'detector' | 'layout' | 'none';
  detection_policy: DetectionPolicy;
  grounding: 'none' | 'table' | 'cell';
}

export interface TablesView {
  grounding: TablesViewOptions['grounding'];
  grounding_regions: ParseRegion[] | null;
  tables: TableResult[];
}

function layoutTableBoxes(page: ModelPage): BBox[] {
  return page.blocks.filter((b) => b.type === 'table').map((b) => b.bbox);
}

function pageTables(page: ModelPage, options: TablesViewOptions): TableModel[] {
  if (page.skipped) return [];
  return findTables(page, { policy: options.detection_policy, source: options.boundary_source, layoutTables: layoutTableBoxes(page) });
}

export function buildTablesView(model: DocumentModel, options: TablesViewOptions & { pageSizes: PageSize[] }): TablesView {
  const found = model.pages.flatMap((page) => pageTables(page, options));
  const groups = mergeAcrossPages(
    found,
    model.pages.map((p) => ({ width: p.width, height: p.height })),
  );
  // Region ids numbered per page in the order the tables and cells are serialized (stable for the same analysis).
  const sink = new RegionSink('tr', options.pageSizes, model.pages);
  const tables = groups.map((group) => tableResult(group, options.grounding, sink));
  return { grounding: options.grounding, grounding_regions: options.grounding === 'none' ? null : sink.regions, tables };
}
