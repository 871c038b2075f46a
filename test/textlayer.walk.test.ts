/**
 * The direct structured-text reader (mupdf's WebAssembly exports, exposed by mupdf-hook.ts through the vitest
 * setup) against mupdf's public walker: the same characters, fonts, boxes and image blocks. And the pool worker's
 * recent document: ranges read from a kept-open document equal ranges read from a fresh one, and a different
 * document is never served from the kept one.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { analyzePageRange } from '../src/pipeline/analysis/pool-analyze.ts';
import { openPdf } from '../src/pipeline/document/inspect-pdf.ts';
import { RecentDocument } from '../src/pipeline/document/recent-document.ts';
import { readFragments, STEXT_WITH_IMAGES, type Fragment } from '../src/pipeline/textlayer/chars.ts';
import { pixelSpace } from '../src/pipeline/textlayer/pixel-space.ts';
import { stextWalkIsDirect, type StextWalkMode } from '../src/pipeline/textlayer/stext-walk.ts';
import { twoColumnPdf } from './helpers/layout-pdfs.ts';
import { makeTextLayerPdf } from './helpers/textlayer-pdfs.ts';

const EVAL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/eval');
const EVAL_FILES = ['pdf-docling/right_to_left_01.pdf', 'pdf-docling/2305.03393v1-pg9.pdf', 'pdf-docling/picture_classification.pdf']
  .map((f) => path.join(EVAL_DIR, f))
  .filter((f) => existsSync(f));
if (!EVAL_FILES.length) console.warn(`[textlayer.walk] ${EVAL_DIR} not found: comparing on generated PDFs only`);

interface Read {
  fragments: Fragment[];
  images: number[][];
}

function readAll(bytes: Uint8Array, mode: StextWalkMode): Read[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    const out: Read[] = [];
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      const stext = page.toStructuredText(STEXT_WITH_IMAGES);
      const images: number[][] = [];
      out.push({
        fragments: readFragments(stext, pixelSpace(page.getBounds()), null, (b, w, h) => images.push([...b, w, h]), mode),
        images,
      });
      stext.destroy();
      page.destroy();
    }
    return out;
  } finally {
    doc.destroy();
  }
}

describe('direct structured-text reader', () => {
  it('is the one in use in this process', () => {
    expect(stextWalkIsDirect()).toBe(true);
  });

  it("reads the same characters, fonts, boxes and images as mupdf's public walker", () => {
    const files = [makeTextLayerPdf().bytes, ...EVAL_FILES.map((f) => new Uint8Array(readFileSync(f)))];
    let chars = 0;
    for (const bytes of files) {
      const direct = readAll(bytes, 'auto');
      const reference = readAll(bytes, 'public');
      expect(direct).toEqual(reference);
      chars += direct.reduce((n, p) => n + p.fragments.reduce((m, f) => m + f.chars.length, 0), 0);
    }
    expect(chars).toBeGreaterThan(500);
  });
});

describe('recent document of a pool worker', () => {
  const pdf = makeTextLayerPdf().bytes;
  const other = new Uint8Array(twoColumnPdf());
  const otherPages = mupdf.Document.openDocument(other, 'application/pdf').countPages();

  it('reads ranges of a kept-open document exactly as from a fresh one', () => {
    const fresh = analyzePageRange(pdf, { from: 0, to: 9, profile: 'grounded' });
    const kept = [
      ...analyzePageRange(pdf, { from: 0, to: 4, profile: 'grounded', docKey: 'doc-a' }),
      ...analyzePageRange(pdf, { from: 4, to: 9, profile: 'grounded', docKey: 'doc-a' }),
    ];
    expect(kept).toEqual(fresh);
  });

  it('opens the document again for another key and closes it when idle', async () => {
    const recent = new RecentDocument(20);
    const opened: mupdf.Document[] = [];
    const count = (key: string, bytes: Uint8Array) => recent.use(key, bytes, (doc) => (opened.push(doc), doc.countPages()));
    expect(count('a', pdf)).toBe(9);
    expect(count('a', pdf)).toBe(9);
    expect(opened[0]).toBe(opened[1]);
    expect(count('b', other)).toBe(otherPages);
    expect(opened[2]).not.toBe(opened[0]);
    await new Promise((r) => setTimeout(r, 60));
    expect(count('b', other)).toBe(otherPages);
    expect(opened[3]).not.toBe(opened[2]); // closed after idling, opened again
  });

  it("reads a kept document from the caller's bytes, not from a copy in mupdf", () => {
    const textOf = (doc: mupdf.Document) => {
      try {
        return Array.from({ length: doc.countPages() }, (_, i) => doc.loadPage(i).toStructuredText('').asText()).join('\f');
      } catch {
        return null; // mupdf may give up on a zeroed file
      }
    };
    const copied = openPdf(pdf);
    const bytes = new Uint8Array(pdf);
    const inPlace = openPdf(bytes, true);
    const text = textOf(copied);
    expect(text?.length).toBeGreaterThan(100);
    // With the file read where it lies, mupdf sees a change to those bytes; a copy would not.
    bytes.fill(0);
    expect(textOf(copied)).toBe(text);
    expect(textOf(inPlace)).not.toBe(text);
  });

  it('drops the kept document when reading it fails', () => {
    const recent = new RecentDocument();
    const docs: mupdf.Document[] = [];
    expect(() =>
      recent.use('a', pdf, (doc) => {
        docs.push(doc);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    recent.use('a', pdf, (doc) => docs.push(doc));
    expect(docs[1]).not.toBe(docs[0]);
    recent.close();
  });
});
