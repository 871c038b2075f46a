/**
 * The LanceDB chunk index (issue 8) against a real LanceDB in a temp dir: BM25 finds exact terms, vector search
 * finds paraphrases, hybrid fuses by reciprocal rank, docIds and tenants restrict, indexing is idempotent per
 * (doc_id, engine_version) also under concurrent calls. Vectors come from a deterministic test embedder: hashed
 * bag-of-concepts (a few synonyms share a concept), normalised, so paraphrases are close without a model.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RRF_K } from '../src/index/fusion.ts';
import { openChunkIndex } from '../src/index/mod.ts';
import { tenantKey, unitsTableName, vectorsTableName } from '../src/index/tables.ts';
import type { ChunkIndex, IndexUnit, UnitKind } from '../src/index/types.ts';

const DIMS = 64;
/** Synonyms that a real embedding model would place close together. */
const CONCEPTS: Record<string, string> = {
  cancel: 'end',
  cancelled: 'end',
  terminate: 'end',
  termination: 'end',
  end: 'end',
  contract: 'agreement',
  deal: 'agreement',
  agreement: 'agreement',
  notice: 'notify',
  notify: 'notify',
  warning: 'notify',
  paid: 'pay',
  pay: 'pay',
  payment: 'pay',
  amount: 'pay',
  total: 'pay',
  secret: 'confidential',
  confidential: 'confidential',
  private: 'confidential',
};
const STOP = new Set([
  'the',
  'a',
  'an',
  'of',
  'and',
  'or',
  'to',
  'be',
  'may',
  'can',
  'is',
  'this',
  'with',
  'when',
  'what',
  'by',
  'in',
  'any',
  'for',
  'on',
  'at',
  'days',
  'either',
]);

function testEmbedding(text: string): Float32Array {
  const vector = new Float32Array(DIMS);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    if (STOP.has(word)) continue;
    const concept = CONCEPTS[word] ?? word;
    vector[createHash('sha256').update(concept).digest().readUInt32BE(0) % DIMS] += 1;
  }
  const norm = Math.hypot(...vector);
  return norm > 0 ? vector.map((value) => value / norm) : vector;
}

let embedCalls = 0;
const embed = async (texts: string[]) => {
  embedCalls += 1;
  return texts.map(testEmbedding);
};

function unitsOf(docId: string, texts: string[], kind: UnitKind = 'chunk'): IndexUnit[] {
  return texts.map((text, n) => ({
    unit_id: `${docId}:${kind}:${n}`,
    doc_id: docId,
    kind,
    text,
    page_index: Math.floor(n / 3),
    region_ids: [`blk_${n}`],
    boxes: [[10, 20 + n * 30, 400, 45 + n * 30]],
    page_width: 1700,
    page_height: 2200,
  }));
}

const NDA = 'doc_nda';
const INVOICE = 'doc_invoice';
const ndaUnits = unitsOf(NDA, [
  'MUTUAL NON-DISCLOSURE AGREEMENT between Acme Robotics, Inc. and Northwind Traders LLC.',
  'This Agreement is effective as of March 3, 2021 and shall be governed by the laws of the State of Delaware.',
  'Either party may terminate this Agreement upon thirty (30) days written notice to the other party.',
  'The Receiving Party shall hold Confidential Information in strict confidence and use it only for the Purpose.',
  'Obligations of confidentiality survive for a period of five (5) years.',
]);
const invoiceUnits = [
  ...unitsOf(INVOICE, [
    'INVOICE INV-20931 issued by Globex Corporation, 12 Harbour Road, Singapore.',
    'Payment is due within 14 days of the invoice date by bank transfer.',
  ]),
  ...unitsOf(INVOICE, ['Description: Consulting hours; Quantity: 12; Unit price: 150.00; Amount: 1,800.00'], 'table_row'),
  ...unitsOf(INVOICE, ['Total: 1,980.00 SGD'], 'key_value'),
];

let dir = '';
let index: ChunkIndex;

