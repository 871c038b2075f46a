import type * as mupdf from 'mupdf';
import type { FontInfo } from '../model/types.ts';

/** A font face as the page uses it, without size (sizes vary per character). */
export interface FontFace {
  name: string;
  bold: boolean;
  italic: boolean;
  monospace: boolean;
}

// Names carry the style more reliably than the descriptor flags, which many producers leave unset.
const BOLD_NAME = /bold|black|heavy|semibold|demibold|demi\b|extrabold|ultrabold|[-,_ ]?(bd|sb|hv)$|^cmbx|^cmb\d|\bmedi(\b|ital)/i;
const ITALIC_NAME = /italic|oblique|[-,_ ](it|obl?|ital)$|^cmti|^cmsl|^cmmi|mediital|kursiv/i;
const MONO_NAME = /mono|courier|consol|menlo|^cmtt|typewriter|fixed|code|inconsolata|lucidaconsole/i;

/** Subset fonts are named `ABCDEF+RealName`; the prefix is noise. */
export function cleanFontName(raw: string): string {
  return raw.replace(/^[A-Z]{6}\+/, '');
}

export function describeFont(font: mupdf.Font): FontFace {
  const name = cleanFontName(font.getName());
  return {
    name,
    bold: font.isBold() || BOLD_NAME.test(name),
    italic: font.isItalic() || ITALIC_NAME.test(name),
    monospace: font.isMono() || MONO_NAME.test(name),
  };
}

/**
 * Font faces of one page, keyed by the fz_font pointer. The structured-text walker hands a new Font wrapper for
 * every character; the pointer is stable while the page is loaded, so each face is described once.
 */
export class FontTable {
  private readonly faces = new Map<number, FontFace>();

  face(font: mupdf.Font): FontFace {
    let face = this.faces.get(font.pointer);
    if (!face) {
      face = describeFont(font);
      this.faces.set(font.pointer, face);
    }
    return face;
  }
}

export function fontInfo(face: FontFace, sizePx: number): FontInfo {
  return { name: face.name, size: Math.round(sizePx * 100) / 100, bold: face.bold, italic: face.italic, monospace: face.monospace };
}
