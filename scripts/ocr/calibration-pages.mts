import * as mupdf from 'mupdf';
import type { RgbImage } from '../../src/inference/ocr/types.ts';

/**
 * Synthetic pages of text for calibrating the OCR models' quantization: lines of varied base-14 fonts, sizes,
 * ink and paper tones, with words, numbers, dates, prices and punctuation, rendered by mupdf at several
 * resolutions. Deterministic (seeded), and deliberately not drawn from any evaluation set.
 */
const FONTS = ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Times-Roman', 'Times-Bold', 'Times-Italic', 'Courier', 'Courier-Bold'];
const WORDS = (
  'the of and to in for is on that by this with you it not or be are from at as your all have new more an was we will ' +
  'home can us about if page my has search free but our one other do no information time they site he up may what which ' +
  'their news out use any there see only so his when contact here business who web also now help get view online first ' +
  'been would how were me services some these click its like service than find price date back top people had list name ' +
  'just over state year day into email two health world next used go work last most products music buy data make them ' +
  'should product system post her city add policy number such please available copyright support message after best ' +
  'software then jan good video well where info rights public books high school through each links she review years order ' +
  'very privacy book items company read group need many user said does set under general research university january mail ' +
  'full map reviews program life know games way days management part could great united hotel real item international ' +
  'center ebay must store travel comments made development report off member details line terms before hotels did send'
).split(' ');
const PUNCT = [',', '.', ':', ';', '-', '/', '(', ')', '#', '%', '&', '*', '+', '=', '@', '$', '!', '?'];

/** mulberry32: a small seeded generator, so the calibration set is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function token(rand: () => number): string {
  const pick = <T,>(list: T[]) => list[Math.floor(rand() * list.length)];
  const r = rand();
  if (r < 0.55) {
    const w = pick(WORDS);
    const c = rand();
    return c < 0.2 ? w.toUpperCase() : c < 0.4 ? w[0].toUpperCase() + w.slice(1) : w;
  }
  if (r < 0.7) return (rand() * 999).toFixed(2);
  if (r < 0.78) return `${1 + Math.floor(rand() * 28)}/${1 + Math.floor(rand() * 12)}/20${10 + Math.floor(rand() * 20)}`;
  if (r < 0.88) return String(Math.floor(rand() * 10 ** (1 + Math.floor(rand() * 8))));
  if (r < 0.94) return pick(PUNCT);
  return `${pick(WORDS).toUpperCase()}${pick(PUNCT)}${Math.floor(rand() * 100)}`;
}

function line(rand: () => number): string {
  const count = 1 + Math.floor(rand() * 7);
  return Array.from({ length: count }, () => token(rand)).join(' ');
}

const escapePdf = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

export interface CalibrationPage {
  image: RgbImage;
  lines: string[];
}

/** `count` pages, each in one font and size, rendered at 1.5 to 3 pixels per point. */
export function calibrationPages(count: number, seed = 1): CalibrationPage[] {
  const rand = random(seed);
  const pages: CalibrationPage[] = [];
  for (let p = 0; p < count; p++) {
    const font = FONTS[p % FONTS.length];
    const size = [8, 10, 12, 15, 20][Math.floor(rand() * 5)];
    const scale = 1.5 + rand() * 1.5;
    const ink = (rand() * 0.35).toFixed(2);
    const paper = (0.8 + rand() * 0.2).toFixed(2);
    const width = 420;
    const leading = size * 1.6;
    const lines = Array.from({ length: 10 }, () => line(rand));
    const height = Math.ceil(leading * (lines.length + 2));
    const text = lines.map(
      (l, i) => `BT /F1 ${size} Tf ${20 + Math.floor(rand() * 60)} ${height - leading * (i + 1.5)} Td (${escapePdf(l)}) Tj ET`,
    );
    const content = `${paper} g 0 0 ${width} ${height} re f ${ink} g\n${text.join('\n')}`;
    pages.push({ image: render(font, width, height, content, scale), lines });
  }
  return pages;
}

function render(fontName: string, width: number, height: number, content: string, scale: number): RgbImage {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font(fontName));
  doc.insertPage(-1, doc.addPage([0, 0, width, height], 0, doc.addObject({ Font: { F1: font } }), content));
  const page = doc.loadPage(0);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
  try {
    const w = pixmap.getWidth();
    const h = pixmap.getHeight();
    const stride = pixmap.getStride();
    const pixels = pixmap.getPixels();
    const data = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++) data.set(pixels.subarray(y * stride, y * stride + w * 3), y * w * 3);
    return { width: w, height: h, data };
  } finally {
    pixmap.destroy();
    page.destroy();
    doc.destroy();
  }
}
