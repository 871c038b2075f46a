import { roundDiv, scaled } from './money.ts';
import type { DocumentLedger, LineItem, TaxLine, TimeEntry, Transaction } from './types.ts';

/**
 * The arithmetic of a document, in integer minor units: line totals, taxes per rate, subtotal, tax total and total;
 * running balances on bank statements; hours from time entries on timesheets. Pure: returns a new ledger.
 * Credit notes keep positive amounts (the document type says it is a credit).
 */

/** round(quantity × unitPrice × (1 − discountPct/100)), exact: quantity to 3 decimals, discount to 3 decimals. */
export function lineTotal(line: Pick<LineItem, 'quantity' | 'unitPrice' | 'discountPct'>): number {
  const q = scaled(line.quantity, 3); // × 1000
  const keep = 100_000n - scaled(line.discountPct || 0, 3); // (100 − d) × 1000
  return Number(roundDiv(q * BigInt(Math.round(line.unitPrice)) * keep, 1000n * 100_000n));
}

/** round(base × rate / 100), the rate to 3 decimals. */
export function taxAmount(base: number, rate: number): number {
  return Number(roundDiv(BigInt(base) * scaled(rate, 3), 100_000n));
}

/** One tax line per rate, highest rate first: base = sum of the line totals at that rate. */
export function taxLines(lines: readonly LineItem[]): TaxLine[] {
  const bases = new Map<number, number>();
  for (const l of lines) bases.set(l.taxRate, (bases.get(l.taxRate) ?? 0) + l.total);
  return [...bases.entries()].sort((a, b) => b[0] - a[0]).map(([rate, base]) => ({ rate, base, amount: taxAmount(base, rate) }));
}

/** Running balances from the opening balance. */
export function withBalances(opening: number, transactions: readonly Transaction[]): Transaction[] {
  let balance = opening;
  return transactions.map((t) => {
    balance += t.amount;
    return { ...t, balance };
  });
}

/** The line description a timesheet uses for one person's work on one task. */
export function timesheetLineDescription(task: string, person: string): string {
  return `${task} – ${person}`;
}

/** Hours per (task, person) from the entries, rounded to 3 decimals. */
export function hoursByTaskAndPerson(entries: readonly TimeEntry[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of entries) {
    const key = timesheetLineDescription(e.task, e.person);
    out.set(key, Math.round(((out.get(key) ?? 0) + e.hours) * 1000) / 1000);
  }
  return out;
}

export function computeTotals(doc: DocumentLedger): DocumentLedger {
  let lines = doc.lines.map((l, i) => ({ ...l, position: i + 1 }));
  if (doc.type === 'timesheet' && doc.entries?.length) {
    // A timesheet's lines bill the hours booked: each line's quantity is the sum of its (task, person) entries.
    const hours = hoursByTaskAndPerson(doc.entries);
    lines = lines.map((l) => (hours.has(l.description) ? { ...l, quantity: hours.get(l.description)! } : l));
  }
  lines = lines.map((l) => ({ ...l, total: lineTotal(l) }));
  const taxes = taxLines(lines);
  const subtotal = lines.reduce((s, l) => s + l.total, 0);
  const taxTotal = taxes.reduce((s, t) => s + t.amount, 0);
  const out: DocumentLedger = { ...doc, lines, taxes, subtotal, taxTotal, total: subtotal + taxTotal };
  if (doc.type === 'bank_statement' && doc.transactions) {
    const opening = doc.openingBalance ?? 0;
    const transactions = withBalances(opening, doc.transactions);
    const closing = transactions.length ? transactions[transactions.length - 1].balance : opening;
    // A statement has no lines: subtotal is the net movement and total the closing balance.
    const movement = closing - opening;
    Object.assign(out, {
      transactions,
      openingBalance: opening,
      closingBalance: closing,
      subtotal: movement,
      taxTotal: 0,
      total: closing,
      taxes: [],
    });
  }
  return out;
}
