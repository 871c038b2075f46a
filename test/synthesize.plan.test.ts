import { describe, expect, it } from 'vitest';
import {
  checkDocument,
  checkRelated,
  computeTotals,
  formatDate,
  formatMoney,
  formatQuantity,
  fromMinor,
  isValidIban,
  makeIban,
  planFromPrompt,
  readEditRequest,
  readPrompt,
  relatedDocument,
  relatedDocumentAndMismatches,
  Rng,
  roundHalfAway,
  seedFromString,
  toMinor,
  wantsSet,
} from '../src/pipeline/synthesize/plan-mod.ts';
import type { DocumentLedger, LineItem, Mismatch } from '../src/pipeline/synthesize/types.ts';

const party = (name: string) => ({ name, address: ['1 Main Street', 'Springfield, IL 62701', 'United States'] });

function line(position: number, quantity: number, unitPrice: number, taxRate: number, discountPct = 0): LineItem {
  return {
    position,
    sku: `SKU-${position}`,
    description: `Item ${position}`,
    quantity,
    unit: 'pcs',
    unitPrice,
    taxRate,
    discountPct,
    total: 0,
  };
}

function ledger(over: Partial<DocumentLedger> = {}): DocumentLedger {
  return computeTotals({
    key: 'invoice',
    type: 'invoice',
    number: 'INV-10001',
    issueDate: '2026-03-15',
    dueDate: '2026-04-14',
    currency: 'EUR',
    locale: 'de-DE',
    issuer: party('Acme GmbH'),
    recipient: party('Globex Inc'),
    references: {},
    lines: [line(1, 3, 1999, 19), line(2, 2.5, 1234, 7, 10)],
    taxes: [],
    subtotal: 0,
    taxTotal: 0,
    total: 0,
    notes: [],
    template: 'classic',
    ...over,
  });
}

describe('money', () => {
  it('rounds half away from zero in minor units per currency exponent', () => {
    expect(roundHalfAway(2.5)).toBe(3);
    expect(roundHalfAway(-2.5)).toBe(-3);
    expect(toMinor(1.005, 'EUR')).toBe(101);
    expect(toMinor(1234.5, 'JPY')).toBe(1235);
    expect(toMinor(1.2345, 'KWD')).toBe(1235);
    expect(fromMinor(123456, 'EUR')).toBe(1234.56);
    expect(fromMinor(1235, 'JPY')).toBe(1235);
    expect(fromMinor(1235, 'KWD')).toBe(1.235);
  });

  it('formats amounts per locale without ICU', () => {
    expect(formatMoney(123456, 'USD', 'en-US')).toBe('1,234.56');
    expect(formatMoney(123456, 'USD', 'en-US', { symbol: true })).toBe('$1,234.56');
    expect(formatMoney(123456, 'EUR', 'de-DE')).toBe('1.234,56');
    expect(formatMoney(123456, 'EUR', 'de-DE', { symbol: true })).toBe('1.234,56 €');
    expect(formatMoney(123456, 'EUR', 'fr-FR', { symbol: true })).toBe('1 234,56 €');
    expect(formatMoney(123456, 'GBP', 'en-GB', { symbol: true })).toBe('£1,234.56');
    expect(formatMoney(1235, 'JPY', 'ja-JP', { symbol: true })).toBe('¥1,235');
    expect(formatMoney(1234567, 'KWD', 'en-US', { code: true })).toBe('KWD 1,234.567');
    expect(formatMoney(-500, 'EUR', 'nl-NL', { symbol: true })).toBe('-€ 5,00');
    expect(formatMoney(123456789, 'EUR', 'xx-YY')).toBe('1,234,567.89');
  });

  it('formats dates and quantities per locale', () => {
    expect(formatDate('2026-03-15', 'en-US')).toBe('03/15/2026');
    expect(formatDate('2026-03-15', 'en-US', 'long')).toBe('March 15, 2026');
    expect(formatDate('2026-03-15', 'de-DE')).toBe('15.03.2026');
    expect(formatDate('2026-03-15', 'en-GB')).toBe('15/03/2026');
    expect(formatDate('2026-03-15', 'ja-JP')).toBe('2026/03/15');
    expect(formatDate('2026-03-15', 'fr-FR', 'iso')).toBe('2026-03-15');
    expect(formatQuantity(2.5, 'de-DE')).toBe('2,5');
    expect(formatQuantity(1234, 'en-US')).toBe('1,234');
    expect(formatQuantity(12, 'fr-FR')).toBe('12');
  });
});

