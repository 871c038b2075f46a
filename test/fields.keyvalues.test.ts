import { beforeAll, describe, expect, it } from 'vitest';
import type { BBox, Line, ModelPage, Word } from '../src/pipeline/model/types.ts';
import { analyzeDocumentLayout } from '../src/pipeline/layout/mod.ts';
import { extractDocumentPages } from '../src/pipeline/textlayer/mod.ts';
import { documentKeyValues, findKeyValues, type KeyValuePair } from '../src/pipeline/fields/mod.ts';
import { helveticaPdf, pdfText } from './helpers/pdf.ts';

/**
 * Key-value pairs read from real PDFs drawn with mupdf (Helvetica, WinAnsi), and from the same page as an OCR
 * engine would hand it over (no fonts, no blocks, word boxes a little off).
 */

const text = (x: number, y: number, s: string, size = 10) => `BT /F1 ${size} Tf ${x} ${y} Td (${pdfText(s)}) Tj ET`;

/** An invoice-like form using every layout the reader knows. Coordinates in PDF points (page px = 2 × pt). */
const FORM = [
  text(56, 740, 'ACME Supplies GmbH', 16),
  text(56, 710, 'Invoice No: INV-2024-0042'),
  text(56, 694, 'Date: 03/15/2024'),
  text(300, 694, 'Due Date: 2024-04-14'),
  text(56, 678, 'Order No: 7781 Customer ID: C-991'),
  text(56, 662, 'Facture n° 2022089083'),
  text(56, 646, 'Rechnungsdatum: 3. März 2021'),
  text(56, 610, 'Bill To:'),
  text(56, 596, 'Contoso Pharmacy'),
  text(56, 582, '4 Mill Lane'),
  text(56, 568, 'Leeds LS1 4AB'),
  text(56, 520, 'Subtotal:'),
  text(400, 520, '$1,020.00'),
  text(56, 504, 'Total amount due:'),
  text(400, 504, '1.234,56 EUR'),
  text(56, 470, '[x] Paid   [ ] Pending'),
  '0.5 w 56 440 10 10 re S 58 445 m 60 442 l 65 449 l S',
  text(72, 441, 'Express delivery'),
  '0.5 w 56 424 10 10 re S',
  text(72, 425, 'Gift wrap'),
  '1 w 300 380 200 40 re S',
  text(306, 410, 'Reference', 7),
  text(306, 390, 'PO-55-2024', 12),
].join('\n');

/** Labels in a header row over their values, a document number in the title, a glued "n°", a sentence under a label. */
const GRID = [
  text(56, 740, 'Invoice INV/2023/03/0008', 14),
  text(56, 690, 'Klant'),
  text(200, 690, 'Factuur datum'),
  text(350, 690, 'Vervaldatum'),
  text(56, 676, 'SCONL0303'),
  text(200, 676, '8-9-2022'),
  text(350, 676, '22-9-2022'),
  text(56, 620, 'Facture n°562044387 du 02 Juillet 2015'),
  text(56, 600, 'Payment Date: 2024-01-02   Invoice No.: 42   Amount: 12,50 \u20ac'),
  text(56, 580, 'Nom de la banque:'),
  text(56, 566, 'Il est recommande de verifier ces indications et de signaler toute anomalie a votre service.'),
].join('\n');

const PROSE = [
  'Rivers carry sediment from the mountains to the plains where farmers have grown wheat for centuries.',
  'Each spring the floods renew the soil and the villages along the banks hold markets after the harvest.',
  'Engineers later built dams that tamed the water but also changed the fish migrations in the delta.',
]
  .map((s, i) => text(56, 700 - i * 14, s))
  .join('\n');

const readPages = (streams: string[]): ModelPage[] => analyzeDocumentLayout(extractDocumentPages(helveticaPdf(streams))).pages;

const contains = (outer: BBox, inner: BBox, slack = 0.5) =>
  inner[0] >= outer[0] - slack && inner[1] >= outer[1] - slack && inner[2] <= outer[2] + slack && inner[3] <= outer[3] + slack;

