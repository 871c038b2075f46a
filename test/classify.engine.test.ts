import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import type { ModelPage } from '../src/pipeline/model/types.ts';
import { analyzeDocumentLayout } from '../src/pipeline/layout/mod.ts';
import { documentPages } from '../src/pipeline/textlayer/mod.ts';
import { BUILTIN_CLASSES, classifyPages, documentClass, pageFeatures } from '../src/pipeline/classify/mod.ts';
import { wrap } from './helpers/layout-pdfs.ts';
import { pdfOf, textRun } from './helpers/pdf.ts';

/** Real PDFs drawn with mupdf (Helvetica), read back through the text layer and the layout analysis. */
interface Run {
  x: number;
  y: number;
  size: number;
  bold?: boolean;
  text: string;
}

function pdf(pages: Run[][]): Uint8Array {
  return pdfOf(pages.map((runs) => runs.map((r) => textRun(r.x, r.y, r.text, r.size, r.bold)).join('\n')));
}

function pagesOf(bytes: Uint8Array): ModelPage[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    return analyzeDocumentLayout([...documentPages(doc)]).pages;
  } finally {
    doc.destroy();
  }
}

const para = (text: string, top: number, size = 10): Run[] => wrap(text, 95).map((t, i) => ({ x: 56, y: top - i * 13, size, text: t }));

const INVOICE_P1: Run[] = [
  { x: 56, y: 750, size: 14, bold: true, text: 'Acme Supplies Ltd' },
  { x: 56, y: 734, size: 9, text: '12 Harbour Road, Bristol' },
  { x: 400, y: 700, size: 20, bold: true, text: 'INVOICE' },
  { x: 400, y: 676, size: 10, text: 'Invoice No: INV-2024-0042' },
  { x: 400, y: 662, size: 10, text: 'Invoice Date: 2024-03-15' },
  { x: 400, y: 648, size: 10, text: 'Due Date: 2024-04-14' },
  { x: 56, y: 676, size: 10, bold: true, text: 'Bill To:' },
  { x: 56, y: 662, size: 10, text: 'Northwind Traders' },
  { x: 56, y: 600, size: 10, bold: true, text: 'Description' },
  { x: 330, y: 600, size: 10, bold: true, text: 'Qty' },
  { x: 400, y: 600, size: 10, bold: true, text: 'Unit Price' },
  { x: 500, y: 600, size: 10, bold: true, text: 'Amount' },
  ...['Office chairs', 'Desk lamps', 'Paper reams'].flatMap((item, i) => [
    { x: 56, y: 580 - i * 16, size: 10, text: item },
    { x: 330, y: 580 - i * 16, size: 10, text: String(i + 2) },
    { x: 400, y: 580 - i * 16, size: 10, text: `${(120 + i * 10).toFixed(2)}` },
    { x: 500, y: 580 - i * 16, size: 10, text: `${((i + 2) * (120 + i * 10)).toFixed(2)}` },
  ]),
  { x: 400, y: 500, size: 10, text: 'Subtotal: 1,230.00' },
  { x: 400, y: 486, size: 10, text: 'VAT 20%: 246.00' },
  { x: 400, y: 472, size: 10, bold: true, text: 'Amount Due: EUR 1,476.00' },
  { x: 56, y: 420, size: 9, text: 'Payment terms: 30 days. Please pay by bank transfer to IBAN GB29 NWBK 6016 1331 9268 19.' },
  { x: 280, y: 30, size: 9, text: 'Page 1 of 2' },
];

const INVOICE_P2: Run[] = [
  { x: 56, y: 700, size: 10, text: 'Terms and conditions of payment: the amount due must be paid by the due date shown on the invoice.' },
  { x: 56, y: 686, size: 10, text: 'Late payment of the invoice total incurs interest; VAT is charged at the standard rate.' },
  { x: 280, y: 30, size: 9, text: 'Page 2 of 2' },
];

const NDA: Run[] = [
  { x: 150, y: 730, size: 18, bold: true, text: 'MUTUAL NON-DISCLOSURE AGREEMENT' },
  ...para(
    'This Non-Disclosure Agreement is entered into by and between Orbit Labs Inc. (the Disclosing Party) and Vega Systems LLC (the ' +
      'Receiving Party). The Receiving Party shall hold the Confidential Information in strict confidence and shall not disclose it to ' +
      'any third party without the prior written consent of the Disclosing Party. Confidential Information includes trade secrets, ' +
      'proprietary information and business plans. Upon termination the Receiving Party shall return or destroy all Confidential ' +
      'Information. This Agreement is governed by the laws of the State of Delaware.',
    690,
  ),
  { x: 56, y: 500, size: 10, text: 'Signature: ____________________' },
];

const PAPER: Run[] = [
  { x: 100, y: 740, size: 16, bold: true, text: 'Sparse Attention for Long Document Retrieval' },
  { x: 200, y: 720, size: 10, text: 'A. Author, B. Writer, University of Somewhere' },
  { x: 56, y: 690, size: 12, bold: true, text: 'Abstract' },
  ...para(
    'We propose a sparse attention model for long document retrieval. Experiments on three datasets show that the proposed method ' +
      'improves over strong baselines. Code and data are available on arXiv.',
    672,
  ),
  { x: 56, y: 610, size: 12, bold: true, text: '1 Introduction' },
  ...para(
    'Transformers (Vaswani et al., 2017) dominate retrieval. Prior work (Beltagy et al., 2020) studied long inputs; in this paper we ' +
      'evaluate the model against each baseline and report results in the evaluation section. See the references for the dataset.',
    592,
  ),
  { x: 56, y: 520, size: 12, bold: true, text: 'References' },
  { x: 56, y: 502, size: 9, text: '[1] A. Vaswani et al. Attention is all you need. In Proceedings of NeurIPS, 2017. doi:10.5555/3295222' },
];

