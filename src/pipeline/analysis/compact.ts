import { round2 } from '../model/geometry.ts';
import type { BBox, FontInfo, ModelPage } from '../model/types.ts';

/**
 * Normalises an extracted page in place before it leaves the worker: coordinates rounded to 0.01 px (far below
 * anything a view shows, and exactly what the cache's JSON keeps, so a cached model equals a fresh one), and
 * equal fonts shared as one object (words carry their font; a page has a handful of distinct ones). This makes
 * the page cheaper to copy between threads and to keep in memory.
 */

function roundBox(box: BBox): BBox {
  box[0] = round2(box[0]);
  box[1] = round2(box[1]);
  box[2] = round2(box[2]);
  box[3] = round2(box[3]);
  return box;
}

export const fontKey = (f: FontInfo) => `${f.name}|${f.size}|${f.bold ? 1 : 0}${f.italic ? 1 : 0}${f.monospace ? 1 : 0}`;

/** A font's bold, italic and monospace flags as one number (the part of its key after the size). */
const flagsOf = (f: FontInfo) => (f.bold ? 4 : 0) + (f.italic ? 2 : 0) + (f.monospace ? 1 : 0);

/**
 * One shared object per distinct font (equal `fontKey`). Runs for every word of every page: fonts are found by
 * name, then size, then flags, without building the key string.
 */
export class FontInterner {
  private readonly fonts = new Map<string, Map<number, (FontInfo | undefined)[]>>();

  intern(font: FontInfo): FontInfo {
    let sizes = this.fonts.get(font.name);
    if (!sizes) this.fonts.set(font.name, (sizes = new Map()));
    let byFlags = sizes.get(font.size);
    if (!byFlags) sizes.set(font.size, (byFlags = []));
    const flags = flagsOf(font);
    const known = byFlags[flags];
    if (known) return known;
    byFlags[flags] = font;
    return font;
  }
}

export function compactPage(page: ModelPage): ModelPage {
  const fonts = new FontInterner();
  for (const line of page.lines) {
    roundBox(line.bbox);
    line.font = fonts.intern({ ...line.font, size: round2(line.font.size) });
    for (const word of line.words) {
      roundBox(word.bbox);
      word.baseline = round2(word.baseline);
      word.font = fonts.intern({ ...word.font, size: round2(word.font.size) });
    }
  }
  for (const path of page.paths) {
    roundBox(path.bbox);
    path.lineWidth = round2(path.lineWidth);
  }
  for (const image of page.images) roundBox(image.bbox);
  return page;
}
