import * as mupdf from 'mupdf';
import sharp from 'sharp';
import type { Line, ModelPage } from '../../src/pipeline/model/types.ts';
import { pdfOf, pdfText } from './pdf.ts';

/**
 * Documents for the diagram suite, drawn at test time: a flowchart as a born-digital PDF (raw content streams:
 * `re S` boxes, a 4-point diamond, Bézier ellipses, `m l S` connectors, filled `m l l h f` arrowheads, Helvetica
 * labels) and as a PNG rendered from SVG; an engineering drawing with a title block and dimensions; a ruled table;
 * a photo-like image with a caption. Geometry is in PDF points with y growing downwards (converted per format).
 */

type Pt = [number, number];

export type NodeShape = 'terminal' | 'box' | 'decision';
interface NodeSpec {
  label: string;
  shape: NodeShape;
  cx: number;
  cy: number;
  hw: number;
  hh: number;
}
interface EdgeSpec {
  points: Pt[];
  label?: string;
  labelAt?: Pt;
}

/** Start → Read input → Valid? →(Yes) Process → End, and Valid? →(No) back to Read input. */
export const FLOW = {
  title: 'Input Handling Flow',
  nodes: [
    { label: 'Start', shape: 'terminal', cx: 306, cy: 120, hw: 60, hh: 20 },
    { label: 'Read input', shape: 'box', cx: 306, cy: 200, hw: 60, hh: 20 },
    { label: 'Valid?', shape: 'decision', cx: 306, cy: 290, hw: 60, hh: 38 },
    { label: 'Process', shape: 'box', cx: 306, cy: 380, hw: 60, hh: 20 },
    { label: 'End', shape: 'terminal', cx: 306, cy: 460, hw: 60, hh: 20 },
  ] as NodeSpec[],
  edges: [
    {
      points: [
        [306, 140],
        [306, 180],
      ],
    },
    {
      points: [
        [306, 220],
        [306, 252],
      ],
    },
    {
      points: [
        [306, 328],
        [306, 360],
      ],
      label: 'Yes',
      labelAt: [314, 348],
    },
    {
      points: [
        [306, 400],
        [306, 440],
      ],
    },
    {
      points: [
        [366, 290],
        [430, 290],
        [430, 200],
        [366, 200],
      ],
      label: 'No',
      labelAt: [376, 284],
    },
  ] as EdgeSpec[],
  /** (from, to, edge label) as the finder must report them. */
  expectedEdges: [
    ['Start', 'Read input', ''],
    ['Read input', 'Valid?', ''],
    ['Valid?', 'Process', 'Yes'],
    ['Valid?', 'Read input', 'No'],
    ['Process', 'End', ''],
  ] as [string, string, string][],
};

const helvetica = new mupdf.Font('Helvetica');

/** Advance width of a Helvetica string in points. */
export function textWidth(text: string, size: number): number {
  let w = 0;
  for (const ch of text) w += helvetica.advanceGlyph(helvetica.encodeCharacter(ch.codePointAt(0)!), 0);
  return w * size;
}

const num = (n: number) => Number(n.toFixed(2));

