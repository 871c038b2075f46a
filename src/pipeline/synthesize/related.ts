import { partiesSwap, referenceFieldFor } from './compare.ts';
import { notesFor, numberFor, paymentTermsText, TEMPLATES } from './generate.ts';
import { addDays, isIsoDate, toMinor } from './money.ts';
import type { Rng } from './random.ts';
import { computeTotals } from './totals.ts';
import type { DocType, DocumentLedger, LineItem, Mismatch } from './types.ts';
import { CATALOGS, priceFor } from './vocab.ts';

/**
 * A document made from another (an invoice from its PO, a goods receipt from the PO, a credit note from an
 * invoice): parties carried over (swapped where the issuing side changes), the source's number and references
 * carried as references, the same lines, and exactly the asked-for mismatches applied.
 *
 * Mismatches come resolved (`actual` set). Their `line` is the source position for quantity, unit_price, tax_rate,
 * description and missing_line; extra lines are appended. The returned mismatches have `line` and `field` as the
 * documents print them: the position in the new document, except missing_line (the position in the source).
 */
export interface RelatedResult {
  document: DocumentLedger;
  mismatches: Mismatch[];
}

/** Days after the source's date that a related document is typically issued. */
function issueDateAfter(source: DocumentLedger, type: DocType, rng: Rng): string {
  const base = isIsoDate(source.issueDate) ? source.issueDate : '2026-01-15';
  if (
    (type === 'invoice' || type === 'goods_receipt' || type === 'delivery_note') &&
    isIsoDate(source.deliveryDate) &&
    source.deliveryDate >= base
  ) {
    return type === 'invoice' ? addDays(source.deliveryDate, rng.int(0, 3)) : source.deliveryDate;
  }
  const gap: Partial<Record<DocType, [number, number]>> = {
    invoice: [5, 20],
    goods_receipt: [3, 14],
    delivery_note: [2, 10],
    credit_note: [3, 20],
    receipt: [1, 30],
    purchase_order: [1, 10],
  };
  const [lo, hi] = gap[type] ?? [1, 10];
  return addDays(base, rng.int(lo, hi));
}

function dueDaysOf(source: DocumentLedger): number {
  const m = /(\d{1,3})\s*days/i.exec(source.paymentTerms ?? '');
  if (m) return Number(m[1]);
  if (isIsoDate(source.dueDate) && isIsoDate(source.issueDate)) {
    return Math.max(0, Math.round((Date.parse(source.dueDate) - Date.parse(source.issueDate)) / 86_400_000));
  }
  return 30;
}

/** A line for an extra-line mismatch: the catalogue item with that description, else a plausible priced service line. */
function extraLine(description: string | null, doc: DocumentLedger, rng: Rng, price?: number): LineItem {
  const all = Object.values(CATALOGS).flat();
  const item = (description && all.find((i) => i.description.toLowerCase() === description.toLowerCase())) || null;
  // An unnamed extra line comes from the catalogue the other lines are from (their sku prefix), not yet on the document.
  const prefix = doc.lines[0]?.sku.slice(0, 3) ?? '';
  const unused = all.filter((i) => !doc.lines.some((l) => l.sku === i.sku));
  const sameCatalog = unused.filter((i) => i.sku.startsWith(prefix));
  const pick = item ?? rng.pick(sameCatalog.length ? sameCatalog : unused);
  const desc = description ?? pick.description;
  return {
    position: doc.lines.length + 1,
    sku: item ? item.sku : description ? `X-${rng.digits(4)}` : pick.sku,
    description: desc,
    quantity: 1,
    unit: item?.unit ?? (description ? 'pcs' : pick.unit),
    unitPrice: price !== undefined ? toMinor(price, doc.currency) : priceFor(pick, doc.currency, rng),
    taxRate: doc.lines[0]?.taxRate ?? 0,
    discountPct: 0,
    total: 0,
  };
}

