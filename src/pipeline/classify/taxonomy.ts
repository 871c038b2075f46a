import type { ClassSpec } from './types.ts';
import { SCRIPT_PHRASES } from './taxonomy-scripts.ts';

/**
 * The built-in taxonomy: each class with a description and phrases typical of its pages. Phrases are matched as
 * whole-word sequences; distinctive phrases (few classes share them) weigh more through IDF (score.ts).
 */
export const OTHER_CLASS = 'other';

/**
 * A non-disclosure agreement is a contract: its class holds every contract phrase plus its own, so any
 * confidentiality evidence tips a contract-looking page to nda_contract while plain contracts tie and stay contract.
 */
const CONTRACT_PHRASES = ['agreement', 'this agreement', 'parties', 'party', 'hereby', 'whereas', 'hereinafter', 'governing law', 'termination',
      'term', 'obligations', 'indemnify', 'shall', 'in witness whereof', 'executed', 'effective date', 'witnesseth', 'covenants',
      'liability', 'breach', 'jurisdiction', 'notices', 'severability', 'entire agreement', 'amendment', 'assigns'];

/** Subtype → parent class: they do not compete with each other in the confidence (an NDA is a contract). */
export const CLASS_PARENTS: ReadonlyMap<string, string> = new Map([['nda_contract', 'contract']]);

