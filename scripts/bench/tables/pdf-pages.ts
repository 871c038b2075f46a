import { readFileSync } from 'node:fs';
import * as mupdf from 'mupdf';

/** Page heights (points) and plain texts of a PDF, read with mupdf: facts the ground truth and tabula's output need. */
export interface PdfPages {
  heights: number[];
  texts: string[];
}

export function readPdfPages(file: string): PdfPages {
  const doc = mupdf.Document.openDocument(readFileSync(file), 'application/pdf');
  const heights: number[] = [];
  const texts: string[] = [];
  for (let i = 0; i < doc.countPages(); i++) {
    const page = doc.loadPage(i);
    const [, y0, , y1] = page.getBounds();
    heights.push(y1 - y0);
    texts.push(page.toStructuredText('').asText());
  }
  return { heights, texts };
}
