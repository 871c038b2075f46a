import type { FastifyInstance, FastifyRequest } from 'fastify';
import { InvalidApiKeyError, NotAuthenticatedError } from '../shared/errors.ts';
import type { KeyRing } from './keys.ts';
import type { RateLimiter } from './rate-limit.ts';

declare module 'fastify' {
  interface FastifyRequest {
    tenant: string;
  }
  interface FastifyContextConfig {
    /** Routes open without a key: health, readiness, the OpenAPI document and the docs UI. */
    public?: boolean;
  }
}

const BEARER = /^Bearer ([\x21-\x7e]+)$/;

export function tenantFromHeader(header: string | undefined, keys: KeyRing): string {
  if (!header) throw new NotAuthenticatedError();
  const match = BEARER.exec(header.trim());
  if (!match) throw new NotAuthenticatedError();
  const tenant = keys.tenantOf(match[1]);
  if (!tenant) throw new InvalidApiKeyError();
  return tenant;
}

/** Bearer authentication and the per-key rate limit, on every route not marked `config.public`. */
export function registerAuth(app: FastifyInstance, keys: KeyRing, limiter: RateLimiter): void {
  app.decorateRequest('tenant', '');
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.routeOptions.config?.public || isDocsUi(request.url)) return;
    request.tenant = tenantFromHeader(request.headers.authorization, keys);
    limiter.take(request.tenant);
  });
}

function isDocsUi(url: string): boolean {
  return url === '/docs' || url.startsWith('/docs/');
}
