/**
 * The chunk index on LanceDB (issue 8): per tenant a units table with a BM25 full-text index, vector tables per
 * embedding width, and a markers table that makes indexing idempotent per (doc_id, engine_version). Search runs BM25
 * and vector top-k restricted to the requested documents and fuses them by reciprocal rank. See tables.ts for the
 * layout and why vectors live in their own table.
 */
import * as lancedb from '@lancedb/lancedb';
import type { Connection, Table } from '@lancedb/lancedb';
import type { Schema } from 'apache-arrow';
import { mkdir } from 'node:fs/promises';
import type { Logger } from '../shared/logger.ts';
import { isLocalPath, PRIVATE_DIR_MODE } from '../shared/private-fs.ts';
import { embedUnits, IndexError, type EmbeddedUnits } from './embed-units.ts';
import { fuseByReciprocalRank } from './fusion.ts';
import { KeyedSerialQueue } from './queue.ts';
import {
  docFilter,
  isVectorsTableOf,
  markersSchema,
  markersTableName,
  rowToUnit,
  sqlString,
  UNIT_COLUMNS,
  unitsSchema,
  unitsTableName,
  unitToRow,
  vectorsSchema,
  vectorsTableName,
  type UnitRow,
} from './tables.ts';
import type { ChunkIndex, EmbedTexts, IndexUnit, SearchHit, SearchRequest } from './types.ts';

export { IndexError };

export interface LanceChunkIndexOptions {
  /** A directory path or an object-store URI (`s3://...`). */
  uri: string;
  storageOptions?: Record<string, string>;
  logger?: Logger;
}

/**
 * Appends between two optimize runs of a tenant's vector and marker tables: each append is a fragment of its own,
 * and many small fragments slow every scan; optimize compacts them.
 */
const OPTIMIZE_EVERY = 8;

export class LanceChunkIndex implements ChunkIndex {
  private readonly queue = new KeyedSerialQueue();
  private readonly tables = new Map<string, Table>();
  private readonly appendsSinceOptimize = new Map<string, number>();
  /** Units tables known to carry the FTS index on `text`. */
  private readonly textIndexed = new Set<string>();
  private readonly inFlight = new Set<Promise<boolean>>();
  private closed = false;

  private constructor(
    private readonly db: Connection,
    private readonly logger?: Logger,
  ) {}

  static async open(options: LanceChunkIndexOptions): Promise<LanceChunkIndex> {
    // LanceDB writes its files under the umask; a folder of the service's own keeps tenants' text private.
    if (isLocalPath(options.uri)) await mkdir(options.uri, { recursive: true, mode: PRIVATE_DIR_MODE });
    // readConsistencyInterval 0: every read checks for a newer table version, so a process that searches sees
    // what another process (a job worker) indexed, and isIndexed never answers from a stale snapshot.
    const db = await lancedb.connect(options.uri, { readConsistencyInterval: 0, storageOptions: options.storageOptions });
    return new LanceChunkIndex(db, options.logger);
  }

  async indexDocument(
    tenant: string,
    docId: string,
    engineVersion: string,
    units: IndexUnit[],
    embed: EmbedTexts | null,
  ): Promise<boolean> {
    this.assertOpen();
    // Tracked so close() waits for calls already started (they may still be embedding, before the queue).
    const call = this.indexOnce(tenant, docId, engineVersion, units, embed);
    this.inFlight.add(call);
    try {
      return await call;
    } finally {
      this.inFlight.delete(call);
    }
  }

  private async indexOnce(
    tenant: string,
    docId: string,
    engineVersion: string,
    units: IndexUnit[],
    embed: EmbedTexts | null,
  ): Promise<boolean> {
    const stranger = units.find((unit) => unit.doc_id !== docId);
    if (stranger) throw new IndexError(`unit ${stranger.unit_id} belongs to ${stranger.doc_id}, not ${docId}`);
    if (await this.hasMarker(tenant, docId, engineVersion)) return false;
    // Embed outside the tenant's queue (the slow part, an RPC) so other documents of the tenant are not held up;
    // the marker is checked again inside the queue, which is what rules out a double insert.
    const embedded = embed ? await embedUnits(units, embed) : null;
    const written = await this.queue.run(tenant, () => this.writeDocument(tenant, docId, engineVersion, units, embedded));
    if (written) this.scheduleMaintenance(tenant);
    return written;
  }

  async isIndexed(tenant: string, docId: string, engineVersion: string): Promise<boolean> {
    this.assertOpen();
    return this.hasMarker(tenant, docId, engineVersion);
  }

