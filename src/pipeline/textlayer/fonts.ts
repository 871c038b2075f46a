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

/** A face from the font's name and its descriptor flags (the name wins where the flags are unset). */
export function describeFontFace(rawName: string, bold: boolean, italic: boolean, monospace: boolean): FontFace {
  const name = cleanFontName(rawName);
  return {
    name,
    bold: bold || BOLD_NAME.test(name),
    italic: italic || ITALIC_NAME.test(name),
    monospace: monospace || MONO_NAME.test(name),
  };
}

export function fontInfo(face: FontFace, sizePx: number): FontInfo {
  return { name: face.name, size: Math.round(sizePx * 100) / 100, bold: face.bold, italic: face.italic, monospace: face.monospace };
}