/** Content-stream writer in y-down points for a page of height `h`. */
class Stream {
  readonly ops: string[] = [];
  constructor(private readonly h: number) {}
  private p([x, y]: Pt): string {
    return `${num(x)} ${num(this.h - y)}`;
  }
  text(x: number, baselineY: number, size: number, text: string, font = 'F1'): void {
    this.ops.push(`BT /${font} ${size} Tf ${this.p([x, baselineY])} Td (${pdfText(text)}) Tj ET`);
  }
  /** Text centred on (cx, cy). */
  centred(cx: number, cy: number, size: number, text: string, font = 'F1'): void {
    this.text(cx - textWidth(text, size) / 2, cy + size * 0.35, size, text, font);
  }
  rect(x: number, y: number, w: number, h: number): void {
    this.ops.push(`${num(x)} ${num(this.h - y - h)} ${num(w)} ${num(h)} re S`);
  }
  polyline(points: Pt[], close = false, paint = 'S'): void {
    const [first, ...rest] = points;
    this.ops.push(`${this.p(first)} m ${rest.map((q) => `${this.p(q)} l`).join(' ')}${close ? ' h' : ''} ${paint}`);
  }
  /** Ellipse from four Bézier quarter arcs. */
  ellipse(cx: number, cy: number, rx: number, ry: number, paint = 'S'): void {
    const k = 0.5523;
    const c = (a: Pt, b: Pt, e: Pt) => `${this.p(a)} ${this.p(b)} ${this.p(e)} c`;
    this.ops.push(
      [
        `${this.p([cx + rx, cy])} m`,
        c([cx + rx, cy + k * ry], [cx + k * rx, cy + ry], [cx, cy + ry]),
        c([cx - k * rx, cy + ry], [cx - rx, cy + k * ry], [cx - rx, cy]),
        c([cx - rx, cy - k * ry], [cx - k * rx, cy - ry], [cx, cy - ry]),
        c([cx + k * rx, cy - ry], [cx + rx, cy - k * ry], [cx + rx, cy]),
        `h ${paint}`,
      ].join(' '),
    );
  }
  /** A filled triangle arrowhead with its tip at the end of `from → tip`. */
  arrowhead(from: Pt, tip: Pt, length = 9, halfWidth = 4): void {
    const [, left, right] = arrowGeometry(from, tip, length, halfWidth);
    this.polyline([tip, left, right], true, 'f');
  }
  toString(): string {
    return this.ops.join('\n');
  }
}

function arrowGeometry(from: Pt, tip: Pt, length: number, halfWidth: number): [Pt, Pt, Pt] {
  const dx = tip[0] - from[0];
  const dy = tip[1] - from[1];
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const base: Pt = [tip[0] - ux * length, tip[1] - uy * length];
  return [base, [base[0] - uy * halfWidth, base[1] + ux * halfWidth], [base[0] + uy * halfWidth, base[1] - ux * halfWidth]];
}

/** `segmented`: connectors with elbows drawn as one `m l S` per segment, as many tools write them. */
function drawFlowchart(s: Stream, segmented: boolean): void {
  s.text(220, 70, 16, FLOW.title, 'F2');
  for (const n of FLOW.nodes) {
    if (n.shape === 'box') s.rect(n.cx - n.hw, n.cy - n.hh, n.hw * 2, n.hh * 2);
    else if (n.shape === 'terminal') s.ellipse(n.cx, n.cy, n.hw, n.hh);
    else
      s.polyline(
        [
          [n.cx, n.cy - n.hh],
          [n.cx + n.hw, n.cy],
          [n.cx, n.cy + n.hh],
          [n.cx - n.hw, n.cy],
        ],
        true,
      );
    s.centred(n.cx, n.cy, 11, n.label);
  }
  for (const e of FLOW.edges) {
    const tip = e.points[e.points.length - 1];
    const before = e.points[e.points.length - 2];
    const [base] = arrowGeometry(before, tip, 9, 4);
    const line = [...e.points.slice(0, -1), base];
    if (segmented) for (let i = 0; i + 1 < line.length; i++) s.polyline([line[i], line[i + 1]]);
    else s.polyline(line);
    s.arrowhead(before, tip);
    if (e.label && e.labelAt) s.text(e.labelAt[0], e.labelAt[1], 10, e.label);
  }
  s.text(200, 520, 10, 'Figure 1. How the service handles each input record.');
  s.text(72, 580, 10, 'As Figure 1 shows, invalid records are read again until they pass validation.');
}

/** One US Letter page with the flowchart, its title, a caption and a body sentence that cites it. */
export function flowchartPdf(segmented = false): Buffer {
  const s = new Stream(792);
  drawFlowchart(s, segmented);
  return pdfOf([s.toString()]);
}

/**
 * The same flowchart as SVG at `scale` px per point (text rendered by librsvg). `filled`: pale fills in the boxes
 * and ellipses, and a diamond that is only a fill with no outline.
 */