  /** isIndexed without the open check: writes queued before close() still complete while it drains. */
  private async hasMarker(tenant: string, docId: string, engineVersion: string): Promise<boolean> {
    const markers = await this.existingTable(markersTableName(tenant));
    if (!markers) return false;
    const filter = `doc_id = ${sqlString(docId)} AND engine_version = ${sqlString(engineVersion)}`;
    return (await markers.countRows(filter)) > 0;
  }

  async removeDocuments(tenant: string, docIdPrefix: string): Promise<void> {
    this.assertOpen();
    if (!/^[A-Za-z0-9_-]+$/.test(docIdPrefix)) throw new Error(`doc_id prefix must be an identifier, got ${JSON.stringify(docIdPrefix)}`);
    // LIKE's own wildcards: '_' matches any one character, which only widens the match within the same prefix length.
    const filter = `doc_id LIKE ${sqlString(`${docIdPrefix}%`)}`;
    // In the tenant's queue: a write of the same document in flight lands first, then goes with the rest.
    await this.queue.run(tenant, () => this.deleteMatching(tenant, filter));
  }

  async search(request: SearchRequest): Promise<SearchHit[]> {
    this.assertOpen();
    const limit = Math.floor(request.limit);
    if (request.docIds.length === 0 || !(limit > 0)) return [];
    // Each list goes deeper than the answer so a unit ranked modestly in both lists can still fuse into the top.
    const depth = Math.max(limit * 2, 20);
    const filter = docFilter(request.docIds);
    const [bm25, vector] = await Promise.all([
      this.bm25Search(request.tenant, request.query, filter, depth),
      request.queryVector ? this.vectorSearch(request.tenant, request.queryVector, filter, depth) : Promise.resolve([]),
    ]);
    return fuseByReciprocalRank(bm25, vector, limit);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.inFlight]);
    await this.queue.drain();
    for (const table of this.tables.values()) table.close();
    this.tables.clear();
    this.db.close();
  }

  // --- writing ---------------------------------------------------------------------------------------------------

  private async writeDocument(
    tenant: string,
    docId: string,
    engineVersion: string,
    units: IndexUnit[],
    embedded: EmbeddedUnits | null,
  ): Promise<boolean> {
    if (await this.hasMarker(tenant, docId, engineVersion)) return false;
    // Rows of this document without this version's marker: an interrupted earlier attempt, or an older engine
    // version that this one replaces (search has no version filter, so two versions would show twice).
    await this.deleteRows(tenant, docId);
    // Units and vectors are separate tables: written side by side; the marker only after both.
    await Promise.all([this.appendUnits(tenant, engineVersion, units), this.appendVectors(tenant, engineVersion, embedded)]);
    const markers = await this.createdTable(markersTableName(tenant), markersSchema());
    await markers.add([
      {
        doc_id: docId,
        engine_version: engineVersion,
        unit_count: units.length,
        vector_dims: embedded?.dims ?? 0,
        indexed_at: new Date().toISOString(),
      },
    ]);
    return true;
  }

  private async appendUnits(tenant: string, engineVersion: string, units: IndexUnit[]): Promise<void> {
    if (units.length === 0) return;
    const table = await this.unitsTable(tenant);
    await table.add(units.map((unit) => unitToRow(unit, engineVersion)));
    // LanceDB 0.31 does search rows the FTS index does not cover yet, but flat and unranked (the first matches in
    // scan order, scored on other statistics), so the new rows are folded into the index (optimize) before the
    // document counts as indexed: search is right as soon as indexDocument returns. This is the main cost of
    // indexing and grows with the tenant's table (about 80 ms at 5k units, 270 ms at 20k on 2 cores).
    await table.optimize();
  }

  private async appendVectors(tenant: string, engineVersion: string, embedded: EmbeddedUnits | null): Promise<void> {
    if (!embedded) return;
    const table = await this.createdTable(vectorsTableName(tenant, embedded.dims), vectorsSchema(embedded.dims));
    await table.add(
      embedded.units.map((unit, index): UnitRow => ({ ...unitToRow(unit, engineVersion), vector: Array.from(embedded.vectors[index]) })),
    );
  }

  private deleteRows(tenant: string, docId: string): Promise<void> {
    return this.deleteMatching(tenant, `doc_id = ${sqlString(docId)}`);
  }

  private async deleteMatching(tenant: string, filter: string): Promise<void> {
    const markers = await this.existingTable(markersTableName(tenant));
    for (const table of [...(await this.tenantTables(tenant)), ...(markers ? [markers] : [])]) {
      // Counting first: a delete that matches nothing would still cost a commit.
      if ((await table.countRows(filter)) > 0) await table.delete(filter);
    }
  }

  /** Runs optimize in the tenant's queue every OPTIMIZE_EVERY documents; failures are logged, never thrown. */
  private scheduleMaintenance(tenant: string): void {
    const appends = (this.appendsSinceOptimize.get(tenant) ?? 0) + 1;
    this.appendsSinceOptimize.set(tenant, appends);
    if (appends < OPTIMIZE_EVERY) return;
    this.appendsSinceOptimize.set(tenant, 0);
    void this.queue.run(tenant, async () => {
      const markers = await this.existingTable(markersTableName(tenant));
      const vectorTables = (await this.tenantTables(tenant)).filter((table) => table.name !== unitsTableName(tenant));
      for (const table of [...vectorTables, ...(markers ? [markers] : [])]) {
        try {
          await table.optimize();
        } catch (error) {
          this.logger?.warn({ err: error, table: table.name }, 'chunk index optimize failed; searches stay correct, only slower');
        }
      }
    });
  }

  // --- searching -------------------------------------------------------------------------------------------------

  private async bm25Search(tenant: string, query: string, filter: string, depth: number): Promise<IndexUnit[]> {
    if (query.trim().length === 0) return [];
    const table = await this.existingTable(unitsTableName(tenant));
    if (!table) return [];
    const rows = await table
      .query()
      .fullTextSearch(query)
      .where(filter)
      .select([...UNIT_COLUMNS, '_score'])
      .limit(depth)
      .toArray();
    return rows.map((row: UnitRow) => rowToUnit(row));
  }

  private async vectorSearch(tenant: string, vector: Float32Array, filter: string, depth: number): Promise<IndexUnit[]> {
    // The query's width picks the table: vectors of another embedding model (another width) are never compared.
    const table = await this.existingTable(vectorsTableName(tenant, vector.length));
    if (!table) return [];
    // No ANN index: a tenant's table is small enough for an exact scan, which also keeps the docIds prefilter exact.
    const rows = await table
      .vectorSearch(vector)
      .distanceType('cosine')
      .where(filter)
      .select([...UNIT_COLUMNS, '_distance'])
      .limit(depth)
      .toArray();
    return rows.map((row: UnitRow) => rowToUnit(row));
  }

  // --- tables ----------------------------------------------------------------------------------------------------

  private async unitsTable(tenant: string): Promise<Table> {
    const table = await this.createdTable(unitsTableName(tenant), unitsSchema());
    if (this.textIndexed.has(table.name)) return table;
    if (!(await hasTextIndex(table))) {
      try {
        // English stemming and stop words: question words ("what", "the") must not outweigh the content terms.
        await table.createIndex('text', {
          config: lancedb.Index.fts({
            stem: true,
            language: 'English',
            removeStopWords: true,
            asciiFolding: true,
            lowercase: true,
            withPosition: false,
          }),
          replace: false,
        });
      } catch (error) {
        // Another process may have created it in between; anything else is a real failure.
        if (!(await hasTextIndex(table))) throw error;
      }
    }
    this.textIndexed.add(table.name);
    return table;
  }

  /** The tenant's units and vector tables (not the markers). */
  private async tenantTables(tenant: string): Promise<Table[]> {
    const names = (await this.allTableNames()).filter((name) => name === unitsTableName(tenant) || isVectorsTableOf(name, tenant));
    const tables = await Promise.all(names.map((name) => this.existingTable(name)));
    return tables.filter((table): table is Table => table !== null);
  }

  private async allTableNames(): Promise<string[]> {
    const names: string[] = [];
    for (;;) {
      const page = await this.db.tableNames({ startAfter: names.at(-1), limit: 1000 });
      names.push(...page);
      if (page.length < 1000) return names;
    }
  }

  private async existingTable(name: string): Promise<Table | null> {
    const cached = this.tables.get(name);
    if (cached) return cached;
    try {
      const table = await this.db.openTable(name);
      this.tables.set(name, table);
      return table;
    } catch (error) {
      if (isTableNotFound(error)) return null;
      throw error;
    }
  }

  private async createdTable(name: string, schema: Schema): Promise<Table> {
    const existing = await this.existingTable(name);
    if (existing) return existing;
    // existOk: another process may create it between our look and this call.
    const table = await this.db.createEmptyTable(name, schema, { mode: 'create', existOk: true });
    this.tables.set(name, table);
    return table;
  }

  private assertOpen(): void {
    if (this.closed) throw new IndexError('chunk index is closed');
  }
}

async function hasTextIndex(table: Table): Promise<boolean> {
  return (await table.listIndices()).some((index) => index.indexType === 'FTS' && index.columns.includes('text'));
}

function isTableNotFound(error: unknown): boolean {
  return error instanceof Error && /not found|does not exist|no such/i.test(error.message);
}
