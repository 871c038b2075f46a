import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, InsufficientStorageError, InternalError, isStorageFull, type ValidationIssue } from '../shared/errors.ts';
import { natsUnavailable } from '../storage/mod.ts';
import { setSecurityHeaders } from './security-headers.ts';

/** Ajv error as Fastify attaches it to `error.validation`. */
interface AjvIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const CONTEXT_LOC: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

const AJV_TYPE: Record<string, string> = {
  required: 'missing',
  type: 'type_error',
  enum: 'enum',
  additionalProperties: 'extra_forbidden',
  minimum: 'greater_than_equal',
  maximum: 'less_than_equal',
  minLength: 'string_too_short',
  maxLength: 'string_too_long',
  pattern: 'string_pattern_mismatch',
  minItems: 'too_short',
  maxItems: 'too_long',
  format: 'value_error',
  anyOf: 'union_error',
  oneOf: 'union_error',
};

function pointerToLoc(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .split('/')
    .slice(1)
    .map((part) => {
      const unescaped = part.replace(/~1/g, '/').replace(/~0/g, '~');
      return /^\d+$/.test(unescaped) ? Number(unescaped) : unescaped;
    });
}

/** Fastify/Ajv validation errors to FastAPI's `detail` array. */
export function toValidationIssues(issues: AjvIssue[], context: string | undefined): ValidationIssue[] {
  const root = CONTEXT_LOC[context ?? 'body'] ?? 'body';
  return issues.map((issue) => {
    const loc: (string | number)[] = [root, ...pointerToLoc(issue.instancePath)];
    let msg = issue.message ?? 'invalid value';
    if (issue.keyword === 'required') {
      loc.push(String(issue.params.missingProperty));
      msg = 'Field required';
    } else if (issue.keyword === 'additionalProperties') {
      loc.push(String(issue.params.additionalProperty));
      msg = 'Extra inputs are not permitted';
    } else if (issue.keyword === 'type') {
      // No coercion of bodies (validation.ts): say what was expected, the way FastAPI does.
      msg = `Input should be of type ${String(issue.params.type).split(',').join(' or ')}`;
    } else if (issue.keyword === 'enum') {
      msg = `Input should be ${(issue.params.allowedValues as unknown[]).map((v) => `'${String(v)}'`).join(', ')}`;
    }
    return { loc, msg, type: AJV_TYPE[issue.keyword] ?? issue.keyword };
  });
}

function send(reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}): FastifyReply {
  // Serialized here, not by the route's response schema: error bodies have their own shapes.
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** Fastify's own 4xx errors (body parsing, content type, sizes) keep their status with a `detail` body. */
function frameworkError(error: FastifyError): { status: number; body: unknown } | null {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  if (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    (error instanceof SyntaxError && status === 400)
  ) {
    return { status: 422, body: { detail: [{ loc: ['body'], msg: `JSON decode error: ${error.message}`, type: 'json_invalid' }] } };
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, body: { detail: 'Request body is over the size limit' } };
  if (error.code === 'FST_FILES_LIMIT') return { status: 413, body: { detail: 'Too many files in one upload request (limit reached)' } };
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') return { status: 413, body: { detail: 'File is over the upload size limit' } };
  if (error.code === 'FST_FIELDS_LIMIT') return { status: 413, body: { detail: 'Too many fields in one upload request (limit reached)' } };
  if (error.code === 'FST_PARTS_LIMIT') return { status: 413, body: { detail: 'Too many parts in one upload request (limit reached)' } };
  // Router errors (see routerError): Fastify's message quotes the whole URL, which is not ours to echo back.
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return { status: 414, body: { detail: `A path parameter is over the ${MAX_PARAM_LENGTH} character limit` } };
  if (error.code === 'FST_ERR_BAD_URL') return { status: 400, body: { detail: 'The URL path is not valid (malformed percent-encoding)' } };
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { status: 415, body: { detail: `Unsupported request content type: ${error.message}` } };
  }
  return { status, body: { detail: error.message } };
}

/**
 * Longest path parameter the router matches. Ids are at most 100 characters (the route schemas say so), and a
 * longer one reaches its route to be answered by that schema (422) like any other invalid id; only a parameter
 * past this answers 414 from the router (routerError).
 */
export const MAX_PARAM_LENGTH = 1000;

/**
 * Fastify's `frameworkErrors` option: errors raised while routing, before any route or error handler runs
 * (an over-long path parameter, a malformed URL). Same `detail` bodies as every other error.
 */
export function routerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // The app's onSend hooks do not run for these answers: their headers are set here.
  setSecurityHeaders(reply);
  reply.header('x-request-id', request.id);
  const mapped = frameworkError(error);
  if (mapped) {
    send(reply, mapped.status, mapped.body);
    return;
  }
  request.log.error({ err: error }, 'unhandled routing error');
  send(reply, 500, new InternalError(String(request.id)).body());
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.warn({ err: error }, 'request failed');
      const body = error.body();
      // Every 500 names its request (decisions.md), also when a typed error (e.g. a failed sync job) produced it.
      if (error.status === 500 && body.request_id === undefined) body.request_id = String(request.id);
      return send(reply, error.status, body, error.headers);
    }
    if (error.validation) {
      return send(reply, 422, { detail: toValidationIssues(error.validation as AjvIssue[], error.validationContext) });
    }
    // A full disk anywhere an adapter did not map it already (render caches, temp files): 507, not 500.
    if (isStorageFull(error)) {
      request.log.warn({ err: error }, 'request failed: disk full');
      const full = new InsufficientStorageError();
      return send(reply, full.status, full.body(), full.headers);
    }
    // NATS unreachable (a call made as the server went down): 503 with Retry-After, like NatsUnavailableError.
    const unreachable = natsUnavailable(error);
    if (unreachable) {
      request.log.warn({ err: error }, 'request failed: NATS unreachable');
      return send(reply, unreachable.status, unreachable.body(), unreachable.headers);
    }
    const mapped = frameworkError(error);
    if (mapped) return send(reply, mapped.status, mapped.body);
    request.log.error({ err: error }, 'unhandled error');
    const internal = new InternalError(String(request.id));
    return send(reply, 500, internal.body());
  });
  app.setNotFoundHandler((request, reply) => send(reply, 404, { detail: 'Not Found' }));
}
