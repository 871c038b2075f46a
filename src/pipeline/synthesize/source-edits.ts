import type { EditRequest } from './edits.ts';
import { exponentOf } from './plan-mod.ts';
import type { SourceLedger } from './sources.ts';
import type { EditChange } from './types.ts';

/**
 * The edits to make in a source, each with the text as printed now: an edit that names only the new value ("set
 * the PO number to …") takes the current text from the words extraction grounded that field on. A new number is
 * printed the way the old one was (decimals, thousands separators). With `recompute`, a changed quantity or unit
 * price also changes its line amount and the subtotal, tax and total (tax at the document's own rate).
 */
export interface ResolvedEdits {
  changes: EditChange[];
  /** Requests whose current text could not be found (nothing named it and extraction did not find the field). */
  unresolved: EditRequest[];
}

export function resolveEdits(requests: EditRequest[], source: SourceLedger, recompute: boolean): ResolvedEdits {
  const changes: EditChange[] = [];
  const unresolved: EditRequest[] = [];
  for (const request of requests) {
    const printed = request.field ? source.printed.get(request.field) : undefined;
    const from = request.from ?? printed?.text ?? null;
    if (!from) {
      unresolved.push(request);
      continue;
    }
    const to = printedLike(request.to, from);
    if (to === from) continue;
    const near = rowLabel(request.field, source) ?? request.near;
    changes.push({
      from,
      to,
      ...(near ? { near } : {}),
      ...(printed ? { page: printed.page_index } : {}),
      ...(request.all ? { all: true } : {}),
    });
  }
  if (recompute) changes.push(...dependentTotals(requests, source));
  return { changes, unresolved };
}

/** A line-item value sits on its line's row: the line's description (as printed) picks the right occurrence. */
function rowLabel(field: string | null, source: SourceLedger): string | undefined {
  const m = field ? /^line_items\[(\d+)\]\.(?!description)/.exec(field) : null;
  return m ? source.printed.get(`line_items[${m[1]}].description`)?.text : undefined;
}

/** `to` as a number printed with `from`'s decimals and separators (`1500` where `1,250.00` was → `1,500.00`). */
export function printedLike(to: string, from: string): string {
  const value = parsePrinted(to);
  const shape = /^([^\d-]*)(-?)[\d.,' ]+?([.,](\d+))?([^\d]*)$/.exec(from.trim());
  if (value === null || parsePrinted(from) === null || !shape) return to;
  const decimalMark = shape[3]?.[0] ?? (from.includes(',') && !from.includes('.') ? ',' : '.');
  const decimals = shape[4]?.length ?? 0;
  const group = /\d[.,' ]\d{3}(\D|$)/.exec(from.replace(/([.,]\d+)$/, ''))?.[0][1] ?? '';
  const fixed = Math.abs(value).toFixed(decimals);
  const [int, frac] = fixed.split('.');
  const grouped = group ? int.replace(/\B(?=(\d{3})+(?!\d))/g, group) : int;
  return `${shape[1]}${value < 0 ? '-' : ''}${grouped}${frac ? decimalMark + frac : ''}${shape[5]}`;
}

/** A printed amount as a number: `1,234.50`, `1.234,50`, `1 234,50 €`, `$12`. */
export function parsePrinted(text: string): number | null {
  const t = text.replace(/[^\d.,-]/g, '');
  if (!/\d/.test(t)) return null;
  const lastSep = Math.max(t.lastIndexOf('.'), t.lastIndexOf(','));
  const decimals = lastSep >= 0 && t.length - lastSep - 1 !== 3 ? t.slice(lastSep + 1) : '';
  const int = (decimals ? t.slice(0, lastSep) : t).replace(/[.,]/g, '');
  const n = Number(`${int}${decimals ? `.${decimals}` : ''}`);
  return Number.isFinite(n) ? n : null;
}

function dependentTotals(requests: EditRequest[], source: SourceLedger): EditChange[] {
  const ledger = source.ledger;
  const scale = 10 ** exponentOf(ledger.currency);
  const lineTotals = ledger.lines.map((l) => l.total / scale);
  const out: EditChange[] = [];
  const replace = (field: string, value: number, near?: string) => {
    const printed = source.printed.get(field);
    if (printed)
      out.push({
        from: printed.text,
        to: printedLike(value.toFixed(Math.round(Math.log10(scale))), printed.text),
        page: printed.page_index,
        ...(near ? { near } : {}),
      });
  };
  for (const request of requests) {
    const m = request.field ? /^line_items\[(\d+)\]\.(quantity|unit_price)$/.exec(request.field) : null;
    const value = parsePrinted(request.to);
    const index = m ? Number(m[1]) : -1;
    const line = ledger.lines[index];
    if (!m || value === null || !line) continue;
    const quantity = m[2] === 'quantity' ? value : line.quantity;
    const price = m[2] === 'unit_price' ? value : line.unitPrice / scale;
    lineTotals[index] = Math.round(quantity * price * scale) / scale;
    replace(`line_items[${index}].amount`, lineTotals[index], rowLabel(`line_items[${index}].amount`, source));
  }
  if (!out.length) return [];
  const subtotal = Math.round(lineTotals.reduce((s, v) => s + v, 0) * scale) / scale;
  // Tax at the document's own effective rate (one rate on most documents; mixed rates scale together).
  const tax = ledger.subtotal ? Math.round(subtotal * (ledger.taxTotal / ledger.subtotal) * scale) / scale : 0;
  replace('subtotal', subtotal);
  replace('tax', tax);
  replace('total', Math.round((subtotal + tax) * scale) / scale);
  return out;
}
