import type { ServerContext } from '../server-context.ts';
import type { EmbedRequest, EmbedResponse } from '../types.ts';
import { InvalidEmbedRequestError, type EmbeddingModels } from './models.ts';
import { packVectors } from './vectors.ts';

/** Texts per Embed call; callers with more split them (each call is one queued task). */
export const MAX_EMBED_TEXTS = 1024;
/** Characters per text; longer ones are refused rather than silently cut (the model truncates tokens anyway). */
export const MAX_TEXT_CHARS = 100_000;

function validate(request: EmbedRequest): string[] {
  const texts = request.texts ?? [];
  if (texts.length === 0) throw new InvalidEmbedRequestError('texts must hold at least one text');
  if (texts.length > MAX_EMBED_TEXTS) throw new InvalidEmbedRequestError(`at most ${MAX_EMBED_TEXTS} texts per call, got ${texts.length}`);
  const long = texts.findIndex((t) => t.length > MAX_TEXT_CHARS);
  if (long >= 0) throw new InvalidEmbedRequestError(`texts[${long}] has ${texts[long].length} characters, more than ${MAX_TEXT_CHARS}`);
  return texts;
}

/** One Embed call: validated, queued (bounded, behind OCR pages too), run in batches. */
export async function embedTexts(
  ctx: ServerContext,
  models: EmbeddingModels,
  request: EmbedRequest,
  signal?: AbortSignal,
  deadline?: number,
): Promise<EmbedResponse> {
  const texts = validate(request);
  // Opened before queueing, so an unknown or missing model fails at once; taken again inside the queue, where
  // it cannot be released under the call (idle-release.ts closes models only while nothing runs or waits).
  await models.get(request.model_id || undefined);
  const { embedder, vectors } = await ctx.queue.run(
    async () => {
      const embedder = await models.get(request.model_id || undefined);
      return { embedder, vectors: await embedder.embed(texts, signal) };
    },
    signal,
    { deadline, kind: 'embed' },
  );
  const dims = vectors[0]?.length ?? 0;
  return { model_id: embedder.modelId, dims, vectors: packVectors(vectors, dims) };
}