export function flowchartSvg(scale: number, filled = false): string {
  const parts: string[] = [];
  const p = (q: Pt) => `${num(q[0] * scale)},${num(q[1] * scale)}`;
  const line = `stroke="#000" stroke-width="${num(1.2 * scale)}"`;
  for (const n of FLOW.nodes) {
    const fill = !filled ? 'none' : n.shape === 'box' ? '#dbeafe' : n.shape === 'terminal' ? '#dcfce7' : '#fde68a';
    const stroke = filled && n.shape === 'decision' ? `fill="${fill}"` : `fill="${fill}" ${line}`;
    if (n.shape === 'box')
      parts.push(
        `<rect x="${(n.cx - n.hw) * scale}" y="${(n.cy - n.hh) * scale}" width="${n.hw * 2 * scale}" height="${n.hh * 2 * scale}" ${stroke}/>`,
      );
    else if (n.shape === 'terminal')
      parts.push(`<ellipse cx="${n.cx * scale}" cy="${n.cy * scale}" rx="${n.hw * scale}" ry="${n.hh * scale}" ${stroke}/>`);
    else
      parts.push(
        `<polygon points="${[
          [n.cx, n.cy - n.hh],
          [n.cx + n.hw, n.cy],
          [n.cx, n.cy + n.hh],
          [n.cx - n.hw, n.cy],
        ]
          .map((q) => p(q as Pt))
          .join(' ')}" ${stroke}/>`,
      );
  }
  for (const e of FLOW.edges) {
    const tip = e.points[e.points.length - 1];
    const before = e.points[e.points.length - 2];
    const [base, left, right] = arrowGeometry(before, tip, 9, 4);
    parts.push(`<polyline points="${[...e.points.slice(0, -1), base].map(p).join(' ')}" fill="none" ${line}/>`);
    parts.push(`<polygon points="${[tip, left, right].map(p).join(' ')}" fill="#000"/>`);
  }
  for (const t of svgTexts())
    parts.push(
      `<text x="${num(t.x * scale)}" y="${num(t.baseline * scale)}" font-family="Helvetica, Arial, sans-serif" font-size="${t.size * scale}">${t.text}</text>`,
    );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${612 * scale}" height="${600 * scale}"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`;
}

interface PlacedText {
  text: string;
  x: number;
  baseline: number;
  size: number;
}

function svgTexts(): PlacedText[] {
  const out: PlacedText[] = FLOW.nodes.map((n) => ({
    text: n.label,
    x: n.cx - textWidth(n.label, 11) / 2,
    baseline: n.cy + 11 * 0.35,
    size: 11,
  }));
  for (const e of FLOW.edges) if (e.label && e.labelAt) out.push({ text: e.label, x: e.labelAt[0], baseline: e.labelAt[1], size: 10 });
  return out;
}

/** The flowchart PNG and a page whose lines stand in for OCR: one `ocr` line per label at its known position. */
export async function flowchartImage(scale = 1.5, filled = false): Promise<{ png: Buffer; page: ModelPage }> {
  const png = await sharp(Buffer.from(flowchartSvg(scale, filled)))
    .png()
    .toBuffer();
  const lines: Line[] = svgTexts().map((t, i) => ocrLine(i, t, scale));
  const page: ModelPage = {
    page_index: 0,
    width: 612 * scale,
    height: 600 * scale,
    rotation: 0,
    lines,
    blocks: [],
    paths: [],
    images: [],
    textLayer: 'none',
    needsOcr: true,
  };
  return { png, page };
}

