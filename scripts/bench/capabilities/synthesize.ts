import { BENCH_AUTH, startOurService, type OurService } from '../our-service.ts';
import { ToolTally } from '../rows.ts';
import { share, timed } from '../stats.ts';
import type { BenchOptions, Capability, SetReport } from '../types.ts';
import { fromMinor } from '../../../src/pipeline/synthesize/money.ts';

/**
 * Synthetic documents (POST /api/v1/synthesize and /set) in the real HTTP app: generation speed for one-page
 * invoices and for a 3-member set (PO, invoice, goods receipt), and the round trip: every generated invoice and
 * PO is read back with POST /v1/extract (a given schema) and compared field by field with the ledger the
 * service says it printed. Needs no evaluation data; no peer tool generates documents.
 */
const CAPABILITY = 'synthesize';
const DOCS = 100;
const SETS = 10;

interface Ledger {
  type: string;
  number: string;
  issueDate: string;
  dueDate?: string;
  currency: string;
  references: { poNumber?: string };
  subtotal: number;
  taxTotal: number;
  total: number;
  lines: { description: string; quantity: number; unitPrice: number; total: number }[];
}

const SCHEMA = {
  doc_class: 'invoice',
  fields: [
    { key: 'invoice_number', description: 'Invoice number' },
    { key: 'po_number', description: 'Purchase order number' },
    { key: 'invoice_date', description: 'Invoice date' },
    { key: 'order_date', description: 'Order date' },
    { key: 'due_date', description: 'Payment due date' },
    { key: 'currency', description: 'ISO currency code' },
    { key: 'subtotal', description: 'Amount before tax', type: 'number' },
    { key: 'tax', description: 'Total tax', type: 'number' },
    { key: 'total', description: 'Total amount due', type: 'number' },
  ],
  tables: [
    {
      key: 'line_items',
      description: 'Line items',
      fields: [
        { key: 'description', description: 'Item description' },
        { key: 'quantity', description: 'Quantity', type: 'number' },
        { key: 'unit_price', description: 'Price per unit', type: 'number' },
        { key: 'amount', description: 'Line total', type: 'number' },
      ],
    },
  ],
};

const PROMPTS = [
  (i: number) => `An invoice from a German supplier in EUR with ${2 + (i % 6)} line items of office supplies, customer number ${i}.`,
  (i: number) => `A purchase order in USD for IT hardware with ${1 + (i % 5)} lines, order ${i}.`,
  (i: number) => `Invoice in GBP for consulting services, ${3 + (i % 4)} lines at 20% VAT, reference ${i}.`,
  (i: number) => `A French invoice in euros with ${2 + (i % 3)} items of industrial parts, job ${i}.`,
];

