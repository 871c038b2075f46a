import type { BBox, ModelPage } from '../model/types.ts';

/** Ids (`<line id>_w<n>`) of the page's words whose centre lies in `box`: the words a result is grounded on. */
export function wordIdsIn(page: ModelPage, box: BBox): string[] {
  const ids: string[] = [];
  for (const line of page.lines) {
    if (line.bbox[2] < box[0] || line.bbox[0] > box[2] || line.bbox[3] < box[1] || line.bbox[1] > box[3]) continue;
    line.words.forEach((w, i) => {
      const x = (w.bbox[0] + w.bbox[2]) / 2;
      const y = (w.bbox[1] + w.bbox[3]) / 2;
      if (x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3]) ids.push(`${line.id}_w${i}`);
    });
  }
  return ids;
}
