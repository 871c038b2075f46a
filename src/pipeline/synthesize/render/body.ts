import type { DocumentLedger } from '../types.ts';
import { textWidth, wrapText, type Rgb } from './canvas.ts';
import type { Flow } from './flow.ts';
import type { DocWords } from './labels.ts';
import { formatAmount, formatDate, formatMoney, formatQuantity, formatRate, formatRateNumber } from './format.ts';
import { drawTable, fitWidth, type Column } from './table.ts';

/**
 * The body of a document: its table (line items, transactions or time entries), the totals box on the last page,
 * then payment terms, bank details and notes. Amounts in cells carry no currency sign (the currency is a header
 * field); the totals box prints them with the sign, as invoices do.
 */

/** The tax's local name: sales tax in the US, GST where it is called that, VAT elsewhere. */
function taxName(locale: string): string {
  if (/-(US)$/i.test(locale)) return 'Sales Tax';
  if (/-(AU|NZ|SG|IN|MY|CA)$/i.test(locale)) return 'GST';
  return 'VAT';
}

export function lineItemTable(flow: Flow, doc: DocumentLedger, words: DocWords): void {
  const { locale, currency } = doc;
  const size = flow.t.size;
  const qty = doc.lines.map((l) => formatQuantity(l.quantity, locale));
  const hasDiscount = doc.lines.some((l) => l.discountPct > 0);
  const narrow = flow.contentWidth < 300;
  if (narrow) {
    const cols: Column[] = [
      { header: 'Description', width: 0, align: 'left', wrap: true },
      { header: 'Qty', width: fitWidth('Qty', qty, size), align: 'right' },
      ...(words.priced
        ? [
            {
              header: 'Amount',
              width: fitWidth(
                'Amount',
                doc.lines.map((l) => formatAmount(l.total, currency, locale)),
                size,
              ),
              align: 'right' as const,
            },
          ]
        : []),
    ];
    drawTable(
      flow,
      cols,
      doc.lines.map((l, i) => [l.description, qty[i], ...(words.priced ? [formatAmount(l.total, currency, locale)] : [])]),
    );
    return;
  }
  const price = doc.lines.map((l) => formatAmount(l.unitPrice, currency, locale));
  const amount = doc.lines.map((l) => formatAmount(l.total, currency, locale));
  const tax = doc.lines.map((l) => formatRateNumber(l.taxRate, locale));
  const discount = doc.lines.map((l) => (l.discountPct > 0 ? formatRateNumber(l.discountPct, locale) : ''));
  const cols: [Column, (i: number) => string][] = [
    [
      {
        header: 'Pos',
        width: fitWidth(
          'Pos',
          doc.lines.map((l) => String(l.position)),
          size,
        ),
        align: 'right',
      },
      (i) => String(doc.lines[i].position),
    ],
    [
      {
        header: 'SKU',
        width: Math.min(
          86,
          fitWidth(
            'SKU',
            doc.lines.map((l) => l.sku),
            size,
            24,
            6,
          ),
        ),
        align: 'left',
      },
      (i) => doc.lines[i].sku,
    ],
    [{ header: 'Description', width: 0, align: 'left', wrap: true }, (i) => doc.lines[i].description],
    [{ header: words.quantityHeader, width: fitWidth(words.quantityHeader, qty, size), align: 'right' }, (i) => qty[i]],
    [
      {
        header: 'Unit',
        width: fitWidth(
          'Unit',
          doc.lines.map((l) => l.unit),
          size,
          24,
          7,
        ),
        align: 'left',
      },
      (i) => doc.lines[i].unit,
    ],
  ];
  if (words.priced) {
    cols.push([{ header: 'Unit Price', width: fitWidth('Unit Price', price, size), align: 'right' }, (i) => price[i]]);
    if (hasDiscount) cols.push([{ header: 'Disc. %', width: fitWidth('Disc. %', discount, size), align: 'right' }, (i) => discount[i]]);
    cols.push([{ header: 'Tax %', width: fitWidth('Tax %', tax, size), align: 'right' }, (i) => tax[i]]);
    cols.push([{ header: 'Amount', width: fitWidth('Amount', amount, size, 56), align: 'right' }, (i) => amount[i]]);
  }
  drawTable(
    flow,
    cols.map(([c]) => c),
    doc.lines.map((_, i) => cols.map(([, cell]) => cell(i))),
  );
}

