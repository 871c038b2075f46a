import type { BBox, ModelPage } from '../model/types.ts';
import type { PageDrawing, RasterPage } from '../drawing/mod.ts';

/**
 * What the chart, diagram and figure stages find on a page, before the view gives it ids and regions
 * (ChartItem in the spec). Values are in data units; every part that supports a value keeps its box.
 */
export type ItemKind = 'chart' | 'figure' | 'diagram' | 'flowchart' | 'engineering_diagram';

export type ChartType = 'bar' | 'hbar' | 'grouped_bar' | 'stacked_bar' | 'line' | 'scatter' | 'pie' | 'area' | 'unknown';

export interface ChartPoint {
  /** Category label as printed (bars, pie slices, line points on a category axis); null for numeric x. */
  label: string | null;
  /** Category label again, or the numeric x value in data units (scatter, numeric line). */
  x: string | number | null;
  /** Value in data units (pie: the slice's share in percent of the whole, 0..100). */
  y: number | null;
  /** The mark that carries the value (bar, marker, slice), page pixels. */
  bbox?: BBox;
}

export interface ChartSeries {
  name: string;
  /** Fill/stroke colour of the series' marks when known (`#rrggbb`). */
  color?: string;
  points: ChartPoint[];
}

/** A part worth a grounding region: the title, an axis label, a legend entry, a bar, a node. */
export interface ItemPart {
  bbox: BBox;
  /** Region label: `chart_title`, `axis_label`, `legend`, `bar`, `point`, `slice`, `node`, `edge`, `caption`, `dimension`, `title_block`. */
  label: string;
}

export interface ChartFinding {
  kind: ItemKind;
  /** Only for kind `chart`. */
  chartType?: ChartType;
  bbox: BBox;
  title: string;
  axes: { x_label: string; y_label: string };
  series: ChartSeries[];
  /** Axis scale used to read values (charts with axes). */
  scale?: 'linear' | 'log';
  /** `flowchart TD` … for flowcharts and diagrams with edges. */
  mermaid?: string;
  /** Facts read off the graphic (engineering drawings: title block fields, dimensions, callouts). */
  insights: string[];
  /** Set by the stage when it has a better description than the generic one the view writes from the data. */
  summary?: string;
  confidence: number;
  parts: ItemPart[];
  /** How the finding was read: from vector paths and the text layer, or from pixels and OCR. */
  source: 'vector' | 'raster';
}

/** What a chart/diagram finder gets for one page. */
export interface PageGraphicsInput {
  /** The analysed page: lines (text layer or OCR) and layout blocks (figures, captions). */
  page: ModelPage;
  /** Glyphs and full path geometry; null for image pages and scans. */
  drawing: PageDrawing | null;
  /** The page image's pixels; null when the finder was not given them (born-digital pages that need none). */
  raster: RasterPage | null;
  /** `engineering_drawing` billing profile: report title block fields and dimensions. */
  engineering: boolean;
}
