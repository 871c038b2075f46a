/**
 * Classification and splitting together on drawn agreements, the way the split endpoint runs them: SEC EDGAR
 * exhibits filed back to back, and signature pages that close an agreement. Real PDFs (mupdf, Helvetica) read
 * through the text layer and layout stages, classified by the real classifier.
 */
import { describe, expect, it } from 'vitest';
import { classifyPages } from '../src/pipeline/classify/mod.ts';
import { analyzeDocumentLayout } from '../src/pipeline/layout/mod.ts';
import { planSplit } from '../src/pipeline/split/mod.ts';
import { extractDocumentPages } from '../src/pipeline/textlayer/mod.ts';
import { documentPdf, type DocSpec } from './helpers/packet-pdfs.ts';

const CLAUSES = [
  'This Confidentiality Agreement is entered into between the Company and the Recipient in connection with a possible',
  'transaction. The Recipient shall keep all Confidential Information in strict confidence and shall not disclose it to',
  'any third party without the prior written consent of the Company. Confidential Information includes trade secrets,',
  'business plans and financial information disclosed by or on behalf of the Company, whether orally or in writing.',
  'The Recipient shall use the Confidential Information solely to evaluate the transaction and shall return or destroy',
  'it upon request. The obligations of this Agreement survive its termination for two years.',
];

/** A two-page confidentiality agreement; `header` is the EDGAR line printed above the exhibit, if any. */
function agreement(header: string | null, company: string): DocSpec['pages'] {
  return [
    {
      runs: [
        ...(header ? [{ text: header, size: 8 }] : []),
        { text: 'CONFIDENTIALITY AGREEMENT', size: 16, bold: true },
        { text: `${company}, 301 South College Street, Charlotte` },
        ...CLAUSES.map((text) => ({ text })),
      ],
    },
    {
      runs: [
        ...CLAUSES.slice(2).map((text) => ({ text })),
        { text: 'This Agreement is governed by the laws of the State of New York and may be amended only in writing.' },
      ],
    },
  ];
}

const SIGNATURE_PAGE: DocSpec['pages'][number] = {
  runs: [
    { text: 'NORTHERN HARBOUR HOLDINGS LTD.', bold: true },
    { text: 'By: /s/ Grant Winterton' },
    { text: 'Print Name: Grant Winterton' },
    { text: 'Title: Chief Executive Officer' },
    { text: 'Date: March 5, 2013' },
  ],
};

function pagesOf(pages: DocSpec['pages']) {
  return analyzeDocumentLayout(extractDocumentPages(documentPdf({ name: 'packet', class: 'packet', pages }))).pages;
}

const spans = (plan: { startPage: number; endPage: number }[]) => plan.map((s) => [s.startPage, s.endPage]);

describe('splitting filed agreements', () => {
  it('starts a new document at each EDGAR exhibit header, even between two agreements of one class', () => {
    const pages = pagesOf([
      ...agreement('EX-10.26 26 ex10-26.txt', 'Harbour Street Capital LLC'),
      ...agreement('EX-99.(D)(2) 9 d380892dex99d2.htm', 'Harbour Street Capital LLC'),
    ]);
    const classes = classifyPages(pages, null);
    expect(classes.map((c) => c.pageRole)).toEqual(['first_page', 'continuation', 'first_page', 'continuation']);
    expect(classes.map((c) => c.identity.filing)).toEqual(['ex10-26.txt', undefined, 'd380892dex99d2.htm', undefined]);
    const plan = planSplit(pages, classes);
    expect(spans(plan)).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(plan.every((s) => s.docClass === 'nda_contract')).toBe(true);
    expect(plan[1].reason).toContain('d380892dex99d2.htm');
  });

  it('keeps the same two agreements together without the headers that tell them apart', () => {
    const pages = pagesOf([...agreement(null, 'Harbour Street Capital LLC'), ...agreement(null, 'Harbour Street Capital LLC')]);
    expect(spans(planSplit(pages, classifyPages(pages, null)))).toEqual([[0, 3]]);
  });

  it('keeps a closing signature page naming the other party with its agreement', () => {
    const pages = pagesOf([...agreement(null, 'Harbour Street Capital LLC'), SIGNATURE_PAGE]);
    const classes = classifyPages(pages, null);
    expect(classes[2]).toMatchObject({ docClass: 'nda_contract', pageRole: 'continuation' });
    expect(classes[2].identity.issuer).toBe('NORTHERN HARBOUR HOLDINGS LTD.');
    expect(spans(planSplit(pages, classes))).toEqual([[0, 2]]);
  });
});
