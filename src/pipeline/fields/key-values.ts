import type { BBox, DocumentModel, ModelPage } from '../model/types.ts';
import { round2, union } from '../model/geometry.ts';
import { detectCurrency } from './currency.ts';
import { findDates, guessDateOrder, type DateOrder } from './dates.ts';
import { inlinePairs } from './inline.ts';
import { normalizeLabel } from '../lexicon/mod.ts';
import { kindHintForLabel } from './labels.ts';
import { formBoxPairs, checkboxPairs } from './boxes.ts';
import { Claims, type Draft, type OpenLabel } from './draft.ts';
import { extendValues, pairOpenLabels } from './neighbours.ts';
import { segmentsOf, textOf } from './segments.ts';
import { parseValue, type ParseContext } from './values.ts';
import type { KeyValuePair, TypedValue } from './types.ts';

/**
 * Key-value pairs of a page, before any schema: inline "Label: value", a label with its value to the right on the
 * same row or on the line below, checkboxes and form boxes. Multi-line values (addresses) take the lines right below
 * with the same left edge. Works on text-layer and OCR lines alike (only word boxes and text are used).
 */

/** A date label's value that starts with a date and runs on ("18/03/18 15:17 06051 02" on a till receipt). */
function leadingDate(text: string, hint: string | undefined, context: ParseContext): TypedValue | null {
  if (hint !== 'date') return null;
  const first = findDates(text, context.dateOrder)[0];
  if (!first || text.slice(0, first.index).trim() !== '') return null;
  return { kind: 'date', raw: text.replace(/\s+/g, ' ').trim(), value: first.iso };
}

function typedValue(d: Draft, context: ParseContext): TypedValue {
  if (d.checked !== undefined) return { kind: 'boolean', raw: d.checked ? '☑' : '☐', value: d.checked };
  const text = d.value.map((v) => textOf(v.tokens)).join('\n');
  const labelText = textOf(d.label.tokens);
  const hint = kindHintForLabel(normalizeLabel(labelText));
  // "Total EUR  34,73": a currency named in the label applies to the value.
  const labelCurrency = detectCurrency(labelText);
  const ctx = labelCurrency ? { ...context, currency: labelCurrency } : context;
  const hinted = hint ? parseValue(text, hint, ctx) : undefined;
  const value = hinted && hinted.kind !== 'text' ? hinted : (leadingDate(text, hint, ctx) ?? parseValue(text, undefined, ctx));
  return d.value.length > 1 ? { ...value, raw: text } : value;
}

function blockIndex(page: ModelPage): Map<string, { id: string; order: number }> {
  const index = new Map<string, { id: string; order: number }>();
  for (const b of page.blocks) for (const l of b.lines) if (!index.has(l.id)) index.set(l.id, { id: b.id, order: b.readingOrder });
  return index;
}

const roundBox = (b: BBox): BBox => [round2(b[0]), round2(b[1]), round2(b[2]), round2(b[3])];

function toPair(d: Draft, page: ModelPage, blocks: Map<string, { id: string; order: number }>, context: ParseContext): KeyValuePair {
  const labelBox = union(d.label.tokens.map((t) => t.bbox));
  const valueTokens = d.value.flatMap((v) => v.tokens);
  const valueBox = d.checkboxBox ?? union(valueTokens.map((t) => t.bbox));
  const label = textOf(d.label.tokens).replace(/\s*:$/, '');
  const lineIds = [...new Set([d.label.segment.line.id, ...d.value.map((v) => v.segment.line.id), ...(d.extraLineIds ?? [])])];
  const valueLine = d.value[0]?.segment.line.id ?? d.label.segment.line.id;
  const block = blocks.get(valueLine);
  return {
    id: '',
    pageIndex: page.page_index,
    label,
    labelKey: normalizeLabel(label),
    labelBox: roundBox(labelBox),
    valueBox: roundBox(valueBox),
    bbox: roundBox(union([labelBox, valueBox])),
    valueText: d.checked !== undefined ? (d.checked ? 'true' : 'false') : d.value.map((v) => textOf(v.tokens)).join('\n'),
    value: typedValue(d, context),
    layout: d.layout,
    lineIds,
    ...(block ? { blockId: block.id } : {}),
    confidence: round2(d.confidence),
  };
}

/** Pairs of one page; `dateOrder` (from the document's other dates) settles 01/02/2020. */
export function findKeyValues(page: ModelPage, options: { dateOrder?: DateOrder; currency?: string } = {}): KeyValuePair[] {
  if (page.skipped || !page.lines.length) return [];
  const segments = segmentsOf(page);
  const claims = new Claims();
  const drafts: Draft[] = [...checkboxPairs(page, segments, claims)];
  const open: OpenLabel[] = [];
  for (const s of segments) {
    if (claims.has(s)) continue;
    const r = inlinePairs(s);
    for (const p of r.pairs)
      drafts.push({
        label: { tokens: p.label, segment: s },
        value: [{ tokens: p.value, segment: s }],
        layout: 'inline',
        confidence: p.confidence,
      });
    if (r.pairs.length) claims.claim(s);
    if (r.openLabel) open.push({ segment: s, ...r.openLabel, shared: r.pairs.length > 0 });
  }
  const inTable = new Set(page.blocks.filter((b) => b.type === 'table').flatMap((b) => b.lines.map((l) => l.id)));
  drafts.push(...formBoxPairs(page, segments, claims));
  drafts.push(
    ...pairOpenLabels(
      open.filter((o) => o.colon),
      segments,
      claims,
      page,
      inTable,
    ),
  );
  drafts.push(
    ...pairOpenLabels(
      open.filter((o) => !o.colon),
      segments,
      claims,
      page,
      inTable,
    ),
  );
  extendValues(drafts, segments, claims);
  const blocks = blockIndex(page);
  const context: ParseContext = {
    ...(options.dateOrder ? { dateOrder: options.dateOrder } : {}),
    ...(options.currency ? { currency: options.currency } : {}),
  };
  const pairs = drafts.map((d) => toPair(d, page, blocks, context));
  const order = (p: KeyValuePair) => blocks.get(p.lineIds[0])?.order ?? Number.MAX_SAFE_INTEGER;
  pairs.sort((a, b) => order(a) - order(b) || a.labelBox[1] - b.labelBox[1] || a.labelBox[0] - b.labelBox[0]);
  pairs.forEach((p, n) => (p.id = `p${page.page_index}_kv${n}`));
  return pairs;
}

/** Pairs of every page, numeric dates read in the order the document's own dates reveal. */
export function documentKeyValues(model: Pick<DocumentModel, 'pages'>): KeyValuePair[] {
  const order = guessDateOrder(model.pages.flatMap((p) => p.lines.map((l) => l.text)));
  return model.pages.flatMap((p) => findKeyValues(p, order ? { dateOrder: order } : {}));
}
