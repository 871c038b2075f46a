import type * as mupdf from 'mupdf';
import { mupdfWasmModule } from '../document/mod.ts';
import { describeFontFace, type FontFace } from './fonts.ts';

/**
 * One pass over a page's structured text, characters with their font face, origin, size and quad.
 *
 * mupdf's public `StructuredText.walk` makes a Font wrapper (registered with a FinalizationRegistry) and four
 * small arrays for every character; on a text-heavy page that is a sixth of the text layer's time. When mupdf's
 * WebAssembly exports are reachable (mupdf-hook.ts), this reads the same fields through the module's own
 * accessors into one reused quad, and describes each font once per page by its pointer. Otherwise it adapts the
 * public walker; both give the same characters (a test compares them).
 */

export interface StextVisitor {
  beginTextBlock(): void;
  /** Writing mode and the line's direction vector (page space). */
  beginLine(wmode: number, dirX: number, dirY: number): void;
  /** `quad`: ul, ur, ll, lr corners (x, y each) in page space; only valid during the call. */
  onChar(text: string, originX: number, originY: number, face: FontFace, size: number, quad: ArrayLike<number>): void;
  /** An image block (only with the `preserve-images` option): page-space box and the image's size in pixels. */
  onImageBlock?(bbox: readonly number[], width: number, height: number): void;
}

type Accessor = (p: number) => number;

interface WasmStext {
  HEAPF32: Float32Array;
  UTF8ToString(p: number): string;
  _wasm_stext_page_get_first_block: Accessor;
  _wasm_stext_block_get_next: Accessor;
  _wasm_stext_block_get_type: Accessor;
  _wasm_stext_block_get_bbox: Accessor;
  _wasm_stext_block_get_first_line: Accessor;
  _wasm_stext_block_get_image: Accessor;
  _wasm_stext_line_get_next: Accessor;
  _wasm_stext_line_get_wmode: Accessor;
  _wasm_stext_line_get_dir: Accessor;
  _wasm_stext_line_get_first_char: Accessor;
  _wasm_stext_char_get_next: Accessor;
  _wasm_stext_char_get_c: Accessor;
  _wasm_stext_char_get_origin: Accessor;
  _wasm_stext_char_get_font: Accessor;
  _wasm_stext_char_get_size: Accessor;
  _wasm_stext_char_get_quad: Accessor;
  _wasm_font_get_name: Accessor;
  _wasm_font_is_bold: Accessor;
  _wasm_font_is_italic: Accessor;
  _wasm_font_is_monospaced: Accessor;
  _wasm_image_get_w: Accessor;
  _wasm_image_get_h: Accessor;
}

const REQUIRED: (keyof WasmStext)[] = [
  'HEAPF32',
  'UTF8ToString',
  '_wasm_stext_page_get_first_block',
  '_wasm_stext_block_get_next',
  '_wasm_stext_block_get_type',
  '_wasm_stext_block_get_bbox',
  '_wasm_stext_block_get_first_line',
  '_wasm_stext_block_get_image',
  '_wasm_stext_line_get_next',
  '_wasm_stext_line_get_wmode',
  '_wasm_stext_line_get_dir',
  '_wasm_stext_line_get_first_char',
  '_wasm_stext_char_get_next',
  '_wasm_stext_char_get_c',
  '_wasm_stext_char_get_origin',
  '_wasm_stext_char_get_font',
  '_wasm_stext_char_get_size',
  '_wasm_stext_char_get_quad',
  '_wasm_font_get_name',
  '_wasm_font_is_bold',
  '_wasm_font_is_italic',
  '_wasm_font_is_monospaced',
  '_wasm_image_get_w',
  '_wasm_image_get_h',
];

/** mupdf's WebAssembly exports, when mupdf was loaded after mupdf-hook.ts and they are all there. */
function wasmStext(): WasmStext | null {
  const m = mupdfWasmModule as Partial<WasmStext>;
  return REQUIRED.every((k) => m[k] !== undefined) ? (m as WasmStext) : null;
}

const TEXT_BLOCK = 0;
const IMAGE_BLOCK = 1;

