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

// The scheme name is case-insensitive (RFC 9110 §11.1); the key itself is compared exactly.
const BEARER = /^Bearer ([\x21-\x7e]+)$/i;

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
    if (request.routeOptions.config?.public || isDocsUi(request.routeOptions.url)) return;
    request.tenant = tenantFromHeader(request.headers.authorization, keys);
    limiter.take(request.tenant);
  });
}

/** Matched by the route pattern (not the raw URL) so a query string cannot change the decision. */
function isDocsUi(routeUrl: string | undefined): boolean {
  return routeUrl === '/docs' || (routeUrl?.startsWith('/docs/') ?? false);
}
