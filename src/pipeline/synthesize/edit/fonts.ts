/**
 * Choosing the font new text is set in: the page's own font resource when it can print every character
 * (WinAnsi / standard simple fonts, ToUnicode-mapped simple and Identity-H fonts; a subset font only for characters
 * it already prints on the page), else an embedded substitute of the same family and style.
 */
import * as mupdf from 'mupdf';
import { asciiCode, parseToUnicode, winAnsiCode } from './encoding.ts';

export interface TypesetFont {
  /** Indirect reference to the font dictionary, to list in the page resources. */
  ref: mupdf.PDFObject;
  /** The font's name as reported (`Helvetica`, `Times-Bold`). */
  name: string;
  substitute: boolean;
  /** The string operand bytes for `text`, or null when a character cannot be printed. */
  encode(text: string): Uint8Array | null;
  /** Advance width of `text` in points at `size`. */
  width(text: string, size: number): number;
  /** Characters the font has no glyph for (they print as blanks); substitutes only. */
  lacks?(text: string): string[];
}

/** Follows a path of keys and indexes, yielding the null object as soon as a step is missing. */
function dig(obj: mupdf.PDFObject, ...path: (string | number)[]): mupdf.PDFObject {
  let at = obj;
  for (const key of path) {
    if (at.isNull() || !(at.isDictionary() || at.isArray())) return mupdf.PDFObject.Null;
    at = at.get(key);
  }
  return at;
}

const stripSubset = (name: string) => name.replace(/^[A-Z]{6}\+/, '');
const codePoints = (text: string) => [...text].map((c) => c.codePointAt(0)!);

function fontDictionaries(page: mupdf.PDFPage): mupdf.PDFObject[] {
  const fonts = page.getObject().getInheritable('Resources').get('Font');
  const out: mupdf.PDFObject[] = [];
  if (fonts.isDictionary()) fonts.forEach((value) => out.push(value));
  return out;
}

/** code → width in thousandths of an em, from /Widths (simple) or /W and /DW (CID). */
function widthTable(dict: mupdf.PDFObject): (code: number) => number | undefined {
  const widths = dict.get('Widths');
  if (widths.isArray()) {
    const first = dig(dict, 'FirstChar').isNumber() ? dig(dict, 'FirstChar').asNumber() : 0;
    const missing = dig(dict, 'FontDescriptor', 'MissingWidth');
    return (code) => {
      const w = widths.get(code - first);
      return w.isNumber() ? w.asNumber() : missing.isNumber() ? missing.asNumber() : undefined;
    };
  }
  const descendant = dig(dict, 'DescendantFonts', 0);
  if (!descendant.isDictionary()) return () => undefined;
  const dw = descendant.get('DW').isNumber() ? descendant.get('DW').asNumber() : 1000;
  const table = new Map<number, number>();
  const w = descendant.get('W');
  for (let i = 0; w.isArray() && i < w.length; ) {
    const first = w.get(i).asNumber();
    const next = w.get(i + 1);
    if (next.isArray()) {
      for (let k = 0; k < next.length; k++) table.set(first + k, next.get(k).asNumber());
      i += 2;
    } else {
      for (let c = first; c <= next.asNumber(); c++) table.set(c, w.get(i + 2).asNumber());
      i += 3;
    }
  }
  return (code) => table.get(code) ?? dw;
}

/** unicode → code for a simple font, or undefined when the encoding cannot be trusted for it. */
function simpleEncoder(dict: mupdf.PDFObject, subset: boolean, usedChars: Set<string>): (ch: string) => number | undefined {
  const toUnicode = dict.get('ToUnicode');
  const reverse = toUnicode.isStream() ? parseToUnicode(toUnicode.readStream().asString()) : undefined;
  const allowed = (ch: string) => !subset || usedChars.has(ch);
  if (reverse && subset) return (ch) => (allowed(ch) ? reverse.get(ch) : undefined);
  const encoding = dict.get('Encoding');
  const baseName = encoding.isName()
    ? encoding.asName()
    : dig(encoding, 'BaseEncoding').isName()
      ? dig(encoding, 'BaseEncoding').asName()
      : 'StandardEncoding';
  const differences = new Set<number>();
  const diffs = encoding.isDictionary() ? encoding.get('Differences') : undefined;
  for (let i = 0, code = 0; diffs?.isArray() && i < diffs.length; i++) {
    const item = diffs.get(i);
    if (item.isNumber()) code = item.asNumber();
    else differences.add(code++);
  }
  const base = baseName === 'WinAnsiEncoding' ? winAnsiCode : asciiCode;
  return (ch) => {
    if (!allowed(ch)) return undefined;
    const viaMap = reverse?.get(ch);
    if (viaMap !== undefined) return viaMap;
    const code = base(ch.codePointAt(0)!);
    return code !== undefined && !differences.has(code) ? code : undefined;
  };
}

