import { differences, explains } from './compare.ts';
import { isIsoDate } from './money.ts';
import { lineTotal, taxAmount, hoursByTaskAndPerson } from './totals.ts';
import type { ConsistencyIssue, DocumentLedger, Mismatch } from './types.ts';
import { isValidIban } from './vocab.ts';

/**
 * Consistency checks run on every generated document before it is returned: the arithmetic (integers only, every
 * rule computeTotals applies), dates in order, the parties, lines and references a type needs; and between related
 * documents, agreement everywhere except exactly the mismatches asked for.
 */

/** Types that must name the document they follow from. */
const NEEDS_REFERENCE: Partial<Record<DocumentLedger['type'], (keyof DocumentLedger['references'])[]>> = {
  goods_receipt: ['poNumber'],
  credit_note: ['invoiceNumber'],
};

export function checkDocument(doc: DocumentLedger): ConsistencyIssue[] {
  const issues: ConsistencyIssue[] = [];
  const issue = (field: string, message: string) => issues.push({ document: doc.key, field, message });
  if (!doc.number?.trim()) issue('number', 'document number is empty');
  if (!/^[A-Z]{3}$/.test(doc.currency)) issue('currency', `not an ISO 4217 code: ${doc.currency}`);
  checkParties(doc, issue);
  checkDates(doc, issue);
  for (const key of NEEDS_REFERENCE[doc.type] ?? []) if (!doc.references[key]) issue(key, `a ${doc.type} names the ${key} it follows from`);
  if (doc.type === 'bank_statement') checkStatement(doc, issue);
  else checkLines(doc, issue);
  if (doc.type === 'timesheet') checkTimesheet(doc, issue);
  return issues;
}

type Report = (field: string, message: string) => void;

function checkParties(doc: DocumentLedger, issue: Report): void {
  for (const role of ['issuer', 'recipient'] as const) {
    const p = doc[role];
    if (!p?.name?.trim()) issue(role, `${role} has no name`);
    if (!p?.address?.length || p.address.some((l) => !l.trim())) issue(`${role}.address`, `${role} has no (or an empty) address line`);
  }
}

function checkDates(doc: DocumentLedger, issue: Report): void {
  if (!isIsoDate(doc.issueDate)) issue('issue_date', `not an ISO date: ${doc.issueDate}`);
  if (doc.dueDate !== undefined) {
    if (!isIsoDate(doc.dueDate)) issue('due_date', `not an ISO date: ${doc.dueDate}`);
    else if (doc.dueDate < doc.issueDate) issue('due_date', `due ${doc.dueDate} before issue ${doc.issueDate}`);
  }
  if (doc.deliveryDate !== undefined && !isIsoDate(doc.deliveryDate)) issue('delivery_date', `not an ISO date: ${doc.deliveryDate}`);
  if (doc.type === 'purchase_order' && isIsoDate(doc.deliveryDate) && doc.deliveryDate < doc.issueDate)
    issue('delivery_date', 'requested delivery before the order date');
}

const isInt = (n: unknown): boolean => typeof n === 'number' && Number.isSafeInteger(n);
const threeDecimals = (n: number): boolean => Number.isFinite(n) && Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6;

