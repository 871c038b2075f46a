import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastify from 'fastify';
import secureJson from 'secure-json-parse';
import { PayloadTooLargeError, ValidationError } from '../shared/errors.ts';

/**
 * The application/json body parser. Before JSON.parse builds anything it scans the raw text once and refuses
 * bodies nested deeper than `maxDepth` (JSON.parse recurses: 100,000 nested arrays would build as many objects
 * and exhaust the stack of whoever walks them next) and strings longer than `maxStringChars`, except under the
 * members that carry whole documents. Then it parses like Fastify's own parser, with its protection against
 * prototype poisoning (`__proto__` and `constructor.prototype` keys are refused).
 */

export interface JsonGuardLimits {
  /** Arrays and objects inside each other; the top-level value is depth 1. */
  maxDepth: number;
  /** Characters of one string as written in the body (escapes count as written). */
  maxStringChars: number;
}

export const DEFAULT_JSON_GUARD: JsonGuardLimits = { maxDepth: 64, maxStringChars: 1024 * 1024 };

/** Members whose value is a whole document (InputSource content, the MCP upload tool): bounded by the body limit only. */
export const DOCUMENT_MEMBERS: ReadonlySet<string> = new Set(['pdf_base64', 'image_base64', 'content_base64', 'markdown', 'text']);

/** Why a body was refused; `tooLarge` answers 413, otherwise 422 like other malformed bodies. */
export interface JsonProblem {
  message: string;
  tooLarge: boolean;
}

const QUOTE = 0x22;

/**
 * Scans JSON text without building it. Returns the first problem, or null. Malformed JSON is not its concern
 * (JSON.parse reports that); it only has to count brackets and measure strings correctly for valid JSON and
 * never loop or throw on invalid input.
 */
export function scanJson(text: string, limits: JsonGuardLimits = DEFAULT_JSON_GUARD): JsonProblem | null {
  // For each open container: whether it is an object, and whether its next string is a key.
  const inObject: boolean[] = [];
  let expectKey = false;
  let key = '';
  // Positions of the next quote and backslash at or after where the scan is; Infinity: none left.
  let nextQuote = -1;
  let nextBackslash = -1;
  const find = (char: string, from: number) => {
    const at = text.indexOf(char, from);
    return at === -1 ? Infinity : at;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // The string's end: the next quote that is not escaped. indexOf runs natively, so a 100 MB base64 member
      // costs two scans, not a JavaScript loop per character.
      let end = i + 1;
      for (;;) {
        if (nextQuote < end) nextQuote = find('"', end);
        if (nextBackslash < end) nextBackslash = find('\\', end);
        if (nextQuote === Infinity) return null; // unterminated: JSON.parse's error
        if (nextBackslash < nextQuote) {
          end = nextBackslash + 2;
          continue;
        }
        end = nextQuote;
        break;
      }
      const length = end - i - 1;
      const isKey = inObject.length > 0 && inObject[inObject.length - 1] && expectKey;
      if (isKey) {
        if (length > limits.maxStringChars)
          return { message: `a JSON member name is longer than ${limits.maxStringChars} characters`, tooLarge: true };
        key = text.slice(i + 1, end);
        expectKey = false;
      } else if (length > limits.maxStringChars && !DOCUMENT_MEMBERS.has(key)) {
        return {
          message: `the JSON string ${key ? `in "${key.slice(0, 100)}" ` : ''}is ${length} characters long, over the ${limits.maxStringChars}-character limit (only document members such as pdf_base64 may be longer)`,
          tooLarge: true,
        };
      }
      i = end;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      inObject.push(c === 0x7b);
      if (inObject.length > limits.maxDepth)
        return { message: `the JSON body nests arrays/objects deeper than ${limits.maxDepth} levels`, tooLarge: false };
      expectKey = c === 0x7b;
      key = '';
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      inObject.pop();
      expectKey = false;
      key = '';
    } else if (c === 0x2c /* , */) {
      expectKey = inObject.length > 0 && inObject[inObject.length - 1];
      if (expectKey) key = '';
    }
  }
  return null;
}

/** Replaces Fastify's application/json parser with the guarded one (register before the routes). */
export function registerJsonGuard(app: FastifyInstance, limits: JsonGuardLimits = DEFAULT_JSON_GUARD): void {
  const { FST_ERR_CTP_EMPTY_JSON_BODY, FST_ERR_CTP_INVALID_JSON_BODY } = fastify.errorCodes;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body: string | Buffer, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.length === 0) return done(new FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
    const problem = scanJson(text, limits);
    if (problem) {
      request.log.warn({ reason: problem.message }, 'JSON body refused before parsing');
      const error = problem.tooLarge
        ? new PayloadTooLargeError(`Request body refused: ${problem.message}`)
        : ValidationError.at(['body'], `Request body refused: ${problem.message}`, 'json_too_deep');
      return done(error, undefined);
    }
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(new FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
    }
  });
}
