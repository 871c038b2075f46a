import * as mupdf from 'mupdf';

/**
 * Real PDFs for the text-layer tests, drawn with content-stream operators so every expected box is known in PDF
 * points (page-image pixels are points × 2, y measured from the top).
 */
const LETTER: mupdf.Rect = [0, 0, 612, 792];
const A4: mupdf.Rect = [0, 0, 595.28, 841.89];

const helvetica = new mupdf.Font('Helvetica');

/** Width of `text` in Helvetica at `size` points. */
export function helveticaWidth(text: string, size: number): number {
  let w = 0;
  for (const c of text) w += helvetica.advanceGlyph(helvetica.encodeCharacter(c.codePointAt(0) as number)) * size;
  return w;
}

/** Two justified columns (word spacing stretched so each line fills its column), one text object per row. */
export const COLUMN = { left: 72, width: 220, gutter: 14, size: 10, top: 700, leading: 12 };
export const LEFT_LINES = [
  'alpha apples arrive at the annual autumn fair',
  'alpha anglers admire amber afternoon light',
  'alpha artists arrange airy abstract art',
  'alpha authors argue about ancient atlases',
];
export const RIGHT_LINES = [
  'omega owls observe old oak orchards',
  'omega oarsmen overtake other open ocean boats',
  'omega orators offer odd optimistic opinions',
  'omega opticians order oval onyx ornaments',
];

function justified(text: string, width: number, size: number): string {
  const spaces = text.split(' ').length - 1;
  const tw = spaces > 0 ? (width - helveticaWidth(text, size)) / spaces : 0;
  return `${tw.toFixed(3)} Tw (${text}) Tj`;
}

function twoColumns(): string {
  const { left, width, gutter, size, top, leading } = COLUMN;
  return LEFT_LINES.map(
    (l, i) =>
      `BT /F1 ${size} Tf ${left} ${top - i * leading} Td ${justified(l, width, size)} ${width + gutter} 0 Td ${justified(RIGHT_LINES[i], width, size)} ET`,
  ).join('\n');
}

/** Glyph ids of `text` in an Identity-H font made by addFont (CID = glyph id). */
function glyphHex(font: mupdf.Font, text: string): string {
  return `<${[...text]
    .map((c) =>
      font
        .encodeCharacter(c.codePointAt(0) as number)
        .toString(16)
        .padStart(4, '0'),
    )
    .join('')}>`;
}

function layoutPage(times: mupdf.Font): string {
  return [
    'BT /F2 18 Tf 72 740 Td (Quarterly Report) Tj ET',
    twoColumns(),
    // superscript (6 pt raised 4 pt) and subscript (6 pt lowered 2 pt)
    'BT /F1 10 Tf 72 600 Td (E = mc) Tj /F1 6 Tf 4 Ts (2) Tj /F1 10 Tf 0 Ts ( holds) Tj ET',
    'BT /F1 10 Tf 72 585 Td (Water is H) Tj /F1 6 Tf -2 Ts (2) Tj /F1 10 Tf 0 Ts (O here) Tj ET',
    // a word broken across lines with a hyphen
    'BT /F1 10 Tf 72 565 Td (The budget was approved after a long discus-) Tj 0 -12 Td (sion with the board.) Tj ET',
    // ligature glyphs (fi, fl, ff) in an embedded font
    `BT /F5 12 Tf 72 530 Td ${glyphHex(times, 'The \ufb01rst of\ufb02ine e\ufb00ort')} Tj ET`,
    // rotated text: reading upward (270° clockwise in the image) and downward (90°)
    'BT /F1 12 Tf 0 1 -1 0 560 300 Tm (Rotated upward) Tj ET',
    'BT /F1 12 Tf 0 -1 1 0 590 420 Tm (Rotated downward) Tj ET',
    // rules and boxes
    '0.5 w 72 480 m 540 480 l S',
    '1 w 300 300 m 300 400 l S',
    '72 470 468 1 re f',
    '2 w 72 320 150 80 re S',
    '1 0 0 rg 380 320 100 50 re f 0 g',
    '0 0 1 RG 1 w 72 200 m 120 260 170 140 220 200 c S 0 G',
    // a grid drawn as one path of three horizontal lines
    '0.5 w 300 200 m 500 200 l 300 220 m 500 220 l 300 240 m 500 240 l S',
  ].join('\n');
}

/** Cells whose texts nearly touch: a drawn cell border between them must still separate them. */
function ruledTablePage(): string {
  const size = 10;
  const first = 74 + helveticaWidth('Revenue', size);
  return [
    `BT /F1 ${size} Tf 74 700 Td (Revenue) Tj ET`,
    `0.5 w ${first + 2} 690 m ${first + 2} 715 l S`,
    `BT /F1 ${size} Tf ${first + 4} 700 Td (1,250.00) Tj ET`,
    // the same spacing with no border: one line
    `BT /F1 ${size} Tf 74 650 Td (Revenue) Tj ET`,
    `BT /F1 ${size} Tf ${first + 4} 650 Td (1,250.00) Tj ET`,
    // an area painted with a tiling pattern: one fill, whatever the pattern cells draw
    'q /Pattern cs /P1 scn 300 100 100 50 re f Q',
  ].join('\n');
}

