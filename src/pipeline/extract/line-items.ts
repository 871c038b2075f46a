import { findDates, parseAmount } from '../fields/mod.ts';
import { union } from '../model/geometry.ts';
import type { BBox } from '../model/types.ts';
import type { TableCellModel, TableModel } from '../tables/mod.ts';
import { cellNumber, fieldRole, isNumericCell, isSummaryLabel } from './columns.ts';
import { recoverHeaderTables, withRecovered } from './table-recovery.ts';
import { bindByPosition, findHeaderSegment, gridOf, isNumericField, type Segment } from './table-binding.ts';
import type { ExtractDocument, FieldGrounding, SchemaField, SchemaTable } from './types.ts';

/**
 * Line-item tables (issue 7): pick the document's table whose header names the schema table's fields, append its
 * continuations on later pages (a repeated header, or a header-less table whose columns sit under the first
 * header), and read one typed row per item: subtotal/tax/total and empty rows skipped, wrapped descriptions kept
 * in one row, every value grounded to its cell.
 */

/** Thresholds of line items: continuation headers and item confidences (0..1). */
const LINE_ITEMS = {
  /** A later table continues the first when its header binds at least this many of the same fields... */
  minSharedFields: 2,
  /** ...and at least this share of them. */
  sharedFieldShare: 0.6,
  /** Confidence of an item from columns bound by their header. */
  viaHeader: 0.9,
  /** Confidence of an item from columns bound by position under an earlier header. */
  viaPosition: 0.85,
  /** Factor on the confidence per table mapping quality. */
  mappingQuality: { exact: 1, heuristic: 0.95, fallback: 0.8 },
} as const;

export interface TableExtraction {
  rows: Record<string, unknown>[];
  grounding: Record<string, FieldGrounding>[];
}

export function extractTable(doc: ExtractDocument, table: SchemaTable): TableExtraction {
  if (table.fields.length === 0) return { rows: [], grounding: [] };
  const segments = lineItemSegmentsOf(doc, table.fields);
  const out: TableExtraction = { rows: [], grounding: [] };
  for (const segment of segments) readSegment(segment, table.fields, out);
  return out;
}

/** The line-item segments of a document: from its detected tables, else from a table recovered under a printed header. */
export function lineItemSegmentsOf(doc: ExtractDocument, fields: SchemaField[]): Segment[] {
  const found = lineItemSegments(doc.tables, fields);
  if (found.length > 0) return found;
  const recovered = recoverHeaderTables(doc.model.pages, doc.tables, fields);
  return recovered.length > 0 ? lineItemSegments(withRecovered(doc.tables, recovered), fields) : [];
}

/** The best header-matched table and the tables that continue it, in document order. */
export function lineItemSegments(tables: readonly TableModel[], fields: SchemaField[]): Segment[] {
  let best: { index: number; segment: Segment } | null = null;
  tables.forEach((t, index) => {
    const segment = findHeaderSegment(gridOf(t), fields);
    if (segment && (!best || segment.score > best.segment.score + 1e-9)) best = { index, segment };
  });
  if (!best) return [];
  const { index, segment: first } = best as { index: number; segment: Segment };
  const segments = [first];
  let last = first;
  for (const t of tables.slice(index + 1)) {
    const next = continuation(t, first);
    if (next) {
      segments.push(next);
      last = next;
    } else if (t.pageIndex === last.grid.table.pageIndex && bodyRows(last) > 0) break; // the table ended on this page
  }
  return segments;
}

const bodyRows = (s: Segment): number => s.grid.rows - s.bodyStart;

/** A later table continues the first one when it repeats a compatible header, or has none and lines up under it. */
function continuation(t: TableModel, first: Segment): Segment | null {
  const grid = gridOf(t);
  const fields = first.bindings.map((b) => b.field);
  const header = findHeaderSegment(grid, fields);
  if (header) {
    const shared = header.bindings.filter((b) => fields.includes(b.field)).length;
    return shared >= Math.max(LINE_ITEMS.minSharedFields, Math.ceil(fields.length * LINE_ITEMS.sharedFieldShare)) && bodyRows(header) > 0
      ? header
      : null;
  }
  const sameShape = grid.cols === first.grid.cols;
  const byPosition = bindByPosition(grid, first.bindings, first.grid.cols);
  if (!byPosition || (!sameShape && byPosition.bindings.length < first.bindings.length)) return null;
  // Position alone is weak evidence: at least one body row must carry a number in a numeric column.
  const numeric = byPosition.bindings.filter((b) => isNumericField(b.field));
  if (
    numeric.length > 0 &&
    !numeric.some((b) => [...Array(grid.rows).keys()].some((r) => cellNumber(grid.at(r, b.col)?.text ?? '') !== null))
  )
    return null;
  return byPosition;
}

interface ReadCell {
  cell: TableCellModel;
  text: string;
}