function pageFont(dict: mupdf.PDFObject, ref: mupdf.PDFObject, face: mupdf.Font, usedChars: Set<string>): TypesetFont | null {
  const subtype = dict.get('Subtype').asName();
  const baseFont = dict.get('BaseFont').isName() ? dict.get('BaseFont').asName() : '';
  const subset = /^[A-Z]{6}\+/.test(baseFont);
  const widths = widthTable(dict);
  let encodeChar: (ch: string) => number | undefined;
  let bytesPerCode: 1 | 2;
  if (subtype === 'Type0') {
    const toUnicode = dict.get('ToUnicode');
    if (dict.get('Encoding').asName() !== 'Identity-H' || !toUnicode.isStream()) return null;
    const reverse = parseToUnicode(toUnicode.readStream().asString());
    encodeChar = (ch) => (!subset || usedChars.has(ch) ? reverse.get(ch) : undefined);
    bytesPerCode = 2;
  } else if (subtype === 'Type1' || subtype === 'TrueType' || subtype === 'MMType1') {
    if (/Symbol|Dingbats/i.test(baseFont)) return null;
    encodeChar = simpleEncoder(dict, subset, usedChars);
    bytesPerCode = 1;
  } else {
    return null;
  }
  const codesOf = (text: string) => [...text].map(encodeChar);
  return {
    ref,
    name: stripSubset(baseFont) || face.getName(),
    substitute: false,
    encode(text) {
      const codes = codesOf(text);
      if (codes.some((c) => c === undefined)) return null;
      return packCodes(codes as number[], bytesPerCode);
    },
    width(text, size) {
      let total = 0;
      for (const ch of text) {
        const w = widths(encodeChar(ch) ?? -1);
        total += w !== undefined ? w / 1000 : face.advanceGlyph(face.encodeCharacter(ch));
      }
      return total * size;
    },
  };
}

function packCodes(codes: number[], bytesPerCode: 1 | 2): Uint8Array {
  const out = new Uint8Array(codes.length * bytesPerCode);
  codes.forEach((code, i) => {
    if (bytesPerCode === 1) out[i] = code;
    else [out[2 * i], out[2 * i + 1]] = [code >> 8, code & 0xff];
  });
  return out;
}

/** The names a font dictionary goes by: mupdf may report the descendant's (`NimbusSans-Bold` for Helvetica-Bold). */
function namesOf(dict: mupdf.PDFObject): string[] {
  const candidates = [dig(dict, 'BaseFont'), dig(dict, 'DescendantFonts', 0, 'BaseFont'), dig(dict, 'FontDescriptor', 'FontName')];
  return candidates.filter((name) => name.isName()).map((name) => stripSubset(name.asName()));
}

/** The page's font resource that the characters were printed in, if it can print `text`. */
export function reusablePageFont(page: mupdf.PDFPage, face: mupdf.Font, text: string, usedChars: Set<string>): TypesetFont | null {
  const wanted = stripSubset(face.getName());
  for (const ref of fontDictionaries(page)) {
    const dict = ref.resolve();
    if (!namesOf(dict).includes(wanted)) continue;
    const font = pageFont(dict, ref, face, usedChars);
    if (font && font.encode(text)) return font;
  }
  return null;
}

/** Base-14 family and style closest to the original face (by name first, then mupdf's flags). */
export function substituteName(face: mupdf.Font): string {
  const name = stripSubset(face.getName());
  const bold = /bold|black|heavy|semibold|demi/i.test(name) || face.isBold();
  const italic = /italic|oblique/i.test(name) || face.isItalic();
  if (/courier|mono|consol/i.test(name) || face.isMono()) {
    return `Courier${bold || italic ? '-' : ''}${bold ? 'Bold' : ''}${italic ? 'Oblique' : ''}`;
  }
  if (
    /times|serif|roman|georgia|garamond|cambria/i.test(name.replace(/sans/i, '')) ||
    (face.isSerif() && !/sans|arial|helvet/i.test(name))
  ) {
    return bold && italic ? 'Times-BoldItalic' : bold ? 'Times-Bold' : italic ? 'Times-Italic' : 'Times-Roman';
  }
  return `Helvetica${bold || italic ? '-' : ''}${bold ? 'Bold' : ''}${italic ? 'Oblique' : ''}`;
}

/** Embeds (once per document, via `cache`) a substitute as an Identity-H font whose codes are glyph ids. */
export function substituteFont(doc: mupdf.PDFDocument, face: mupdf.Font, cache: Map<string, TypesetFont>): TypesetFont {
  const name = substituteName(face);
  const cached = cache.get(name);
  if (cached) return cached;
  const font = new mupdf.Font(name);
  const ref = doc.addFont(font);
  const glyphs = (text: string) => codePoints(text).map((cp) => font.encodeCharacter(cp));
  const made: TypesetFont = {
    ref,
    name,
    substitute: true,
    encode: (text) => packCodes(glyphs(text), 2),
    width: (text, size) => glyphs(text).reduce((sum, gid) => sum + font.advanceGlyph(gid), 0) * size,
    lacks: (text) => [...text].filter((ch) => !/\s/.test(ch) && font.encodeCharacter(ch.codePointAt(0)!) === 0),
  };
  cache.set(name, made);
  return made;
}
