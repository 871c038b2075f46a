import { describe, expect, it } from 'vitest';
import { buildExtractDocument, extractFields, normalizeSchema, type ExtractDocument } from '../src/pipeline/extract/mod.ts';
import {
  classifyRow,
  LOGO_HEIGHT_RATIO,
  MAX_ROW_GAP,
  MIN_ROW_CONFIDENCE,
  NAME_SIZE_RATIO,
  receiptHeader,
  repairOcrDigits,
} from '../src/pipeline/extract/concepts/receipt-header.ts';
import { MAX_HEADER_NAME_WORDS } from '../src/pipeline/extract/concepts/parties.ts';
import { repairKnownWords } from '../src/pipeline/extract/concepts/ocr-repair.ts';
import { helveticaPdf, pdfText } from './helpers/pdf.ts';
import { modelOfPdf } from './helpers/document-models.ts';

/**
 * The header block of receipts printed for shops nobody tuned for (invented names and addresses): a name over
 * several rows or before a legal form, handwriting, logos and cashier lines above or below it, an address over
 * several rows between the name and the telephone row.
 */

type Run = [string, number?, boolean?];
/** A narrow receipt: each run centred on x = 150 pt, rows 13 pt apart from the top; `size` in points, bold. */
function receipt(rows: (Run | null)[], body: [number, string][] = []): ExtractDocument {
  let y = 780;
  const runs: string[] = [];
  for (const row of rows) {
    if (row) {
      const [text, size = 9, bold] = row;
      const x = 150 - text.length * size * 0.27;
      runs.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x.toFixed(1)} ${y} Td (${pdfText(text)}) Tj ET`);
      y -= Math.max(13, size * 1.3);
    } else y -= 13;
  }
  for (const [x, text] of body) {
    runs.push(`BT /F1 9 Tf ${x} ${y} Td (${pdfText(text)}) Tj ET`);
    y -= 13;
  }
  return buildExtractDocument(modelOfPdf(helveticaPdf([runs.join('\n')])));
}

const SCHEMA = normalizeSchema({
  doc_class: 'receipt',
  fields: [
    { key: 'company', description: 'Name of the store or company that issued the receipt' },
    { key: 'address', description: 'Address of the store' },
  ],
});

const BODY: [number, string][] = [
  [40, 'Cashier: Tan Mei Ling'],
  [40, 'Date: 14/05/2019 10:21'],
  [40, 'MINERAL WATER 1.5L'],
  [220, '3.20'],
  [40, 'TOTAL'],
  [220, '3.20'],
];

const read = async (doc: ExtractDocument) => (await extractFields(doc, SCHEMA, { calibrate: false })).result;

describe('receipt header: the company name', () => {
  it('joins a name printed over three rows that ends with its legal form (MAX_NAME_ROWS)', async () => {
    const doc = receipt(
      [
        ['PELANGI HARDWARE &', 11, true],
        ['BUILDING SUPPLY', 11, true],
        ['SDN BHD', 11, true],
        ['(7731204-K)'],
        ['NO 8, JALAN KENARI 4,'],
        ['TAMAN BUKIT INDAH,'],
        ['86990 PEKAN NANAS, JOHOR'],
        ['TEL: 07-555 1234'],
        null,
        ['TAX INVOICE'],
      ],
      BODY,
    );
    const out = await read(doc);
    expect(out.company).toBe('PELANGI HARDWARE & BUILDING SUPPLY SDN BHD');
    expect(out.address).toBe('NO 8, JALAN KENARI 4, TAMAN BUKIT INDAH, 86990 PEKAN NANAS, JOHOR');
  });

  it('ignores handwriting above the header and the cashier below it (lower-case rows are noise)', async () => {
    const doc = receipt(
      [
        ['lee siew mun', 16],
        null,
        ['KEDAI RUNCIT SERI MAWAR', 10, true],
        ['LOT 27, JALAN PETAI 2,'],
        ['42700 BANTING, SELANGOR'],
        ['TEL: 03-3187 2201'],
        ['GST ID: 001122334455'],
      ],
      BODY,
    );
    const out = await read(doc);
    expect(out.company).toBe('KEDAI RUNCIT SERI MAWAR');
    expect(out.address).toBe('LOT 27, JALAN PETAI 2, 42700 BANTING, SELANGOR');
  });

  it('takes the row with the legal form, not a logo or branch row above it, and drops its registration number', async () => {
    const doc = receipt(
      [
        ['Zebu', 9 * LOGO_HEIGHT_RATIO + 8, true],
        ['Cahaya Point'],
        ['Sinar Budi Trading S/B 512233-X (CPT)'],
        ['Unit 3-1, Menara Delima,'],
        ['Jalan Kelawai 9, 10250 Penang'],
        ['Malaysia'],
        ['GST ID: 000987654321'],
      ],
      BODY,
    );
    const out = await read(doc);
    expect(out.company).toBe('Sinar Budi Trading S/B');
    expect(out.address).toBe('Unit 3-1, Menara Delima, Jalan Kelawai 9, 10250 Penang, Malaysia');
  });

  it('does not repeat a trade name that the legal name below it repeats', async () => {
    const doc = receipt(
      [['MAWAR FLORIST', 12, true], ['MAWAR FLORIST SDN BHD'], ['NO 5, JALAN MELUR 1,'], ['53990 KAMPUNG DELIMA'], ['TEL: 03-4021 5566']],
      BODY,
    );
    expect((await read(doc)).company).toBe('MAWAR FLORIST SDN BHD');
  });

  it('without a legal form, takes the row that the registration number follows at once', async () => {
    const doc = receipt(
      [
        ['R', 9 * LOGO_HEIGHT_RATIO + 8],
        null,
        ['KEDAI BUKU CAHAYA', 11, true],
        ['(0008123456-W)'],
        ['NO 14, JALAN SENDAYAN,'],
        ['35900 TANJUNG MALIM, PERAK'],
        ['TEL: 05-459 1122'],
      ],
      BODY,
    );
    const out = await read(doc);
    expect(out.company).toBe('KEDAI BUKU CAHAYA');
    expect(out.address).toBe('NO 14, JALAN SENDAYAN, 35900 TANJUNG MALIM, PERAK');
  });
});

describe('receipt header: one-row names and branch rows', () => {
  it('reads a name followed by its registration number in brackets on the same row', async () => {
    const doc = receipt(
      [['KEDAI BESI CAHAYA (81234-P)', 11, true], ['LOT 15, JALAN KELUANG LAMA,'], ['46990 BUKIT DAMAR, PERAK.'], ['TEL: 05-441 2020']],
      BODY,
    );
    expect(classifyRow('KEDAI BESI CAHAYA (81234-P)', 1)).toBe('legal');
    const out = await read(doc);
    expect(out.company).toBe('KEDAI BESI CAHAYA');
    expect(out.address).toBe('LOT 15, JALAN KELUANG LAMA, 46990 BUKIT DAMAR, PERAK.');
  });

  it('skips a branch row that names the shop again above the street (MIN_LEAD_WORD)', () => {
    const doc = receipt(
      [
        ['Merbok Grill Malaysia Sdn Bhd', 10, true],
        ["Merbok's 2 Bukit Indah"],
        ['Unit G-7, Level 2, No.4'],
        ['Jalan Indah, Bukit Indah'],
        ['50990 Seri Damar'],
        ['Tel: 03-2211 4455'],
      ],
      BODY,
    );
    expect(receiptHeader(doc.model.pages[0])?.addressText).toBe('Unit G-7, Level 2, No.4, Jalan Indah, Bukit Indah, 50990 Seri Damar');
  });

  it('reads a unit code after its label as the address ("UNIT NO.: B2.07, ...")', () => {
    expect(classifyRow('UNIT NO.: B2.07, LEVEL 3,', 1)).toBe('address');
    expect(classifyRow('Table: A12', 1)).toBe('stop');
  });
});

describe('receipt header: limits', () => {
  it('does not join a row much larger than the legal form below it (NAME_SIZE_RATIO)', () => {
    const doc = receipt(
      [
        ['HARUM', (9 * (NAME_SIZE_RATIO + LOGO_HEIGHT_RATIO)) / 2, true],
        ['SDN BHD'],
        ['NO 3, JALAN KENANGA,'],
        ['28990 BUKIT DAMAR'],
        ['TEL: 09-221 3344'],
      ],
      BODY,
    );
    expect(receiptHeader(doc.model.pages[0])?.nameText).toBe('SDN BHD');
    const same = receipt([['HARUM', 9, true], ['SDN BHD'], ['NO 3, JALAN KENANGA,'], ['28990 BUKIT DAMAR'], ['TEL: 09-221 3344']], BODY);
    expect(receiptHeader(same.model.pages[0])?.nameText).toBe('HARUM SDN BHD');
  });

  it('ends the address at a gap wider than MAX_ROW_GAP rows', () => {
    const gap: null[] = Array.from({ length: Math.ceil(MAX_ROW_GAP) + 1 }, () => null);
    const doc = receipt(
      [['SERUNAI MART SDN BHD', 10, true], ['NO 9, JALAN SERUNAI,'], ['28990 BUKIT DAMAR'], ...gap, ['MEMBER 12345, POINTS 3']],
      BODY,
    );
    expect(receiptHeader(doc.model.pages[0])?.addressText).toBe('NO 9, JALAN SERUNAI, 28990 BUKIT DAMAR');
  });

  it('takes no header name longer than MAX_HEADER_NAME_WORDS words', async () => {
    const long = Array.from({ length: MAX_HEADER_NAME_WORDS + 2 }, (_, i) => `W${String.fromCharCode(65 + i)}X`).join(' ');
    const doc = receipt([[`${long} SDN BHD`], ['NO 9, JALAN SERUNAI,'], ['28990 BUKIT DAMAR'], ['TEL: 09-221 3344']], BODY);
    expect((await read(doc)).company).not.toBe(`${long} SDN BHD`);
  });
});

describe('receipt header: the address', () => {
  it('ends one row past the postcode row (POSTCODE_TAIL_ROWS) and skips a branch name above the street', () => {
    const doc = receipt(
      [
        ['ANGGERIK BAKERY SDN BHD', 10, true],
        ['(998877-P)'],
        ['ANGGERIK SERI DAMAI'],
        ['12, JALAN MERBAH 3,'],
        ['TAMAN SERI INDAH,'],
        ['47990 SERI SEROJA'],
        ['SELANGOR'],
        ['OUTLET KIOSK 2'],
      ],
      BODY,
    );
    const header = receiptHeader(doc.model.pages[0]);
    expect(header?.nameText).toBe('ANGGERIK BAKERY SDN BHD');
    expect(header?.addressText).toBe('12, JALAN MERBAH 3, TAMAN SERI INDAH, 47990 SERI SEROJA, SELANGOR');
  });

  it('reads a street number after its label as the address ("No: 28, ...")', () => {
    expect(classifyRow('No: 41, Jalan Cempaka 2,', 1)).toBe('address');
    expect(classifyRow('Cashier: Tan Mei Ling', 1)).toBe('stop');
    expect(classifyRow('Tel: 03-7788 1122', 1)).toBe('contact');
    expect(classifyRow('(GST ID No: 000111222333)', 1)).toBe('registration');
    expect(classifyRow('SIMPLIFIED TAX INVOICE', 1)).toBe('title');
  });

  it('finds no header in a two-column letterhead (COLUMN_GAP)', () => {
    const doc = buildExtractDocument(
      modelOfPdf(
        helveticaPdf([
          [
            'BT /F1 10 Tf 72 740 Td (Billing address) Tj ET',
            'BT /F1 10 Tf 330 740 Td (Shipping address) Tj ET',
            'BT /F1 10 Tf 72 725 Td (Ridgeway Corp) Tj ET',
            'BT /F1 10 Tf 330 725 Td (Elm Street 9) Tj ET',
          ].join('\n'),
        ]),
      ),
    );
    expect(receiptHeader(doc.model.pages[0])).toBeNull();
  });
});

describe('receipt header: recogniser evidence', () => {
  it('reads zeros inside words as O and O inside numbers as zero (OCR_REPAIR_MIN_KIND)', () => {
    expect(repairOcrDigits('L0T 12, C0RNER R00F, 488O0 KAJANG')).toBe('LOT 12, CORNER ROOF, 48800 KAJANG');
    expect(repairOcrDigits('Lorong QX21/77, 7/915B')).toBe('Lorong QX21/77, 7/915B');
  });

  it('reads a lone digit inside a word as the letter it looks like, and a letter inside a number as a digit', () => {
    expect(repairOcrDigits('Ja1an Meran1i, Leve1 2, KAM5ING')).toBe('Jalan Meranli, Level 2, KAMSING');
    expect(repairOcrDigits('L0T 4B27, 6S120 HULU')).toBe('LOT 4827, 65120 HULU');
    expect(repairOcrDigits('Jalan 3/1l4C, Jalan lpoh')).toBe('Jalan 3/114C, Jalan Ipoh');
    expect(repairOcrDigits('MERANTI C0. (M) BHD, N0. 7')).toBe('MERANTI CO. (M) BHD, NO. 7');
    // Real codes keep their digits: a trailing number, a block letter, a section code.
    expect(repairOcrDigits('TOWER5 31G SS21/39 U5/N ARA2')).toBe('TOWER5 31G SS21/39 U5/N ARA2');
  });

  it('reads a leading digit of a word of capitals as the letter it looks like, not in ordinals or short units', () => {
    expect(repairOcrDigits('KEDAI 1RON MAJU, 5TAR BAKERY')).toBe('KEDAI IRON MAJU, STAR BAKERY');
    expect(repairOcrDigits('1ST FLOOR, 2PC, 3A, 1234')).toBe('1ST FLOOR, 2PC, 3A, 1234');
  });

  it('reads a word one confused character away from a street word as that word (MIN_KNOWN_WORD)', () => {
    const known = new Set(['jalan', 'taman', 'tower']);
    expect(repairKnownWords('Jaian Merbau, TAMAI\u0020SERI', known)).toBe('Jalan Merbau, TAMAI SERI');
    expect(repairKnownWords('JAIAN MERBAU 5', known)).toBe('JALAN MERBAU 5');
    // Two different letters ("POWER", "tamam") are not a confusion the recogniser makes.
    expect(repairKnownWords('POWER tamam', known)).toBe('POWER tamam');
  });

  it('takes rows the recogniser was unsure of for noise (MIN_ROW_CONFIDENCE)', () => {
    expect(classifyRow('S u Ia .dw C wnwr', MIN_ROW_CONFIDENCE - 0.1)).toBe('noise');
    expect(classifyRow('CAHAYA MAJU ENTERPRISE', MIN_ROW_CONFIDENCE + 0.1)).toBe('legal');
  });
});