function ocrLine(i: number, t: PlacedText, scale: number): Line {
  const top = (t.baseline - t.size * 0.8) * scale;
  const bottom = (t.baseline + t.size * 0.25) * scale;
  const font = { name: 'ocr', size: t.size * scale, bold: false, italic: false, monospace: false };
  let x = t.x;
  const words = t.text.split(' ').map((w) => {
    const bbox: [number, number, number, number] = [x * scale, top, (x + textWidth(w, t.size)) * scale, bottom];
    x += textWidth(`${w} `, t.size);
    return { text: w, bbox, font, baseline: t.baseline * scale, source: 'ocr' as const, confidence: 0.95 };
  });
  const bbox: [number, number, number, number] = [t.x * scale, top, (t.x + textWidth(t.text, t.size)) * scale, bottom];
  return { id: `p0_l${i}`, text: t.text, bbox, words, font, dir: 'ltr', rotation: 0, source: 'ocr' };
}

/** What the title block and dimensions of `engineeringPdf` say. */
export const DRAWING = {
  fields: [
    ['TITLE', 'Mounting Bracket'],
    ['DRAWING NO', 'MB-1042'],
    ['SCALE', '1:2'],
    ['REV', 'B'],
    ['DATE', '2024-03-15'],
    ['DRAWN BY', 'J. Smith'],
    ['MATERIAL', 'AL 6061-T6'],
  ] as [string, string][],
  expectedInsights: [
    'Title: Mounting Bracket',
    'Drawing No: MB-1042',
    'Scale: 1:2',
    'Rev: B',
    'Date: 2024-03-15',
    'Drawn by: J. Smith',
    'Material: AL 6061-T6',
  ],
  dimensions: ['120', 'Ø25'],
  note: 'REMOVE ALL BURRS AND SHARP EDGES.',
};

/**
 * An A3 landscape sheet: a border, a part outline (rectangle with a hole), a horizontal dimension "120" with
 * arrowheads at both ends and extension lines, a diameter "Ø25" on a leader with an arrowhead, notes, and a title
 * block in the bottom-right corner with label cells on the left and value cells on the right.
 */
export function engineeringPdf(): Buffer {
  const W = 1191;
  const H = 842;
  const s = new Stream(H);
  s.ops.push('0.6 w');
  s.rect(20, 20, W - 40, H - 40);
  s.ops.push('1.4 w');
  s.rect(200, 200, 360, 180);
  s.ellipse(380, 290, 37.5, 37.5);
  s.ops.push('0.4 w');
  s.polyline([
    [200, 385],
    [200, 450],
  ]);
  s.polyline([
    [560, 385],
    [560, 450],
  ]);
  s.polyline([
    [210, 440],
    [550, 440],
  ]);
  s.arrowhead([300, 440], [200, 440]);
  s.arrowhead([460, 440], [560, 440]);
  s.text(370, 434, 12, '120');
  s.polyline([
    [500, 150],
    [440, 150],
    [406.5, 263.5],
  ]);
  s.arrowhead([440, 150], [406.5, 263.5]);
  s.text(505, 154, 12, 'Ø25');
  s.text(60, 620, 11, 'NOTES:');
  s.text(60, 638, 11, `1. ${DRAWING.note}`);
  s.text(60, 656, 11, '2. ALL DIMENSIONS IN MM.');
  drawTitleBlock(s, W - 20 - 360, H - 20 - DRAWING.fields.length * 22);
  return pdfOf([{ stream: s.toString(), size: [W, H] }]);
}

function drawTitleBlock(s: Stream, x: number, y: number): void {
  const rowH = 22;
  s.ops.push('0.8 w');
  s.rect(x, y, 360, rowH * DRAWING.fields.length);
  s.polyline([
    [x + 110, y],
    [x + 110, y + rowH * DRAWING.fields.length],
  ]);
  DRAWING.fields.forEach(([label, value], i) => {
    const top = y + i * rowH;
    if (i > 0)
      s.polyline([
        [x, top],
        [x + 360, top],
      ]);
    s.text(x + 6, top + 15, 8, label);
    s.text(x + 118, top + 16, 11, value);
  });
}

const TABLE = {
  rows: [
    ['Region', 'Q1', 'Q2'],
    ['North', '120', '135'],
    ['South', '98', '104'],
    ['East', '143', '150'],
  ],
  x0: 100,
  y0: 150,
  cw: 120,
  rh: 24,
};