async function rowCount(table: string): Promise<number> {
  const db = await lancedb.connect(dir);
  try {
    return await (await db.openTable(table)).countRows();
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docintel-index-'));
  index = await openChunkIndex({ uri: path.join(dir) });
  expect(await index.indexDocument('acme', NDA, 'v1', ndaUnits, embed)).toBe(true);
  expect(await index.indexDocument('acme', INVOICE, 'v1', invoiceUnits, embed)).toBe(true);
});
afterAll(async () => {
  await index?.close();
  await rm(dir, { recursive: true, force: true });
});

const both = [NDA, INVOICE];

describe('LanceDB chunk index: search', () => {
  it('BM25 finds the unit with the exact term right after indexing, with its geometry', async () => {
    const hits = await index.search({ tenant: 'acme', docIds: both, query: 'What is invoice INV-20931?', queryVector: null, limit: 5 });
    expect(hits[0].unit).toEqual(invoiceUnits[0]);
    expect(hits[0].ranks).toEqual({ bm25: 1 });
    expect(hits[0].score).toBeCloseTo(1 / (RRF_K + 1), 10);
    expect(hits.every((hit) => hit.ranks.vector === undefined)).toBe(true);
  });

  it('ranks by BM25 right after indexing, not in insertion order', async () => {
    const docId = 'doc_ranked';
    const filler = Array.from(
      { length: 30 },
      (_, n) => `Section ${n} of the schedule mentions the warranty once among many other words here.`,
    );
    const units = unitsOf(docId, [...filler, 'Warranty: warranty period and warranty claims.']);
    expect(await index.indexDocument('ranking', docId, 'v1', units, null)).toBe(true);
    const hits = await index.search({ tenant: 'ranking', docIds: [docId], query: 'warranty', queryVector: null, limit: 3 });
    expect(hits[0].unit.unit_id).toBe(`${docId}:chunk:30`);
  });

  it('vector search finds a paraphrase that BM25 misses', async () => {
    const query = 'When can the deal be cancelled?';
    const bm25Only = await index.search({ tenant: 'acme', docIds: both, query, queryVector: null, limit: 5 });
    expect(bm25Only.map((hit) => hit.unit.unit_id)).not.toContain(ndaUnits[2].unit_id);
    const hybrid = await index.search({ tenant: 'acme', docIds: both, query, queryVector: testEmbedding(query), limit: 5 });
    expect(hybrid[0].unit.unit_id).toBe(ndaUnits[2].unit_id);
    expect(hybrid[0].ranks).toEqual({ vector: 1 });
  });

  it('hybrid fuses both lists by reciprocal rank: a unit in both outranks one in either', async () => {
    const query = 'total amount paid';
    const hits = await index.search({ tenant: 'acme', docIds: both, query, queryVector: testEmbedding(query), limit: 8 });
    const top = hits[0];
    expect(top.unit.unit_id).toBe(`${INVOICE}:key_value:0`);
    expect(top.ranks.bm25).toBeDefined();
    expect(top.ranks.vector).toBeDefined();
    expect(top.score).toBeCloseTo(1 / (RRF_K + top.ranks.bm25!) + 1 / (RRF_K + top.ranks.vector!), 10);
    for (let i = 1; i < hits.length; i += 1) expect(hits[i - 1].score).toBeGreaterThanOrEqual(hits[i].score);
    expect(new Set(hits.map((hit) => hit.unit.unit_id)).size).toBe(hits.length);
  });

  it('takes any question text: punctuation, quotes, operators, only stop words', async () => {
    for (const query of ['what is it?', '"unbalanced', 'total: OR AND NOT (x', '~!@#$%^&*()_+{}|<>\\/', "a:b c* d~2 'quoted'"]) {
      const hits = await index.search({ tenant: 'acme', docIds: both, query, queryVector: null, limit: 3 });
      expect(Array.isArray(hits)).toBe(true);
    }
    const total = await index.search({ tenant: 'acme', docIds: both, query: 'total: OR AND NOT (x', queryVector: null, limit: 3 });
    expect(total[0].unit.unit_id).toBe(`${INVOICE}:key_value:0`);
  });

  it('restricts results to the requested documents', async () => {
    const hits = await index.search({
      tenant: 'acme',
      docIds: [NDA],
      query: 'invoice INV-20931 payment total',
      queryVector: testEmbedding('invoice payment total'),
      limit: 10,
    });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((hit) => hit.unit.doc_id === NDA)).toBe(true);
    expect(await index.search({ tenant: 'acme', docIds: [], query: 'invoice', queryVector: null, limit: 10 })).toEqual([]);
    expect(await index.search({ tenant: 'acme', docIds: ["x' OR '1'='1"], query: 'invoice', queryVector: null, limit: 10 })).toEqual([]);
  });

  it('keeps tenants apart and answers [] for a tenant with nothing indexed', async () => {
    expect(
      await index.search({ tenant: 'globex', docIds: both, query: 'invoice', queryVector: testEmbedding('invoice'), limit: 5 }),
    ).toEqual([]);
    expect(await index.isIndexed('globex', NDA, 'v1')).toBe(false);
    expect(await index.indexDocument('globex', NDA, 'v1', unitsOf(NDA, ['Globex internal memo about invoice approvals.']), null)).toBe(
      true,
    );
    const hits = await index.search({ tenant: 'globex', docIds: both, query: 'invoice', queryVector: null, limit: 5 });
    expect(hits.map((hit) => hit.unit.text)).toEqual(['Globex internal memo about invoice approvals.']);
    expect(tenantKey('a/b')).not.toBe(tenantKey('a_2f_b'));
  });

  it('searches BM25 only for units indexed without vectors, and for a query vector of another width', async () => {
    await index.indexDocument('bm25only', 'doc_x', 'v1', unitsOf('doc_x', ['Termination requires written notice.']), null);
    const hits = await index.search({
      tenant: 'bm25only',
      docIds: ['doc_x'],
      query: 'termination',
      queryVector: testEmbedding('termination'),
      limit: 5,
    });
    expect(hits.map((hit) => hit.ranks)).toEqual([{ bm25: 1 }]);
    const otherWidth = await index.search({
      tenant: 'acme',
      docIds: both,
      query: 'confidential',
      queryVector: new Float32Array(8).fill(0.35),
      limit: 5,
    });
    expect(otherWidth.length).toBeGreaterThan(0);
    expect(otherWidth.every((hit) => hit.ranks.vector === undefined)).toBe(true);
  });
});

