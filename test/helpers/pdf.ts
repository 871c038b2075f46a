import * as mupdf from 'mupdf';

/**
 * The one builder of born-digital test PDFs: content streams drawn with mupdf at test time, in the standard
 * simple fonts (WinAnsi encoding). Every suite's document helpers write their text through `pdfText`/`textRun`
 * and assemble pages here, so string escaping and page assembly are defined once.
 */

/** US Letter in PDF points; page images at 144 dpi are 1224 x 1584. */
const LETTER: [number, number] = [612, 792];
export const A4: [number, number] = [595, 842];

/** WinAnsi codes of the characters it places in 0x80–0x9F (from 0xA0 on it is Latin-1). */
const WIN_ANSI: Readonly<Record<string, number>> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

const octal = (code: number) => `\\${code.toString(8).padStart(3, '0')}`;

/**
 * The body of a PDF literal string for a simple (WinAnsi) font: `\`, `(` and `)` escaped, and every character
 * WinAnsi has above ASCII (€, •, –, °, ä, Ø, …) as an octal escape of its code. Other characters pass unchanged.
 */
export function pdfText(text: string): string {
  return text
    .replace(/[\\()]/g, (c) => `\\${c}`)
    .replace(/[^\x00-\x7f]/g, (c) => {
      const winAnsi = WIN_ANSI[c];
      if (winAnsi !== undefined) return octal(winAnsi);
      const code = c.charCodeAt(0);
      return code >= 0xa0 && code <= 0xff ? octal(code) : c;
    });
}

/** Fonts a page's text may select: /F1 regular, /F2 bold. */
export type FontFamily = 'helvetica' | 'times';
export const FAMILY_FONTS: Record<FontFamily, [string, string]> = {
  helvetica: ['Helvetica', 'Helvetica-Bold'],
  times: ['Times-Roman', 'Times-Bold'],
};

/** One line of text at (x, y) in PDF points: /F1 (regular) or, when `bold`, /F2. */
export function textRun(x: number, y: number, text: string, size = 10, bold = false): string {
  return `BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x} ${y} Td (${pdfText(text)}) Tj ET`;
}

export interface PdfPage {
  /** The content stream; /F1 and /F2 are the family's regular and bold fonts. */
  stream: string;
  /** Width and height in points (default US Letter). */
  size?: [number, number];
  family?: FontFamily;
  /** More fonts by resource name (beside /F1 and /F2), made with this builder's `doc`. */
  extraFonts?: Record<string, mupdf.PDFObject>;
}

/** Pages drawn into one document, one font pair per family used, resources shared by every page. */
export class PdfBuilder {
  readonly doc = new mupdf.PDFDocument();
  private readonly fonts = new Map<FontFamily, Record<'F1' | 'F2', mupdf.PDFObject>>();

  private fontsOf(family: FontFamily): Record<'F1' | 'F2', mupdf.PDFObject> {
    let fonts = this.fonts.get(family);
    if (!fonts) {
      const [regular, bold] = FAMILY_FONTS[family];
      fonts = { F1: this.doc.addSimpleFont(new mupdf.Font(regular)), F2: this.doc.addSimpleFont(new mupdf.Font(bold)) };
      this.fonts.set(family, fonts);
    }
    return fonts;
  }

  /** Appends a page and returns it (for callers that add annotations or other objects to it). */
  page({ stream, size = LETTER, family = 'helvetica', extraFonts = {} }: PdfPage): mupdf.PDFObject {
    const resources = this.doc.addObject({ Font: { ...this.fontsOf(family), ...extraFonts } });
    const page = this.doc.addPage([0, 0, size[0], size[1]], 0, resources, stream);
    this.doc.insertPage(-1, page);
    return page;
  }

  /** The saved file (compressed streams); the document is destroyed. */
  bytes(): Buffer {
    // Copy out of WASM memory at once: the view is detached when mupdf's heap grows.
    const out = Buffer.from(this.doc.saveToBuffer('compress').asUint8Array());
    this.doc.destroy();
    return out;
  }
}

/**
 * A Helvetica font whose one-byte codes 0x41, 0x42, … stand for the characters of `chars` in turn (a /ToUnicode
 * map): the text layer reads those characters (Hebrew, Arabic, …) though Latin glyphs are drawn. `encode` gives
 * the string to show for a text made of those characters.
 */
export function mappedFont(doc: mupdf.PDFDocument, chars: string): { font: mupdf.PDFObject; encode: (text: string) => string } {
  const list = [...chars];
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  font.put('ToUnicode', doc.addStream(toUnicodeCMap(list.map((ch, i) => [0x41 + i, ch])), {}));
  const encode = (text: string) => [...text].map((ch) => (ch === ' ' ? ' ' : String.fromCharCode(0x41 + list.indexOf(ch)))).join('');
  return { font, encode };
}

/** A /ToUnicode CMap for a one-byte font: each code reads as its character. */
export function toUnicodeCMap(codes: readonly (readonly [number, string])[]): string {
  const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
  const pairs = codes.map(([code, ch]) => `<${hex(code, 2)}> <${hex(ch.codePointAt(0)!, 4)}>`);
  return [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    `${pairs.length} beginbfchar ${pairs.join(' ')} endbfchar`,
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
}

/** A PDF with one page per entry: a content stream (US Letter, Helvetica) or a page spec. */
export function pdfOf(pages: (string | PdfPage)[]): Buffer {
  const builder = new PdfBuilder();
  for (const page of pages) builder.page(typeof page === 'string' ? { stream: page } : page);
  return builder.bytes();
}

/** US Letter pages from raw content streams (fonts /F1 Helvetica, /F2 Helvetica-Bold), one page per stream. */
export function helveticaPdf(streams: string[]): Buffer {
  return pdfOf(streams);
}