describe('totals', () => {
  it('computes line totals with discount, taxes per rate with mixed rates, and the grand total', () => {
    const doc = ledger();
    // 3 × 19.99 = 59.97; 2.5 × 12.34 × 0.9 = 27.765 → 27.77
    expect(doc.lines.map((l) => l.total)).toEqual([5997, 2777]);
    expect(doc.taxes).toEqual([
      { rate: 19, base: 5997, amount: 1139 },
      { rate: 7, base: 2777, amount: 194 },
    ]);
    expect(doc.subtotal).toBe(8774);
    expect(doc.taxTotal).toBe(1333);
    expect(doc.total).toBe(10107);
    expect(checkDocument(doc)).toEqual([]);
  });

  it('rounds in yen and dinars', () => {
    const yen = ledger({ currency: 'JPY', lines: [line(1, 3, 333, 10), line(2, 1, 1005, 8)] });
    expect(yen.taxes).toEqual([
      { rate: 10, base: 999, amount: 100 },
      { rate: 8, base: 1005, amount: 80 },
    ]);
    expect(yen.total).toBe(2184);
    const dinar = ledger({ currency: 'KWD', lines: [line(1, 1.5, 1235, 5)] });
    expect(dinar.lines[0].total).toBe(1853); // 1.5 × 1.235 = 1.8525 → 1.853
    expect(dinar.taxes[0].amount).toBe(93); // 1.853 × 5% = 0.09265 → 0.093
  });

  it('derives statement balances and timesheet hours', () => {
    const st = computeTotals(
      ledger({
        type: 'bank_statement',
        lines: [],
        openingBalance: 10000,
        transactions: [
          { date: '2026-03-02', description: 'In', reference: 'A', amount: 2500, balance: 0 },
          { date: '2026-03-05', description: 'Out', reference: 'B', amount: -4000, balance: 0 },
        ],
      }),
    );
    expect(st.transactions!.map((t) => t.balance)).toEqual([12500, 8500]);
    expect(st.closingBalance).toBe(8500);
    const ts = ledger({
      type: 'timesheet',
      entries: [
        { date: '2026-03-02', person: 'Ann Lee', task: 'Dev', hours: 7.5 },
        { date: '2026-03-03', person: 'Ann Lee', task: 'Dev', hours: 4 },
      ],
      lines: [{ ...line(1, 0, 10000, 19), description: 'Dev – Ann Lee', unit: 'h' }],
    });
    expect(ts.lines[0].quantity).toBe(11.5);
    expect(ts.lines[0].total).toBe(115000);
  });
});

