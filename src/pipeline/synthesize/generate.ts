import { addDays, toMinor, weekday } from './money.ts';
import type { NamedItem } from './prompt.ts';
import type { Rng } from './random.ts';
import { computeTotals, timesheetLineDescription } from './totals.ts';
import type { DocType, DocumentLedger, LineItem, Party, TimeEntry, Transaction } from './types.ts';
import { issuerIsSeller } from './compare.ts';
import {
  CATALOGS,
  bankName,
  countryOfLocale,
  domesticAccount,
  makeIban,
  personName,
  postalAddress,
  priceFor,
  quantityFor,
  type CatalogItem,
  type CatalogName,
  type Country,
} from './vocab.ts';

/** Documents made from the plan's shared context alone (the first of a set, or a single document). */
export interface PlanContext {
  seller: Party;
  buyer: Party;
  sellerCountry: Country;
  buyerCountry: Country;
  currency: string;
  locale: string;
  issueDate: string;
  dueDays: number;
  dueDate: string | null;
  deliveryDate: string | null;
  /** Tax rates to use, the first on most lines; one entry means every line. */
  taxRates: number[];
  catalog: CatalogName;
  lineCount: number;
  items: NamedItem[];
  discountPct: number;
  template: string;
  numbers: DocumentLedger['references'];
  period: string | null;
}

export const TEMPLATES = ['classic', 'modern', 'compact'] as const;

const PREFIX: Record<DocType, string> = {
  purchase_order: 'PO',
  invoice: 'INV',
  credit_note: 'CN',
  delivery_note: 'DN',
  goods_receipt: 'GRN',
  receipt: 'RC',
  quote: 'Q',
  bank_statement: 'STMT',
  timesheet: 'TS',
};

/** A document number in the usual shapes: `PO-2026-0142`, `INV-10457`, `GRN-2026-0087`. */
export function numberFor(type: DocType, rng: Rng, issueDate: string): string {
  const year = issueDate.slice(0, 4) || '2026';
  if (type === 'invoice' || type === 'credit_note' || type === 'receipt') return `${PREFIX[type]}-${rng.int(10000, 99999)}`;
  if (type === 'bank_statement') return `${year}/${issueDate.slice(5, 7) || '01'}-${rng.int(1, 12)}`;
  return `${PREFIX[type]}-${year}-${String(rng.int(1, 9999)).padStart(4, '0')}`;
}

export function paymentTermsText(days: number): string {
  return days === 0 ? 'Due on receipt' : `Net ${days} days`;
}

const NOTES: Partial<Record<DocType, string[]>> = {
  purchase_order: [
    'Please confirm this order within 2 working days.',
    'Deliver to the goods entrance, Mon–Fri 8:00–16:00.',
    'Quote the PO number on all invoices and delivery notes.',
  ],
  invoice: [
    'Thank you for your business.',
    'Please quote the invoice number with your payment.',
    'Goods remain our property until paid in full.',
  ],
  credit_note: ['This credit note will be offset against open items.', 'Credit issued for returned goods.'],
  delivery_note: ['Please check the goods on receipt and report damage within 48 hours.'],
  goods_receipt: ['Goods checked on arrival; quantities as counted at the goods entrance.'],
  receipt: ['Paid in full. Thank you.'],
  quote: ['This quotation is valid for 30 days.', 'Prices exclude shipping unless stated.'],
  timesheet: ['Hours as approved by the client project lead.'],
  bank_statement: ['Please check your statement and report discrepancies within 30 days.'],
};

export function notesFor(type: DocType, rng: Rng): string[] {
  const options = NOTES[type] ?? [];
  return options.length ? rng.sample(options, rng.int(1, Math.min(2, options.length))) : [];
}

function itemForWords(words: string): CatalogItem | null {
  const stem = words
    .toLowerCase()
    .replace(/(ies)$/, 'y')
    .replace(/s$/, '');
  for (const list of Object.values(CATALOGS)) {
    const hit = list.find((i) => i.description.toLowerCase().includes(stem));
    if (hit) return hit;
  }
  return null;
}

