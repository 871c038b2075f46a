import * as mupdf from 'mupdf';

/**
 * The born-digital text layer of a PDF, read with mupdf structured text: blocks of lines with boxes in the
 * page-image coordinate space (144 dpi: 2 px per PDF point). Pages whose text cannot be read are reported
 * with `error` and no blocks rather than failing the document (pdf.js style: degrade, log what was skipped).
 */
export const PDF_SCALE = 2;

export interface TextLine {
  text: string;
  bbox: [number, number, number, number];
  fontName: string;
  fontSize: number;
  bold: boolean;
  italic: boolean;
}

export interface TextBlock {
  bbox: [number, number, number, number];
  lines: TextLine[];
}

export interface TextLayerPage {
  page_index: number;
  width: number;
  height: number;
  blocks: TextBlock[];
  error?: string;
}

interface StextBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface StextLine {
  bbox: StextBox;
  text: string;
  font: { name: string; size: number; weight: string; style: string };
}

interface StextBlock {
  type: string;
  bbox: StextBox;
  lines?: StextLine[];
}

function toPixels(box: StextBox): [number, number, number, number] {
  return [
    Math.floor(box.x * PDF_SCALE),
    Math.floor(box.y * PDF_SCALE),
    Math.ceil((box.x + box.w) * PDF_SCALE),
    Math.ceil((box.y + box.h) * PDF_SCALE),
  ];
}

function readPage(doc: mupdf.Document, index: number): TextLayerPage {
  const page = doc.loadPage(index);
  const [x0, y0, x1, y1] = page.getBounds();
  const base = { page_index: index, width: Math.round((x1 - x0) * PDF_SCALE), height: Math.round((y1 - y0) * PDF_SCALE) };
  try {
    const json = JSON.parse(page.toStructuredText('preserve-whitespace').asJSON()) as { blocks: StextBlock[] };
    const blocks = json.blocks.filter((b) => b.type === 'text' && b.lines?.length).map((b) => ({
      bbox: toPixels(b.bbox),
      lines: (b.lines ?? []).filter((l) => l.text.trim() !== '').map((l) => ({
        text: l.text.replace(/\s+$/u, ''),
        bbox: toPixels(l.bbox),
        fontName: l.font.name,
        fontSize: l.font.size,
        bold: l.font.weight === 'bold',
        italic: l.font.style === 'italic',
      })),
    })).filter((b) => b.lines.length > 0);
    return { ...base, blocks };
  } catch (err) {
    return { ...base, blocks: [], error: `text layer unreadable: ${String((err as Error).message).split('\n')[0]}` };
  } finally {
    page.destroy();
  }
}

/** Text layer of every page of a PDF. Runs in a worker thread (mupdf is CPU-bound). */
export function extractPdfTextLayer(bytes: Uint8Array): TextLayerPage[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    const pages: TextLayerPage[] = [];
    const count = doc.countPages();
    for (let i = 0; i < count; i++) pages.push(readPage(doc, i));
    return pages;
  } finally {
    doc.destroy();
  }
}
