import { describe, expect, it } from 'vitest';
import { buildExtractDocument, extractFields, normalizeSchema } from '../src/pipeline/extract/mod.ts';
import { helveticaPdf, pdfText } from './helpers/pdf.ts';
import { modelOfPdf } from './helpers/document-models.ts';

/** Receipt totals and dates as OCR leaves them: garbled or missing total labels, a date beside an order number. */

/** Text runs at PDF points (x, y from the bottom), Helvetica 10. */
const stream = (runs: [number, number, string][]) =>
  runs.map(([x, y, text]) => `BT /F1 10 Tf ${x} ${y} Td (${pdfText(text)}) Tj ET`).join('\n');

const SCHEMA = normalizeSchema({
  doc_class: 'receipt',
  fields: [
    { key: 'date', description: 'Date of the receipt', type: 'string' },
    { key: 'total', description: 'Total amount paid', type: 'number' },
  ],
});

const extract = (runs: [number, number, string][]) => extractFields(buildExtractDocument(modelOfPdf(helveticaPdf([stream(runs)]))), SCHEMA);

const HEADER: [number, number, string][] = [
  [150, 760, 'PERNIAGAAN CONTOH JAYA'],
  [150, 745, 'NO 4 JALAN MAWAR 2, 43000 KAJANG'],
];