/** Lines: the items the prompt named first (with their quantities and prices), then catalogue items. */
export function makeLines(ctx: PlanContext, rng: Rng): LineItem[] {
  const lines: LineItem[] = [];
  const catalog = rng.shuffle(CATALOGS[ctx.catalog]);
  const used = new Set<string>();
  const rateFor = (item: CatalogItem | null, i: number): number => {
    if (ctx.taxRates.length === 1) return ctx.taxRates[0];
    // Several rates: reduced-rate goods take the second; otherwise spread them so each rate has lines.
    if (item?.reduced) return ctx.taxRates[1];
    return ctx.taxRates[i % ctx.taxRates.length];
  };
  ctx.items.forEach((named, i) => {
    const item = itemForWords(named.description);
    const sku = item && !used.has(item.sku) ? item.sku : `${ctx.catalog.slice(0, 2).toUpperCase()}-${9000 + i}`;
    used.add(sku);
    lines.push({
      position: lines.length + 1,
      sku,
      description:
        item && item.description.toLowerCase().startsWith(named.description.toLowerCase().replace(/s$/, ''))
          ? item.description
          : named.description,
      quantity: named.quantity ?? (item ? quantityFor(item, rng) : rng.int(1, 10)),
      unit: named.unit ?? item?.unit ?? 'pcs',
      unitPrice:
        named.unitPrice !== null
          ? toMinor(named.unitPrice, ctx.currency)
          : item
            ? priceFor(item, ctx.currency, rng)
            : toMinor(rng.int(10, 500), ctx.currency),
      taxRate: rateFor(item, i),
      discountPct: ctx.discountPct,
      total: 0,
    });
  });
  let k = 0;
  while (lines.length < ctx.lineCount) {
    const item = catalog[k % catalog.length];
    // Long orders repeat catalogue items as variants with their own sku.
    const round = Math.floor(k / catalog.length);
    k++;
    const sku = round === 0 ? item.sku : `${item.sku}-${String.fromCharCode(64 + round)}`;
    if (used.has(sku)) continue;
    used.add(sku);
    lines.push({
      position: lines.length + 1,
      sku,
      description: round === 0 ? item.description : `${item.description} (variant ${String.fromCharCode(64 + round)})`,
      quantity: quantityFor(item, rng),
      unit: item.unit,
      unitPrice: priceFor(item, ctx.currency, rng),
      taxRate: rateFor(item, lines.length),
      discountPct: ctx.discountPct,
      total: 0,
    });
  }
  return lines;
}

function baseDocument(type: DocType, ctx: PlanContext, rng: Rng, key: string): DocumentLedger {
  const [issuer, recipient] = issuerIsSeller(type) ? [ctx.seller, ctx.buyer] : [ctx.buyer, ctx.seller];
  const ownNumber = {
    purchase_order: ctx.numbers.poNumber,
    invoice: ctx.numbers.invoiceNumber,
    quote: ctx.numbers.quoteNumber,
    delivery_note: ctx.numbers.deliveryNoteNumber,
  } as Partial<Record<DocType, string>>;
  return {
    key,
    type,
    number: ownNumber[type] ?? numberFor(type, rng, ctx.issueDate),
    issueDate: ctx.issueDate,
    currency: ctx.currency,
    locale: ctx.locale,
    issuer,
    recipient,
    references: {},
    lines: [],
    taxes: [],
    subtotal: 0,
    taxTotal: 0,
    total: 0,
    notes: notesFor(type, rng),
    template: ctx.template,
  };
}

/** A document of any type from the context (no source): the PO of a set, or a single invoice, quote, statement. */
export function generateDocument(type: DocType, ctx: PlanContext, rng: Rng, key: string): DocumentLedger {
  if (type === 'bank_statement') return generateStatement(ctx, rng, key, []);
  if (type === 'timesheet') return generateTimesheet(ctx, rng, key);
  const doc = baseDocument(type, ctx, rng, key);
  doc.lines = makeLines(ctx, rng);
  if (type === 'purchase_order') {
    doc.deliveryDate = ctx.deliveryDate ?? addDays(ctx.issueDate, rng.int(7, 21));
    doc.paymentTerms = paymentTermsText(ctx.dueDays);
    if (rng.chance(0.4))
      doc.shipTo = { name: ctx.buyer.name, address: postalAddress(rng, ctx.buyerCountry), contact: personName(rng, ctx.buyerCountry) };
  } else if (type === 'invoice') {
    doc.dueDate = ctx.dueDate ?? addDays(ctx.issueDate, ctx.dueDays);
    doc.paymentTerms = paymentTermsText(ctx.dueDays);
    if (ctx.numbers.poNumber) doc.references.poNumber = ctx.numbers.poNumber;
  } else if (type === 'quote') {
    doc.dueDate = ctx.dueDate ?? addDays(ctx.issueDate, 30);
  } else if (type === 'delivery_note' || type === 'goods_receipt') {
    doc.deliveryDate = ctx.deliveryDate ?? ctx.issueDate;
    doc.references.poNumber = ctx.numbers.poNumber ?? numberFor('purchase_order', rng, ctx.issueDate);
  } else if (type === 'credit_note') {
    doc.references.invoiceNumber = ctx.numbers.invoiceNumber ?? numberFor('invoice', rng, ctx.issueDate);
  }
  return computeTotals(doc);
}

