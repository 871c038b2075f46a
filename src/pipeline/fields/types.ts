import type { BBox } from '../model/types.ts';

/**
 * Key-value pairs and typed values read from the document model (issue 7), before any schema: what a page states
 * as "label: value", with both boxes, and each value parsed to a type.
 */

export type ValueKind = 'amount' | 'date' | 'percent' | 'quantity' | 'identifier' | 'email' | 'phone' | 'url' | 'boolean' | 'text';

export interface TypedValue {
  kind: ValueKind;
  /** The text as printed (whitespace collapsed). */
  raw: string;
  /** amount/percent/quantity: number; date: ISO 8601 `YYYY-MM-DD`; boolean: true/false (checkboxes); else the cleaned text. */
  value: string | number | boolean;
  /** Amounts: ISO 4217 code when the text shows a symbol or code ("$" → USD unless the context says otherwise). */
  currency?: string;
  /** Quantities: the unit as printed ("kg", "hrs", "pcs"). */
  unit?: string;
}

export type KeyValueLayout = 'inline' | 'below' | 'column' | 'checkbox' | 'form_box';

export interface KeyValuePair {
  /** Deterministic per page: `p<page>_kv<n>` in reading order. */
  id: string;
  pageIndex: number;
  /** The label as printed, without its trailing colon. */
  label: string;
  /** Lower-case label, punctuation and colons stripped, whitespace collapsed: what matching compares. */
  labelKey: string;
  labelBox: BBox;
  valueBox: BBox;
  /** Union of both boxes. */
  bbox: BBox;
  /** The value as printed; multi-line values (addresses) joined with '\n'. */
  valueText: string;
  value: TypedValue;
  layout: KeyValueLayout;
  /** Ids of the lines the pair was read from (`p<page>_l<n>`), label first. */
  lineIds: string[];
  /** The layout block holding the value, when one does. */
  blockId?: string;
  /** 0..1: how sure the pairing is (inline "Label: value" high, label-above-value lower). */
  confidence: number;
}
