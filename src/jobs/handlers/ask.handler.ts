import type { FileRecord } from '../../files/mod.ts';
import type { ChunkIndex, EmbedTexts, SearchHit } from '../../index/mod.ts';
import { answerQuestion, classifyQuestion, rememberAnswer, type QuestionInfo } from '../../pipeline/ask/mod.ts';
import { buildAskView, type AskResponse } from '../../pipeline/views/mod.ts';
import { askRetrievalMode } from '../../shared/config.ts';
import { NotFoundError, ValidationError } from '../../shared/errors.ts';
import { nowSeconds } from '../../shared/ids.ts';
import type { Logger } from '../../shared/logger.ts';
import { MetadataSessionStore, type SessionRecord } from '../../storage/mod.ts';
import { requireDep, type JobContext, type JobHandler } from '../handler.ts';
import type { AskRequest } from '../requests/ask.ts';
import { requestDocId } from './analysis-views.ts';
import { prepareDocuments } from './ask-documents.ts';

/** Units retrieved per question: the answer engine reads their neighbourhood, a few pages' worth. */
const SEARCH_LIMIT = 24;

/** The request's input files in order: `input`, then `inputs`. */
function requestedFileIds(request: AskRequest): string[] {
  return [...(request.input?.file_id ? [request.input.file_id] : []), ...(request.inputs ?? []).map((i) => i.file_id)];
}

/**
 * Answers a question about the request's documents, or a session's: parse and index what is not ready yet, type
 * the question (a follow-up inherits the previous turn's subject), retrieve, answer verbatim, store the turn.
 */
export const askHandler: JobHandler<AskRequest> = {
  operation: 'ask',
  async run(ctx) {
    const request = ctx.request;
    const sessions = new MetadataSessionStore(ctx.deps.metadata);
    const session = request.session_id ? await sessions.get(ctx.tenant, request.session_id) : undefined;
    if (request.session_id && !session) throw new NotFoundError('Session');
    const records = await recordsOf(ctx, request, session);

    const index = requireDep(ctx.deps, 'askIndex');
    const retrieval = await retrievalFor(ctx, request.query);
    const documents = await prepareDocuments(ctx, records, { index, embed: retrieval.embed, embedModel: retrieval.model });
    const docIds = documents.map((d) => d.docId);

    const previous = (session?.turns.at(-1)?.question_info ?? null) as QuestionInfo | null;
    const question = classifyQuestion(request.query, previous);
    const hits = await search(ctx, index, question, uniqueDocIds(docIds), retrieval.queryVector);
    ctx.signal.throwIfAborted();
    const draft = answerQuestion({ question, docs: documents, hits, logger: ctx.logger });

    const stored =
      session ??
      (await sessions.create(
        ctx.tenant,
        records.map((r) => r.file_id),
        docIds,
      ));
    const response = buildAskView(draft, { docIds, sessionId: stored.session_id, includeGrounding: request.include_grounding ?? true });
    // The next question's references resolve against this one, among the documents that answered it.
    await sessions.appendTurn(ctx.tenant, stored.session_id, {
      question: request.query,
      question_info: rememberAnswer(question, draft.found ? draft.citations.map((c) => c.docId) : []),
      answer: draft.text,
      citations: buildAskView(draft, { docIds, sessionId: stored.session_id, includeGrounding: true }).citations,
      created_at: nowSeconds(),
    });
    return response satisfies AskResponse;
  },
};

/**
 * The files asked about: the request's inputs, else the session's. A session's follow-up must name the same
 * documents in the same order (the route compared file ids; inline inputs are compared here, by content).
 */
async function recordsOf(ctx: JobContext<AskRequest>, request: AskRequest, session: SessionRecord | undefined): Promise<FileRecord[]> {
  const files = requireDep(ctx.deps, 'files');
  const requested = requestedFileIds(request);
  const fileIds = requested.length > 0 ? requested : (session?.file_ids ?? []);
  if (fileIds.length === 0)
    throw ValidationError.at(['body', 'inputs'], 'Give the documents to ask about in input or inputs, or a session_id', 'missing');
  const records = await Promise.all(fileIds.map((id) => files.get(ctx.tenant, id)));
  if (session && requested.length > 0) {
    const docIds = records.map((r) => requestDocId(ctx, r));
    if (docIds.length !== session.doc_ids.length || docIds.some((id, i) => id !== session.doc_ids[i])) {
      throw ValidationError.at(
        ['body', 'session_id'],
        `Session ${session.session_id} was opened on other documents; send the same inputs in the same order, or no session_id`,
        'value_error',
      );
    }
  }
  return records;
}

function uniqueDocIds(ids: string[]): string[] {
  return [...new Set(ids)];
}

async function search(
  ctx: JobContext,
  index: ChunkIndex,
  question: QuestionInfo,
  docIds: string[],
  queryVector: Float32Array | null,
): Promise<SearchHit[]> {
  // A follow-up asks about the documents the previous answer came from, when they are still among the inputs.
  const scoped = question.docIds?.filter((id) => docIds.includes(id)) ?? [];
  return index.search({
    tenant: ctx.tenant,
    docIds: scoped.length > 0 ? scoped : docIds,
    query: question.query,
    queryVector,
    limit: SEARCH_LIMIT,
  });
}

interface Retrieval {
  /** Embeds units for the index; null: BM25 only. */
  embed: EmbedTexts | null;
  /** The embedding model's name (part of the index version), null without one. */
  model: string | null;
  queryVector: Float32Array | null;
}

const BM25_ONLY: Retrieval = { embed: null, model: null, queryVector: null };
/** After a failed embedding call, asks run BM25-only for this long before trying the model again. */
const EMBED_RETRY_MS = 60_000;
let embedFailedAt = 0;

/**
 * Hybrid retrieval when DOCINTEL_ASK_RETRIEVAL allows it and the inference process serves an embedding model
 * (embedding the question is the probe); BM25-only otherwise, and when the model fails.
 */
async function retrievalFor(ctx: JobContext, query: string): Promise<Retrieval> {
  if (askRetrievalMode() === 'bm25') return BM25_ONLY;
  const embedder = ctx.deps.inference;
  if (!embedder || Date.now() - embedFailedAt < EMBED_RETRY_MS) return BM25_ONLY;
  try {
    const probe = await embedder.embed([query]);
    const model = probe.model;
    return { model, queryVector: probe.vectors[0] ?? null, embed: async (texts) => (await embedder.embed(texts, { model })).vectors };
  } catch (err) {
    embedFailedAt = Date.now();
    warnBm25(ctx.logger, err);
    return BM25_ONLY;
  }
}

function warnBm25(logger: Logger, err: unknown): void {
  logger.warn({ err }, 'embedding model unavailable: ask answers with BM25 retrieval only');
}