interface TotalRow {
  label: string;
  value: string;
  strong?: boolean;
}

export function totalRows(doc: DocumentLedger, words: DocWords): TotalRow[] {
  const money = (minor: number) => formatMoney(minor, doc.currency, doc.locale);
  const name = taxName(doc.locale);
  const taxes = doc.taxes.length ? doc.taxes : [];
  const rows: TotalRow[] = [{ label: 'Subtotal', value: money(doc.subtotal) }];
  for (const tax of taxes) rows.push({ label: `${name} ${formatRate(tax.rate, doc.locale)}`, value: money(tax.amount) });
  // "Total Sales Tax" would read as "total sales": US documents say "Total Tax".
  if (taxes.length !== 1) rows.push({ label: name === 'Sales Tax' ? 'Total Tax' : `Total ${name}`, value: money(doc.taxTotal) });
  rows.push({ label: words.totalLabel, value: money(doc.total), strong: true });
  return rows;
}

/** The totals box: labels left, amounts right-aligned, the grand total in bold under a rule. */
export function totalsBox(flow: Flow, rows: TotalRow[]): void {
  const t = flow.t;
  const size = t.size + 0.5;
  const labelWidth = Math.max(...rows.map((r) => textWidth(r.label, size, 'bold')));
  const valueWidth = Math.max(...rows.map((r) => textWidth(r.value, size, 'bold')));
  const narrow = flow.contentWidth < 300;
  const width = narrow ? flow.contentWidth : Math.max(200, labelWidth + valueWidth + 40);
  const leading = t.leading + 2;
  // The grand total stands apart under its rule.
  const strongGap = 4;
  const height = rows.length * leading + 10 + (rows.some((r) => r.strong) ? strongGap : 0);
  flow.ensure(height + 6);
  const x = narrow || t.totals === 'right' ? flow.right - width : flow.left;
  const y = flow.y;
  const page = flow.page;
  if (t.table === 'zebra') page.rect(x, y, width, height, [0.93, 0.96, 0.97]);
  if (t.table === 'grid') page.strokeRect(x, y, width, height, t.accent, 0.8);
  let base = y + 6 + size;
  rows.forEach((r) => {
    if (r.strong) {
      base += strongGap;
      page.line(x + 4, base - size - 3, x + width - 4, base - size - 3, t.accent, t.table === 'ruled' ? 1.2 : 0.6);
    }
    const font = r.strong ? 'bold' : 'regular';
    page.text(x + 6, base, r.label, { size, font, color: r.strong ? t.accent : ([0, 0, 0] as Rgb) });
    page.text(x + width - 6, base, r.value, { size, font, align: 'right' });
    base += leading;
  });
  flow.y = y + height + t.leading;
}

/** A heading and wrapped paragraphs (payment terms, notes), kept together on one page where they fit. */
export function textSection(flow: Flow, heading: string | null, paragraphs: string[]): void {
  const t = flow.t;
  const lines = paragraphs.flatMap((p) => wrapText(p, flow.contentWidth, t.size));
  if (!lines.length) return;
  const height = (lines.length + (heading ? 1 : 0)) * t.leading + 4;
  // Keep a section together unless it is longer than half a page; then it may break between lines.
  flow.ensure(height <= flow.height / 2 ? height : 2 * t.leading);
  if (heading) {
    flow.page.text(flow.left, flow.y + t.size, heading, { size: t.size, font: 'bold', color: t.accent });
    flow.y += t.leading;
  }
  for (const line of lines) {
    flow.ensure(t.leading);
    flow.page.text(flow.left, flow.y + t.size, line, { size: t.size });
    flow.y += t.leading;
  }
  flow.y += 6;
}

