import type { BBox, Line, ModelPage, VectorPath } from '../model/types.ts';

/**
 * Tables set on their side: a page whose content is turned a quarter turn (landscape tables printed on a portrait
 * page, or the other way round) has its words running up or down the page. The table finder reads rows left to
 * right, so such words are first turned into the frame where their text reads horizontally (a virtual page with
 * the sides swapped), found there, and the tables' boxes are turned back onto the page.
 */

/** Fewest words running in one vertical direction before that direction gets a table search of its own. */
export const ROTATED_MIN_WORDS = 20;

/**
 * A page turned as a whole (a landscape page set with /Rotate, or its content drawn turned) has most of its
 * words running one vertical way: that direction is searched whatever their number, from this many words on.
 */
const TURNED_PAGE = {
  /** Least share of the page's words running in the direction. */
  wordShare: 0.5,
  /** Fewest words (a two-by-two table). */
  minWords: 4,
} as const;

/** A quarter-turned view of the page: the lines that run in that direction made horizontal, the others turned too. */
export interface RotatedView {
  /** The text direction of the lines in the view (90: reading downwards, 270: reading upwards). */
  rotation: 90 | 270;
  page: ModelPage;
  /** A box of the view back onto the page. */
  back(box: BBox): BBox;
}

const quarter = (rotation: number): number => (((Math.round(rotation / 90) * 90) % 360) + 360) % 360;

/**
 * Reading downwards (90) the top of the text faces the page's right side: the view's x runs down the page and
 * its y runs from the right edge leftwards. Reading upwards (270) the top faces left: x runs up the page from
 * the bottom, y runs rightwards.
 */
function toView(rotation: 90 | 270, width: number, height: number): (b: BBox) => BBox {
  return rotation === 90
    ? ([x0, y0, x1, y1]) => [y0, width - x1, y1, width - x0]
    : ([x0, y0, x1, y1]) => [height - y1, x0, height - y0, x1];
}

function fromView(rotation: 90 | 270, width: number, height: number): (b: BBox) => BBox {
  return rotation === 90
    ? ([a0, b0, a1, b1]) => [width - b1, a0, width - b0, a1]
    : ([a0, b0, a1, b1]) => [b0, height - a1, b1, height - a0];
}

/** Words with text on the lines. */
export const lineWords = (lines: readonly Line[]): number => lines.reduce((n, l) => n + l.words.filter((w) => w.text.trim()).length, 0);

/** Views for the vertical text directions that hold enough words to be worth a table search. */
export function rotatedViews(page: ModelPage): RotatedView[] {
  const out: RotatedView[] = [];
  // The page's word count matters only for a direction with a few words: most pages have none running vertically.
  const turnedPage = (words: number) => words >= TURNED_PAGE.minWords && words >= lineWords(page.lines) * TURNED_PAGE.wordShare;
  for (const rotation of [90, 270] as const) {
    const lines = page.lines.filter((l) => quarter(l.rotation) === rotation);
    const words = lineWords(lines);
    if (words < ROTATED_MIN_WORDS && !turnedPage(words)) continue;
    const turn = toView(rotation, page.width, page.height);
    // Every line turns with the view: lines of other directions (column heads set across a turned table's
    // columns) become its vertical text, which the upright reading leaves to the head-row fill.
    const turnedLines: Line[] = page.lines.map((l) => ({
      ...l,
      rotation: quarter(l.rotation - rotation),
      bbox: turn(l.bbox),
      words: l.words.map((w) => ({ ...w, bbox: turn(w.bbox) })),
      polygon: undefined,
    }));
    const paths: VectorPath[] = page.paths.map((p) => ({ ...p, bbox: turn(p.bbox) }));
    const view: ModelPage = { ...page, width: page.height, height: page.width, lines: turnedLines, blocks: [], paths, images: [] };
    out.push({ rotation, page: view, back: fromView(rotation, page.width, page.height) });
  }
  return out;
}