describe('checks', () => {
  it('catches broken totals, bad dates and missing parties', () => {
    const good = ledger();
    const broken = { ...good, total: good.total + 1, dueDate: '2026-03-01', recipient: { name: '', address: [] } };
    const fields = checkDocument(broken).map((i) => i.field);
    expect(fields).toEqual(expect.arrayContaining(['total', 'due_date', 'recipient', 'recipient.address']));
    const badLine = { ...good, lines: good.lines.map((l, i) => (i === 0 ? { ...l, total: l.total + 1 } : l)) };
    expect(checkDocument(badLine).map((i) => i.field)).toContain('line_items[0].amount');
  });

  it('accepts exactly the asked-for mismatches between related documents', () => {
    const po = computeTotals({
      ...ledger(),
      key: 'po',
      type: 'purchase_order',
      number: 'PO-2026-0142',
      issuer: party('Globex Inc'),
      recipient: party('Acme GmbH'),
      dueDate: undefined,
    });
    const ask: Mismatch = {
      kind: 'quantity',
      document: 'invoice',
      against: 'po',
      line: 1,
      field: '',
      expected: 3,
      actual: 5,
      instruction: 'invoice bills 5 where the PO ordered 3',
    };
    const { document: inv, mismatches } = relatedDocumentAndMismatches(po, 'invoice', new Rng(1), [ask], 'invoice');
    expect(inv.references.poNumber).toBe('PO-2026-0142');
    expect(inv.issuer.name).toBe('Acme GmbH');
    expect(inv.recipient.name).toBe('Globex Inc');
    expect(inv.lines[0].quantity).toBe(5);
    expect(mismatches[0].field).toBe('line_items[0].quantity');
    expect(checkDocument(inv)).toEqual([]);
    expect(checkRelated(inv, po, mismatches)).toEqual([]);
    // Without the mismatch on record the difference is an issue; a mismatch asked for but absent is one too.
    expect(checkRelated(inv, po, []).map((i) => i.field)).toEqual(['line_items[0].quantity']);
    const plain = relatedDocument(po, 'invoice', new Rng(1), [], 'invoice');
    expect(checkRelated(plain, po, [])).toEqual([]);
    expect(checkRelated(plain, po, mismatches)[0].message).toMatch(/asked-for quantity mismatch/);
  });
});

describe('prompt reading', () => {
  it('reads types, counts, parties, dates and terms', () => {
    const r = readPrompt('Generate a purchase order from Acme GmbH to Globex Inc with 12 line items, dated 2026-03-15, net 30.');
    expect(r).toMatchObject({
      types: ['purchase_order'],
      lineCount: 12,
      from: 'Acme GmbH',
      to: 'Globex Inc',
      issueDate: '2026-03-15',
      dueDays: 30,
      set: false,
    });
  });

  it('reads items, tax rates and a country with its role', () => {
    const r = readPrompt('Create an invoice for 10 laptops at 1,250.00 each with 19% VAT from a German supplier.');
    expect(r.types).toEqual(['invoice']);
    expect(r.items[0]).toMatchObject({ quantity: 10, unitPrice: 1250 });
    expect(r.taxRates).toEqual([19]);
    expect(r.sellerCountry).toBe('DE');
    expect(r.mismatches).toEqual([]);
  });

  it('reads synonyms, currencies, words for numbers and dates', () => {
    expect(readPrompt('A quotation in yen, March 15, 2026, tax 10%.')).toMatchObject({
      types: ['quote'],
      currency: 'JPY',
      issueDate: '2026-03-15',
      taxRates: [10],
    });
    expect(readPrompt('Credit memo in Kuwaiti dinars with five lines.')).toMatchObject({
      types: ['credit_note'],
      currency: 'KWD',
      lineCount: 5,
    });
    expect(readPrompt('Packing slip for a French customer, due in 45 days, VAT 20% and 5.5%.')).toMatchObject({
      types: ['delivery_note'],
      buyerCountry: 'FR',
      dueDays: 45,
      taxRates: [20, 5.5],
    });
    expect(readPrompt('A bill for €99, tax 7.5%')).toMatchObject({ types: ['invoice'], currency: 'EUR', taxRates: [7.5] });
    expect(readPrompt('Goods received note and bank statement for March 2026').types).toEqual(['goods_receipt', 'bank_statement']);
    expect(readPrompt('A timesheet in de-DE').locale).toBe('de-DE');
  });

  it('reads sets and match patterns', () => {
    expect(readPrompt('A 3-way match').types).toEqual(['purchase_order', 'goods_receipt', 'invoice']);
    expect(readPrompt('PO, invoice and goods receipt').types).toEqual(['purchase_order', 'invoice', 'goods_receipt']);
    expect(wantsSet('PO and invoice')).toBe(true);
    expect(wantsSet('An invoice for PO-2026-0142')).toBe(false);
  });

  it('reads each mismatch kind', () => {
    const q = readPrompt('A 3-way match set where the invoice bills 12 units where the PO ordered 10.').mismatches[0];
    expect(q).toMatchObject({ kind: 'quantity', documentType: 'invoice', againstType: 'purchase_order', expected: 10, actual: 12 });
    const p = readPrompt('PO and invoice in GBP, the price of item 2 differs by 5%.').mismatches[0];
    expect(p).toMatchObject({ kind: 'unit_price', line: 2, percent: 5 });
    expect(readPrompt('An invoice and its PO, the invoice is missing the PO reference.').mismatches[0]).toMatchObject({
      kind: 'missing_reference',
      documentType: 'invoice',
      referenceField: 'po_number',
    });
    expect(readPrompt('PO and invoice with an extra line on the invoice.').mismatches[0]).toMatchObject({
      kind: 'extra_line',
      documentType: 'invoice',
    });
    expect(readPrompt('PO, invoice and goods receipt; the goods receipt is short by 2 units of item 3.').mismatches[0]).toMatchObject({
      kind: 'quantity',
      documentType: 'goods_receipt',
      line: 3,
      delta: -2,
    });
    expect(readPrompt('PO and invoice; the invoice charges 22% VAT instead of 19% on item 1.').mismatches[0]).toMatchObject({
      kind: 'tax_rate',
      line: 1,
      expected: 19,
      actual: 22,
    });
    expect(readPrompt('PO and goods receipt; item 4 is missing from the goods receipt.').mismatches[0]).toMatchObject({
      kind: 'missing_line',
      line: 4,
      documentType: 'goods_receipt',
    });
  });
});

