import { centerIn } from '../model/geometry.ts';
import type { BBox, ModelPage } from '../model/types.ts';

/** Ids (`<line id>_w<n>`) of the page's words whose centre lies in `box`: the words a result is grounded on. */
export function wordIdsIn(page: ModelPage, box: BBox): string[] {
  const ids: string[] = [];
  for (const line of page.lines) {
    if (line.bbox[2] < box[0] || line.bbox[0] > box[2] || line.bbox[3] < box[1] || line.bbox[1] > box[3]) continue;
    line.words.forEach((w, i) => {
      if (centerIn(w.bbox, box)) ids.push(`${line.id}_w${i}`);
    });
  }
  return ids;
}
