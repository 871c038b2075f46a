import type { DocumentLedger } from '../types.ts';
import { fitText, textWidth, type PageCanvas } from './canvas.ts';
import { lineItemTable, notesSection, paymentSection, totalRows, totalsBox } from './body.ts';
import { Flow } from './flow.ts';
import { contactLines } from './header.ts';
import type { DocWords } from './labels.ts';
import { RECEIPT_WIDTH, templateOf, type Template } from './templates.ts';

/**
 * Receipts print on a narrow till roll: one page as long as its content, the shop's name and address centred,
 * the header fields as label/value pairs, items (description, quantity, amount), totals full width.
 */

const TALL = 14000;

function head(page: PageCanvas, t: Template, doc: DocumentLedger, words: DocWords): number {
  const center = page.width / 2;
  const width = page.width - 2 * t.margin;
  let y = t.margin + 12;
  page.text(center, y, fitText(doc.issuer.name, width, 12, 'bold'), { size: 12, font: 'bold', align: 'center' });
  y += 3; // the name is set larger than the lines under it
  for (const line of [...doc.issuer.address, ...contactLines(doc.issuer)]) {
    y += t.leading;
    page.text(center, y, fitText(line, width, t.size), { size: t.size, align: 'center' });
  }
  y += t.leading + 8;
  page.text(center, y, words.title, { size: 13, font: 'bold', color: t.accent, align: 'center' });
  y += 10;
  page.line(t.margin, y, page.width - t.margin, y, t.muted, 0.5);
  y += 4;
  const meta = doc.recipient?.name ? [...words.meta, [words.recipientLabel, doc.recipient.name] as [string, string]] : words.meta;
  const labelWidth = Math.max(...meta.map(([l]) => textWidth(`${l}:`, t.size, 'bold'))) + 6;
  for (const [label, value] of meta) {
    y += t.leading;
    page.text(t.margin, y, `${label}:`, { size: t.size, font: 'bold' });
    page.text(t.margin + labelWidth, y, fitText(value, width - labelWidth, t.size), { size: t.size });
  }
  return y + t.leading;
}

function layout(doc: DocumentLedger, words: DocWords, t: Template, height: number): Flow {
  const flow = new Flow(RECEIPT_WIDTH, height, t, () => t.margin, 24);
  flow.y = head(flow.page, t, doc, words);
  lineItemTable(flow, doc, words);
  totalsBox(flow, totalRows(doc, words));
  paymentSection(flow, doc);
  notesSection(flow, doc);
  return flow;
}

export function receiptPages(doc: DocumentLedger, words: DocWords): PageCanvas[] {
  const t = { ...templateOf(doc.template), margin: 16 };
  // Lay out once on a very long roll to learn the height, then again on a page cut to fit.
  const measured = layout(doc, words, t, TALL);
  const height = Math.max(300, Math.ceil(measured.y + t.margin + 30));
  const flow = layout(doc, words, t, Math.min(TALL, height));
  flow.pages.forEach((page, i) => {
    page.text(page.width / 2, page.height - t.margin, `Page ${i + 1} of ${flow.pages.length}`, {
      size: t.size - 1,
      color: t.muted,
      align: 'center',
    });
  });
  return flow.pages;
}
