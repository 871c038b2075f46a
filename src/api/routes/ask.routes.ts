import { askProperties } from '../../jobs/mod.ts';
import { NotFoundError, ValidationError } from '../../shared/errors.ts';
import { MetadataSessionStore } from '../../storage/mod.ts';
import type { ProcessingRouteSpec, ReceivedBody, RouteCaller } from '../processing.ts';
import { AskResponse } from '../schemas/ask.ts';
import type { InputSource } from '../services/inputs.ts';

type AskBody = ReceivedBody<typeof askProperties, 'query'>;

/** The request's inputs in order: `input` first, then `inputs`. */
export function askInputs(body: AskBody): InputSource[] {
  return [...(body.input ? [body.input] : []), ...(body.inputs ?? [])];
}

/**
 * Refusals before anything is stored or queued: a blank question, no documents and no session (422), an unknown or
 * other tenant's session (404), a session asked about other documents than its own, in another order (422).
 * Inline inputs have no file id yet: the handler compares their documents with the session's.
 */
async function validateAsk(request: AskBody, caller: RouteCaller): Promise<void> {
  if (request.query.trim() === '') throw ValidationError.at(['body', 'query'], 'The question is blank', 'value_error');
  const inputs = askInputs(request);
  if (!request.session_id) {
    if (inputs.length === 0)
      throw ValidationError.at(['body', 'inputs'], 'Give the documents to ask about in input or inputs, or a session_id', 'missing');
    return;
  }
  const session = await new MetadataSessionStore(caller.ctx.metadata).get(caller.tenant, request.session_id);
  if (!session) throw new NotFoundError('Session');
  if (inputs.length === 0) return;
  const named = inputs.map((i) => i.file_id ?? null);
  const differs = inputs.length !== session.file_ids.length || named.some((id, i) => id !== null && id !== session.file_ids[i]);
  if (differs) {
    throw ValidationError.at(
      ['body', 'session_id'],
      `Session ${session.session_id} was opened on other inputs (${session.file_ids.join(', ')}); send the same inputs in the same order, or no session_id`,
      'value_error',
    );
  }
}

export const askRoute: ProcessingRouteSpec<AskBody> = {
  url: '/api/v1/ask',
  operation: 'ask',
  summary: 'Ask a question about documents; the answer is quoted from them, with citations',
  description:
    'Each document is parsed (`grounded` profile, several in parallel), cut into chunks, table rows and key-value pairs, and indexed (BM25, plus embeddings when an embedding model is served); the answer is a value or sentence taken verbatim from the documents, or "not found in the documents". `citations` name the document (`doc_id`, in the order of the inputs) and the drawable regions holding the answer, in page-image pixels; `include_grounding: false` leaves them out. The response carries a `session_id`: send it back with the same inputs in the same order (or with no inputs) to ask a follow-up, which reuses the parsed and indexed documents (its job records no pages processed, see GET /v1/usage) and may refer to the previous answer ("and its date?").',
  properties: askProperties,
  required: ['query'],
  response: { description: 'AskResponse', ...AskResponse },
  validate: validateAsk,
};
