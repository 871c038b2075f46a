/**
 * LanceDB layout of the chunk index: table names per tenant, Arrow schemas and row <-> IndexUnit conversion.
 *
 * Per tenant there are up to three kinds of tables:
 * - `units__<tenant>`: every unit (text, geometry, engine_version) with the full-text (BM25) index on `text`;
 * - `vectors<dims>__<tenant>`: the units that have an embedding, same columns plus a FixedSizeList<Float32> vector.
 *   A separate table (instead of a nullable or zero vector in the units table) because LanceDB fixes a vector
 *   column's width at creation, while the width is only known from the first embedded batch and may change when a
 *   different embedding model is configured; units indexed BM25-only simply have no row here;
 * - `markers__<tenant>`: one row per indexed (doc_id, engine_version), written last, so its presence means complete.
 */
import { Field, FixedSizeList, Float32, Int32, Schema, Utf8 } from 'apache-arrow';
import type { IndexUnit, UnitKind } from './types.ts';

/**
 * Encodes a tenant id into table-name-safe characters, injectively: [A-Za-z0-9] kept, everything else (the
 * underscore too, so `_` can serve as the escape) as `_<hex code point>_`. LanceDB names allow [A-Za-z0-9_.-].
 */
export function tenantKey(tenant: string): string {
  let out = '';
  for (const char of tenant) {
    out += /[A-Za-z0-9]/.test(char) ? char : `_${char.codePointAt(0)!.toString(16)}_`;
  }
  return out.length > 0 ? out : '_';
}

export const unitsTableName = (tenant: string): string => `units__${tenantKey(tenant)}`;
export const markersTableName = (tenant: string): string => `markers__${tenantKey(tenant)}`;
export const vectorsTableName = (tenant: string, dims: number): string => `vectors${dims}__${tenantKey(tenant)}`;
/** Vector tables of one tenant, whatever their width. */
export const isVectorsTableOf = (name: string, tenant: string): boolean =>
  /^vectors\d+__/.test(name) && name.endsWith(`__${tenantKey(tenant)}`) && name.split('__').length === 2;

const unitFields = (): Field[] => [
  new Field('unit_id', new Utf8(), false),
  new Field('doc_id', new Utf8(), false),
  new Field('engine_version', new Utf8(), false),
  new Field('kind', new Utf8(), false),
  new Field('text', new Utf8(), false),
  new Field('page_index', new Int32(), false),
  /** JSON: string[] (only read back, never filtered on). */
  new Field('region_ids', new Utf8(), false),
  /** JSON: [x0, y0, x1, y1][]. */
  new Field('boxes', new Utf8(), false),
  new Field('page_width', new Float32(), false),
  new Field('page_height', new Float32(), false),
];

export const unitsSchema = (): Schema => new Schema(unitFields());

export const vectorsSchema = (dims: number): Schema =>
  new Schema([...unitFields(), new Field('vector', new FixedSizeList(dims, new Field('item', new Float32(), true)), false)]);

export const markersSchema = (): Schema =>
  new Schema([
    new Field('doc_id', new Utf8(), false),
    new Field('engine_version', new Utf8(), false),
    new Field('unit_count', new Int32(), false),
    /** 0 when indexed without vectors. */
    new Field('vector_dims', new Int32(), false),
    new Field('indexed_at', new Utf8(), false),
  ]);

export type UnitRow = Record<string, unknown>;

export function unitToRow(unit: IndexUnit, engineVersion: string): UnitRow {
  return {
    unit_id: unit.unit_id,
    doc_id: unit.doc_id,
    engine_version: engineVersion,
    kind: unit.kind,
    text: unit.text,
    page_index: unit.page_index,
    region_ids: JSON.stringify(unit.region_ids),
    boxes: JSON.stringify(unit.boxes),
    page_width: unit.page_width,
    page_height: unit.page_height,
  };
}

export function rowToUnit(row: UnitRow): IndexUnit {
  return {
    unit_id: String(row.unit_id),
    doc_id: String(row.doc_id),
    kind: String(row.kind) as UnitKind,
    text: String(row.text),
    page_index: Number(row.page_index),
    region_ids: JSON.parse(String(row.region_ids)) as string[],
    boxes: JSON.parse(String(row.boxes)) as [number, number, number, number][],
    page_width: Number(row.page_width),
    page_height: Number(row.page_height),
  };
}

/** The columns a search reads back (not the vector). */
export const UNIT_COLUMNS = ['unit_id', 'doc_id', 'kind', 'text', 'page_index', 'region_ids', 'boxes', 'page_width', 'page_height'];

/** SQL string literal for LanceDB (DataFusion) filters. */
export const sqlString = (value: string): string => `'${value.replaceAll("'", "''")}'`;

export const docFilter = (docIds: string[]): string => `doc_id IN (${docIds.map(sqlString).join(', ')})`;
