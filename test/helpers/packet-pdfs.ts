import { helveticaPdf, pdfText } from './pdf.ts';

/**
 * Documents for the classification and split suites, drawn with mupdf (Helvetica, US Letter): an invoice, a
 * two-page non-disclosure agreement numbered "Page n of 2", and a three-page statistical report. `packetPdf`
 * concatenates them, so a test knows where each document starts.
 */

interface Run {
  text: string;
  size?: number;
  bold?: boolean;
}

function pageContent(runs: Run[], footer?: string): string {
  let y = 740;
  const ops: string[] = [];
  for (const r of runs) {
    const size = r.size ?? 10;
    ops.push(`BT /${r.bold ? 'F2' : 'F1'} ${size} Tf 72 ${y} Td (${pdfText(r.text)}) Tj ET`);
    y -= size * 1.6;
  }
  if (footer) ops.push(`BT /F1 9 Tf 270 40 Td (${pdfText(footer)}) Tj ET`);
  return ops.join('\n');
}

export interface DocSpec {
  name: string;
  class: string;
  pages: { runs: Run[]; footer?: string }[];
}

export const INVOICE: DocSpec = {
  name: 'invoice',
  class: 'invoice',
  pages: [
    {
      runs: [
        { text: 'Northwind Traders Ltd', size: 14, bold: true },
        { text: '12 Harbour Road, Bristol' },
        { text: 'INVOICE', size: 20, bold: true },
        { text: 'Invoice Number: INV-2024-0417' },
        { text: 'Invoice Date: 2024-03-15' },
        { text: 'Bill To: Contoso Pharmacy, 4 Mill Lane, Leeds' },
        { text: 'Description                 Qty     Unit price     Amount' },
        { text: 'Paper towels (case)           4         12.50        50.00' },
        { text: 'Hand soap (litre)            10          3.20        32.00' },
        { text: 'Subtotal                                             82.00' },
        { text: 'VAT 20%                                              16.40' },
        { text: 'Total amount due                                     98.40' },
        { text: 'Payment due within 30 days. Bank transfer to IBAN GB29 NWBK 6016 1331 9268 19.' },
      ],
    },
  ],
};

const NDA_CLAUSES = [
  'This Mutual Non-Disclosure Agreement is entered into by Alpine Robotics GmbH (the Disclosing Party)',
  'and Brightwave Analytics Inc. (the Receiving Party) as of 1 February 2024.',
  '1. Confidential Information means all non-public business, technical and financial information',
  'disclosed by the Disclosing Party, whether orally or in writing, that is marked confidential.',
  '2. The Receiving Party shall hold the Confidential Information in strict confidence and shall not',
  'disclose it to any third party without the prior written consent of the Disclosing Party.',
  '3. Obligations of confidentiality survive for three years after termination of this Agreement.',
];

export const NDA: DocSpec = {
  name: 'nda',
  class: 'nda_contract',
  pages: [
    {
      runs: [{ text: 'Mutual Non-Disclosure Agreement', size: 18, bold: true }, ...NDA_CLAUSES.map((text) => ({ text }))],
      footer: 'Page 1 of 2',
    },
    {
      runs: [
        { text: '4. This Agreement is governed by the laws of Switzerland. Each party shall return or destroy' },
        { text: 'all Confidential Information upon request of the Disclosing Party.' },
        { text: 'IN WITNESS WHEREOF the parties have signed this Agreement.' },
        { text: 'Signature: ______________________          Signature: ______________________' },
        { text: 'Name: Anna Keller, Alpine Robotics GmbH    Name: Tom Reyes, Brightwave Analytics Inc.' },
      ],
      footer: 'Page 2 of 2',
    },
  ],
};

const reportPage = (n: number, heading: string): { runs: Run[]; footer: string } => ({
  runs: [
    { text: heading, size: 16, bold: true },
    { text: 'Regional labour market statistics, annual survey 2023. Source: national statistics office.' },
    { text: 'Table 1. Employment rate by region and sex, percent of population aged 20-64' },
    { text: 'Region            Men      Women     Total' },
    { text: 'North             78.1     71.4      74.8' },
    { text: 'South             75.6     69.0      72.3' },
    { text: 'The survey covered 41,200 households; figures are weighted to the population estimates.' },
  ],
  footer: `- ${n} -`,
});

export const REPORT: DocSpec = {
  name: 'report',
  class: 'report',
  pages: [reportPage(1, 'Labour Market Report 2023'), reportPage(2, 'Employment by region'), reportPage(3, 'Methodology and data sources')],
};

function pdfOf(pages: { runs: Run[]; footer?: string }[]): Buffer {
  return helveticaPdf(pages.map((p) => pageContent(p.runs, p.footer)));
}

export function documentPdf(spec: DocSpec): Buffer {
  return pdfOf(spec.pages);
}

/** The documents one after another in one PDF; `starts` are their first pages (1-based). */
export function packetPdf(specs: DocSpec[]): { pdf: Buffer; starts: number[] } {
  const starts: number[] = [];
  let page = 1;
  for (const s of specs) {
    starts.push(page);
    page += s.pages.length;
  }
  return { pdf: pdfOf(specs.flatMap((s) => s.pages)), starts };
}