describe('LanceDB chunk index: idempotent indexing', () => {
  it('a second call with the same (doc, engine version) is a no-op answering false', async () => {
    const calls = embedCalls;
    expect(await index.isIndexed('acme', NDA, 'v1')).toBe(true);
    expect(await index.indexDocument('acme', NDA, 'v1', ndaUnits, embed)).toBe(false);
    expect(embedCalls).toBe(calls);
    expect(await rowCount(unitsTableName('acme'))).toBe(ndaUnits.length + invoiceUnits.length);
    expect(await rowCount(vectorsTableName('acme', DIMS))).toBe(ndaUnits.length + invoiceUnits.length);
  });

  it('two concurrent calls for one document insert it once', async () => {
    const units = unitsOf('doc_race', ['Race condition clause one.', 'Race condition clause two.']);
    const results = await Promise.all([
      index.indexDocument('race', 'doc_race', 'v1', units, embed),
      index.indexDocument('race', 'doc_race', 'v1', units, embed),
    ]);
    expect(results.sort()).toEqual([false, true]);
    expect(await rowCount(unitsTableName('race'))).toBe(2);
    expect(await rowCount(vectorsTableName('race', DIMS))).toBe(2);
  });

  it("a new engine version replaces the document's rows of the old one", async () => {
    const v2 = unitsOf('doc_race', ['Race condition clause, revised.']);
    expect(await index.indexDocument('race', 'doc_race', 'v2', v2, embed)).toBe(true);
    expect(await index.isIndexed('race', 'doc_race', 'v2')).toBe(true);
    expect(await index.isIndexed('race', 'doc_race', 'v1')).toBe(false);
    const hits = await index.search({
      tenant: 'race',
      docIds: ['doc_race'],
      query: 'race clause',
      queryVector: testEmbedding('race clause'),
      limit: 10,
    });
    expect(hits.map((hit) => hit.unit.text)).toEqual(['Race condition clause, revised.']);
  });

  it('stays correct across many appends and the periodic optimize (odd tenant names too)', async () => {
    const tenant = 'team/α β';
    for (let n = 0; n < 10; n += 1) {
      const docId = `doc_${n}`;
      await index.indexDocument(
        tenant,
        docId,
        'v1',
        unitsOf(docId, [`Clause ${n}: the supplier delivers widget${n} monthly.`, `Filler text number ${n}.`]),
        embed,
      );
    }
    const ids = Array.from({ length: 10 }, (_, n) => `doc_${n}`);
    for (const n of [0, 5, 9]) {
      const hits = await index.search({ tenant, docIds: ids, query: `widget${n}`, queryVector: null, limit: 3 });
      expect(hits[0].unit.unit_id).toBe(`doc_${n}:chunk:0`);
    }
    expect(await index.search({ tenant: 'team', docIds: ids, query: 'widget0', queryVector: null, limit: 3 })).toEqual([]);
  });

  it('indexes a document with no units (marked, nothing searchable) and refuses foreign units', async () => {
    expect(await index.indexDocument('acme', 'doc_empty', 'v1', [], embed)).toBe(true);
    expect(await index.indexDocument('acme', 'doc_empty', 'v1', [], embed)).toBe(false);
    await expect(index.indexDocument('acme', 'doc_y', 'v1', ndaUnits, null)).rejects.toThrow(/belongs to doc_nda/);
  });

  it('close() lets a write already started finish, then refuses new calls', async () => {
    const other = await openChunkIndex({ uri: dir });
    const pending = other.indexDocument('closing', 'doc_c', 'v1', unitsOf('doc_c', ['Closing clause.']), embed);
    await other.close();
    expect(await pending).toBe(true);
    await expect(other.search({ tenant: 'closing', docIds: ['doc_c'], query: 'closing', queryVector: null, limit: 1 })).rejects.toThrow(
      /closed/,
    );
    expect(await index.isIndexed('closing', 'doc_c', 'v1')).toBe(true);
  });
});

