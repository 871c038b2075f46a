import type { BBox } from '../model/types.ts';
import type { FontFace } from './fonts.ts';

// The characters and fragments chars.ts reads from mupdf, in a file of their own so that the passes over them
// (overprint.ts, …) and chars.ts, which runs those passes, do not import each other.

export interface RawChar {
  text: string;
  box: BBox;
  /** Extent along the fragment's writing direction (px). */
  lo: number;
  hi: number;
  /** Position of the baseline along the direction's normal (px); smaller is higher on the glyph's up side. */
  base: number;
  /** Glyph origin (px). */
  ox: number;
  oy: number;
  size: number;
  face: FontFace;
  /** Order in which mupdf produced the character (content order, bidi runs in logical order). */
  seq: number;
  frag: number;
  space: boolean;
  /** Strong right-to-left letter (Hebrew, Arabic, …) / strong left-to-right letter. */
  rtl: boolean;
  ltr: boolean;
  /** Drawn with text render mode 3 (or otherwise not painted). */
  invisible: boolean;
}

export interface Fragment {
  index: number;
  /** mupdf's text block: mupdf judged fragments of one block to belong together. */
  block: number;
  /** Unit writing direction in pixel space (y down). */
  dx: number;
  dy: number;
  rotation: number;
  wmode: number;
  chars: RawChar[];
}
