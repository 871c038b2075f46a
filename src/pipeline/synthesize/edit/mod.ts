/**
 * Editing values in an existing PDF: find the printed text, redact exactly its area (images and line art kept),
 * and set the replacement at the same baseline in the same font and size. Saved incrementally when the file
 * allows it, so every object the edit does not touch stays byte-identical.
 */
import * as mupdf from 'mupdf';
import type { AppliedEdit, EditChange } from '../types.ts';
import { selectMatches, type TextMatch } from './find.ts';
import { reusablePageFont, substituteFont, type TypesetFont } from './fonts.ts';
import { readPageLines, textOfPages, type PageLine } from './stext.ts';
import { appendText, type Placement } from './typeset.ts';
import { innerRect, invert, runGeometry, textMatrix, type Matrix } from './run-geometry.ts';

export { textOfPages };

export interface EditResult {
  bytes: Uint8Array;
  applied: AppliedEdit[];
  missing: EditChange[];
  /** Things a reviewer should know (new text wider than the old, glyphs the substitute font lacks). */
  warnings: string[];
}

/** Page-image pixels per PDF point, as everywhere in the API. */
const PIXELS_PER_POINT = 2;

/** Numbers keep their right edge (right-aligned columns); other text keeps its left edge. */
const looksNumeric = (s: string) => /^[\p{Sc}\s]*[-+(]?[\p{Sc}]?\s*\d[\d.,'\s]*[)%]?\s*[\p{Sc}A-Z]{0,3}$/u.test(s.trim());

/** What one editPdf call shares across pages: the document, substitute fonts embedded so far, warnings. */
interface EditContext {
  doc: mupdf.PDFDocument;
  fonts: Map<string, TypesetFont>;
  warnings: string[];
}

interface PlannedEdit {
  change: EditChange;
  match: TextMatch;
}

function usedCharsOf(lines: PageLine[], face: mupdf.Font): Set<string> {
  const used = new Set<string>();
  for (const line of lines) for (const ch of line.chars) if (ch.font.getName() === face.getName()) used.add(ch.c);
  return used;
}

function chooseFont(page: mupdf.PDFPage, lines: PageLine[], edit: PlannedEdit, context: EditContext): TypesetFont {
  const face = edit.match.chars[0].font;
  const font = reusablePageFont(page, face, edit.change.to, usedCharsOf(lines, face)) ?? substituteFont(context.doc, face, context.fonts);
  const lacking = font.lacks?.(edit.change.to) ?? [];
  if (lacking.length > 0) context.warnings.push(`${font.name} has no glyph for ${lacking.join(' ')} in "${edit.change.to}"`);
  return font;
}

function placeEdit(page: mupdf.PDFPage, font: TypesetFont, edit: PlannedEdit, warnings: string[]): Placement {
  const { match, change } = edit;
  const first = match.chars[0];
  const size = first.size;
  const run = runGeometry(match.chars, match.line.dir);
  const width = font.width(change.to, size);
  const keepEnd = looksNumeric(change.from);
  const oldLength = Math.hypot(run.end[0] - run.start[0], run.end[1] - run.start[1]);
  if (width > oldLength + 0.25 * size) {
    warnings.push(
      `"${change.to}" is ${(width - oldLength).toFixed(1)} pt wider than "${match.chars.map((c) => c.c).join('')}" and may touch the text ${keepEnd ? 'before' : 'after'} it`,
    );
  }
  const matrix = textMatrix(run, invert(page.getTransform() as Matrix), width, keepEnd);
  const grey = first.color[0] ?? 0;
  const rgb: [number, number, number] = first.color.length >= 3 ? [first.color[0], first.color[1], first.color[2]] : [grey, grey, grey];
  return { font, bytes: font.encode(change.to)!, size, matrix, color: rgb };
}

function appliedOf(edit: PlannedEdit, font: TypesetFont): AppliedEdit {
  const s = PIXELS_PER_POINT;
  const [x0, y0, x1, y1] = edit.match.box;
  const round = (v: number) => Math.round(v * s * 100) / 100;
  return {
    page_index: edit.match.pageIndex,
    bbox: [round(x0), round(y0), round(x1), round(y1)],
    before: edit.match.chars.map((c) => c.c).join(''),
    after: edit.change.to,
    font: font.substitute ? `${font.name} (embedded substitute)` : font.name,
    size: Math.round(edit.match.chars[0].size * 100) / 100,
  };
}

function editPage(page: mupdf.PDFPage, lines: PageLine[], edits: PlannedEdit[], context: EditContext): AppliedEdit[] {
  // Fonts are chosen before redacting: the redaction may drop a font from the resources once nothing uses it.
  const fonts = edits.map((edit) => chooseFont(page, lines, edit, context));
  const hadAnnots = !page.getObject().get('Annots').isNull();
  for (const edit of edits) {
    const annot = page.createAnnotation('Redact');
    annot.setRect(innerRect(runGeometry(edit.match.chars, edit.match.line.dir), edit.match.chars, edit.match.chars[0].size));
  }
  page.applyRedactions(false, mupdf.PDFPage.REDACT_IMAGE_NONE, mupdf.PDFPage.REDACT_LINE_ART_NONE, mupdf.PDFPage.REDACT_TEXT_REMOVE);
  // The redaction annotations are gone again; do not leave the empty /Annots array they created behind.
  const annots = page.getObject().get('Annots');
  if (!hadAnnots && annots.isArray() && annots.length === 0) page.getObject().delete('Annots');
  appendText(
    context.doc,
    page,
    edits.map((edit, i) => placeEdit(page, fonts[i], edit, context.warnings)),
  );
  return edits.map((edit, i) => appliedOf(edit, fonts[i]));
}

export interface EditOptions {
  /**
   * Append the changes as an incremental update (default): every original byte stays as it was, but the file's
   * earlier revision, old values included, remains inside it. false rewrites the file without the objects the
   * edit left unused (object numbers kept), so the old values are gone from the bytes.
   */
  incremental?: boolean;
}

/** Changes the named values; what could not be found is returned in `missing` and leaves the file as it was. */
export function editPdf(bytes: Uint8Array, changes: EditChange[], options: EditOptions = {}): EditResult {
  const doc = new mupdf.PDFDocument(bytes);
  try {
    // Asked before any change: mupdf answers for the file as loaded.
    const incremental = (options.incremental ?? true) && doc.canBeSavedIncrementally() && !doc.wasRepaired();
    const pageLines = new Map<number, PageLine[]>();
    const pages = new Map<number, mupdf.PDFPage>();
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      pages.set(i, page);
      pageLines.set(i, readPageLines(page));
    }
    const missing: EditChange[] = [];
    const byPage = new Map<number, PlannedEdit[]>();
    for (const change of changes) {
      const matches = selectMatches(change, pageLines);
      if (matches.length === 0) missing.push(change);
      for (const match of matches) {
        const list = byPage.get(match.pageIndex) ?? [];
        list.push({ change, match });
        byPage.set(match.pageIndex, list);
      }
    }
    if (byPage.size === 0) return { bytes, applied: [], missing, warnings: [] };
    const applied: AppliedEdit[] = [];
    const context: EditContext = { doc, fonts: new Map(), warnings: [] };
    for (const [index, edits] of [...byPage].sort((a, b) => a[0] - b[0])) {
      applied.push(...editPage(pages.get(index)!, pageLines.get(index)!, edits, context));
    }
    return {
      bytes: doc
        .saveToBuffer(incremental ? 'incremental' : 'garbage=1')
        .asUint8Array()
        .slice(),
      applied,
      missing,
      warnings: context.warnings,
    };
  } finally {
    doc.destroy();
  }
}
