import type { DocumentLedger } from '../types.ts';
import { type PageCanvas, writePdf } from './canvas.ts';
import { lineItemTable, notesSection, paymentSection, statementBody, timesheetBody, totalRows, totalsBox } from './body.ts';
import { Flow } from './flow.ts';
import { continuationHead, firstPageHead, footer } from './header.ts';
import { wordsOf } from './labels.ts';
import { receiptPages } from './receipt.ts';
import { pageSizeOf, templateOf } from './templates.ts';

/**
 * Renders a ledger into a PDF: the template's letterhead and address blocks, the document's table running over as
 * many pages as it needs (header row repeated), totals on the last page, terms and notes, "Page n of m" footers.
 * Same ledger, same bytes: nothing time- or random-dependent is written.
 */
export function renderDocument(doc: DocumentLedger): Uint8Array {
  const words = wordsOf(doc);
  if (doc.type === 'receipt') return writePdf(receiptPages(doc, words), `${words.title} ${doc.number}`);
  const t = templateOf(doc.template);
  const [width, height] = pageSizeOf(doc.locale);
  const flow = new Flow(width, height, t, (page: PageCanvas) => continuationHead(page, t, doc, words));
  flow.y = firstPageHead(flow.page, t, doc, words);
  if (doc.type === 'bank_statement') statementBody(flow, doc);
  else if (doc.type === 'timesheet') timesheetBody(flow, doc, words);
  else {
    lineItemTable(flow, doc, words);
    if (words.priced) totalsBox(flow, totalRows(doc, words));
  }
  if (words.priced || doc.type === 'bank_statement') paymentSection(flow, doc);
  notesSection(flow, doc);
  flow.pages.forEach((page, i) => footer(page, t, doc, i + 1, flow.pages.length));
  return writePdf(flow.pages, `${words.title} ${doc.number}`);
}