/** "Payment Terms: …" and the bank account on documents that ask for payment. */
export function paymentSection(flow: Flow, doc: DocumentLedger): void {
  const parts: string[] = [];
  if (doc.paymentTerms) parts.push(`Payment Terms: ${doc.paymentTerms}`);
  if (doc.iban && doc.type !== 'bank_statement')
    parts.push(`Bank Account: IBAN ${doc.iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ')}`);
  if (parts.length) textSection(flow, null, parts);
}

export function notesSection(flow: Flow, doc: DocumentLedger): void {
  if (doc.notes?.length) textSection(flow, 'Notes', doc.notes);
}

/** Bank statements: the account summary, then the bookings with their running balance. */
export function statementBody(flow: Flow, doc: DocumentLedger): void {
  const { currency, locale } = doc;
  const tx = doc.transactions ?? [];
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const credits = tx.filter((x) => x.amount > 0).reduce((s, x) => s + x.amount, 0);
  const debits = tx.filter((x) => x.amount < 0).reduce((s, x) => s + x.amount, 0);
  const opening = doc.openingBalance ?? 0;
  const closing = doc.closingBalance ?? opening + credits + debits;
  totalsBox(flow, [
    { label: 'Opening Balance', value: money(opening) },
    { label: 'Total Credits', value: money(credits) },
    { label: 'Total Debits', value: money(debits) },
    { label: 'Closing Balance', value: money(closing), strong: true },
  ]);
  const size = flow.t.size;
  const dates = tx.map((x) => formatDate(x.date, locale));
  const amounts = tx.map((x) => formatAmount(x.amount, currency, locale));
  const balances = tx.map((x) => formatAmount(x.balance, currency, locale));
  const cols: Column[] = [
    { header: 'Date', width: fitWidth('Date', dates, size), align: 'left' },
    { header: 'Description', width: 0, align: 'left', wrap: true },
    {
      header: 'Reference',
      width: Math.min(
        110,
        fitWidth(
          'Reference',
          tx.map((x) => x.reference),
          size,
        ),
      ),
      align: 'left',
    },
    { header: 'Amount', width: fitWidth('Amount', amounts, size, 60), align: 'right' },
    { header: 'Balance', width: fitWidth('Balance', balances, size, 60), align: 'right' },
  ];
  const openingRow = ['', 'Opening Balance', '', '', formatAmount(opening, currency, locale)];
  const closingRow = ['', 'Closing Balance', '', '', formatAmount(closing, currency, locale)];
  const rows = [openingRow, ...tx.map((x, i) => [dates[i], x.description, x.reference, amounts[i], balances[i]]), closingRow];
  drawTable(flow, cols, rows, { boldRows: new Set([0, rows.length - 1]) });
}

/** Timesheets: the entries, the hours summed, then the billed lines and totals when the sheet is billed. */
export function timesheetBody(flow: Flow, doc: DocumentLedger, words: DocWords): void {
  const entries = doc.entries ?? [];
  const size = flow.t.size;
  const dates = entries.map((e) => formatDate(e.date, doc.locale));
  const hours = entries.map((e) => formatQuantity(e.hours, doc.locale));
  const cols: Column[] = [
    { header: 'Date', width: fitWidth('Date', dates, size), align: 'left' },
    {
      header: 'Person',
      width: Math.min(
        130,
        fitWidth(
          'Person',
          entries.map((e) => e.person),
          size,
        ),
      ),
      align: 'left',
    },
    { header: 'Task', width: 0, align: 'left', wrap: true },
    { header: 'Hours', width: fitWidth('Hours', hours, size), align: 'right' },
  ];
  drawTable(
    flow,
    cols,
    entries.map((e, i) => [dates[i], e.person, e.task, hours[i]]),
  );
  const total = Math.round(entries.reduce((s, e) => s + e.hours, 0) * 1000) / 1000;
  totalsBox(flow, [{ label: 'Total Hours', value: formatQuantity(total, doc.locale), strong: true }]);
  if (doc.lines.length && doc.total !== 0) {
    lineItemTable(flow, doc, { ...words, quantityHeader: 'Qty' });
    totalsBox(flow, totalRows(doc, words));
  }
}
