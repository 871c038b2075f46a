import type { ExtractOutput, FieldGrounding, SchemaV2, ValidationCheck } from '../extract/mod.ts';

/**
 * ExtractionResult (spec): the schema used (V2), the result in the schema's shape with `_grounding` (where each
 * value was read, as the request's grounding mode asks) and `_validation` (the self-checks), and the page count.
 */

export type GroundingMode = boolean | 'none' | 'regions' | 'cell';

export interface ExtractionResultView {
  schema: SchemaV2;
  result: Record<string, unknown>;
  grounding_mode: GroundingMode;
  page_count: number;
}

export interface ExtractViewOptions {
  grounding: GroundingMode;
  pageCount: number;
}

/** false / "none": no `_grounding`; "cell": table values keep their table id; true / "regions": regions and boxes. */
function groundingLevel(mode: GroundingMode): 'none' | 'regions' | 'cell' {
  if (mode === false || mode === 'none') return 'none';
  return mode === 'cell' ? 'cell' : 'regions';
}

function groundingView(g: FieldGrounding, withTable: boolean): FieldGrounding {
  const view: FieldGrounding = {
    page_index: g.page_index,
    bbox: g.bbox.map((v) => Math.round(v)) as FieldGrounding['bbox'],
    region_ids: [...g.region_ids],
    confidence: Math.round(g.confidence * 1000) / 1000,
    source: g.source,
  };
  if (withTable && g.table_id !== undefined) view.table_id = g.table_id;
  return view;
}

export function groundingMap(
  grounding: ExtractOutput['grounding'],
  mode: GroundingMode,
): Record<string, FieldGrounding | FieldGrounding[]> | null {
  const level = groundingLevel(mode);
  if (level === 'none') return null;
  const withTable = level === 'cell';
  const out: Record<string, FieldGrounding | FieldGrounding[]> = {};
  for (const [path, g] of Object.entries(grounding)) {
    out[path] = Array.isArray(g) ? g.map((one) => groundingView(one, withTable)) : groundingView(g, withTable);
  }
  return out;
}

export function validationView(checks: ValidationCheck[]): { ok: boolean; checks: ValidationCheck[] } {
  return { ok: checks.every((c) => c.ok), checks };
}

/**
 * Dotted keys (the nested objects of a JSON Schema, `seller.address`) nest in the result:
 * `{"seller": {"address": …}}`; `_grounding` and `_validation` keep the dotted paths.
 */
export function nestedResult(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let at = out;
    for (const part of parts.slice(0, -1)) {
      const next = at[part];
      at = (typeof next === 'object' && next !== null && !Array.isArray(next) ? next : (at[part] = {})) as Record<string, unknown>;
    }
    at[parts[parts.length - 1]] = value;
  }
  return out;
}

export function buildExtractView(output: ExtractOutput, schema: SchemaV2, options: ExtractViewOptions): ExtractionResultView {
  const result: Record<string, unknown> = nestedResult(output.result);
  const grounding = groundingMap(output.grounding, options.grounding);
  if (grounding) result._grounding = grounding;
  result._validation = validationView(output.validation);
  return { schema, result, grounding_mode: options.grounding, page_count: options.pageCount };
}