function readSegment(segment: Segment, fields: SchemaField[], out: TableExtraction): void {
  const { grid } = segment;
  const numericKeys = new Set(segment.bindings.filter((b) => isNumericField(b.field)).map((b) => b.field.key));
  const describing = segment.bindings.find((b) => fieldRole(b.field) === 'description' || b.field.type === 'string');
  const confidence = confidenceOf(segment);
  for (let r = segment.bodyStart; r < grid.rows; r++) {
    const cells = new Map<string, ReadCell>();
    let spansAll = false;
    for (const b of segment.bindings) {
      const cell = grid.at(r, b.col);
      if (!cell || !cell.text) continue;
      if (cell.colspan >= grid.cols && grid.cols > 1) spansAll = true;
      if (cell.col !== b.col) continue; // a spanning cell belongs to its first column's field
      cells.set(b.field.key, { cell, text: cell.text.trim() });
    }
    if (spansAll || cells.size === 0) continue; // section headings and notes across the table; empty rows
    const hasNumbers = [...numericKeys].some((k) => cells.has(k) && numberInCell(cells.get(k)!.text) !== null);
    const described = describing ? (cells.get(describing.field.key)?.text ?? '') : '';
    const label = described || firstText(grid, r);
    // "Subtotal", "VAT 20%", "Total" rows close the table, wherever their label sits; real items with such words have a quantity or price.
    if (isSummaryLabel(label) && !hasQuantityOrPrice(cells, fields, label)) continue;
    if (numericKeys.size > 0 && !hasNumbers) {
      if (describing && cells.has(describing.field.key))
        appendDescription(out, describing.field.key, cells.get(describing.field.key)!, grid.table.pageIndex);
      continue;
    }
    emitRow(cells, fields, segment.grid.table, confidence, out);
  }
}

function firstText(grid: ReturnType<typeof gridOf>, row: number): string {
  for (let c = 0; c < grid.cols; c++) {
    const text = grid.at(row, c)?.text;
    if (text) return text;
  }
  return '';
}

function hasQuantityOrPrice(cells: Map<string, ReadCell>, fields: SchemaField[], label: string): boolean {
  return fields.some((f) => {
    const role = fieldRole(f);
    const text = cells.get(f.key)?.text;
    return (role === 'quantity' || role === 'unit_price') && !!text && text !== label && cellNumber(text) !== null;
  });
}

/** A row with text but no numbers continues the previous item's description (wrapped lines, page breaks). */
function appendDescription(out: TableExtraction, key: string, read: ReadCell, pageIndex: number): void {
  const row = out.rows[out.rows.length - 1];
  const grounding = out.grounding[out.grounding.length - 1];
  if (!row || typeof row[key] !== 'string') return;
  row[key] = `${row[key] as string} ${read.text}`;
  const g = grounding[key];
  // A description broken over a page keeps its first page's box: a box cannot span pages.
  if (g && g.page_index === pageIndex) g.bbox = toBox(union([g.bbox, read.cell.bbox]));
}

function emitRow(cells: Map<string, ReadCell>, fields: SchemaField[], table: TableModel, confidence: number, out: TableExtraction): void {
  const row: Record<string, unknown> = {};
  const grounding: Record<string, FieldGrounding> = {};
  for (const field of fields) {
    const read = cells.get(field.key);
    const value = read ? typed(read.text, field) : null;
    row[field.key] = field.array ? (value === null ? [] : [value]) : value;
    if (read && value !== null) {
      grounding[field.key] = {
        page_index: table.pageIndex,
        bbox: toBox(read.cell.bbox),
        region_ids: [table.id],
        table_id: table.id,
        confidence,
        source: 'table_cell',
      };
    }
  }
  out.rows.push(row);
  out.grounding.push(grounding);
}

/** Amounts as the fields module reads them; quantities with units ("1.00 kg") and percents by the cell reader. */
const numberInCell = (text: string): number | null => (isNumericCell(text) ? (parseAmount(text)?.value ?? cellNumber(text)) : null);

/** The cell's value as the field's type; null when the cell does not hold one. */
export function typed(text: string, field: SchemaField): string | number | boolean | null {
  switch (field.type) {
    case 'number':
      return numberInCell(text);
    case 'integer': {
      const n = numberInCell(text);
      return n !== null && Number.isInteger(n) ? n : null;
    }
    case 'boolean':
      if (/^(yes|y|true|x|✓|✔|☑|ja|oui|tak|si|sí)$/i.test(text)) return true;
      if (/^(no|n|false|nein|non|nie|nee)$/i.test(text)) return false;
      return null;
    case 'date':
      return findDates(text)[0]?.iso ?? null;
    default:
      return text || null;
  }
}

function confidenceOf(segment: Segment): number {
  const quality = LINE_ITEMS.mappingQuality[segment.grid.table.mappingQuality];
  return Math.round((segment.via === 'header' ? LINE_ITEMS.viaHeader : LINE_ITEMS.viaPosition) * quality * 100) / 100;
}

const toBox = (b: BBox): [number, number, number, number] => [b[0], b[1], b[2], b[3]];
