import * as mupdf from 'mupdf';
import type { ModelPage } from '../../src/pipeline/model/types.ts';
import { findTables, type DetectionPolicy, type TableModel } from '../../src/pipeline/tables/mod.ts';
import { documentPages } from '../../src/pipeline/textlayer/mod.ts';

/** What the table detection suites share: a generated PDF's first page as the model reads it, and its tables. */

export function firstPage(bytes: Uint8Array): ModelPage {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    return [...documentPages(doc, 0, 1, { graphics: true })][0];
  } finally {
    doc.destroy();
  }
}

export const detect = (bytes: Uint8Array, policy: DetectionPolicy): TableModel[] =>
  findTables(firstPage(bytes), { policy, source: 'detector' });

/** The table's text rows (empty cells left out), top to bottom. */
export function textRowsOf(t: TableModel): string[][] {
  const rows: string[][] = [];
  for (const c of [...t.cells].sort((a, b) => a.row - b.row || a.col - b.col)) if (c.text) (rows[c.row] ??= []).push(c.text);
  return rows.filter(Boolean);
}

export const policies: DetectionPolicy[] = ['strict', 'liberal'];