export function relatedDocumentAndMismatches(
  source: DocumentLedger,
  type: DocType,
  rng: Rng,
  mismatches: Mismatch[],
  key: string,
  opts: { extraPrices?: Map<Mismatch, number> } = {},
): RelatedResult {
  const swap = partiesSwap(source.type, type);
  const issueDate = issueDateAfter(source, type, rng);
  const ownRef = referenceFieldFor(source.type);
  const references: DocumentLedger['references'] = { ...source.references };
  if (ownRef && source.number) references[ownRef.key] = source.number;
  const selfRef = referenceFieldFor(type);
  if (selfRef) delete references[selfRef.key];
  // Extracted sources may not state rates; a rate implied by their totals is carried to every line.
  const impliedRate =
    source.lines.every((l) => l.taxRate === 0) && source.subtotal > 0 && source.taxTotal > 0
      ? Math.round((source.taxTotal / source.subtotal) * 1000) / 10
      : null;
  const lines = source.lines.map((l) => ({ ...l, taxRate: impliedRate ?? l.taxRate }));
  const doc: DocumentLedger = {
    key,
    type,
    number: numberFor(type, rng, issueDate),
    issueDate,
    currency: source.currency,
    locale: source.locale,
    issuer: swap ? source.recipient : source.issuer,
    recipient: swap ? source.issuer : source.recipient,
    references,
    lines,
    taxes: [],
    subtotal: 0,
    taxTotal: 0,
    total: 0,
    notes: notesFor(type, rng),
    template: rng.pick(TEMPLATES),
  };
  if (source.shipTo && (type === 'delivery_note' || type === 'goods_receipt' || type === 'invoice')) doc.shipTo = source.shipTo;
  if (type === 'invoice') {
    const days = dueDaysOf(source);
    doc.dueDate = addDays(issueDate, days);
    doc.paymentTerms = source.paymentTerms ?? paymentTermsText(days);
    doc.deliveryDate = source.deliveryDate;
  } else if (type === 'goods_receipt' || type === 'delivery_note') {
    doc.deliveryDate = issueDate;
  } else if (type === 'purchase_order') {
    doc.deliveryDate = addDays(issueDate, rng.int(7, 21));
    doc.paymentTerms = source.paymentTerms;
  }
  if (doc.deliveryDate === undefined) delete doc.deliveryDate;
  const located = applyMismatches(
    doc,
    source,
    mismatches.filter((m) => m.document === key),
    rng,
    opts.extraPrices,
  );
  return { document: computeTotals(doc), mismatches: located };
}

export function relatedDocument(source: DocumentLedger, type: DocType, rng: Rng, mismatches: Mismatch[], key: string): DocumentLedger {
  return relatedDocumentAndMismatches(source, type, rng, mismatches, key).document;
}

const COLUMN: Partial<Record<Mismatch['kind'], string>> = {
  quantity: 'quantity',
  unit_price: 'unit_price',
  tax_rate: 'tax_rate',
  description: 'description',
};

/** Applies the mismatches to `doc` (in place) and returns them located in its final line positions. */
function applyMismatches(
  doc: DocumentLedger,
  source: DocumentLedger,
  mismatches: Mismatch[],
  rng: Rng,
  extraPrices?: Map<Mismatch, number>,
): Mismatch[] {
  const bySourcePosition = new Map(doc.lines.map((l, i) => [source.lines[i]?.position ?? i + 1, l]));
  for (const m of mismatches) {
    const line = m.line !== undefined ? bySourcePosition.get(m.line) : undefined;
    if (m.kind === 'quantity' && line) line.quantity = Number(m.actual);
    else if (m.kind === 'unit_price' && line) line.unitPrice = toMinor(Number(m.actual), doc.currency);
    else if (m.kind === 'tax_rate' && line) line.taxRate = Number(m.actual);
    else if (m.kind === 'description' && line) line.description = String(m.actual);
    else if (m.kind === 'missing_reference') delete doc.references[refKeyOf(m.field)];
  }
  const dropped = new Set(
    mismatches.filter((m) => m.kind === 'missing_line' && m.line !== undefined).map((m) => bySourcePosition.get(m.line!)),
  );
  doc.lines = doc.lines.filter((l) => !dropped.has(l)).map((l, i) => ({ ...l, position: i + 1 }));
  const finalPosition = new Map<number, number>();
  let kept = 0;
  source.lines.forEach((s, i) => {
    if (!dropped.has(bySourcePosition.get(s.position ?? i + 1))) finalPosition.set(s.position ?? i + 1, ++kept);
  });
  return mismatches.map((m) => {
    if (m.kind === 'extra_line') {
      const line = extraLine(typeof m.actual === 'string' ? m.actual : null, doc, rng, extraPrices?.get(m));
      doc.lines.push(line);
      return { ...m, line: line.position, field: `line_items[${line.position - 1}]`, expected: null, actual: line.description };
    }
    if (m.kind === 'missing_line') return { ...m, field: `line_items[${(m.line ?? 1) - 1}]`, actual: null };
    const col = COLUMN[m.kind];
    if (col && m.line !== undefined) {
      const at = finalPosition.get(m.line) ?? m.line;
      return { ...m, line: at, field: `line_items[${at - 1}].${col}` };
    }
    return m;
  });
}

function refKeyOf(field: string): keyof DocumentLedger['references'] {
  return field === 'invoice_number'
    ? 'invoiceNumber'
    : field === 'quote_number'
      ? 'quoteNumber'
      : field === 'delivery_note_number'
        ? 'deliveryNoteNumber'
        : 'poNumber';
}