function pair(pairs: KeyValuePair[], labelKey: string): KeyValuePair {
  const found = pairs.filter((p) => p.labelKey === labelKey);
  expect(found, `one pair labelled "${labelKey}" in ${pairs.map((p) => p.labelKey).join(', ')}`).toHaveLength(1);
  return found[0];
}

/** The page words that print the value (its tokens, on its lines). */
function valueWords(page: ModelPage, p: KeyValuePair): Word[] {
  const tokens = new Set(p.valueText.split(/\s+/));
  const lines = page.lines.filter((l) => p.lineIds.includes(l.id));
  return lines.flatMap((l) => l.words).filter((w) => tokens.has(w.text) && !w.text.endsWith(':'));
}

/** The page as OCR would give it: no fonts, no layout blocks, word boxes shifted by a pixel or two. */
function asOcrPage(page: ModelPage): ModelPage {
  const jitter = (b: BBox, i: number): BBox => [b[0] + (i % 3) - 1, b[1] - 1.5, b[2] + ((i + 1) % 3) - 1, b[3] + 1];
  const font = { name: '', size: 0, bold: false, italic: false, monospace: false };
  const lines: Line[] = page.lines.map((l, n) => ({
    ...l,
    source: 'ocr',
    font,
    bbox: jitter(l.bbox, n),
    words: l.words.map((w, i) => ({ ...w, bbox: jitter(w.bbox, i + n), font, source: 'ocr', confidence: 0.93 })),
  }));
  return { ...page, lines, blocks: [], textLayer: 'none', needsOcr: true };
}

describe('key-value pairs on a born-digital form', () => {
  let page: ModelPage;
  let pairs: KeyValuePair[];
  beforeAll(() => {
    [page] = readPages([FORM]);
    pairs = findKeyValues(page);
  });

  it('reads inline pairs, several on one line, and numbered labels without a colon', () => {
    expect(pair(pairs, 'invoice no')).toMatchObject({
      label: 'Invoice No',
      valueText: 'INV-2024-0042',
      layout: 'inline',
      value: { kind: 'identifier' },
    });
    expect(pair(pairs, 'order no')).toMatchObject({ valueText: '7781', layout: 'inline' });
    expect(pair(pairs, 'customer id')).toMatchObject({ valueText: 'C-991', value: { kind: 'identifier', value: 'C-991' } });
    expect(pair(pairs, 'facture n')).toMatchObject({ label: 'Facture n°', valueText: '2022089083' });
    expect(pair(pairs, 'due date').value).toEqual({ kind: 'date', raw: '2024-04-14', value: '2024-04-14' });
    expect(pair(pairs, 'rechnungsdatum').value.value).toBe('2021-03-03');
  });

  it("reads numeric dates month first when the page's own dates say so", () => {
    expect(pair(pairs, 'date').value.value).toBe('2024-03-15');
  });

  it('pairs a label column with the amounts on its row, with currencies', () => {
    expect(pair(pairs, 'subtotal')).toMatchObject({ layout: 'column', value: { kind: 'amount', value: 1020, currency: 'USD' } });
    expect(pair(pairs, 'total amount due')).toMatchObject({ layout: 'column', value: { kind: 'amount', value: 1234.56, currency: 'EUR' } });
  });

  it('reads a multi-line address below its label and stops at the gap', () => {
    const billTo = pair(pairs, 'bill to');
    expect(billTo).toMatchObject({ layout: 'below', valueText: 'Contoso Pharmacy\n4 Mill Lane\nLeeds LS1 4AB', value: { kind: 'text' } });
    expect(billTo.lineIds).toHaveLength(4);
  });

  it('reads checkboxes from bracket glyphs and from drawn squares, ticked or not', () => {
    expect(pair(pairs, 'paid')).toMatchObject({ layout: 'checkbox', value: { kind: 'boolean', value: true } });
    expect(pair(pairs, 'pending').value.value).toBe(false);
    expect(pair(pairs, 'express delivery')).toMatchObject({ layout: 'checkbox', value: { value: true } });
    expect(pair(pairs, 'gift wrap').value.value).toBe(false);
    // The drawn box is the value box: 10 pt squares at x = 56 pt.
    expect(Math.abs(pair(pairs, 'gift wrap').valueBox[0] - 112)).toBeLessThan(2);
  });

  it('reads a form box: a small label at the top of a rectangle, the value inside', () => {
    expect(pair(pairs, 'reference')).toMatchObject({ layout: 'form_box', valueText: 'PO-55-2024', value: { kind: 'identifier' } });
  });

  it('gives every pair boxes that hold its words, line ids, a block and a confidence', () => {
    for (const p of pairs) {
      expect(contains(p.bbox, p.labelBox) && contains(p.bbox, p.valueBox)).toBe(true);
      expect(p.lineIds.every((id) => page.lines.some((l) => l.id === id))).toBe(true);
      expect(p.confidence).toBeGreaterThan(0.5);
      expect(p.confidence).toBeLessThanOrEqual(1);
      expect(p.blockId).toMatch(/^p0_b\d+$/);
      if (p.layout === 'checkbox') continue;
      const words = valueWords(page, p);
      expect(words.length, p.label).toBeGreaterThan(0);
      for (const w of words) expect(contains(p.valueBox, w.bbox), `${p.label}: ${w.text}`).toBe(true);
      expect(contains(p.labelBox, p.valueBox)).toBe(false);
    }
    expect(pairs.map((p) => p.id)).toEqual(pairs.map((_, i) => `p0_kv${i}`));
  });

  it('does not pair a title or running prose', () => {
    expect(pairs.some((p) => /acme/i.test(p.label) || /acme/i.test(p.valueText))).toBe(false);
    const [prose] = readPages([PROSE]);
    expect(findKeyValues(prose)).toEqual([]);
  });
});

