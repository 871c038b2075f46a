import type { DocType, DocumentLedger } from '../types.ts';
import { formatDate } from './format.ts';

/**
 * What each document type prints: its title, the labelled header fields in the wording business documents use
 * ("Invoice No.", "PO Number", "Due Date"), what the parties are called, and the words of its totals. Labels are
 * the conventional English ones the extraction lexicon knows; only numbers and dates follow the locale.
 */

export interface DocWords {
  title: string;
  /** Header fields, label and printed value, in print order; absent values are left out. */
  meta: [string, string][];
  recipientLabel: string;
  shipToLabel: string;
  /** Whether the line items carry prices (delivery notes and goods receipts print quantities only). */
  priced: boolean;
  /** Heading of the quantity column. */
  quantityHeader: string;
  totalLabel: string;
}

const TITLES: Record<DocType, string> = {
  purchase_order: 'PURCHASE ORDER',
  invoice: 'INVOICE',
  credit_note: 'CREDIT NOTE',
  delivery_note: 'DELIVERY NOTE',
  goods_receipt: 'GOODS RECEIPT',
  receipt: 'RECEIPT',
  quote: 'QUOTATION',
  bank_statement: 'BANK STATEMENT',
  timesheet: 'TIMESHEET',
};

export const titleOf = (type: DocType): string => TITLES[type] ?? type.toUpperCase().replace(/_/g, ' ');

type Row = [string, string | undefined];

function present(rows: Row[]): [string, string][] {
  return rows.filter((r): r is [string, string] => typeof r[1] === 'string' && r[1] !== '');
}

export function wordsOf(doc: DocumentLedger): DocWords {
  const date = (iso?: string) => (iso ? formatDate(iso, doc.locale) : undefined);
  const refs = doc.references ?? {};
  const po: Row = ['PO Number', refs.poNumber];
  const quote: Row = ['Quote No.', refs.quoteNumber];
  const deliveryNote: Row = ['Delivery Note No.', refs.deliveryNoteNumber];
  const currency: Row = ['Currency', doc.currency];
  const base = { recipientLabel: 'Bill To', shipToLabel: 'Ship To', priced: true, quantityHeader: 'Qty', totalLabel: 'Total' };
  switch (doc.type) {
    case 'invoice':
      return {
        ...base,
        title: TITLES.invoice,
        totalLabel: 'Total Due',
        meta: present([
          ['Invoice No.', doc.number],
          ['Invoice Date', date(doc.issueDate)],
          ['Due Date', date(doc.dueDate)],
          ['Delivery Date', date(doc.deliveryDate)],
          po,
          quote,
          deliveryNote,
          currency,
        ]),
      };
    case 'credit_note':
      return {
        ...base,
        title: TITLES.credit_note,
        recipientLabel: 'Credit To',
        totalLabel: 'Total Credit',
        meta: present([
          ['Credit Note No.', doc.number],
          ['Credit Note Date', date(doc.issueDate)],
          ['Original Invoice', refs.invoiceNumber],
          po,
          currency,
        ]),
      };
    case 'purchase_order':
      return {
        ...base,
        title: TITLES.purchase_order,
        recipientLabel: 'Supplier',
        totalLabel: 'Total',
        meta: present([
          ['PO Number', doc.number],
          ['Order Date', date(doc.issueDate)],
          ['Delivery Date', date(doc.deliveryDate)],
          ['Payment Due', date(doc.dueDate)],
          quote,
          currency,
        ]),
      };
    case 'quote':
      return {
        ...base,
        title: TITLES.quote,
        recipientLabel: 'Prepared For',
        totalLabel: 'Total',
        meta: present([
          ['Quote No.', doc.number],
          ['Quote Date', date(doc.issueDate)],
          ['Valid Until', date(doc.dueDate)],
          ['Delivery Date', date(doc.deliveryDate)],
          currency,
        ]),
      };
    case 'delivery_note':
      return {
        ...base,
        title: TITLES.delivery_note,
        recipientLabel: 'Deliver To',
        shipToLabel: 'Delivery Address',
        priced: false,
        quantityHeader: 'Qty Delivered',
        meta: present([
          ['Delivery Note No.', doc.number],
          ['Date', date(doc.issueDate)],
          ['Delivery Date', date(doc.deliveryDate)],
          po,
          ['Invoice No.', refs.invoiceNumber],
        ]),
      };
    case 'goods_receipt':
      return {
        ...base,
        title: TITLES.goods_receipt,
        recipientLabel: 'Supplier',
        shipToLabel: 'Received At',
        priced: false,
        quantityHeader: 'Qty Received',
        meta: present([
          ['Goods Receipt No.', doc.number],
          ['Receipt Date', date(doc.issueDate)],
          ['Delivery Date', date(doc.deliveryDate)],
          po,
          deliveryNote,
        ]),
      };
    case 'receipt':
      return {
        ...base,
        title: TITLES.receipt,
        recipientLabel: 'Customer',
        totalLabel: 'Total',
        meta: present([['Receipt No.', doc.number], ['Date', date(doc.issueDate)], ['Invoice No.', refs.invoiceNumber], currency]),
      };
    case 'bank_statement':
      return {
        ...base,
        title: TITLES.bank_statement,
        recipientLabel: 'Account Holder',
        priced: false,
        totalLabel: 'Closing Balance',
        meta: present([
          ['Statement No.', doc.number],
          ['Statement Date', date(doc.issueDate)],
          ['IBAN', doc.iban ? groupIban(doc.iban) : undefined],
          currency,
        ]),
      };
    case 'timesheet':
      return {
        ...base,
        title: TITLES.timesheet,
        recipientLabel: 'Client',
        totalLabel: 'Total Due',
        quantityHeader: 'Hours',
        meta: present([['Timesheet No.', doc.number], ['Date', date(doc.issueDate)], ['Period End', date(doc.deliveryDate)], po, currency]),
      };
    default:
      return { ...base, title: titleOf(doc.type), meta: present([['Document No.', doc.number], ['Date', date(doc.issueDate)], currency]) };
  }
}

/** IBANs print in groups of four. */
export const groupIban = (iban: string): string => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
