import * as mupdf from 'mupdf';
import { openPdf, pixelBox, release } from '../document/mod.ts';
import {
  colorHex,
  matrixExpansion,
  pixelMatrix,
  pixelSpace,
  type PixelSpace,
  PX_PER_PT,
  readFragments,
  STEXT_OPTIONS,
} from '../textlayer/mod.ts';
import { DrawingPathCollector } from './paths.ts';
import type { Glyph, PageDrawing } from './types.ts';

/**
 * A PDF page's glyphs and full vector geometry (PageDrawing), for the equation, chart and diagram stages. One
 * display list is replayed twice: through a device that keeps every path, and into structured text for the
 * glyphs. Glyphs nobody can see (render mode 3, zero alpha) are left out: an OCR layer over a scan is not math.
 */
const MAX_GLYPHS = 100_000;

export function drawPage(doc: mupdf.Document, pageIndex: number): PageDrawing {
  const page = doc.loadPage(pageIndex);
  let list: mupdf.DisplayList | undefined;
  let stext: mupdf.StructuredText | undefined;
  try {
    const bounds = page.getBounds();
    const { width, height } = pixelBox(bounds, PX_PER_PT);
    const space = pixelSpace(bounds);
    list = page.toDisplayList(true);
    const paths = collectPaths(list, space);
    stext = list.toStructuredText(STEXT_OPTIONS);
    const glyphs = readGlyphs(stext, space);
    return {
      page_index: pageIndex,
      width,
      height,
      glyphs: glyphs.slice(0, MAX_GLYPHS),
      paths: paths.paths,
      truncated: paths.truncated || glyphs.length > MAX_GLYPHS,
    };
  } finally {
    release(stext, list, page);
  }
}

/** Pages of a PDF's bytes; a page mupdf cannot read comes back empty (the rest still draws). */
export function drawPdfPages(bytes: Uint8Array, pageIndexes: readonly number[]): PageDrawing[] {
  const doc = openPdf(bytes);
  try {
    return pageIndexes.map((i) => drawPageSafely(doc, i));
  } finally {
    release(doc);
  }
}

export function drawPageSafely(doc: mupdf.Document, pageIndex: number): PageDrawing {
  try {
    return drawPage(doc, pageIndex);
  } catch {
    return { page_index: pageIndex, width: 0, height: 0, glyphs: [], paths: [], truncated: true };
  }
}

function collectPaths(list: mupdf.DisplayList, space: PixelSpace): DrawingPathCollector {
  const collector = new DrawingPathCollector();
  const hiddenText = { count: 0 };
  const device = new mupdf.Device({
    fillPath(path, _evenOdd, ctm, colorspace, color, alpha) {
      try {
        if (alpha > 0.01) collector.add(path, ctm, { fill: colorHex(colorspace, color) ?? '#000000', lineWidth: 0 });
      } finally {
        path.destroy();
        colorspace.destroy();
      }
    },
    strokePath(path, stroke, ctm, colorspace, color, alpha) {
      try {
        const lineWidth = Math.max(stroke.getLineWidth() * matrixExpansion(ctm), 0);
        if (alpha > 0.01) collector.add(path, ctm, { stroke: colorHex(colorspace, color) ?? '#000000', lineWidth });
      } finally {
        path.destroy();
        stroke.destroy();
        colorspace.destroy();
      }
    },
    ignoreText(text) {
      hiddenText.count++;
      text.destroy();
    },
  });
  try {
    list.run(device, pixelMatrix(space) as mupdf.Matrix);
    device.close();
  } finally {
    device.destroy();
  }
  return collector;
}

function readGlyphs(stext: mupdf.StructuredText, space: PixelSpace): Glyph[] {
  const glyphs: Glyph[] = [];
  for (const fragment of readFragments(stext, space, null)) {
    for (const ch of fragment.chars) {
      if (ch.space) continue;
      glyphs.push({
        c: ch.text,
        bbox: ch.box,
        x: ch.ox,
        y: ch.oy,
        size: ch.size,
        font: ch.face.name,
        italic: ch.face.italic,
        bold: ch.face.bold,
        seq: ch.seq,
      });
    }
  }
  return glyphs;
}