describe('key-value pairs in header rows and titles', () => {
  it('pairs header labels with the values under them, numbers in titles and glued numbering marks', () => {
    const [page] = readPages([GRID]);
    const pairs = findKeyValues(page);
    expect(pair(pairs, 'invoice')).toMatchObject({ valueText: 'INV/2023/03/0008', value: { kind: 'identifier' } });
    expect(pair(pairs, 'klant')).toMatchObject({ layout: 'below', valueText: 'SCONL0303' });
    expect(pair(pairs, 'factuur datum')).toMatchObject({ layout: 'below', value: { kind: 'date', value: '2022-09-08' } });
    expect(pair(pairs, 'vervaldatum').value.value).toBe('2022-09-22');
    const facture = pair(pairs, 'facture n');
    expect(facture).toMatchObject({ valueText: '562044387', value: { kind: 'identifier' } });
    expect(facture.valueBox[0]).toBeGreaterThan(facture.labelBox[2] - 1);
    expect(pairs.some((p) => p.labelKey === 'nom de la banque')).toBe(false);
    expect(pair(pairs, 'payment date').value.value).toBe('2024-01-02');
    expect(pair(pairs, 'invoice no')).toMatchObject({ label: 'Invoice No.', valueText: '42' });
    expect(pair(pairs, 'amount').value).toMatchObject({ kind: 'amount', value: 12.5, currency: 'EUR' });
  });
});

/** An OCR page from text boxes as a recogniser reports them (one box per run, words spread over it). */
function ocrPage(boxes: [string, BBox][]): ModelPage {
  const font = { name: '', size: 0, bold: false, italic: false, monospace: false };
  const lines: Line[] = boxes.map(([t, bbox], n) => {
    const per = (bbox[2] - bbox[0]) / t.length;
    const words: Word[] = [...t.matchAll(/\S+/g)].map((m) => ({
      text: m[0],
      bbox: [bbox[0] + m.index! * per, bbox[1], bbox[0] + (m.index! + m[0].length) * per, bbox[3]],
      font,
      baseline: bbox[3],
      source: 'ocr',
      confidence: 0.9,
    }));
    return { id: `p0_l${n}`, text: t, bbox, words, font, dir: 'ltr', rotation: 0, source: 'ocr' };
  });
  return {
    page_index: 0,
    width: 1000,
    height: 1400,
    rotation: 0,
    lines,
    blocks: [],
    paths: [],
    images: [],
    textLayer: 'none',
    needsOcr: true,
  };
}

