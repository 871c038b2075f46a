import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AppError } from '../../shared/errors.ts';
import type { AppContext, ReadinessFacts } from '../context.ts';

const CHECK_TIMEOUT_MS = 3000;

class CheckTimeoutError extends Error {
  constructor() {
    super(`no answer within ${CHECK_TIMEOUT_MS} ms`);
  }
}

/**
 * /readyz needs no key, so a failing check shows only what a client may see (an AppError's detail, our own
 * timeout); the error itself, which may name internal addresses or paths, goes to the log.
 */
function publicReason(err: unknown): string {
  if (err instanceof AppError && typeof err.detail === 'string') return err.detail;
  if (err instanceof CheckTimeoutError) return err.message;
  return 'see the service log';
}

async function runCheck(
  name: string,
  check: () => Promise<void | ReadinessFacts>,
  log: FastifyBaseLogger,
): Promise<{ state: string; facts?: ReadinessFacts }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeoutError()), CHECK_TIMEOUT_MS);
  });
  try {
    const facts = await Promise.race([check(), timeout]);
    return facts ? { state: 'ok', facts } : { state: 'ok' };
  } catch (err) {
    log.warn({ err, check: name }, 'readiness check failing');
    return { state: `failing: ${publicReason(err)}` };
  } finally {
    clearTimeout(timer);
  }
}

const checksSchema = { type: 'object', additionalProperties: { type: 'string' } };
/** What answering dependencies said about themselves, by check (the inference process: its execution providers). */
const detailsSchema = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    additionalProperties: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
  },
};

/** Liveness, readiness (stores, queue, inference) and the OpenAPI document; none needs a key. */
export function healthRoutes(ctx: AppContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get(
      '/healthz',
      {
        config: { public: true },
        schema: {
          tags: ['health'],
          summary: 'Liveness',
          security: [],
          response: { 200: { type: 'object', properties: { status: { type: 'string' }, version: { type: 'string' } } } },
        },
      },
      async () => ({ status: 'ok', version: ctx.version }),
    );

    app.get(
      '/readyz',
      {
        config: { public: true },
        schema: {
          tags: ['health'],
          summary: 'Readiness: metadata store, blob store, job queue and inference process answer',
          description:
            'Each check is `ok` or `failing: <reason>`; `details` holds what answering dependencies report about themselves (the inference process: `execution_providers`, preferred first, and `onnxruntime_version`).',
          security: [],
          response: {
            200: { type: 'object', properties: { status: { type: 'string' }, checks: checksSchema, details: detailsSchema } },
            503: { type: 'object', properties: { detail: { type: 'string' }, checks: checksSchema, details: detailsSchema } },
          },
        },
      },
      async (request, reply) => {
        const results = await Promise.all(ctx.readiness.map(async (c) => [c.name, await runCheck(c.name, c.check, request.log)] as const));
        const checks = Object.fromEntries(results.map(([name, r]) => [name, r.state]));
        const details = Object.fromEntries(results.flatMap(([name, r]) => (r.facts ? [[name, r.facts]] : [])));
        const failing = results.filter(([, r]) => r.state !== 'ok').map(([name]) => name);
        if (failing.length === 0) return { status: 'ready', checks, details };
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ detail: `Not ready: ${failing.join(', ')}`, checks, details });
      },
    );

    app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  };
}
