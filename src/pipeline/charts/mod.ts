// Charts found on a page: from vector paths (vector/), from page pixels (raster/), and described in words.
export type { ChartFinding, ChartPoint, ItemPart, PageGraphicsInput } from './types.ts';
export { describeChart } from './insights.ts';
export { findRasterCharts } from './raster/mod.ts';
export { findVectorCharts } from './vector/mod.ts';
