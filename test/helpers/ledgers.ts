import { computeTotals } from '../../src/pipeline/synthesize/totals.ts';
import { Rng } from '../../src/pipeline/synthesize/random.ts';
import {
  CATALOGS,
  COUNTRIES,
  COUNTRY_INFO,
  makeIban,
  makeParty,
  priceFor,
  quantityFor,
  type Country,
} from '../../src/pipeline/synthesize/vocab.ts';
import { addDays, currencyExponent } from '../../src/pipeline/synthesize/money.ts';
import type { DocType, DocumentLedger, LineItem, Party, TimeEntry, Transaction } from '../../src/pipeline/synthesize/types.ts';

/**
 * Ledgers for the synthesize suites: fixed samples of every document type (a German seller with umlauts and €,
 * a 45-line invoice that runs over pages) and a seeded generator of varied ledgers (locale, currency, template,
 * line count, tax rates, references) for round-trip measurements. Totals come from the synthesizer's computeTotals.
 */

export const SELLER: Party = {
  name: 'Bergmann Werkzeuge GmbH',
  address: ['Industriestraße 12', '70565 Stuttgart', 'Germany'],
  vatId: 'DE811234567',
  email: 'rechnung@bergmann-werkzeuge.de',
  phone: '+49 711 4455 0',
};

export const BUYER: Party = {
  name: 'Café Müller & Söhne KG',
  address: ['Königsallee 7', '40212 Düsseldorf', 'Germany'],
  vatId: 'DE298765432',
  email: 'einkauf@cafe-mueller.de',
  contact: 'Jürgen Weiß',
};

export const SHIP_TO: Party = { name: 'Café Müller Lager Nord', address: ['Hafenstraße 3', '20457 Hamburg', 'Germany'] };

const PRODUCTS: [string, string, string, number, number, number][] = [
  ['BW-2001', 'Akku-Bohrschrauber 18 V, 2 Akkus, Koffer', 'pcs', 2, 18990, 19],
  ['BW-2002', 'Schraubendreher-Set, 12-teilig, Größe PH0–PH3', 'set', 5, 2450, 19],
  ['BW-2003', 'Fachbuch: Werkzeugkunde für Café-Betriebe (ermäßigter Satz)', 'pcs', 3, 3990, 7],
  ['BW-2004', 'Schutzbrille, klar, EN 166', 'pcs', 12, 675, 19],
  ['BW-2005', 'Arbeitshandschuhe Nitril, Größe 9, Paar', 'pair', 24, 349, 19],
  ['BW-2006', 'Werkbank mit Schublade, Buche, 1500 x 700 mm, inkl. Montage und Lieferung frei Haus', 'pcs', 1, 64900, 19],
  ['BW-2007', 'Kabeltrommel 25 m, 4 Steckdosen', 'pcs', 2, 4495, 19],
  ['BW-2008', 'Schmierstoff Spray 400 ml', 'can', 6, 899, 19],
];

function line(i: number, [sku, description, unit, quantity, unitPrice, taxRate]: (typeof PRODUCTS)[number]): LineItem {
  return { position: i + 1, sku, description, quantity, unit, unitPrice, taxRate, discountPct: 0, total: 0 };
}

export interface SampleOptions {
  template?: string;
  locale?: string;
  currency?: string;
  lines?: number;
  /** Leave the ship-to and references off. */
  bare?: boolean;
}

