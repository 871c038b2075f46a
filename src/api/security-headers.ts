import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../shared/errors.ts';

/**
 * Response headers every answer carries, and CORS. The API answers JSON to programs, so by default nothing it
 * sends may be framed, sniffed as another type, cached by a shared cache, or read by another origin's scripts.
 * Routes that serve pages (the docs UI, the viewer) or cacheable bytes (page images, SSE) set their own
 * Content-Security-Policy or Cache-Control, which are kept.
 */
const ALWAYS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
} as const;

const DEFAULTS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  // Tenant data: a shared cache must never keep it. Routes with their own caching rule set their own.
  'cache-control': 'no-store',
} as const;

/**
 * The docs UI's policy, from the one @fastify/swagger-ui generates (its `script-src` carries the hashes of its own
 * inline scripts, kept). Changed: Swagger UI's React sets `style` attributes, which `style-src` hashes cannot allow,
 * so styles may be inline (a style cannot run script); nothing is loaded from other origins (the service works
 * offline, and the spec validator badge is off); no `upgrade-insecure-requests`, which would send a plain-HTTP
 * deployment's requests to an HTTPS port that is not there; the docs are never framed.
 */
export function docsContentSecurityPolicy(generated: string): string {
  const scriptSrc =
    generated
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src ')) ?? "script-src 'self'";
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "connect-src 'self'",
    "font-src 'self' data:",
    "img-src 'self' data:",
    "object-src 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    scriptSrc,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
  ].join('; ');
}

/** What a browser script may read from a cross-origin answer besides the CORS-safelisted headers. */
const EXPOSED_HEADERS = 'x-request-id, x-job-id, retry-after, etag, location';
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'authorization, content-type, if-none-match, last-event-id, accept';
const PREFLIGHT_MAX_AGE_SECONDS = '600';

class OriginNotAllowedError extends AppError {
  constructor(origin: string) {
    super(403, `Origin ${origin} may not call this API (DOCINTEL_CORS_ORIGINS)`);
  }
}

function allowedOrigin(origin: string | undefined, allowed: readonly string[]): string | null {
  if (!origin || allowed.length === 0) return null;
  if (allowed.includes('*')) return '*';
  return allowed.includes(origin) ? origin : null;
}

function setCorsHeaders(reply: FastifyReply, origin: string): void {
  reply.header('access-control-allow-origin', origin);
  if (origin !== '*') reply.header('vary', 'Origin');
}

/** The headers every answer carries; also set by answers that no onSend hook sees (routerError). */
export function setSecurityHeaders(reply: FastifyReply): void {
  reply.headers(ALWAYS);
  for (const [name, value] of Object.entries(DEFAULTS)) {
    if (!reply.hasHeader(name)) reply.header(name, value);
  }
}

/** Security headers on every response; CORS only for the configured origins (none: CORS off). */
export function registerSecurityHeaders(app: FastifyInstance, corsOrigins: readonly string[]): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    setSecurityHeaders(reply);
    const origin = allowedOrigin(request.headers.origin, corsOrigins);
    if (origin) {
      setCorsHeaders(reply, origin);
      reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    }
  });
  if (corsOrigins.length === 0) return;
  // Preflight: answered before authentication (browsers send no credentials with it).
  app.options('/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const origin = allowedOrigin(request.headers.origin, corsOrigins);
    if (!origin) throw new OriginNotAllowedError(String(request.headers.origin ?? '(none)'));
    return reply
      .code(204)
      .header('access-control-allow-methods', ALLOWED_METHODS)
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', PREFLIGHT_MAX_AGE_SECONDS)
      .send();
  });
}