const UNRELATED: Run[] = para(
  'Rivers carry sediment from the mountains to the plains where farmers have grown wheat for centuries. Each spring the floods ' +
    'renew the soil and the villages along the banks hold markets after the harvest.',
  600,
);

describe('classification engine on drawn PDFs', () => {
  const pages = pagesOf(pdf([INVOICE_P1, INVOICE_P2, NDA, [], PAPER, UNRELATED]));
  const result = classifyPages(pages, null);

  it('classifies invoice, NDA and paper pages with confidence', () => {
    expect(result.map((r) => r.docClass)).toEqual(['invoice', 'invoice', 'nda_contract', 'other', 'scientific_paper', 'other']);
    for (const i of [0, 2, 4]) expect(result[i].confidence).toBeGreaterThan(0.5);
    expect(result[0].candidates[0].label).toBe('invoice');
    expect(result[0].candidates).toHaveLength(3);
  });

  it('gives unrelated text a low confidence in any class', () => {
    const page = result[5];
    expect(page.docClass).toBe('other');
    expect(page.confidence).toBeLessThanOrEqual(0.6);
    // Even forced to pick among its candidates, no class has strong evidence.
    expect(page.candidates[0].score).toBeLessThan(3);
  });

  it('reads identity hints', () => {
    const id = result[0].identity;
    expect(id.documentNumber).toBe('INV-2024-0042');
    expect(id.date).toBe('2024-03-15');
    expect(id.pageNumber).toEqual({ n: 1, of: 2 });
    expect(id.issuer).toBe('Acme Supplies Ltd');
    expect(result[1].identity.pageNumber).toEqual({ n: 2, of: 2 });
    expect(result[0].componentsPresent).toEqual(expect.arrayContaining(['amounts']));
    expect(result[2].componentsPresent).toContain('signature');
  });

  it('assigns page roles', () => {
    expect(result.map((r) => r.pageRole)).toEqual(['first_page', 'continuation', 'first_page', 'blank', 'first_page', 'first_page']);
  });

  it('votes a document class over pages, first pages weighing more', () => {
    expect(documentClass(result.slice(0, 2)).docClass).toBe('invoice');
    expect(documentClass([]).docClass).toBe('other');
  });

  it('lets caller classes replace the built-in set', () => {
    const classes = [
      { label: 'river_essay', description: 'Essays about rivers, floods, farmers, wheat, harvest and villages along river banks.' },
      { label: 'billing', description: 'Bills asking for payment: invoice, amount due, VAT, subtotal.' },
    ];
    const custom = classifyPages(pages, classes);
    expect(custom[5].docClass).toBe('river_essay');
    expect(custom[0].docClass).toBe('billing');
    expect(custom[3].docClass).toBe('other');
    const labels = new Set(custom.flatMap((r) => r.candidates.map((c) => c.label)));
    for (const l of labels) expect(['river_essay', 'billing']).toContain(l);
  });

  it('gives a caller class that describes a built-in class the evidence of that class', () => {
    // Neither description shares a word with the invoice's second page, nor "paper"/"study" with the paper.
    const classes = [
      { label: 'supplier_bill', description: 'A bill from a supplier asking for payment.' },
      { label: 'secrecy_pact', description: 'A confidentiality agreement.' },
      { label: 'research_article', description: 'A scientific article.' },
    ];
    const custom = classifyPages(pages, classes);
    expect(custom.map((r) => r.docClass)).toEqual(['supplier_bill', 'supplier_bill', 'secrecy_pact', 'other', 'research_article', 'other']);
    for (const i of [0, 2, 4]) expect(custom[i].confidence).toBeGreaterThan(0.5);
  });

  it('tells a plain contract from an NDA', () => {
    const contract = pagesOf(
      pdf([
        [
          { x: 150, y: 730, size: 18, bold: true, text: 'SERVICES AGREEMENT' },
          ...para(
            'This Agreement is made between the parties named below. Whereas the Supplier agrees to provide services, the parties hereby ' +
              'agree that the term of this Agreement is two years. Either party may terminate on breach. Liability is limited and the ' +
              'governing law is that of England. In witness whereof the parties have executed this Agreement on the effective date.',
            690,
          ),
        ],
      ]),
    );
    const [r] = classifyPages(contract, null);
    expect(r.docClass).toBe('contract');
    expect(r.confidence).toBeGreaterThan(0.5);
  });

  it('marks attachment pages', () => {
    const attached = pagesOf(
      pdf([
        NDA,
        [
          { x: 56, y: 740, size: 14, bold: true, text: 'Exhibit A' },
          ...para('List of the confidential information disclosed under the agreement.', 700),
        ],
      ]),
    );
    const r = classifyPages(attached, null);
    expect(r[1].pageRole).toBe('attachment');
  });

  it('extracts features: title tokens weigh the top of the page, blank pages have none', () => {
    const f = pageFeatures(pages[0]);
    expect(f.titleTokens).toContain('invoice');
    expect(f.stats.amounts).toBeGreaterThanOrEqual(3);
    expect(pageFeatures(pages[3]).blank).toBe(true);
    expect(BUILTIN_CLASSES.map((c) => c.label)).toEqual(
      expect.arrayContaining(['invoice', 'nda_contract', 'scientific_paper', 'report', 'other']),
    );
  });
});
