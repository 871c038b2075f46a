/**
 * The ledger of synthetic business documents: what each generated document says, down to every amount, so it can
 * be rendered, checked and compared with what extraction reads back. Amounts are integers in the currency's minor
 * unit (cents; yen have none, dinars three), so sums and rounding are exact. Dates are ISO `YYYY-MM-DD`.
 */
export type DocType =
  | 'purchase_order'
  | 'invoice'
  | 'credit_note'
  | 'delivery_note'
  | 'goods_receipt'
  | 'receipt'
  | 'quote'
  | 'bank_statement'
  | 'timesheet';

export type SynthesisTask = 'generate_po' | 'generate_related_document' | 'edit_document';

export interface Party {
  name: string;
  /** Street, postcode + city, country: one printed line each. */
  address: string[];
  vatId?: string;
  email?: string;
  phone?: string;
  /** A person to contact or who ordered. */
  contact?: string;
}

export interface LineItem {
  /** 1-based position as printed. */
  position: number;
  sku: string;
  description: string;
  /** Up to three decimals (hours, kilograms). */
  quantity: number;
  unit: string;
  /** Minor units per unit of quantity. */
  unitPrice: number;
  /** Percent, e.g. 19 or 7.7. */
  taxRate: number;
  /** Percent off the line, 0 when none. */
  discountPct: number;
  /** round(quantity × unitPrice × (1 − discount)) in minor units; set by computeTotals. */
  total: number;
}

export interface TaxLine {
  rate: number;
  /** Sum of the line totals at this rate (minor units). */
  base: number;
  /** round(base × rate / 100) (minor units). */
  amount: number;
}

/** Bank statements: one booking each; amounts signed (credits positive). */
export interface Transaction {
  date: string;
  description: string;
  reference: string;
  amount: number;
  /** Running balance after this booking (minor units). */
  balance: number;
}

/** Timesheets: one entry per day and task. */
export interface TimeEntry {
  date: string;
  person: string;
  task: string;
  hours: number;
}

export interface DocumentLedger {
  /** Unique within a set: `po`, `invoice`, `goods_receipt`, `invoice_2`. */
  key: string;
  type: DocType;
  /** The document's own number as printed: `PO-2026-0142`, `INV-10457`. */
  number: string;
  issueDate: string;
  dueDate?: string;
  deliveryDate?: string;
  /** ISO 4217 code and BCP 47 locale (number and date formats on the page follow the locale). */
  currency: string;
  locale: string;
  /** The issuer (seller on invoices/quotes/receipts, buyer on purchase orders, the bank on statements). */
  issuer: Party;
  /** The other party (buyer on invoices, supplier on purchase orders, account holder on statements). */
  recipient: Party;
  shipTo?: Party;
  /** Numbers of related documents printed on this one. */
  references: { poNumber?: string; invoiceNumber?: string; quoteNumber?: string; deliveryNoteNumber?: string };
  lines: LineItem[];
  taxes: TaxLine[];
  subtotal: number;
  taxTotal: number;
  total: number;
  /** Bank statements. */
  transactions?: Transaction[];
  openingBalance?: number;
  closingBalance?: number;
  iban?: string;
  /** Timesheets. */
  entries?: TimeEntry[];
  paymentTerms?: string;
  notes: string[];
  /** Layout template id for the renderer (`classic`, `modern`, `compact`, …). */
  template: string;
}

/** A difference the prompt asked for between related documents; everything else must agree. */
export interface Mismatch {
  kind: 'quantity' | 'unit_price' | 'missing_reference' | 'extra_line' | 'missing_line' | 'tax_rate' | 'description';
  /** The document that carries the difference and the one it is compared with (document keys). */
  document: string;
  against: string;
  /** 1-based line position where it applies. */
  line?: number;
  /** Field path as extraction names it: `line_items[1].quantity`, `po_number`, `total`. */
  field: string;
  expected: string | number | null;
  actual: string | number | null;
  /** The prompt's words that asked for it. */
  instruction: string;
}

export interface MemberPlan {
  key: string;
  type: DocType;
  role: string;
  task: SynthesisTask;
  /** Keys of the members this one is generated from (an invoice from its PO). */
  dependsOn: string[];
  /** Keys (or input file ids) it must match, and how. */
  matchingAgainst: string[];
  /** Inputs (file ids) it is built from. */
  inputFileIds: string[];
}

export interface SynthesisPlan {
  prompt: string;
  seed: number;
  task: SynthesisTask;
  members: MemberPlan[];
  documents: DocumentLedger[];
  mismatches: Mismatch[];
  /** What the planner read from the prompt, for the response's metadata (what it understood and assumed). */
  understood: Record<string, unknown>;
}

export interface ConsistencyIssue {
  document: string;
  field: string;
  message: string;
}

/** One value to change in a source PDF: the printed text to find (optionally near a label) and its replacement. */
export interface EditChange {
  /** The text as printed now (`10`, `1,234.50`, `PO-2026-0142`). */
  from: string;
  to: string;
  /** A label the value sits beside (`Quantity`, `Total`, `PO number`) to pick the right occurrence; optional. */
  near?: string;
  /** 0-based page to look on; all pages when absent. */
  page?: number;
  /** Every occurrence rather than the first. */
  all?: boolean;
}

export interface AppliedEdit {
  page_index: number;
  /** Where the old text was, page-image pixels (2 px per PDF point). */
  bbox: [number, number, number, number];
  before: string;
  after: string;
  /** Font the new text was set in, and its size in points. */
  font: string;
  size: number;
}
