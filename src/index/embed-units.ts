/** Embeds units' texts through the injected embedder, in batches, checking what comes back. */
import type { EmbedTexts, IndexUnit } from './types.ts';

/** Texts per embed call: bounds one RPC's size; a 20-page document (~200 units) is one call. */
const BATCH = 256;

export class IndexError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

export interface EmbeddedUnits {
  dims: number;
  /** Only the units that have a usable vector (non-empty text, non-zero finite vector), in input order. */
  units: IndexUnit[];
  vectors: Float32Array[];
}

export async function embedUnits(units: IndexUnit[], embed: EmbedTexts): Promise<EmbeddedUnits | null> {
  const candidates = units.filter((unit) => unit.text.trim().length > 0);
  if (candidates.length === 0) return null;
  const vectors: Float32Array[] = [];
  for (let start = 0; start < candidates.length; start += BATCH) {
    const texts = candidates.slice(start, start + BATCH).map((unit) => unit.text);
    let batch: Float32Array[];
    try {
      batch = await embed(texts);
    } catch (error) {
      throw new IndexError(`embedding ${texts.length} units failed: ${(error as Error).message}`, { cause: error });
    }
    if (batch.length !== texts.length) throw new IndexError(`embedder returned ${batch.length} vectors for ${texts.length} texts`);
    vectors.push(...batch);
  }
  const dims = vectors[0].length;
  if (dims === 0) throw new IndexError('embedder returned empty vectors');
  const kept: EmbeddedUnits = { dims, units: [], vectors: [] };
  vectors.forEach((vector, index) => {
    if (vector.length !== dims) throw new IndexError(`embedder returned vectors of ${vector.length} and ${dims} dimensions`);
    // A zero (or broken) vector has no direction: cosine distance to it is undefined, so the unit stays BM25-only.
    if (!isUsable(vector)) return;
    kept.units.push(candidates[index]);
    kept.vectors.push(vector);
  });
  return kept.units.length > 0 ? kept : null;
}

function isUsable(vector: Float32Array): boolean {
  let norm = 0;
  for (const value of vector) {
    if (!Number.isFinite(value)) return false;
    norm += value * value;
  }
  return norm > 1e-12;
}
