import type { PageSize } from '../document/mod.ts';
import type { ChartFinding, ChartPoint } from '../charts/mod.ts';
import type { DocumentModel } from '../model/types.ts';
import type { ParseRegion } from './parse-view.ts';
import { RegionSink } from './region-sink.ts';
import { wordIdsIn } from './word-ids.ts';

/**
 * ChartDescribeResponse (spec): every chart, diagram and figure of the document in reading order. Each item has a
 * region of its own (label = its kind) followed by regions for its parts (title, axis labels, legend, bars,
 * nodes …), all `p<page>_cr<n>`. `engine` is `parse_fallback` only when nothing was read from the graphics
 * themselves (every item is a figure described from its caption and text).
 */
export interface ChartsView {
  engine: 'chart_codegen' | 'parse_fallback';
  pages: number;
  grounding_regions: ParseRegion[];
  items: ChartItem[];
}

export interface ChartItem {
  item_id: string;
  page_index: number;
  kind: ChartFinding['kind'];
  chart_type: string | null;
  title: string;
  summary: string;
  mermaid: string;
  confidence: number;
  insights: string[];
  axes: { x_label: string; y_label: string };
  series: { name: string; points: { label: string | null; x: string | number | null; y: number | null }[] }[];
  bbox: [number, number, number, number];
  bbox_ids: string[];
  region_ids: string[];
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Values keep the precision a chart can carry (six significant digits), not float noise. */
function tidy(v: number | string | null): number | string | null {
  return typeof v === 'number' && Number.isFinite(v) ? Number(v.toPrecision(6)) : v;
}

function point(p: ChartPoint): ChartItem['series'][number]['points'][number] {
  return { label: p.label, x: tidy(p.x), y: tidy(p.y) as number | null };
}

export function buildChartsView(model: DocumentModel, perPage: ChartFinding[][], pageSizes: PageSize[]): ChartsView {
  const sink = new RegionSink('cr', pageSizes, model.pages);
  const items: ChartItem[] = [];
  perPage.forEach((findings, pageIndex) => {
    const page = model.pages[pageIndex];
    findings.forEach((f, n) => {
      const region_ids = [sink.add(pageIndex, f.bbox, f.kind), ...f.parts.map((part) => sink.add(pageIndex, part.bbox, part.label))];
      items.push({
        item_id: `p${pageIndex}_item${n}`,
        page_index: pageIndex,
        kind: f.kind,
        chart_type: f.chartType ?? null,
        title: f.title,
        summary: f.summary ?? '',
        mermaid: f.mermaid ?? '',
        confidence: round3(f.confidence),
        insights: f.insights,
        axes: f.axes,
        series: f.series.map((s) => ({ name: s.name, points: s.points.map(point) })),
        bbox: sink.round(pageIndex, f.bbox),
        bbox_ids: wordIdsIn(page, f.bbox),
        region_ids,
      });
    });
  });
  const engine = items.length > 0 && items.every((i) => i.kind === 'figure') ? 'parse_fallback' : 'chart_codegen';
  return { engine, pages: model.page_count, grounding_regions: sink.regions, items };
}