function tableTexts(): PlacedText[] {
  const { rows, x0, y0, cw, rh } = TABLE;
  return rows.flatMap((row, r) => row.map((text, c) => ({ text, x: x0 + c * cw + 8, baseline: y0 + r * rh + 16, size: 10 })));
}

/** A ruled 4 × 3 table of numbers with a header row: boxes that are cells, not a diagram. */
export function ruledTablePdf(): Buffer {
  const s = new Stream(792);
  const { rows, x0, y0, cw, rh } = TABLE;
  for (let r = 0; r <= rows.length; r++)
    s.polyline([
      [x0, y0 + r * rh],
      [x0 + cw * 3, y0 + r * rh],
    ]);
  for (let c = 0; c <= 3; c++)
    s.polyline([
      [x0 + c * cw, y0],
      [x0 + c * cw, y0 + rh * rows.length],
    ]);
  for (const t of tableTexts()) s.text(t.x, t.baseline, t.size, t.text);
  s.text(100, 130, 10, 'Table 1. Sales by region.');
  return pdfOf([s.toString()]);
}

/** The same ruled table as a PNG (scale px per point) with OCR-like lines for its cells. */
export async function ruledTableImage(scale = 1.5): Promise<{ png: Buffer; page: ModelPage }> {
  const { rows, x0, y0, cw, rh } = TABLE;
  const parts: string[] = [];
  const line = (a: Pt, b: Pt) =>
    parts.push(
      `<line x1="${a[0] * scale}" y1="${a[1] * scale}" x2="${b[0] * scale}" y2="${b[1] * scale}" stroke="#000" stroke-width="${scale}"/>`,
    );
  for (let r = 0; r <= rows.length; r++) line([x0, y0 + r * rh], [x0 + cw * 3, y0 + r * rh]);
  for (let c = 0; c <= 3; c++) line([x0 + c * cw, y0], [x0 + c * cw, y0 + rh * rows.length]);
  const texts = tableTexts();
  for (const t of texts)
    parts.push(
      `<text x="${num(t.x * scale)}" y="${num(t.baseline * scale)}" font-family="Helvetica, Arial, sans-serif" font-size="${t.size * scale}">${t.text}</text>`,
    );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${612 * scale}" height="${400 * scale}"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const page: ModelPage = {
    page_index: 0,
    width: 612 * scale,
    height: 400 * scale,
    rotation: 0,
    lines: texts.map((t, i) => ocrLine(i, t, scale)),
    blocks: [],
    paths: [],
    images: [],
    textLayer: 'none',
    needsOcr: true,
  };
  return { png, page };
}

export const PHOTO = {
  caption: 'Figure 2. The river delta at dawn, seen from the northern levee.',
  reference: 'Figure 2 shows how the channels split before they reach the sea.',
};

/** A page with a placed raster image (a smooth gradient standing in for a photo), its caption, and body text. */
export function photoPdf(): Buffer {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 120, 80], false);
  const samples = pixmap.getPixels();
  for (let i = 0; i < samples.length; i += 3) {
    const px = (i / 3) % 120;
    const py = Math.floor(i / 3 / 120);
    samples[i] = 40 + px;
    samples[i + 1] = 90 + py;
    samples[i + 2] = 160;
  }
  const image = doc.addImage(new mupdf.Image(pixmap));
  const resources = doc.addObject({ Font: { F1: font }, XObject: { Im0: image } });
  const body = 'The survey team walked the levees for three weeks and mapped every channel of the delta.';
  const stream = [
    `BT /F1 10 Tf 72 720 Td (${pdfText(body)}) Tj ET`,
    `BT /F1 10 Tf 72 706 Td (${pdfText(PHOTO.reference)}) Tj ET`,
    'q 360 0 0 240 126 430 cm /Im0 Do Q',
    `BT /F1 10 Tf 126 412 Td (${pdfText(PHOTO.caption)}) Tj ET`,
  ].join('\n');
  doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, stream));
  const out = Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  doc.destroy();
  return out;
}
