import type { EmbeddingSlot, ModelRegistry, ResolvedModel } from '../models.ts';
import { SPIN_LIMITED_SESSION_CONFIG } from '../onnx/mod.ts';
import { SentenceEncoderEmbedder, StaticEmbedder, type Embedder } from './runners.ts';
import { readStaticVocab, StaticTokenizer } from './static-vocab.ts';
import { WordPieceTokenizer } from './wordpiece.ts';

export const EMBEDDING_TASK = 'text-embedding';

/** No embedding model is installed, or the named one is not (answered FAILED_PRECONDITION). */
export class EmbeddingModelUnavailableError extends Error {
  constructor(detail: string) {
    super(`embedding model unavailable: ${detail}`);
    this.name = 'EmbeddingModelUnavailableError';
  }
}

/** An Embed request the server cannot serve as asked (answered INVALID_ARGUMENT). */
export class InvalidEmbedRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidEmbedRequestError';
  }
}

export interface EmbedderSettings {
  executionProviders: string[];
  threads: number;
}

/** The slot's runner kind: declared in the manifest, else guessed from its companion files. */
export function embeddingSlotOf(model: ResolvedModel): EmbeddingSlot {
  if (model.entry.embedding) return model.entry.embedding;
  if (model.extras.tokenizer) return { kind: 'sentence-encoder' };
  return { kind: 'static' };
}

/**
 * The embedding models of the inference process, opened on first use and kept per (slot, file hash). The default
 * is the first available text-embedding slot in manifest order, so a sentence encoder placed before the static
 * GloVe slot takes over. A failed opening is not cached.
 */
export class EmbeddingModels {
  private readonly open = new Map<string, Promise<Embedder>>();

  constructor(
    private readonly registry: ModelRegistry,
    private readonly settings: EmbedderSettings,
  ) {}

  async get(modelId?: string): Promise<Embedder> {
    const model = await this.resolve(modelId);
    const key = `${model.entry.id}:${model.sha256}`;
    let embedder = this.open.get(key);
    if (!embedder) {
      embedder = this.openModel(model);
      this.open.set(key, embedder);
      embedder.catch(() => this.open.delete(key));
    }
    return embedder;
  }

  async close(): Promise<void> {
    const open = [...this.open.values()];
    this.open.clear();
    await Promise.allSettled(open.map(async (e) => (await e).release()));
  }

  private async resolve(modelId?: string): Promise<ResolvedModel> {
    if (modelId) {
      const model = await this.registry.get(modelId);
      if (!model) throw new InvalidEmbedRequestError(`model "${modelId}" is not in the manifest`);
      if (model.entry.task !== EMBEDDING_TASK)
        throw new InvalidEmbedRequestError(`model "${modelId}" is a ${model.entry.task} model, not ${EMBEDDING_TASK}`);
      if (!model.available) throw new EmbeddingModelUnavailableError(`${modelId}: ${model.status}`);
      return model;
    }
    const slots = (await this.registry.list()).filter((m) => m.entry.task === EMBEDDING_TASK);
    const ready = slots.find((m) => m.available);
    if (ready) return ready;
    const why = slots.map((m) => `${m.entry.id}: ${m.status}`).join('; ');
    throw new EmbeddingModelUnavailableError(why || `the manifest has no ${EMBEDDING_TASK} slot`);
  }

  private async openModel(model: ResolvedModel): Promise<Embedder> {
    // onnxruntime-node loads here, in the inference process only (the client side imports none of this).
    const ort = await import('onnxruntime-node');
    const slot = embeddingSlotOf(model);
    const session = await ort.InferenceSession.create(model.path, {
      executionProviders: this.settings.executionProviders.length ? this.settings.executionProviders : ['cpu'],
      graphOptimizationLevel: 'all',
      intraOpNumThreads: this.settings.threads,
      interOpNumThreads: 1,
      extra: SPIN_LIMITED_SESSION_CONFIG,
    });
    const output = slot.output ?? model.entry.outputs[0]?.name;
    try {
      if (slot.kind === 'static') {
        const vocabulary = model.extras.vocabulary;
        if (!vocabulary) throw new EmbeddingModelUnavailableError(`${model.entry.id} lists no extras.vocabulary`);
        const tokenizer = new StaticTokenizer(await readStaticVocab(vocabulary));
        return new StaticEmbedder(model.entry.id, ort, session, tokenizer, slot.max_tokens, output ?? 'embedding');
      }
      const tokenizerFile = model.extras.tokenizer;
      if (!tokenizerFile) throw new EmbeddingModelUnavailableError(`${model.entry.id} lists no extras.tokenizer (tokenizer.json)`);
      const tokenizer = await WordPieceTokenizer.fromFile(tokenizerFile);
      return new SentenceEncoderEmbedder(model.entry.id, ort, session, tokenizer, {
        maxTokens: slot.max_tokens,
        pooling: slot.pooling,
        output,
      });
    } catch (err) {
      await session.release().catch(() => undefined);
      throw err;
    }
  }
}
