import type { EditRequest } from './edits.ts';
import { parseAmount } from './prompt-values.ts';
import { toMinor } from './money.ts';
import { computeTotals } from './totals.ts';
import type { DocumentLedger } from './types.ts';

/**
 * An edit request applied to a source's ledger where the field is known, so the plan holds what the edited
 * document says (the PDF itself is changed by the editor). Totals are recomputed only when the prompt asked.
 */
export function applyEdits(
  source: DocumentLedger,
  edits: EditRequest[],
  recompute: boolean,
): { document: DocumentLedger; applied: string[] } {
  const doc: DocumentLedger = structuredClone(source);
  const applied: string[] = [];
  for (const e of edits) {
    const line = /^line_items\[(\d+)\]\.(\w+)$/.exec(e.field ?? '');
    if (line) {
      const l = doc.lines[Number(line[1])];
      if (!l) continue;
      const n = parseAmount(e.to);
      if (line[2] === 'quantity' && n !== null) l.quantity = n;
      else if (line[2] === 'unit_price' && n !== null) l.unitPrice = toMinor(n, doc.currency);
      else if (line[2] === 'tax_rate' && n !== null) l.taxRate = n;
      else if (line[2] === 'description') l.description = e.to;
      else if (line[2] === 'sku') l.sku = e.to;
      else continue;
      applied.push(e.field!);
      continue;
    }
    const setters: Record<string, () => void> = {
      due_date: () => (doc.dueDate = e.to),
      invoice_date: () => (doc.issueDate = e.to),
      delivery_date: () => (doc.deliveryDate = e.to),
      po_number: () => (doc.type === 'purchase_order' ? (doc.number = e.to) : (doc.references.poNumber = e.to)),
      invoice_number: () => (doc.type === 'invoice' ? (doc.number = e.to) : (doc.references.invoiceNumber = e.to)),
      payment_terms: () => (doc.paymentTerms = e.to),
      issuer: () => (doc.issuer.name = e.to),
      customer: () => (doc.recipient.name = e.to),
    };
    if (e.field && setters[e.field]) {
      setters[e.field]();
      applied.push(e.field);
    } else if (e.from) {
      // A value named only by its text: a document number or a party name that equals it.
      if (doc.number === e.from) (doc.number = e.to), applied.push('number');
      for (const k of Object.keys(doc.references) as (keyof DocumentLedger['references'])[])
        if (doc.references[k] === e.from) (doc.references[k] = e.to), applied.push(k);
      if (doc.issuer.name === e.from) (doc.issuer.name = e.to), applied.push('issuer');
      if (doc.recipient.name === e.from) (doc.recipient.name = e.to), applied.push('customer');
    }
  }
  return { document: recompute ? computeTotals(doc) : doc, applied };
}