function walkWasm(m: WasmStext, stext: mupdf.StructuredText, visitor: StextVisitor): void {
  const faces = new Map<number, FontFace>();
  const faceOf = (font: number): FontFace => {
    let face = faces.get(font);
    if (!face) {
      face = describeFontFace(
        m.UTF8ToString(m._wasm_font_get_name(font)),
        !!m._wasm_font_is_bold(font),
        !!m._wasm_font_is_italic(font),
        !!m._wasm_font_is_monospaced(font),
      );
      faces.set(font, face);
    }
    return face;
  };
  const quad = new Float64Array(8);
  for (let block = m._wasm_stext_page_get_first_block(stext.pointer); block; block = m._wasm_stext_block_get_next(block)) {
    const type = m._wasm_stext_block_get_type(block);
    if (type === IMAGE_BLOCK && visitor.onImageBlock) {
      const at = m._wasm_stext_block_get_bbox(block) >> 2;
      const heap = m.HEAPF32;
      const image = m._wasm_stext_block_get_image(block);
      visitor.onImageBlock([heap[at], heap[at + 1], heap[at + 2], heap[at + 3]], m._wasm_image_get_w(image), m._wasm_image_get_h(image));
    }
    if (type !== TEXT_BLOCK) continue;
    visitor.beginTextBlock();
    for (let line = m._wasm_stext_block_get_first_line(block); line; line = m._wasm_stext_line_get_next(line)) {
      const dir = m._wasm_stext_line_get_dir(line) >> 2;
      visitor.beginLine(m._wasm_stext_line_get_wmode(line), m.HEAPF32[dir], m.HEAPF32[dir + 1]);
      for (let ch = m._wasm_stext_line_get_first_char(line); ch; ch = m._wasm_stext_char_get_next(ch)) {
        // Read the heap view per character: a visitor may allocate in the module (a font name), which can grow it.
        const heap = m.HEAPF32;
        const origin = m._wasm_stext_char_get_origin(ch) >> 2;
        const q = m._wasm_stext_char_get_quad(ch) >> 2;
        for (let i = 0; i < 8; i++) quad[i] = heap[q + i];
        const face = faceOf(m._wasm_stext_char_get_font(ch));
        visitor.onChar(
          String.fromCodePoint(m._wasm_stext_char_get_c(ch)),
          heap[origin],
          heap[origin + 1],
          face,
          m._wasm_stext_char_get_size(ch),
          quad,
        );
      }
    }
  }
}

/** The same through mupdf's public walker (Font wrappers freed at once: it makes one per character). */
function walkPublic(stext: mupdf.StructuredText, visitor: StextVisitor): void {
  const faces = new Map<number, FontFace>();
  stext.walk({
    beginTextBlock: () => visitor.beginTextBlock(),
    beginLine: (_bbox, wmode, dir) => visitor.beginLine(wmode, dir[0], dir[1]),
    onChar(c, origin, font, size, quad) {
      try {
        let face = faces.get(font.pointer);
        if (!face) {
          face = describeFontFace(font.getName(), font.isBold(), font.isItalic(), font.isMono());
          faces.set(font.pointer, face);
        }
        visitor.onChar(c, origin[0], origin[1], face, size, quad);
      } finally {
        font.destroy();
      }
    },
    onImageBlock: visitor.onImageBlock
      ? (bbox, _transform, image) => {
          try {
            visitor.onImageBlock!(bbox, image.getWidth(), image.getHeight());
          } finally {
            image.destroy();
          }
        }
      : undefined,
  });
}

export type StextWalkMode = 'auto' | 'public';

/** `public` forces mupdf's own walker (tests compare the two). */
export function walkStext(stext: mupdf.StructuredText, visitor: StextVisitor, mode: StextWalkMode = 'auto'): void {
  const m = mode === 'auto' ? wasmStext() : null;
  if (m) walkWasm(m, stext, visitor);
  else walkPublic(stext, visitor);
}

/** Whether `walkStext` reads the WebAssembly heap directly in this thread. */
export function stextWalkIsDirect(): boolean {
  return wasmStext() !== null;
}