/** A sample ledger of any type, totals computed; amounts in the currency's minor units. */
export function sampleLedger(type: DocType, options: SampleOptions = {}): DocumentLedger {
  const count = options.lines ?? 5;
  const lines = Array.from({ length: count }, (_, i) => ({ ...line(i, PRODUCTS[i % PRODUCTS.length]), sku: `BW-${2001 + i}` }));
  const isPo = type === 'purchase_order' || type === 'goods_receipt';
  const doc: DocumentLedger = {
    key: type,
    type,
    number: {
      purchase_order: 'PO-2026-0142',
      invoice: 'INV-10457',
      credit_note: 'CN-2026-007',
      delivery_note: 'DN-55120',
      goods_receipt: 'GR-2026-031',
      receipt: 'R-000982',
      quote: 'Q-2026-0088',
      bank_statement: 'ST-2026-11',
      timesheet: 'TS-2026-47',
    }[type],
    issueDate: '2026-03-04',
    dueDate: type === 'invoice' || type === 'quote' ? '2026-04-03' : undefined,
    deliveryDate: type === 'purchase_order' || type === 'delivery_note' || type === 'goods_receipt' ? '2026-03-18' : undefined,
    currency: options.currency ?? 'EUR',
    locale: options.locale ?? 'de-DE',
    issuer: isPo ? BUYER : SELLER,
    recipient: isPo ? SELLER : BUYER,
    shipTo: options.bare ? undefined : SHIP_TO,
    references: options.bare || type === 'purchase_order' ? {} : { poNumber: 'PO-2026-0142' },
    lines,
    taxes: [],
    subtotal: 0,
    taxTotal: 0,
    total: 0,
    paymentTerms: type === 'invoice' || type === 'purchase_order' ? 'Net 30 days, 2% discount within 10 days' : undefined,
    iban: type === 'invoice' || type === 'bank_statement' ? 'DE89370400440532013000' : undefined,
    notes: ['Thank you for your business. Goods remain our property until paid in full.'],
    template: options.template ?? 'classic',
  };
  if (type === 'bank_statement') Object.assign(doc, statementPart());
  if (type === 'timesheet') Object.assign(doc, timesheetPart());
  return computeTotals(doc);
}

function statementPart(): Partial<DocumentLedger> {
  const transactions: Transaction[] = [
    ['2026-03-01', 'Incoming transfer Café Müller & Söhne KG', 'INV-10441', 152340],
    ['2026-03-02', 'Direct debit Stadtwerke Stuttgart', 'SEPA-88123', -23999],
    ['2026-03-03', 'Card payment Bürobedarf Weiß', 'CARD-5521', -4590],
    ['2026-03-04', 'Salary payments March', 'PAY-2026-03', -845000],
  ].map(([date, description, reference, amount]) => ({ date, description, reference, amount, balance: 0 }) as Transaction);
  return { transactions, openingBalance: 1250000, lines: [], paymentTerms: undefined };
}

function timesheetPart(): Partial<DocumentLedger> {
  const entries: TimeEntry[] = [
    { date: '2026-03-02', person: 'Jürgen Weiß', task: 'Werkstattplanung', hours: 7.5 },
    { date: '2026-03-03', person: 'Jürgen Weiß', task: 'Werkstattplanung', hours: 8 },
    { date: '2026-03-04', person: 'Anna Groß', task: 'Montage Werkbänke', hours: 6.25 },
  ];
  const lines: LineItem[] = [
    {
      position: 1,
      sku: 'SV-01',
      description: 'Werkstattplanung – Jürgen Weiß',
      quantity: 0,
      unit: 'h',
      unitPrice: 9500,
      taxRate: 19,
      discountPct: 0,
      total: 0,
    },
    {
      position: 2,
      sku: 'SV-02',
      description: 'Montage Werkbänke – Anna Groß',
      quantity: 0,
      unit: 'h',
      unitPrice: 7800,
      taxRate: 19,
      discountPct: 0,
      total: 0,
    },
  ];
  return { entries, lines };
}

const TEMPLATE_IDS = ['classic', 'modern', 'compact'];

