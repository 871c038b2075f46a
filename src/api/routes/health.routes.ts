import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AppError } from '../../shared/errors.ts';
import type { AppContext } from '../context.ts';

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

async function runCheck(name: string, check: () => Promise<void>, log: FastifyBaseLogger): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeoutError()), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (err) {
    log.warn({ err, check: name }, 'readiness check failing');
    return `failing: ${publicReason(err)}`;
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness, readiness (stores, queue, inference) and the OpenAPI document; none needs a key. */
export function healthRoutes(ctx: AppContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get('/healthz', {
      config: { public: true },
      schema: { tags: ['health'], summary: 'Liveness', security: [], response: { 200: { type: 'object', properties: { status: { type: 'string' }, version: { type: 'string' } } } } },
    }, async () => ({ status: 'ok', version: ctx.version }));

    app.get('/readyz', {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Readiness: metadata store, blob store, job queue and inference process answer',
        security: [],
        response: {
          200: { type: 'object', properties: { status: { type: 'string' }, checks: { type: 'object', additionalProperties: { type: 'string' } } } },
          503: { type: 'object', properties: { detail: { type: 'string' }, checks: { type: 'object', additionalProperties: { type: 'string' } } } },
        },
      },
    }, async (request, reply) => {
      const entries = await Promise.all(ctx.readiness.map(async (c) => [c.name, await runCheck(c.name, c.check, request.log)] as const));
      const checks = Object.fromEntries(entries);
      const failing = entries.filter(([, state]) => state !== 'ok').map(([name]) => name);
      if (failing.length === 0) return { status: 'ready', checks };
      return reply.code(503).header('retry-after', '5').send({ detail: `Not ready: ${failing.join(', ')}`, checks });
    });

    app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  };
}