/** A month of bookings on the buyer's account; `payments` adds the settlement of each invoice named. */
export function generateStatement(ctx: PlanContext, rng: Rng, key: string, payments: DocumentLedger[]): DocumentLedger {
  const country = countryOfLocale(ctx.locale);
  const period = ctx.period ?? ctx.issueDate.slice(0, 7);
  const first = `${period}-01`;
  const last = addDays(addDays(`${period}-28`, 4).slice(0, 8) + '01', -1);
  const bank: Party = { name: bankName(rng, country), address: postalAddress(rng, country) };
  const doc = baseDocument('bank_statement', { ...ctx, issueDate: last }, rng, key);
  doc.issuer = bank;
  doc.recipient = ctx.buyer;
  const iban = makeIban(rng, country);
  if (iban) doc.iban = iban;
  else doc.notes = [`${domesticAccount(rng, country)}`, ...doc.notes];
  doc.openingBalance = toMinor(rng.int(5_000, 80_000), ctx.currency);
  const txs: Transaction[] = [];
  const count = Math.max(ctx.lineCount, 4);
  for (let i = 0; i < count; i++) {
    const credit = rng.chance(0.45);
    const amount = toMinor(rng.float(credit ? 200 : 20, credit ? 9000 : 3500, 2), ctx.currency);
    const ref = `${rng.letters(2)}${rng.digits(8)}`;
    const description = credit
      ? `Incoming transfer ${personName(rng, country)}`
      : rng.pick(['Card payment office supplies', 'Direct debit utilities', 'Transfer to supplier', 'Payroll', 'Bank fees', 'Rent']);
    txs.push({
      date: addDays(first, rng.int(0, Number(last.slice(8)) - 1)),
      description,
      reference: ref,
      amount: credit ? amount : -amount,
      balance: 0,
    });
  }
  for (const inv of payments) {
    // The buyer's account pays the invoice: a debit naming the invoice number, for its total.
    const date = inv.dueDate && inv.dueDate.slice(0, 7) === period ? inv.dueDate : addDays(first, rng.int(0, 27));
    txs.push({
      date,
      description: `Payment to ${inv.issuer.name} invoice ${inv.number}`,
      reference: inv.number,
      amount: -inv.total,
      balance: 0,
    });
  }
  doc.transactions = txs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  doc.lines = [];
  return computeTotals(doc);
}

/** Working days of a period for one to three people on consulting tasks; the lines bill the hours per task and person. */
export function generateTimesheet(ctx: PlanContext, rng: Rng, key: string): DocumentLedger {
  const doc = baseDocument('timesheet', ctx, rng, key);
  const people = Array.from({ length: rng.int(1, 3) }, () => personName(rng, ctx.sellerCountry));
  const tasks = rng.sample(
    CATALOGS.consulting_services.filter((i) => i.unit === 'h'),
    Math.max(1, Math.min(3, Math.ceil(ctx.lineCount / Math.max(people.length, 1)))),
  );
  const start = ctx.period ? `${ctx.period}-01` : addDays(ctx.issueDate, -21);
  const entries: TimeEntry[] = [];
  for (let d = 0; d < 21; d++) {
    const date = addDays(start, d);
    if (weekday(date) === 0 || weekday(date) === 6) continue;
    for (const person of people) {
      if (!rng.chance(0.7)) continue;
      entries.push({ date, person, task: rng.pick(tasks).description, hours: rng.int(2, 16) / 2 });
    }
  }
  if (entries.length === 0) entries.push({ date: start, person: people[0], task: tasks[0].description, hours: 8 });
  doc.entries = entries;
  const seen = new Set<string>();
  for (const e of entries) {
    const description = timesheetLineDescription(e.task, e.person);
    if (seen.has(description)) continue;
    seen.add(description);
    const item = tasks.find((t) => t.description === e.task)!;
    doc.lines.push({
      position: doc.lines.length + 1,
      sku: item.sku,
      description,
      quantity: 0,
      unit: 'h',
      unitPrice: priceFor(item, ctx.currency, rng),
      taxRate: ctx.taxRates[0],
      discountPct: 0,
      total: 0,
    });
  }
  doc.issueDate = addDays(start, 21) > ctx.issueDate ? addDays(start, 21) : ctx.issueDate;
  return computeTotals(doc);
}
