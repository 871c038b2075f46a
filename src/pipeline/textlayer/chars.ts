import type * as mupdf from 'mupdf';
import { withoutOverprint } from './overprint.ts';
import type { FontFace } from './fonts.ts';
import { directionDegrees, type PixelSpace } from './pixel-space.ts';
import { walkStext, type StextWalkMode } from './stext-walk.ts';

/**
 * Characters of a page from mupdf structured text, in page-image pixels, grouped as mupdf grouped them into
 * lines ("fragments"). Lines and words are rebuilt from these (rows.ts, clusters.ts, lines.ts, words.ts): mupdf
 * splits right-to-left lines into one line per bidi run, puts raised text in lines of its own and sometimes runs
 * two columns into one line, so its lines are only a starting point.
 *
 * Structured-text options, chosen deliberately:
 * - no `preserve-ligatures`: ligature glyphs are expanded into their letters (ﬁ → f, i), each with its share of
 *   the glyph's box, so words read and search as typed;
 * - no `preserve-whitespace`: every kind of whitespace becomes a plain space, which is all word splitting needs;
 * - no `preserve-spans`: spans of one line stay one fragment (fewer fragments; lines are rebuilt anyway);
 * - no `inhibit-spaces`: mupdf inserts a space where a gap between glyphs is wide, a useful word-break hint;
 * - no `dehyphenate`: lines stay as printed, the hyphen is kept and flagged (Line.hyphenated) for the joiner;
 * - no `preserve-images`: images are collected by the graphics device with their placement matrices;
 * - no `accurate-bboxes`: the font's ascender/descender box is what layout wants (and it is faster).
 * Characters without a Unicode mapping come out as U+FFFD, which the garbage check counts.
 */
export const STEXT_OPTIONS = '';

/**
 * The text-only pass (no graphics device) asks structured text for image blocks instead: it keeps a reference to
 * each image (nothing is decoded), which is the only way that pass learns where images are.
 */
export const STEXT_WITH_IMAGES = 'preserve-images';

/** An image block of structured text, in page space (points), with the image's own size in pixels. */
export type ImageBlockSink = (bbox: readonly number[], width: number, height: number) => void;

import type { Fragment, RawChar } from './char-types.ts';

export type { Fragment, RawChar };

const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const LTR_LETTER = /\p{L}/u;
const WHITESPACE = /\s/;

/** Runs for every character: ASCII is decided without a regular expression. */
function isWhitespace(text: string): boolean {
  const code = text.charCodeAt(0);
  if (code < 0x80) return code === 32 || (code >= 9 && code <= 13);
  return WHITESPACE.test(text);
}

/** Text as it should read: visible soft hyphens are hyphens; stray presentation-form ligatures are spelled out. */
export function normaliseChar(c: string): string {
  if (c === '\u00ad') return '-';
  const code = c.charCodeAt(0);
  if (code >= 0xfb00 && code <= 0xfb06) return c.normalize('NFKC');
  return c;
}

export type InvisibleTest = (ox: number, oy: number) => boolean;

/** The letters of an expanded ligature share its glyph; only the first sits on the glyph's origin. */
function continuesInvisible(frag: Fragment, ox: number, oy: number): boolean {
  const prev = frag.chars[frag.chars.length - 1];
  if (!prev?.invisible) return false;
  const [x0, y0, x1, y1] = prev.box;
  return ox >= x0 - 1 && ox <= x1 + 1 && oy >= y0 - 1 && oy <= y1 + 1;
}

/** Direction class of a character: strong right-to-left, strong left-to-right, or neither (digits, marks). */
function directionOf(text: string): 'rtl' | 'ltr' | null {
  const code = text.charCodeAt(0);
  if (code < 0x80) return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) ? 'ltr' : null;
  if (RTL_LETTER.test(text)) return 'rtl';
  return LTR_LETTER.test(text) ? 'ltr' : null;
}

/**
 * Where the middle of one edge of a glyph's quad lies along the line: a glyph's extent is measured at half its
 * height, between the middles of its start and end edges. For an upright glyph that is its whole extent; a
 * slanted text matrix (a synthetic oblique, how many producers fake an italic face a font lacks) shears every
 * quad by a share of the text size, and the corners of neighbouring glyphs then overlap by about as much as the
 * gap between words is wide, so no word break would show.
 */
function midHeightAlong(quad: ArrayLike<number>, first: number, frag: Fragment, space: PixelSpace): number {
  const x = (quad[first] + quad[first + 4]) * 0.5 * space.scale - space.offsetX;
  const y = (quad[first + 1] + quad[first + 5]) * 0.5 * space.scale - space.offsetY;
  return x * frag.dx + y * frag.dy;
}

function makeChar(
  frag: Fragment,
  c: string,
  originX: number,
  originY: number,
  size: number,
  quad: ArrayLike<number>,
  face: FontFace,
  seq: number,
  space: PixelSpace,
  isInvisible: InvisibleTest | null,
): RawChar {
  const { scale, offsetX, offsetY } = space;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < 8; i += 2) {
    const x = quad[i] * scale - offsetX;
    const y = quad[i + 1] * scale - offsetY;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  // The start edge is the quad's upper-left and lower-left corners (0 and 4), the end edge its right ones (2, 6).
  const start = midHeightAlong(quad, 0, frag, space);
  const end = midHeightAlong(quad, 2, frag, space);
  const ox = originX * scale - offsetX;
  const oy = originY * scale - offsetY;
  const text = normaliseChar(c);
  const dir = directionOf(text);
  return {
    text,
    box: [x0, y0, x1, y1],
    lo: Math.min(start, end),
    hi: Math.max(start, end),
    base: -ox * frag.dy + oy * frag.dx,
    ox,
    oy,
    size: size * scale,
    face,
    seq,
    frag: frag.index,
    space: isWhitespace(text),
    rtl: dir === 'rtl',
    ltr: dir === 'ltr',
    invisible: isInvisible ? isInvisible(ox, oy) || continuesInvisible(frag, ox, oy) : false,
  };
}

/** Walks the structured text once (`mode` only for tests: the public walker instead of the direct one). */
export function readFragments(
  stext: mupdf.StructuredText,
  space: PixelSpace,
  isInvisible: InvisibleTest | null,
  onImage?: ImageBlockSink,
  mode: StextWalkMode = 'auto',
): Fragment[] {
  const fragments: Fragment[] = [];
  let current: Fragment | null = null;
  let seq = 0;
  let block = -1;
  walkStext(
    stext,
    {
      beginTextBlock() {
        block++;
      },
      beginLine(wmode, dirX, dirY) {
        const len = Math.hypot(dirX, dirY) || 1;
        const dx = dirX / len;
        const dy = dirY / len;
        current = { index: fragments.length, block, dx, dy, rotation: directionDegrees(dx, dy), wmode, chars: [] };
        fragments.push(current);
      },
      onChar(c, originX, originY, face, size, quad) {
        const frag = current as Fragment | null;
        if (frag) frag.chars.push(makeChar(frag, c, originX, originY, size, quad, face, seq++, space, isInvisible));
      },
      onImageBlock: onImage,
    },
    mode,
  );
  return withoutOverprint(fragments.filter((f) => f.chars.length > 0));
}