/** Expected vs extracted, field by field; amounts compare to the cent, text exactly (trimmed, case-insensitive). */
function compare(ledger: Ledger, result: Record<string, unknown>): { right: number; total: number; wrong: string[] } {
  const wrong: string[] = [];
  let right = 0;
  let total = 0;
  const check = (field: string, want: unknown, got: unknown) => {
    if (want === undefined || want === '') return;
    total++;
    const ok =
      typeof want === 'number'
        ? typeof got === 'number' && Math.abs(got - want) < 0.005
        : String(got ?? '')
            .trim()
            .toLowerCase() === String(want).trim().toLowerCase();
    if (ok) right++;
    else wrong.push(`${field}: ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
  };
  const cur = ledger.currency;
  const po = ledger.type === 'purchase_order';
  check(po ? 'po_number' : 'invoice_number', ledger.number, po ? result.po_number : result.invoice_number);
  if (!po) check('po_number', ledger.references.poNumber, result.po_number);
  check(po ? 'order_date' : 'invoice_date', ledger.issueDate, po ? result.order_date : result.invoice_date);
  check('due_date', ledger.dueDate, result.due_date);
  check('currency', ledger.currency, result.currency);
  check('subtotal', fromMinor(ledger.subtotal, cur), result.subtotal);
  check('tax', fromMinor(ledger.taxTotal, cur), result.tax);
  check('total', fromMinor(ledger.total, cur), result.total);
  const rows = (result.line_items as Record<string, unknown>[] | undefined) ?? [];
  ledger.lines.forEach((line, i) => {
    const row = rows[i] ?? {};
    check(`line_items[${i}].description`, line.description, row.description);
    check(`line_items[${i}].quantity`, line.quantity, row.quantity);
    check(`line_items[${i}].unit_price`, fromMinor(line.unitPrice, cur), row.unit_price);
    check(`line_items[${i}].amount`, fromMinor(line.total, cur), row.amount);
  });
  return { right, total, wrong };
}

async function post(service: OurService, url: string, payload: unknown) {
  return timed(() => service.app!.inject({ method: 'POST', url, headers: BENCH_AUTH, payload: payload as Record<string, unknown> }));
}

async function run(options: BenchOptions, log: (m: string) => void): Promise<SetReport> {
  const service = await startOurService({ http: true });
  const one = new ToolTally('docintel synthesize (one-page documents)', true);
  const sets = new ToolTally('docintel synthesize/set (PO, invoice, goods receipt)', true);
  const extract = new ToolTally('docintel extract (round trip)', true);
  const count = options.limit ?? DOCS;
  let right = 0;
  let total = 0;
  const failures: string[][] = [];
  try {
    await post(service, '/api/v1/synthesize', { prompt: 'An invoice with 3 lines.' }); // lazy loads a running service has paid
    for (let i = 0; i < count; i++) {
      const prompt = PROMPTS[i % PROMPTS.length](i);
      const { ms, value: res } = await post(service, '/api/v1/synthesize', { prompt });
      if (res.statusCode !== 200) throw new Error(`synthesize answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      const body = res.json() as { file: { file_id: string; page_count: number }; metadata: { ledger: Ledger } };
      one.add(ms, { pages: body.file.page_count });
      const ex = await post(service, '/v1/extract', { input: { file_id: body.file.file_id }, schema: SCHEMA, execution_mode: 'sync' });
      if (ex.value.statusCode !== 200) throw new Error(`extract answered ${ex.value.statusCode}: ${ex.value.body.slice(0, 300)}`);
      extract.add(ex.ms, { pages: body.file.page_count });
      const score = compare(body.metadata.ledger, (ex.value.json() as { result: Record<string, unknown> }).result);
      right += score.right;
      total += score.total;
      if (score.wrong.length && failures.length < 15) failures.push([prompt.slice(0, 60), score.wrong.slice(0, 3).join('; ')]);
    }
    log(`  ${count} documents, round trip ${right}/${total}`);
    for (let i = 0; i < (options.limit ? Math.min(options.limit, SETS) : SETS); i++) {
      const prompt = `A purchase order, the supplier's invoice and the goods receipt for ${3 + (i % 4)} lines of IT hardware in EUR; set ${i}.`;
      const { ms, value: res } = await post(service, '/api/v1/synthesize/set', { prompt });
      if (res.statusCode !== 200) throw new Error(`synthesize/set answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      const body = res.json() as { documents: { file: { page_count: number } }[] };
      sets.add(ms, { pages: body.documents.reduce((s, d) => s + d.file.page_count, 0) });
    }
  } finally {
    await service.close();
  }
  const docsPerSec = (t: ToolTally, perItem: number) =>
    t.totalMs > 0 ? `${((t.items * perItem * 1000) / t.totalMs).toFixed(1)} docs/s` : 'n/a';
  return {
    rows: [
      one.row({
        capability: CAPABILITY,
        set: 'generated',
        quality: `round-trip field accuracy ${share(right, total)}`,
        items: `${one.items} documents, ${one.pages} pages`,
        latencyPer: 'doc',
        throughput: docsPerSec(one, 1),
      }),
      sets.row({
        capability: CAPABILITY,
        set: 'generated',
        quality: 'every member checked before return',
        items: `${sets.items} sets, ${sets.items * 3} documents`,
        latencyPer: 'doc',
        throughput: docsPerSec(sets, 3),
      }),
      extract.row({
        capability: CAPABILITY,
        set: 'generated',
        quality: 'extract of the generated documents',
        items: `${extract.items} documents`,
        latencyPer: 'doc',
      }),
    ],
    details: [
      {
        title: 'synthesize: round-trip differences (first 15 documents with any)',
        header: ['prompt', 'fields that differ'],
        rows: failures,
      },
    ],
    notes: [
      "Round trip: each generated invoice or PO through POST /v1/extract with a given schema (its number, the PO reference, its date, due date, currency, subtotal, tax, total, and every line's description, quantity, unit price and amount), compared with the ledger in the response's metadata; a value the ledger does not print (no due date on a PO) is not counted. Latency of a set is per set (three documents).",
    ],
  };
}

export const synthesizeCapability: Capability = {
  name: CAPABILITY,
  description:
    'Synthetic documents (POST /api/v1/synthesize, /set): documents per second for one-page documents and 3-member sets; round-trip field accuracy through extract over 100 generated documents.',
  sets: ['.'],
  run: (_set, options, log) => run(options, log),
};
