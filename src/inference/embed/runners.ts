import type * as Ort from 'onnxruntime-node';
import type { StaticTokenizer } from './static-vocab.ts';
import type { WordPieceTokenizer } from './wordpiece.ts';

/** Texts per session run: bounds the padded [N, L] tensors and lets long requests interleave fairly. */
export const BATCH_SIZE = 64;
/** Tokens kept per text when the manifest sets no max_tokens. */
export const DEFAULT_MAX_TOKENS = 256;

type OrtModule = typeof import('onnxruntime-node');

/** An embedding model ready to run: unit-length vectors (zero vectors for texts with no known word). */
export interface Embedder {
  readonly modelId: string;
  readonly kind: 'static' | 'sentence-encoder';
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
  release(): Promise<void>;
}

async function inBatches(
  texts: string[],
  signal: AbortSignal | undefined,
  run: (batch: string[]) => Promise<Float32Array[]>,
): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += BATCH_SIZE) {
    signal?.throwIfAborted();
    vectors.push(...(await run(texts.slice(i, i + BATCH_SIZE))));
  }
  return vectors;
}

/** Splits an [N, D] output into N rows (copies: the tensor's buffer belongs to the session's output). */
function rowsOf(data: Float32Array, count: number, dims: number): Float32Array[] {
  return Array.from({ length: count }, (_, i) => data.slice(i * dims, (i + 1) * dims));
}

function normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const x of vector) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 1e-12) for (let i = 0; i < vector.length; i++) vector[i] /= norm;
  return vector;
}

/** The static model: token ids and SIF weights in, the graph does the weighted mean and normalization. */
export class StaticEmbedder implements Embedder {
  readonly kind = 'static';

  constructor(
    readonly modelId: string,
    private readonly ort: OrtModule,
    private readonly session: Ort.InferenceSession,
    private readonly tokenizer: StaticTokenizer,
    private readonly maxTokens = DEFAULT_MAX_TOKENS,
    private readonly output = 'embedding',
  ) {}

  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    return inBatches(texts, signal, (batch) => this.runBatch(batch));
  }

  private async runBatch(texts: string[]): Promise<Float32Array[]> {
    const encoded = texts.map((text) => this.tokenizer.encode(text, this.maxTokens));
    const width = Math.max(1, ...encoded.map((e) => e.ids.length));
    const ids = new BigInt64Array(texts.length * width);
    const weights = new Float32Array(texts.length * width); // padding: row 0 with weight 0
    encoded.forEach((e, row) =>
      e.ids.forEach((id, j) => {
        ids[row * width + j] = BigInt(id);
        weights[row * width + j] = e.weights[j];
      }),
    );
    const result = await this.session.run({
      token_ids: new this.ort.Tensor('int64', ids, [texts.length, width]),
      weights: new this.ort.Tensor('float32', weights, [texts.length, width]),
    });
    const out = result[this.output];
    return rowsOf(out.data as Float32Array, texts.length, Number(out.dims[1]));
  }

  release(): Promise<void> {
    return this.session.release();
  }
}

export interface EncoderSettings {
  maxTokens?: number;
  pooling?: 'mean' | 'cls';
  /** Output to read; default the session's first. */
  output?: string;
}

/** A BERT-style encoder: [CLS] pieces [SEP] in; last hidden states pooled (or a pooled output), L2 normalized. */
export class SentenceEncoderEmbedder implements Embedder {
  readonly kind = 'sentence-encoder';
  private readonly output: string;

  constructor(
    readonly modelId: string,
    private readonly ort: OrtModule,
    private readonly session: Ort.InferenceSession,
    private readonly tokenizer: WordPieceTokenizer,
    private readonly settings: EncoderSettings = {},
  ) {
    this.output = settings.output && session.outputNames.includes(settings.output) ? settings.output : session.outputNames[0];
  }

  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    return inBatches(texts, signal, (batch) => this.runBatch(batch));
  }

  private async runBatch(texts: string[]): Promise<Float32Array[]> {
    const encoded = texts.map((text) => this.tokenizer.encode(text, this.settings.maxTokens ?? DEFAULT_MAX_TOKENS).ids);
    const width = Math.max(...encoded.map((ids) => ids.length));
    const ids = new BigInt64Array(texts.length * width).fill(BigInt(this.tokenizer.pad));
    const mask = new BigInt64Array(texts.length * width);
    encoded.forEach((row, r) =>
      row.forEach((id, j) => {
        ids[r * width + j] = BigInt(id);
        mask[r * width + j] = 1n;
      }),
    );
    const shape = [texts.length, width];
    const feeds: Record<string, Ort.Tensor> = {
      input_ids: new this.ort.Tensor('int64', ids, shape),
      attention_mask: new this.ort.Tensor('int64', mask, shape),
    };
    if (this.session.inputNames.includes('token_type_ids'))
      feeds.token_type_ids = new this.ort.Tensor('int64', new BigInt64Array(ids.length), shape);
    const out = (await this.session.run(feeds))[this.output];
    const data = out.data as Float32Array;
    const dims = out.dims.map(Number);
    if (dims.length === 2) return rowsOf(data, texts.length, dims[1]).map(normalize);
    if (dims.length !== 3) throw new Error(`${this.modelId}: output ${this.output} has shape [${dims}], expected [N, D] or [N, L, D]`);
    return encoded.map((row, r) => normalize(this.pool(data, r, row.length, dims[1], dims[2])));
  }

  /** Mean over the text's real tokens (its attention mask), or its [CLS] state. */
  private pool(data: Float32Array, row: number, length: number, width: number, hidden: number): Float32Array {
    const base = row * width * hidden;
    if (this.settings.pooling === 'cls') return data.slice(base, base + hidden);
    const sum = new Float32Array(hidden);
    for (let t = 0; t < length; t++) {
      for (let d = 0; d < hidden; d++) sum[d] += data[base + t * hidden + d];
    }
    for (let d = 0; d < hidden; d++) sum[d] /= length;
    return sum;
  }

  release(): Promise<void> {
    return this.session.release();
  }
}