const ENGLISH_CLASSES: ClassSpec[] = [
  {
    label: 'invoice',
    description: 'A bill from a seller asking a buyer to pay for goods or services, with line items, totals and payment terms.',
    phrases: ['invoice', 'tax invoice', 'invoice number', 'invoice no', 'invoice date', 'bill to', 'ship to', 'amount due', 'balance due',
      'subtotal', 'sub total', 'vat', 'gst', 'due date', 'payment terms', 'total due', 'unit price', 'qty', 'quantity', 'amount',
      'remit to', 'bank details', 'iban', 'pay by', 'tax', 'total', 'description', 'payment',
      // The same bill in the other languages of European suppliers (German, French, Spanish, Italian, Dutch).
      'rechnung', 'rechnungsnr', 'rechnungsnummer', 'rechnungsdatum', 'kundennr', 'mwst', 'ust', 'nettobetrag', 'gesamtbetrag',
      'zahlbar', 'facture', 'montant', 'tva', 'total ttc', 'total ht', 'factura', 'iva', 'importe', 'fattura', 'imponibile',
      'factuur', 'factuurnummer', 'btw'],
  },
  {
    label: 'receipt',
    description: 'Proof of a payment already made: a till or payment receipt with items, total paid and payment method.',
    phrases: ['receipt', 'payment receipt', 'cash', 'change', 'paid', 'amount paid', 'card', 'visa', 'mastercard', 'thank you',
      'transaction', 'cashier', 'store', 'total paid', 'auth code', 'terminal'],
  },
  {
    label: 'purchase_order',
    description: 'An order from a buyer to a supplier for goods at agreed prices and delivery dates.',
    phrases: ['purchase order', 'po number', 'po no', 'p.o', 'order date', 'vendor', 'supplier', 'ship via', 'delivery date',
      'ordered by', 'buyer', 'requisition', 'order number', 'unit price', 'qty ordered', 'authorized by'],
  },
  {
    label: 'delivery_note',
    description: 'A document that accompanies a shipment listing the goods delivered, quantities and the recipient signature.',
    phrases: ['delivery note', 'packing slip', 'packing list', 'dispatch note', 'delivered', 'delivery address', 'consignee',
      'shipped', 'carrier', 'tracking number', 'received by', 'goods received', 'quantity delivered', 'waybill', 'shipment'],
  },
  {
    label: 'bank_statement',
    description: 'A statement of a bank account listing transactions, balances, deposits and withdrawals over a period.',
    phrases: ['bank statement', 'statement period', 'account number', 'opening balance', 'closing balance', 'balance brought forward',
      'deposits', 'withdrawals', 'debit', 'credit', 'sort code', 'iban', 'bic', 'transaction date', 'available balance',
      'account summary', 'statement date', 'direct debit'],
  },
  {
    label: 'contract',
    description: 'A legal agreement between parties setting out obligations, terms, termination and governing law.',
    phrases: CONTRACT_PHRASES,
  },
  {
    label: 'nda_contract',
    description: 'A non-disclosure or confidentiality agreement protecting confidential information shared between parties.',
    phrases: ['non-disclosure', 'nondisclosure', 'non disclosure', 'confidentiality agreement', 'confidential information', 'receiving party',
      'disclosing party', 'confidentiality', 'confidential', 'disclose', 'disclosure', 'proprietary', 'trade secrets', 'non-competition',
      'non-solicitation', 'recipient', 'shall not disclose', 'return or destroy', 'need to know', 'nda', 'proprietary information',
      ...CONTRACT_PHRASES],
  },
  {
    label: 'resume',
    description: 'A curriculum vitae describing a person: work experience, education, skills and contact details.',
    phrases: ['resume', 'curriculum vitae', 'cv', 'work experience', 'professional experience', 'education', 'skills', 'references',
      'objective', 'profile', 'employment history', 'languages', 'certifications', 'linkedin', 'achievements', 'bachelor', 'master'],
  },
  {
    label: 'letter',
    description: 'A letter or correspondence addressed to a person, with salutation, body and closing.',
    phrases: ['dear', 'dear sir', 'dear madam', 'sincerely', 'yours sincerely', 'yours faithfully', 'kind regards', 'best regards',
      'regards', 're:', 'enclosed', 'please find', 'we are pleased', 'thank you for your letter', 'to whom it may concern', 'cc'],
  },
  {
    label: 'form',
    description: 'A form to be filled in with fields, checkboxes, names, dates and signatures.',
    phrases: ['form', 'application form', 'please complete', 'please print', 'fill in', 'check one', 'tick', 'applicant', 'date of birth',
      'signature', 'for office use only', 'full name', 'telephone', 'please tick', 'print name', 'mm/dd/yyyy', 'dd/mm/yyyy'],
  },
  {
    label: 'scientific_paper',
    description: 'A research article with abstract, introduction, methods, results, citations and references.',
    phrases: ['abstract', 'references', 'et al.', 'et al', 'arxiv', 'introduction', 'doi', 'conclusion', 'related work', 'method',
      'methods', 'results', 'experiments', 'dataset', 'proceedings', 'conference', 'journal', 'eq', 'equation', 'theorem', 'proposed',
      'we propose', 'in this paper', 'evaluation', 'baseline', 'preprint', 'university', 'fig', 'acknowledgments', 'model', 'our',
      'we', 'state-of-the-art', 'accuracy', 'precision', 'recall', 'benchmark', 'training', 'inference', 'ablation', 'algorithm',
      'hypothesis', 'empirical', 'literature', 'theoretical'],
  },
  {
    label: 'report',
    description: 'A report or statistical publication with analysis, tables, figures and statistics, such as government or annual reports.',
    phrases: ['report', 'annual report', 'statistics', 'statistical', 'table', 'figure', 'survey', 'eurostat', 'source', 'data',
      'percentage', 'per cent', 'households', 'population', 'growth', 'rate', 'average', 'index', 'appendix', 'summary',
      'working paper', 'key findings', 'executive summary', 'trend', 'indicators', 'estimates', 'share', 'member states',
      'government', 'ministry', 'policy', 'national', 'federal', 'programme', 'program', 'public', 'department', 'agency',
      'recommendations', 'fiscal', 'budget', 'census', 'office for national statistics'],
  },
  {
    label: 'id_document',
    description: 'An identity document such as a passport, identity card or driving licence.',
    phrases: ['passport', 'identity card', 'id card', 'driving licence', "driver's license", 'driver license', 'nationality', 'date of birth',
      'place of birth', 'date of issue', 'date of expiry', 'expires', 'surname', 'given names', 'sex', 'issuing authority', 'holder'],
  },
  {
    label: 'tax_form',
    description: 'A tax return or tax form such as a W-2, 1099, 1040 or VAT return, with boxes for income and tax.',
    phrases: ['tax return', 'form 1040', 'w-2', '1099', 'internal revenue service', 'irs', 'taxpayer', 'taxable income', 'withholding',
      'employer identification number', 'social security number', 'tax year', 'deductions', 'adjusted gross income', 'filing status',
      'omb no', 'department of the treasury', 'wages'],
  },
  {
    label: 'engineering_drawing',
    description: 'A technical drawing with a title block, dimensions, scale, revisions, tolerances and part numbers.',
    phrases: ['drawing', 'drawing no', 'dwg', 'scale', 'sheet', 'revision', 'rev', 'tolerance', 'dimensions', 'mm', 'drawn by',
      'checked by', 'approved by', 'material', 'finish', 'part number', 'title block', 'section', 'detail', 'do not scale'],
  },
  {
    label: 'other',
    description: 'Anything that fits none of the other classes.',
    phrases: [],
  },
];

/** The built-in classes, each with its phrases in other scripts too (taxonomy-scripts.ts). */
export const BUILTIN_CLASSES: ClassSpec[] = ENGLISH_CLASSES.map((spec) => ({
  ...spec,
  phrases: [...(spec.phrases ?? []), ...(SCRIPT_PHRASES[spec.label] ?? [])],
}));