describe('key-value pairs on an OCR page', () => {
  it('joins a colon and a currency mark that the recogniser boxed apart', () => {
    const page = ocrPage([
      ['DATE', [23, 263, 67, 286]],
      [':', [93, 268, 111, 284]],
      ['09/01/2019 8:01:11 PM', [118, 263, 301, 290]],
      ['TOTAL:', [200, 400, 260, 420]],
      ['RM', [300, 400, 330, 420]],
      ['9.00', [400, 400, 443, 420]],
    ]);
    const pairs = findKeyValues(page);
    expect(pair(pairs, 'date')).toMatchObject({
      layout: 'column',
      value: { kind: 'date', value: '2019-01-09' },
      lineIds: ['p0_l0', 'p0_l2'],
    });
    const total = pair(pairs, 'total');
    expect(total.value).toMatchObject({ kind: 'amount', value: 9, currency: 'MYR' });
    expect(total.valueBox).toEqual([300, 400, 443, 420]);
    expect(total.lineIds).toEqual(['p0_l3', 'p0_l4', 'p0_l5']);
  });

  it('finds the same pairs without fonts or layout blocks', () => {
    const [page] = readPages([FORM]);
    const ocr = asOcrPage(page);
    const pairs = findKeyValues(ocr, { dateOrder: 'mdy' });
    expect(pair(pairs, 'invoice no').valueText).toBe('INV-2024-0042');
    expect(pair(pairs, 'date').value.value).toBe('2024-03-15');
    expect(pair(pairs, 'total amount due').value).toMatchObject({ value: 1234.56, currency: 'EUR' });
    expect(pair(pairs, 'bill to').valueText).toBe('Contoso Pharmacy\n4 Mill Lane\nLeeds LS1 4AB');
    expect(pair(pairs, 'express delivery').value.value).toBe(true);
    for (const p of pairs) expect(p.blockId).toBeUndefined();
  });

  it('reads checkbox glyphs recognised in the text', () => {
    const word = (t: string, x: number): Word => ({
      text: t,
      bbox: [x, 100, x + 12 * t.length, 124],
      font: { name: '', size: 0, bold: false, italic: false, monospace: false },
      baseline: 120,
      source: 'ocr',
      confidence: 0.9,
    });
    const words = [word('☑', 100), word('Paid', 124), word('☐', 200), word('Overdue', 224)];
    const line: Line = {
      id: 'p0_l0',
      text: '☑ Paid ☐ Overdue',
      bbox: [100, 100, 308, 124],
      words,
      font: words[0].font,
      dir: 'ltr',
      rotation: 0,
      source: 'ocr',
    };
    const page: ModelPage = {
      page_index: 0,
      width: 1000,
      height: 1400,
      rotation: 0,
      lines: [line],
      blocks: [],
      paths: [],
      images: [],
      textLayer: 'none',
      needsOcr: true,
    };
    const pairs = findKeyValues(page);
    expect(pairs.map((p) => [p.label, p.value.value])).toEqual([
      ['Paid', true],
      ['Overdue', false],
    ]);
    expect(pairs[0].valueBox).toEqual([100, 100, 112, 124]);
  });
});

describe('documentKeyValues', () => {
  it('reads every page, numbering pairs per page, with the date order the whole document shows', () => {
    const pages = readPages([
      [text(56, 700, 'Invoice No: 4711'), text(56, 680, 'Issue Date: 12/31/2020')].join('\n'),
      [text(56, 700, 'Invoice No: 4711'), text(56, 680, 'Delivery Date: 01/02/2021')].join('\n'),
    ]);
    const pairs = documentKeyValues({ pages });
    expect(pairs.map((p) => p.id)).toEqual(['p0_kv0', 'p0_kv1', 'p1_kv0', 'p1_kv1']);
    expect(pairs.find((p) => p.labelKey === 'delivery date')?.value.value).toBe('2021-01-02');
    expect(pairs.filter((p) => p.labelKey === 'invoice no').map((p) => p.pageIndex)).toEqual([0, 1]);
  });
});