/** A varied invoice or purchase order from a seed: the country's locale and currency, 1–40 lines, mixed tax rates. */
export function generatedLedger(seed: number, type?: DocType): DocumentLedger {
  const rng = new Rng(seed);
  const country: Country = rng.pick(COUNTRIES);
  const info = COUNTRY_INFO[country];
  const docType = type ?? rng.pick<DocType>(['invoice', 'invoice', 'purchase_order']);
  const catalog = CATALOGS[rng.pick(Object.keys(CATALOGS) as (keyof typeof CATALOGS)[])];
  const count = rng.weighted([
    [rng.int(1, 6), 6],
    [rng.int(7, 20), 3],
    [rng.int(21, 40), 1],
  ] as const);
  const lines: LineItem[] = Array.from({ length: count }, (_, i) => {
    const item = catalog[i % catalog.length];
    return {
      position: i + 1,
      sku: item.sku,
      description: item.description,
      quantity: quantityFor(item, rng),
      unit: item.unit,
      unitPrice: priceFor(item, info.currency, rng),
      taxRate: item.reduced && info.taxRates[1] !== undefined ? info.taxRates[1] : info.taxRates[0],
      discountPct: rng.chance(0.1) ? rng.pick([5, 10]) : 0,
      total: 0,
    };
  });
  const issueDate = addDays('2026-01-05', rng.int(0, 300));
  const seller = makeParty(rng, country);
  const buyer = makeParty(rng, country);
  const isPo = docType === 'purchase_order';
  const doc: DocumentLedger = {
    key: docType,
    type: docType,
    number: isPo ? `PO-2026-${rng.digits(4)}` : `${rng.pick(['INV', 'RE', 'F'])}-${rng.digits(5)}`,
    issueDate,
    dueDate: isPo ? undefined : addDays(issueDate, rng.pick([14, 30, 45])),
    deliveryDate: isPo ? addDays(issueDate, rng.int(5, 20)) : undefined,
    currency: info.currency,
    locale: info.locale,
    issuer: isPo ? buyer : seller,
    recipient: isPo ? seller : buyer,
    shipTo: rng.chance(0.4) ? { name: buyer.name, address: makeParty(rng, country).address } : undefined,
    references: !isPo && rng.chance(0.7) ? { poNumber: `PO-2026-${rng.digits(4)}` } : {},
    lines,
    taxes: [],
    subtotal: 0,
    taxTotal: 0,
    total: 0,
    paymentTerms: rng.pick(['Net 30 days', 'Payable within 14 days of invoice date', undefined]),
    iban: isPo ? undefined : (makeIban(rng, country) ?? undefined),
    notes: rng.chance(0.5) ? ['Please quote our reference on all correspondence.'] : [],
    template: rng.pick(TEMPLATE_IDS),
  };
  return computeTotals(doc);
}

/** The round-trip schema: header fields of invoices and orders, and the line-item table. */
export const ROUND_TRIP_SCHEMA = {
  doc_class: 'invoice',
  fields: [
    { key: 'invoice_number', description: 'Invoice number' },
    { key: 'po_number', description: 'Purchase order number' },
    { key: 'invoice_date', description: 'Invoice date' },
    { key: 'due_date', description: 'Payment due date' },
    { key: 'total', description: 'Total amount due', type: 'number' },
    { key: 'subtotal', description: 'Amount before tax', type: 'number' },
    { key: 'tax_total', description: 'Total tax', type: 'number' },
    { key: 'currency', description: 'ISO currency code' },
  ],
  tables: [
    {
      key: 'line_items',
      description: 'Line items',
      fields: [
        { key: 'description', description: 'Item description' },
        { key: 'quantity', description: 'Quantity', type: 'number' },
        { key: 'unit_price', description: 'Price per unit', type: 'number' },
        { key: 'amount', description: 'Line total', type: 'number' },
      ],
    },
  ],
};

/** Minor units to the major-unit number extraction reads (12345 cents → 123.45; yen as they are). */
export function major(minor: number, currency: string): number {
  const e = currencyExponent(currency);
  return Number((minor / 10 ** e).toFixed(e));
}

/** What extraction must read back from a rendered invoice or purchase order: the ledger's values, absent ones null. */
export function expectedFields(doc: DocumentLedger): Record<string, unknown> {
  const isPo = doc.type === 'purchase_order';
  const m = (minor: number) => major(minor, doc.currency);
  return {
    invoice_number: isPo ? null : doc.number,
    po_number: isPo ? doc.number : (doc.references.poNumber ?? null),
    invoice_date: isPo ? null : doc.issueDate,
    due_date: doc.dueDate ?? null,
    total: m(doc.total),
    subtotal: m(doc.subtotal),
    tax_total: m(doc.taxTotal),
    currency: doc.currency,
    line_items: doc.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unit_price: m(l.unitPrice),
      amount: m(l.total),
    })),
  };
}