describe('LanceDB chunk index: removing documents', () => {
  it('removes the units, vectors and markers of every doc_id with the prefix, only in its tenant, leaving other documents searchable', async () => {
    const docId = 'doc_removed';
    const units = unitsOf(docId, ['Deposit: the removable deposit is refunded within ten days.']);
    expect(await index.indexDocument('remover', docId, 'v1', units, embed)).toBe(true);
    expect(await index.indexDocument('bystander', docId, 'v1', units, null)).toBe(true);
    expect(await index.indexDocument('remover', 'doc_kept', 'v1', unitsOf('doc_kept', ['The removable deposit stays here.']), embed)).toBe(
      true,
    );
    const query = { docIds: [docId, 'doc_kept'], query: 'removable deposit', queryVector: testEmbedding('removable deposit'), limit: 5 };
    expect((await index.search({ tenant: 'remover', ...query })).map((hit) => hit.unit.doc_id)).toContain(docId);

    expect(
      await index.indexDocument('remover', `${docId}p13`, 'v1', unitsOf(`${docId}p13`, ['Pages of the removable deposit.']), embed),
    ).toBe(true);
    await index.removeDocuments('remover', docId);
    expect(await index.isIndexed('remover', docId, 'v1')).toBe(false);
    expect(await index.isIndexed('remover', `${docId}p13`, 'v1')).toBe(false);
    expect((await index.search({ tenant: 'remover', ...query })).map((hit) => hit.unit.doc_id)).toEqual(['doc_kept']);
    const db = await lancedb.connect(dir);
    try {
      for (const name of [unitsTableName('remover'), vectorsTableName('remover', DIMS)]) {
        expect(await (await db.openTable(name)).countRows(`doc_id = '${docId}'`), name).toBe(0);
      }
    } finally {
      db.close();
    }
    expect(await index.isIndexed('bystander', docId, 'v1')).toBe(true);
    // Removing what is not there is a no-op; the document can be indexed again.
    await index.removeDocuments('remover', docId);
    await index.removeDocuments('nobody', docId);
    expect(await index.indexDocument('remover', docId, 'v1', units, embed)).toBe(true);
  });
});
