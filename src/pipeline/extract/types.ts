import type { BBox, DocumentModel } from '../model/types.ts';
import type { KeyValuePair } from '../fields/mod.ts';
import type { TableModel } from '../tables/mod.ts';

/**
 * Extraction against a schema (issue 7): the schema in its V2 form, what the extractor reads (the document model
 * with its key-values and tables), the candidates that concept finders propose, and the result with grounding and
 * self-checks.
 */

export type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'date';

export interface SchemaField {
  key: string;
  description: string;
  type: FieldType;
  array: boolean;
}

export interface SchemaTable {
  key: string;
  description: string;
  fields: SchemaField[];
}

/** The contract's SchemaV2Payload, defaults filled in. */
export interface SchemaV2 {
  doc_class: string;
  fields: SchemaField[];
  tables: SchemaTable[];
}

/** The document as the extractor sees it: built once per extraction. */
export interface ExtractDocument {
  model: DocumentModel;
  /** Every page's key-value pairs, in page then reading order. */
  keyValues: KeyValuePair[];
  /** Every page's tables with cell structure (multi-page tables are separate TableModels, page order). */
  tables: TableModel[];
  /** The document's class from classification (invoice, receipt, nda_contract, ...). */
  docClass: string;
}

export type GroundingSource = 'key_value' | 'table_cell' | 'text' | 'llm';

/** One proposed value for a field, with where it was read. */
export interface Candidate {
  /** Already typed for the field (number for number/integer, boolean, ISO date string for dates, else string). */
  value: string | number | boolean;
  /** The text it was read from, as printed. */
  text: string;
  pageIndex: number;
  bbox: BBox;
  /** Layout block ids (regions) holding the value; table values also name the table id. */
  regionIds: string[];
  /** 0..1 before self-checks. */
  confidence: number;
  source: GroundingSource;
}

/**
 * A finder for one business concept (invoice_number, total, effective_date, party, ...). Concepts are matched to
 * schema fields by key and description (lexicon.ts); a finder proposes candidates, best first.
 */
export interface ConceptFinder {
  concept: string;
  find(doc: ExtractDocument, field: SchemaField): Candidate[];
  /**
   * The finder reads every way the document states the concept (contract prose): when it finds nothing, only a
   * closely matching key-value pair may fill the field, not the words after the field's name in running text.
   */
  exhaustive?: boolean;
  /**
   * Whether a value read generically (a key-value pair, the words after the field's name) can be the concept at
   * all: an issuer is a name, not "encapsulated their company data in the image below:".
   */
  accepts?(value: string): boolean;
}

/** Where a value of the result was read; `_grounding` maps field paths ("total", "line_items[2].amount") to these. */
export interface FieldGrounding {
  page_index: number;
  bbox: [number, number, number, number];
  region_ids: string[];
  /** Table values in `cell` mode: the cell's box (same as bbox) and its table id. */
  table_id?: string;
  confidence: number;
  source: GroundingSource;
}

export interface ValidationCheck {
  /** e.g. line_amount, lines_sum_subtotal, subtotal_tax_total, tax_rate, date_sanity. */
  check: string;
  ok: boolean;
  message: string;
  /** Result paths involved ("line_items[1].amount", "subtotal"). */
  paths: string[];
  expected?: number | string;
  found?: number | string;
}

export interface ExtractOutput {
  /** The schema's shape: each field's typed value or null (arrays: []), each table an array of row objects. */
  result: Record<string, unknown>;
  grounding: Record<string, FieldGrounding | FieldGrounding[]>;
  validation: ValidationCheck[];
}