export interface TextLayerPdf {
  bytes: Buffer;
  /** Page numbers (0-based) by what they hold. */
  pages: { layout: 0; ruledTable: 1; rotated: 2; scanWithOcrLayer: 3; hiddenText: 4; garbage: 5; scanOnly: 6; blank: 7; scrambled: 8 };
}

function scanImage(doc: mupdf.PDFDocument): mupdf.PDFObject {
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, 100, 130], false);
  pixmap.clear(200);
  const image = new mupdf.Image(pixmap);
  const ref = doc.addImage(image);
  image.destroy();
  pixmap.destroy();
  return ref;
}

/** A font with a /Differences encoding of glyph names no Unicode table knows, and no ToUnicode map. */
function garbageFont(doc: mupdf.PDFDocument): mupdf.PDFObject {
  const differences: (number | mupdf.PDFObject)[] = [33];
  for (let i = 0; i < 60; i++) differences.push(doc.newName(`glyph${i}x`));
  return doc.addObject({
    Type: doc.newName('Font'),
    Subtype: doc.newName('Type1'),
    BaseFont: doc.newName('Helvetica'),
    Encoding: { Type: doc.newName('Encoding'), Differences: differences },
  });
}

export function makeTextLayerPdf(): TextLayerPdf {
  const doc = new mupdf.PDFDocument();
  const times = new mupdf.Font('Times-Roman');
  const fonts = {
    F1: doc.addSimpleFont(helvetica),
    F2: doc.addSimpleFont(new mupdf.Font('Helvetica-Bold')),
    F5: doc.addFont(times),
    F6: garbageFont(doc),
  };
  const scan = scanImage(doc);
  const checks = doc.addStream('0 0 1 rg 0 0 5 5 re f', {
    Type: doc.newName('Pattern'),
    PatternType: 1,
    PaintType: 1,
    TilingType: 1,
    BBox: [0, 0, 10, 10],
    XStep: 10,
    YStep: 10,
    Resources: {},
  });
  const resources = () => doc.addObject({ Font: fonts, XObject: { Im0: scan }, Pattern: { P1: checks } });
  const add = (box: mupdf.Rect, rotate: mupdf.Rotate, content: string) =>
    doc.insertPage(-1, doc.addPage(box, rotate, resources(), content));
  add(LETTER, 0, layoutPage(times));
  add(LETTER, 0, ruledTablePage());
  add(A4, 90, 'BT /F2 24 Tf 100 500 Td (ROTATED) Tj ET');
  add(LETTER, 0, 'q 612 0 0 792 0 0 cm /Im0 Do Q BT 3 Tr /F1 12 Tf 72 700 Td (Scanned invoice number 42) Tj ET');
  add(LETTER, 0, 'BT /F2 14 Tf 72 700 Td (Visible heading) Tj ET BT 3 Tr /F1 12 Tf 72 300 Td (Hidden instructions for robots) Tj ET');
  add(LETTER, 0, 'BT /F6 12 Tf 72 700 Td (ABCDEF GHIJ KLMNOP QRSTUV WXYZ) Tj ET');
  add(LETTER, 0, 'q 612 0 0 792 0 0 cm /Im0 Do Q');
  add(LETTER, 0, '');
  // What a font in a private encoding reads as: letters, but words no language has (no vowels).
  add(LETTER, 0, 'BT /F1 12 Tf 72 700 Td (Tbkl cntnts prvdd hrwth sbjct chngs wtht ntcs xcpt whrs rqrd bq lwsz) Tj ET');
  const bytes = Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  doc.destroy();
  return {
    bytes,
    pages: { layout: 0, ruledTable: 1, rotated: 2, scanWithOcrLayer: 3, hiddenText: 4, garbage: 5, scanOnly: 6, blank: 7, scrambled: 8 },
  };
}

/** Three text pages whose page-tree entry for the second one is broken (null): that page cannot be loaded. */
export function makePdfWithBrokenPage(): Buffer {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(helvetica);
  for (let i = 0; i < 3; i++) {
    doc.insertPage(-1, doc.addPage(LETTER, 0, doc.addObject({ Font: { F1: font } }), `BT /F1 12 Tf 72 700 Td (Good page ${i + 1}) Tj ET`));
  }
  doc
    .getTrailer()
    .get('Root')
    .get('Pages')
    .get('Kids')
    .put(1, null as unknown as mupdf.PDFObject);
  const bytes = Buffer.from(doc.saveToBuffer('').asUint8Array());
  doc.destroy();
  return bytes;
}

/** Renders a page as the page-image endpoint does (2 px per point, /Rotate applied) and finds its ink. */
export function renderInkBox(
  bytes: Uint8Array,
  pageIndex: number,
): { width: number; height: number; ink: [number, number, number, number] | null } {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  const page = doc.loadPage(pageIndex);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, false, true);
  try {
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const stride = pixmap.getStride();
    const n = pixmap.getNumberOfComponents();
    const px = pixmap.getPixels();
    let ink: [number, number, number, number] | null = null;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const o = y * stride + x * n;
        if (px[o] + px[o + 1] + px[o + 2] < 384) {
          ink = ink ? [Math.min(ink[0], x), Math.min(ink[1], y), Math.max(ink[2], x + 1), Math.max(ink[3], y + 1)] : [x, y, x + 1, y + 1];
        }
      }
    }
    return { width, height, ink };
  } finally {
    pixmap.destroy();
    page.destroy();
    doc.destroy();
  }
}
