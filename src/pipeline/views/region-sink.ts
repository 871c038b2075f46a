import type { PageSize } from '../document/mod.ts';
import type { BBox, ModelPage } from '../model/types.ts';
import { roundOut, toShape } from './view-boxes.ts';
import { displayLabel } from './labels.ts';
import type { ParseRegion } from './parse-view.ts';

/**
 * Grounding regions of a view, numbered per page in the order they are added (`p<page>_<prefix><n>`), boxes
 * rounded outward onto the served page image. Stable for the same analysis and options.
 */
export class RegionSink {
  readonly regions: ParseRegion[] = [];
  private readonly counters = new Map<number, number>();

  constructor(
    private readonly prefix: string,
    private readonly pageSizes: PageSize[],
    private readonly pages: ModelPage[],
  ) {}

  add(pageIndex: number, bbox: BBox, label: string): string {
    const n = this.counters.get(pageIndex) ?? 0;
    this.counters.set(pageIndex, n + 1);
    const region_id = `p${pageIndex}_${this.prefix}${n}`;
    this.regions.push({
      region_id,
      page_index: pageIndex,
      shape: toShape(this.round(pageIndex, bbox)),
      label,
      display_label: displayLabel(label),
    });
    return region_id;
  }

  round(pageIndex: number, bbox: BBox): [number, number, number, number] {
    const size = this.pageSizes[pageIndex] ?? this.pages[pageIndex];
    return roundOut(bbox, size?.width, size?.height);
  }
}
