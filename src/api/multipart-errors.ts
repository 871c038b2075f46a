import { PartCutShortError } from '../files/mod.ts';
import { BadRequestError } from '../shared/errors.ts';

/**
 * Busboy (behind @fastify/multipart) reports a malformed form with plain Errors that carry no code, so their
 * messages are the only way to tell them apart. They are the client's mistake: a 400 naming the problem in our
 * words, instead of a 500 with a stack trace in the error log.
 */
const CUT_SHORT = 'the body ends inside a part (no closing boundary)';
const MALFORMED: [RegExp, string][] = [
  [/^Multipart: Boundary not found$/, 'the Content-Type has no boundary parameter'],
  [/terminated early due to unexpected end of multipart data$|^Unexpected end of multipart data$/, CUT_SHORT],
  // streamsearch refuses a delimiter over 256 bytes (RFC 2046 allows boundaries of at most 70 characters).
  [/^The needle cannot/, 'the boundary parameter is too long'],
];

/** The 400 for a malformed multipart body, or null when `err` is something else. */
export function malformedMultipart(err: unknown): BadRequestError | null {
  if (err instanceof PartCutShortError) return new BadRequestError(`Malformed multipart/form-data body: ${CUT_SHORT}`);
  if (!(err instanceof Error) || (err as { code?: unknown }).code !== undefined) return null;
  const found = MALFORMED.find(([pattern]) => pattern.test(err.message));
  return found ? new BadRequestError(`Malformed multipart/form-data body: ${found[1]}`) : null;
}