describe('planning', () => {
  const prompt = 'A 3-way match set where the invoice bills 12 units where the PO ordered 10.';

  it('is deterministic per prompt and seed', () => {
    const a = JSON.stringify(planFromPrompt(prompt, { set: true }));
    expect(JSON.stringify(planFromPrompt(prompt, { set: true }))).toBe(a);
    expect(JSON.stringify(planFromPrompt(prompt, { set: true, seed: 7 }))).not.toBe(a);
    expect(planFromPrompt(prompt, { set: true }).seed).toBe(seedFromString(prompt));
  });

  it('plans a 3-way match with the asked-for mismatch and the one it implies', () => {
    const plan = planFromPrompt(prompt, { set: true, seed: 3 });
    expect(plan.task).toBe('generate_po');
    expect(plan.members.map((m) => [m.key, m.role, m.task, m.dependsOn])).toEqual([
      ['po', 'order', 'generate_po', []],
      ['goods_receipt', 'receipt_of_goods', 'generate_related_document', ['po']],
      ['invoice', 'billing', 'generate_related_document', ['po']],
    ]);
    expect(plan.members[2].matchingAgainst).toEqual(['po', 'goods_receipt']);
    const [asked, implied] = plan.mismatches;
    expect(asked).toMatchObject({ kind: 'quantity', document: 'invoice', against: 'po', expected: 10, actual: 12 });
    expect(implied).toMatchObject({ kind: 'quantity', document: 'invoice', against: 'goods_receipt', field: asked.field });
    const po = plan.documents[0];
    const invoice = plan.documents[2];
    expect(po.lines[asked.line! - 1].quantity).toBe(10);
    expect(invoice.lines[asked.line! - 1].quantity).toBe(12);
    expect(invoice.references.poNumber).toBe(po.number);
    for (const d of plan.documents) expect(checkDocument(d)).toEqual([]);
  });

  it('plans one document of the first type named, and a PO as generate_po', () => {
    const one = planFromPrompt('Invoice from Acme GmbH to Globex Inc, 19% VAT, 4 lines, dated 15.03.2026', { set: false });
    expect(one.documents).toHaveLength(1);
    expect(one.documents[0]).toMatchObject({
      type: 'invoice',
      currency: 'EUR',
      locale: 'de-DE',
      issueDate: '2026-03-15',
      dueDate: expect.any(String),
    });
    expect(one.documents[0].issuer.name).toBe('Acme GmbH');
    expect(one.documents[0].lines).toHaveLength(4);
    expect(one.documents[0].lines.every((l) => l.taxRate === 19)).toBe(true);
    expect(['classic', 'modern', 'compact']).toContain(one.documents[0].template);
    expect(planFromPrompt('A purchase order for office supplies', { set: false }).task).toBe('generate_po');
  });

  it('generates from a source and edits a source', () => {
    const po = { ...planFromPrompt('A purchase order with 3 lines', { set: false, seed: 11 }).documents[0], key: 'source_1' };
    const plan = planFromPrompt('Create the invoice for this PO; the price of item 2 is 10% higher.', { set: false, sources: [po] });
    expect(plan.task).toBe('generate_related_document');
    const inv = plan.documents[0];
    expect(plan.members[0]).toMatchObject({ type: 'invoice', dependsOn: ['source_1'] });
    expect(inv.references.poNumber).toBe(po.number);
    expect(plan.mismatches[0]).toMatchObject({
      kind: 'unit_price',
      field: 'line_items[1].unit_price',
      expected: fromMinor(po.lines[1].unitPrice, po.currency),
    });
    expect(checkRelated(inv, po, plan.mismatches)).toEqual([]);
    const edit = planFromPrompt('Change the quantity of item 2 from 10 to 12 and recompute the totals', { set: false, sources: [po] });
    expect(edit.task).toBe('edit_document');
    expect(edit.documents[0].lines[1].quantity).toBe(12);
    expect(checkDocument(edit.documents[0])).toEqual([]);
  });

  it("takes a source's type from the prompt and fills what extraction could not read", () => {
    const sparse = ledger({
      key: 'source_1',
      type: 'invoice',
      number: '',
      issueDate: '',
      recipient: { name: '', address: [] },
      lines: [
        { ...line(1, 10, 125000, 0), sku: '' },
        { ...line(2, 10, 19999, 0), sku: '' },
      ],
    });
    const plan = planFromPrompt('Create the goods receipt for this purchase order, short by 2 units of item 1', {
      set: false,
      sources: [sparse],
    });
    const [grn] = plan.documents;
    const used = (plan.understood.source_ledgers as DocumentLedger[])[0];
    expect(used.type).toBe('purchase_order');
    expect(used.number).toMatch(/^PO-/);
    expect(grn.references.poNumber).toBe(used.number);
    expect(grn.lines.map((l) => l.quantity)).toEqual([8, 10]);
    expect(checkDocument(grn)).toEqual([]);
    expect(checkRelated(grn, used, plan.mismatches)).toEqual([]);
  });

  it('plans statements and timesheets that pass their checks', () => {
    for (const p of [
      'Bank statement for March 2026 in euros for a Dutch company',
      'Timesheet for consulting work',
      'A timesheet and the invoice for it',
      'Invoice and bank statement showing its payment',
    ]) {
      const plan = planFromPrompt(p, { set: wantsSet(p) });
      for (const d of plan.documents) expect(checkDocument(d), p).toEqual([]);
    }
    const st = planFromPrompt('Bank statement for March 2026 in euros for a Dutch company', { set: false }).documents[0];
    expect(st.iban && isValidIban(st.iban)).toBe(true);
    expect(st.transactions!.every((t) => t.date.startsWith('2026-03'))).toBe(true);
  });
});

describe('edit requests and IBANs', () => {
  it('reads edit instructions', () => {
    expect(readEditRequest('change the quantity of item 2 from 10 to 12')).toEqual([
      {
        from: '10',
        to: '12',
        near: 'Quantity',
        field: 'line_items[1].quantity',
        line: 2,
        instruction: 'change the quantity of item 2 from 10 to 12',
      },
    ]);
    expect(readEditRequest('replace PO-2026-0142 with PO-2026-0199')[0]).toMatchObject({ from: 'PO-2026-0142', to: 'PO-2026-0199' });
    expect(readEditRequest('set the due date to 2026-04-30')[0]).toMatchObject({ from: null, to: '2026-04-30', field: 'due_date' });
  });

  it('makes IBANs with valid check digits', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('DE88 3704 0044 0532 0130 00')).toBe(false);
    const rng = new Rng(5);
    for (const c of ['DE', 'GB', 'FR', 'ES', 'IT', 'NL'] as const) {
      for (let i = 0; i < 20; i++) expect(isValidIban(makeIban(rng, c)!)).toBe(true);
    }
    expect(makeIban(rng, 'US')).toBeNull();
  });
});
