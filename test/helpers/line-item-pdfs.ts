import { helveticaPdf, textRun as run } from './pdf.ts';

/**
 * Invoices with line-item tables for the extraction suites, drawn with mupdf (Helvetica, US Letter): a header
 * block, an item table whose rows run over onto page 2 (with or without a repeated header row), one item with
 * a description wrapped over two lines, and subtotal / VAT / total lines under the table. Numbers are right-aligned
 * in their columns like a real invoice. `wrongTotal` prints a total that does not add up.
 */

export interface LineItem {
  description: string[];
  qty: number;
  unitPrice: number;
}

export interface InvoiceSpec {
  issuer: string;
  number: string;
  date: string;
  dueDate: string;
  items: LineItem[];
  /** Items on page 1; the rest continue on page 2. */
  firstPageItems: number;
  repeatHeader: boolean;
  vatRate: number;
  wrongTotal?: boolean;
  /** More "Label: value" lines under the due date (at most two). */
  extraLabels?: [string, string][];
}

export const money = (n: number): string => n.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
export const cents = (n: number): number => Math.round(n * 100) / 100;

/** Helvetica advance widths (1/1000 em) of the characters the numbers use. */
const HELV: Record<string, number> = { '.': 278, ',': 278, '-': 333, ' ': 278 };
const textWidth = (t: string, size: number) => [...t].reduce((w, ch) => w + (HELV[ch] ?? 556), 0) * (size / 1000);

const right = (xRight: number, y: number, text: string, size = 10) => run(xRight - textWidth(text, size), y, text, size);

/** Column layout (PDF points): description left edge, right edges of the numeric columns. */
const COL = { desc: 56, qtyRight: 360, priceRight: 450, amountRight: 540 };
const ROW = 16;

function headerRow(y: number): string[] {
  return [
    run(COL.desc, y, 'Description', 10, true),
    run(COL.qtyRight - 22, y, 'Qty', 10, true),
    run(COL.priceRight - 50, y, 'Unit Price', 10, true),
    run(COL.amountRight - 40, y, 'Amount', 10, true),
  ];
}

function itemRows(items: LineItem[], top: number): { ops: string[]; bottom: number } {
  const ops: string[] = [];
  let y = top;
  for (const item of items) {
    ops.push(
      run(COL.desc, y, item.description[0]),
      right(COL.qtyRight, y, String(item.qty)),
      right(COL.priceRight, y, money(item.unitPrice)),
      right(COL.amountRight, y, money(cents(item.qty * item.unitPrice))),
    );
    for (const more of item.description.slice(1)) {
      y -= ROW;
      ops.push(run(COL.desc, y, more));
    }
    y -= ROW;
  }
  return { ops, bottom: y };
}

export function invoiceTotals(spec: InvoiceSpec): { subtotal: number; vat: number; total: number } {
  const subtotal = cents(spec.items.reduce((s, i) => s + cents(i.qty * i.unitPrice), 0));
  const vat = cents((subtotal * spec.vatRate) / 100);
  return { subtotal, vat, total: cents(subtotal + vat + (spec.wrongTotal ? 10 : 0)) };
}

export function lineItemInvoicePdf(spec: InvoiceSpec): Buffer {
  const page1 = [
    run(56, 740, spec.issuer, 16, true),
    run(56, 722, '12 Harbour Road, Bristol BS1 4AA'),
    run(400, 740, 'INVOICE', 20, true),
    run(56, 690, 'Invoice Number:'),
    run(150, 690, spec.number),
    run(56, 674, 'Invoice Date:'),
    run(150, 674, spec.date),
    run(56, 658, 'Due Date:'),
    run(150, 658, spec.dueDate),
    run(330, 690, 'Bill To:'),
    run(380, 690, 'Contoso Pharmacy'),
    run(380, 674, '4 Mill Lane, Leeds'),
    ...(spec.extraLabels ?? []).flatMap(([label, value], i) => [run(56, 642 - i * 16, `${label}:`), run(150, 642 - i * 16, value)]),
    ...headerRow(596),
  ];
  const first = itemRows(spec.items.slice(0, spec.firstPageItems), 576);
  page1.push(...first.ops, run(270, 40, 'Page 1 of 2', 9));
  const page2: string[] = [run(56, 740, `${spec.issuer} - Invoice ${spec.number} (continued)`, 10, true)];
  const top = spec.repeatHeader ? 700 : 710;
  if (spec.repeatHeader) page2.push(...headerRow(720));
  const rest = itemRows(spec.items.slice(spec.firstPageItems), top);
  page2.push(...rest.ops);
  const { subtotal, vat, total } = invoiceTotals(spec);
  let y = rest.bottom - 10;
  for (const [label, value] of [
    ['Subtotal', subtotal],
    [`VAT ${spec.vatRate}%`, vat],
    ['Total', total],
  ] as const) {
    page2.push(run(COL.priceRight - 50, y, label, 10, label === 'Total'), right(COL.amountRight, y, money(value)));
    y -= ROW;
  }
  page2.push(run(56, y - 30, 'Payment within 30 days by bank transfer. Thank you for your business.'), run(270, 40, 'Page 2 of 2', 9));
  return helveticaPdf([page1.join('\n'), page2.join('\n')]);
}

const PRODUCTS: [string, number, number][] = [
  ['Paper towels (case of 12)', 4, 12.5],
  ['Hand soap refill 5 l', 10, 3.2],
  ['Nitrile gloves, box of 100', 6, 8.75],
  ['Disinfectant spray 750 ml', 12, 4.1],
  ['Floor cleaner concentrate', 3, 15.9],
  ['Microfibre cloths (pack of 10)', 5, 7.45],
  ['Bin liners 120 l, roll', 8, 5.6],
  ['Toilet paper (pack of 36)', 7, 21.3],
  ['Glass cleaner 1 l', 9, 2.95],
  ['Mop head, cotton', 4, 6.8],
  ['Bucket with wringer', 2, 24.99],
  ['Air freshener refill', 15, 1.75],
  ['Dish detergent 5 l', 3, 11.4],
  ['Sponges (pack of 20)', 6, 3.99],
  ['Safety goggles', 2, 9.5],
  ['Hand sanitiser 500 ml', 20, 2.45],
  ['Kitchen roll (pack of 6)', 5, 6.2],
  ['Dust pan and brush set', 3, 7.99],
];

/** A two-page invoice: 14 items on page 1 (item 3 with a wrapped description), 4 more on page 2. */
export function twoPageInvoice(
  options: { repeatHeader?: boolean; wrongTotal?: boolean; number?: string; extraLabels?: [string, string][] } = {},
): InvoiceSpec {
  const items = PRODUCTS.map(([d, qty, unitPrice]) => ({ description: [d], qty, unitPrice }));
  items[2].description = ['Nitrile gloves, box of 100,', 'size M, powder free'];
  return {
    issuer: 'Northwind Traders Ltd',
    number: options.number ?? 'INV-2024-0417',
    date: '2024-03-15',
    dueDate: '2024-04-14',
    items,
    firstPageItems: 14,
    repeatHeader: options.repeatHeader ?? false,
    vatRate: 20,
    wrongTotal: options.wrongTotal,
    extraLabels: options.extraLabels,
  };
}