function checkLines(doc: DocumentLedger, issue: Report): void {
  if (doc.lines.length === 0) issue('line_items', 'no line items');
  doc.lines.forEach((l, i) => {
    const at = (col: string) => `line_items[${i}].${col}`;
    if (l.position !== i + 1) issue(at('position'), `position ${l.position}, expected ${i + 1}`);
    if (!l.description?.trim()) issue(at('description'), 'empty description');
    if (!threeDecimals(l.quantity) || l.quantity <= 0)
      issue(at('quantity'), `quantity ${l.quantity} is not positive with at most 3 decimals`);
    if (!isInt(l.unitPrice) || l.unitPrice < 0)
      issue(at('unit_price'), `unit price ${l.unitPrice} is not a non-negative integer of minor units`);
    if (!(l.taxRate >= 0 && l.taxRate < 100)) issue(at('tax_rate'), `tax rate ${l.taxRate} out of range`);
    if (!(l.discountPct >= 0 && l.discountPct <= 100)) issue(at('discount'), `discount ${l.discountPct} out of range`);
    if (!isInt(l.total)) issue(at('amount'), `line total ${l.total} is not an integer`);
    else if (isInt(l.unitPrice) && l.total !== lineTotal(l)) issue(at('amount'), `line total ${l.total}, expected ${lineTotal(l)}`);
  });
  const rates = [...new Set(doc.lines.map((l) => l.taxRate))];
  for (const rate of rates) {
    const base = doc.lines.filter((l) => l.taxRate === rate).reduce((s, l) => s + l.total, 0);
    const t = doc.taxes.find((x) => x.rate === rate);
    if (!t) issue('tax', `no tax line for ${rate}%`);
    else {
      if (t.base !== base) issue('tax', `tax base at ${rate}% is ${t.base}, expected ${base}`);
      if (t.amount !== taxAmount(base, rate)) issue('tax', `tax at ${rate}% is ${t.amount}, expected ${taxAmount(base, rate)}`);
    }
  }
  for (const t of doc.taxes) if (!rates.includes(t.rate)) issue('tax', `tax line for ${t.rate}% has no lines`);
  const subtotal = doc.lines.reduce((s, l) => s + l.total, 0);
  const taxTotal = doc.taxes.reduce((s, t) => s + t.amount, 0);
  for (const [field, value] of [
    ['subtotal', doc.subtotal],
    ['tax', doc.taxTotal],
    ['total', doc.total],
  ] as const) {
    if (!isInt(value)) issue(field, `${field} ${value} is not an integer`);
  }
  if (doc.subtotal !== subtotal) issue('subtotal', `subtotal ${doc.subtotal}, expected ${subtotal}`);
  if (doc.taxTotal !== taxTotal) issue('tax', `tax total ${doc.taxTotal}, expected ${taxTotal}`);
  if (doc.total !== doc.subtotal + doc.taxTotal) issue('total', `total ${doc.total}, expected ${doc.subtotal + doc.taxTotal}`);
}

function checkStatement(doc: DocumentLedger, issue: Report): void {
  const txs = doc.transactions ?? [];
  if (txs.length === 0) issue('transactions', 'a statement without bookings');
  if (!isInt(doc.openingBalance)) issue('opening_balance', 'opening balance is not an integer');
  let balance = doc.openingBalance ?? 0;
  let prev = '';
  txs.forEach((t, i) => {
    if (!isInt(t.amount)) issue(`transactions[${i}].amount`, 'amount is not an integer');
    balance += t.amount;
    if (t.balance !== balance) issue(`transactions[${i}].balance`, `balance ${t.balance}, expected ${balance}`);
    if (!isIsoDate(t.date)) issue(`transactions[${i}].date`, `not an ISO date: ${t.date}`);
    else if (t.date < prev) issue(`transactions[${i}].date`, 'bookings out of date order');
    prev = t.date;
  });
  if (doc.closingBalance !== balance) issue('closing_balance', `closing balance ${doc.closingBalance}, expected ${balance}`);
  if (doc.iban && !isValidIban(doc.iban)) issue('iban', `IBAN check digits do not hold: ${doc.iban}`);
}

function checkTimesheet(doc: DocumentLedger, issue: Report): void {
  if (!doc.entries?.length) return issue('entries', 'a timesheet without time entries');
  const hours = hoursByTaskAndPerson(doc.entries);
  doc.lines.forEach((l, i) => {
    const h = hours.get(l.description);
    if (h !== undefined && h !== l.quantity) issue(`line_items[${i}].quantity`, `${l.quantity} h billed, ${h} h booked`);
  });
  doc.entries.forEach((e, i) => {
    if (!(e.hours > 0 && e.hours <= 24)) issue(`entries[${i}].hours`, `${e.hours} hours in a day`);
  });
}

/**
 * `doc` against the document it was made from or must match: every difference must be one of the mismatches asked
 * for (same field, kind and values), and every mismatch asked for must be there.
 */
export function checkRelated(doc: DocumentLedger, source: DocumentLedger, mismatches: Mismatch[]): ConsistencyIssue[] {
  const asked = mismatches.filter((m) => m.document === doc.key && m.against === source.key);
  const diffs = differences(doc, source);
  const issues: ConsistencyIssue[] = [];
  for (const d of diffs) {
    if (!asked.some((m) => explains(m, d)))
      issues.push({
        document: doc.key,
        field: d.field,
        message: `differs from ${source.key}: ${JSON.stringify(d.expected)} there, ${JSON.stringify(d.actual)} here`,
      });
  }
  for (const m of asked) {
    if (!diffs.some((d) => explains(m, d)))
      issues.push({
        document: doc.key,
        field: m.field,
        message: `asked-for ${m.kind} mismatch against ${source.key} is missing (expected ${JSON.stringify(m.expected)}, actual ${JSON.stringify(m.actual)})`,
      });
  }
  return issues;
}