describe('receipt totals and dates', () => {
  it('reads the amount due that tendered minus change confirms when no total label is printed', async () => {
    const out = await extract([
      ...HEADER,
      [72, 660, 'Roti Canai 3 @ 1.40'],
      [420, 660, '4.20'],
      [72, 645, 'Teh Tarik 2 @ 2.30'],
      [420, 645, '4.60'],
      [72, 610, 'Due'],
      [420, 610, '8.80'],
      [72, 595, 'Pay'],
      [420, 595, '10.00'],
      [72, 580, 'Change'],
      [420, 580, '1.20'],
    ]);
    expect(out.result.total).toBe(8.8);
  });

  it('takes a date printed after an order number as the receipt date', async () => {
    const out = await extract([
      ...HEADER,
      [72, 710, 'ORDER NO.'],
      [72, 695, '5521 07/06/2019 11:20 AM'],
      [72, 660, 'Nasi Lemak'],
      [420, 660, '6.50'],
      [72, 640, 'TOTAL'],
      [420, 640, '6.50'],
    ]);
    expect(out.result.date).toBe('2019-06-07');
  });

  it('takes the amount that sums the subtotal, a service charge and the tax when the total label is garbled', async () => {
    const out = await extract([
      ...HEADER,
      [72, 660, 'Mee Goreng 2 @ 12.50'],
      [420, 660, '25.00'],
      [72, 630, 'Sub Total'],
      [420, 630, '25.00'],
      [72, 615, 'Service Charge'],
      [420, 615, '0.00'],
      [72, 600, 'GST 6%'],
      [420, 600, '1.50'],
      [72, 585, 'T0T.!'],
      [420, 585, '26.50'],
      [72, 570, 'CA..'],
      [420, 570, '30.00'],
    ]);
    expect(out.result.total).toBe(26.5);
  });

  it('takes the rounded amount after a total and a small adjustment whose label OCR garbled', async () => {
    const out = await extract([
      ...HEADER,
      [72, 660, 'Kopi O 3 @ 2.11'],
      [420, 660, '6.33'],
      [72, 630, 'Total Sales Incl. GST'],
      [420, 630, '6.33'],
      [72, 615, 'Rourd ng Adjustnent'],
      [420, 615, '.02'],
      [72, 600, 'Paymnt Due'],
      [420, 600, '6.35'],
    ]);
    expect(out.result.total).toBe(6.35);
  });

  it('reads a total whose label and decimal OCR split ("Tota1", "RM17 .40") when tendered minus change confirms it', async () => {
    const out = await extract([
      ...HEADER,
      [72, 660, 'Char Kuey Teow'],
      [420, 660, 'RM17.40'],
      [72, 630, 'Grand Tota1 RM17 .40'],
      [72, 600, 'Cash'],
      [420, 600, 'RM20.00'],
      [72, 585, 'Change'],
      [420, 585, 'RM2.60'],
    ]);
    expect(out.result.total).toBe(17.4);
  });

  it('subtracts a discount printed without a sign between the subtotal and a total whose label is garbled', async () => {
    const out = await extract([
      ...HEADER,
      [72, 660, 'Vitamin C 2 x 60.00'],
      [420, 660, '120.00'],
      [72, 630, 'SubTotal:'],
      [420, 630, '120.00'],
      [72, 615, 'Member Promotion'],
      [420, 615, '15.00'],
      [72, 600, 'Rounding Adj :'],
      [420, 600, '0.00'],
      [72, 585, 'Tota! Incusive GST:'],
      [420, 585, '105.00'],
      [72, 570, 'GST Summary:'],
      [250, 570, 'Amount'],
      [380, 570, 'Tax'],
      [72, 555, 'SR'],
      [250, 555, '99.06'],
      [380, 555, '5.94'],
    ]);
    expect(out.result.total).toBe(105);
  });

  it('reads the payment above the change row when OCR garbled its label, if the total it implies is printed', async () => {
    const out = await extract([
      ...HEADER,
      [72, 660, 'Kaya Puff 3 @ 1.90'],
      [420, 660, '5.70'],
      [72, 645, 'Egg Tart 2 @ 2.10'],
      [420, 645, '4.20'],
      [72, 610, 'Due'],
      [420, 610, '9.90'],
      [72, 595, 'Fay'],
      [420, 595, '50.00'],
      [72, 580, 'Change'],
      [420, 580, '40.10'],
    ]);
    expect(out.result.total).toBe(9.9);
  });

  it('takes the amount a discount leaves of the total when that amount is tendered exactly', async () => {
    const out = await extract([
      ...HEADER,
      [72, 660, 'Paip Air 2 @ 24.00'],
      [420, 660, '48.00'],
      [72, 630, 'Total'],
      [420, 630, '48.00'],
      [72, 615, 'Discount:'],
      [420, 615, '3.00'],
      [72, 600, 'Rounding Adj'],
      [420, 600, '0.00'],
      [72, 585, 'Tofai lnchusive GST:'],
      [420, 585, '45.00'],
      [72, 570, 'CASH'],
      [420, 570, '45.00'],
    ]);
    expect(out.result.total).toBe(45);
  });

  it('keeps the total when the amounts below it are a pre-tax sum or the halves of a split payment', async () => {
    const preTax = await extract([
      ...HEADER,
      [72, 660, 'Baja 1 @ 53.00'],
      [420, 660, '53.00'],
      [72, 630, 'Total'],
      [420, 630, '53.00'],
      [72, 615, 'GST 6%'],
      [420, 615, '3.00'],
      [72, 600, 'Total Excl GST'],
      [420, 600, '50.00'],
    ]);
    expect(preTax.result.total).toBe(53);
    const split = await extract([
      ...HEADER,
      [72, 660, 'Kasut 1 @ 80.00'],
      [420, 660, '80.00'],
      [72, 630, 'Total'],
      [420, 630, '80.00'],
      [72, 615, 'Card'],
      [420, 615, '40.00'],
      [72, 600, 'Voucher'],
      [420, 600, '40.00'],
    ]);
    expect(split.result.total).toBe(80);
  });

  it('reads the amount right above a labelled cash row that tendered minus change equals, its label unreadable', async () => {
    const out = await extract([
      ...HEADER,
      [72, 660, 'Cat Dinding 2 @ 36.50'],
      [420, 660, '73.00'],
      [72, 630, 'Total Qty: 2'],
      [420, 630, '73.00'],
      [72, 615, 'L sa1es (lnc1usive of GsT) :'],
      [420, 615, '77.38'],
      [72, 600, 'CASH :'],
      [420, 600, '80.00'],
      [72, 585, 'Change :'],
      [420, 585, '2.62'],
    ]);
    expect(out.result.total).toBe(77.38);
  });

  it('does not take digits glued to an item code for the receipt date', async () => {
    const out = await extract([
      ...HEADER,
      [72, 660, 'PAPAN PUTIH 90*60CM'],
      [72, 648, 'XK10-12-30 - 12/144'],
      [420, 648, '35.00'],
      [72, 630, 'TOTAL'],
      [420, 630, '35.00'],
      [72, 600, '05/02/2019 15:41 POS01'],
    ]);
    expect(out.result.date).toBe('2019-02-05');
  });
});
