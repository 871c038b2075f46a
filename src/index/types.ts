/**
 * The chunk index for ask (issue 8): what is indexed (units cut from a document model), what a search returns, and
 * the port the ask pipeline talks to. LanceDB implements it (lance.ts); geometry is in page-image pixels.
 */

export type UnitKind = 'chunk' | 'table_row' | 'key_value';

/** One retrievable unit of a document: a text chunk (one or more blocks), a table row, or a key-value pair. */
export interface IndexUnit {
  /** Deterministic within the document: `<doc_id>:<kind>:<n>`. */
  unit_id: string;
  doc_id: string;
  kind: UnitKind;
  /** What is searched and embedded (table rows: "header: cell; header: cell"). */
  text: string;
  page_index: number;
  /** Layout block / table / key-value ids the unit came from. */
  region_ids: string[];
  /** Boxes of the unit's regions on its page, [x0, y0, x1, y1]. */
  boxes: [number, number, number, number][];
  page_width: number;
  page_height: number;
}

export interface SearchHit {
  unit: IndexUnit;
  /** Fused score (reciprocal rank fusion), higher is better. */
  score: number;
  /** 1-based ranks in each list the unit appeared in. */
  ranks: { bm25?: number; vector?: number };
}

export interface SearchRequest {
  tenant: string;
  /** Only units of these documents. */
  docIds: string[];
  query: string;
  /** The query's embedding (hybrid); null searches BM25 only. */
  queryVector: Float32Array | null;
  limit: number;
}

/** Embeds texts with the inference process's embedding model (unit vectors). */
export type EmbedTexts = (texts: string[]) => Promise<Float32Array[]>;

export interface ChunkIndex {
  /**
   * Indexes a document's units once per (doc_id, engine_version): a second call with the same key is a no-op and
   * answers false. `embed` null stores no vectors (BM25-only; vector search then skips those units).
   */
  indexDocument(tenant: string, docId: string, engineVersion: string, units: IndexUnit[], embed: EmbedTexts | null): Promise<boolean>;
  isIndexed(tenant: string, docId: string, engineVersion: string): Promise<boolean>;
  /**
   * Removes every row (units, vectors, markers) of the documents whose doc_id starts with `docIdPrefix` from the
   * tenant's index, whatever their version: a file's bytes give one prefix to all their doc_ids (versions, page ranges).
   */
  removeDocuments(tenant: string, docIdPrefix: string): Promise<void>;
  search(request: SearchRequest): Promise<SearchHit[]>;
  close(): Promise<void>;
}
