import * as mupdf from 'mupdf';

/**
 * A small drawing surface over mupdf's PDF writer: pages are lists of content-stream operators in PDF points
 * (origin top-left here, flipped when written), text set in embedded Helvetica (Nimbus Sans, written by mupdf as a
 * Type0/Identity-H font with its CFF program and a ToUnicode map, so the text is selectable and extracts as
 * Unicode). Text is encoded as glyph ids of the same font object that measures it, so widths on the page and in
 * layout agree.
 */

export type FontKey = 'regular' | 'bold';
export type Rgb = [number, number, number];

const FONT_NAMES: Record<FontKey, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
const RESOURCE: Record<FontKey, string> = { regular: 'F1', bold: 'F2' };

/** Fonts are immutable: one per process, shared by every document. */
const fonts = new Map<FontKey, mupdf.Font>();
function fontOf(key: FontKey): mupdf.Font {
  let font = fonts.get(key);
  if (!font) {
    font = new mupdf.Font(FONT_NAMES[key]);
    fonts.set(key, font);
  }
  return font;
}

/** Characters the font lacks, set as their nearest printable form (narrow no-break space in French numbers). */
const SUBSTITUTES: Record<string, string> = { '\u202f': '\u00a0', '\u2009': ' ', '\u2212': '-', '\u2007': ' ' };

const glyphCache = new Map<string, number>();
function glyphOf(font: FontKey, ch: string): number {
  const key = font + ch;
  let gid = glyphCache.get(key);
  if (gid === undefined) {
    const f = fontOf(font);
    gid = f.encodeCharacter(ch);
    if (gid === 0 && SUBSTITUTES[ch]) gid = f.encodeCharacter(SUBSTITUTES[ch]);
    if (gid === 0) gid = f.encodeCharacter('?');
    glyphCache.set(key, gid);
  }
  return gid;
}

const advanceCache = new Map<string, number>();
/** Width of a text in points at a size. */
export function textWidth(text: string, size: number, font: FontKey = 'regular'): number {
  let em = 0;
  for (const ch of text) {
    const key = font + ch;
    let adv = advanceCache.get(key);
    if (adv === undefined) {
      adv = fontOf(font).advanceGlyph(glyphOf(font, ch), 0);
      advanceCache.set(key, adv);
    }
    em += adv;
  }
  return em * size;
}

/** Greedy word wrap to a width in points; a word longer than the width is cut. */
export function wrapText(text: string, width: number, size: number, font: FontKey = 'regular'): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (textWidth(next, size, font) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (textWidth(line, size, font) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && textWidth(line.slice(0, cut), size, font) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** Text longer than the width, shortened with an ellipsis (single-line cells such as SKUs). */
export function fitText(text: string, width: number, size: number, font: FontKey = 'regular'): string {
  if (textWidth(text, size, font) <= width) return text;
  let s = text;
  while (s.length > 1 && textWidth(`${s}…`, size, font) > width) s = s.slice(0, -1);
  return `${s}…`;
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();
const rgb = (c: Rgb) => c.map((v) => num(v)).join(' ');

export interface TextOptions {
  size: number;
  font?: FontKey;
  color?: Rgb;
  align?: 'left' | 'right' | 'center';
}

/** One page's operators; y grows downward from the top edge. */
export class PageCanvas {
  readonly ops: string[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  text(x: number, y: number, text: string, o: TextOptions): void {
    if (!text) return;
    const font = o.font ?? 'regular';
    const w = textWidth(text, o.size, font);
    const left = o.align === 'right' ? x - w : o.align === 'center' ? x - w / 2 : x;
    const hex = [...text].map((ch) => glyphOf(font, ch).toString(16).padStart(4, '0')).join('');
    const color = o.color ? `${rgb(o.color)} rg ` : '0 0 0 rg ';
    this.ops.push(`BT ${color}/${RESOURCE[font]} ${num(o.size)} Tf ${num(left)} ${num(this.height - y)} Td <${hex}> Tj ET`);
  }

  rect(x: number, y: number, w: number, h: number, fill: Rgb): void {
    this.ops.push(`${rgb(fill)} rg ${num(x)} ${num(this.height - y - h)} ${num(w)} ${num(h)} re f`);
  }

  strokeRect(x: number, y: number, w: number, h: number, color: Rgb, width = 0.5): void {
    this.ops.push(`${rgb(color)} RG ${num(width)} w ${num(x)} ${num(this.height - y - h)} ${num(w)} ${num(h)} re S`);
  }

  line(x1: number, y1: number, x2: number, y2: number, color: Rgb, width = 0.5): void {
    this.ops.push(`${rgb(color)} RG ${num(width)} w ${num(x1)} ${num(this.height - y1)} m ${num(x2)} ${num(this.height - y2)} l S`);
  }

  /** A closed filled polygon (logo marks). */
  polygon(points: [number, number][], fill: Rgb): void {
    const [first, ...rest] = points;
    const path = [`${num(first[0])} ${num(this.height - first[1])} m`, ...rest.map(([x, y]) => `${num(x)} ${num(this.height - y)} l`)];
    this.ops.push(`${rgb(fill)} rg ${path.join(' ')} h f`);
  }

  /** A filled circle from four Bézier arcs. */
  circle(cx: number, cy: number, r: number, fill: Rgb): void {
    const k = 0.5523 * r;
    const y = this.height - cy;
    this.ops.push(
      `${rgb(fill)} rg ${num(cx + r)} ${num(y)} m ` +
        `${num(cx + r)} ${num(y + k)} ${num(cx + k)} ${num(y + r)} ${num(cx)} ${num(y + r)} c ` +
        `${num(cx - k)} ${num(y + r)} ${num(cx - r)} ${num(y + k)} ${num(cx - r)} ${num(y)} c ` +
        `${num(cx - r)} ${num(y - k)} ${num(cx - k)} ${num(y - r)} ${num(cx)} ${num(y - r)} c ` +
        `${num(cx + k)} ${num(y - r)} ${num(cx + r)} ${num(y - k)} ${num(cx + r)} ${num(y)} c f`,
    );
  }
}

/** Writes pages into one PDF with both fonts embedded; no dates or random ids, so equal pages give equal bytes. */
export function writePdf(pages: PageCanvas[], title: string): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fontObjects = { F1: doc.addFont(fontOf('regular')), F2: doc.addFont(fontOf('bold')) };
    for (const page of pages) {
      const resources = doc.addObject({ Font: fontObjects });
      doc.insertPage(-1, doc.addPage([0, 0, page.width, page.height], 0, resources, page.ops.join('\n')));
    }
    doc.setMetaData('info:Title', title);
    doc.setMetaData('info:Producer', 'document-intelligence synthesize');
    doc.subsetFonts();
    // Copy out of WASM memory at once: the view is detached when mupdf's heap grows.
    return doc.saveToBuffer('compress,garbage=compact').asUint8Array().slice();
  } finally {
    doc.destroy();
  }
}
