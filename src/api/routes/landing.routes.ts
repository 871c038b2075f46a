import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OPENAPI_INFO } from '../openapi-info.ts';

/**
 * GET / without a key: what a person opening the service's address in a browser needs, a small page linking the
 * docs, the viewer and health (decisions.md). A client that asks for JSON only gets the same links as JSON.
 */
const LINKS = [
  { href: '/docs', title: 'API documentation', text: 'every operation, with an example you can run ("Try it out")' },
  { href: '/viewer', title: 'Grounding viewer', text: 'upload a document and see each result drawn over its pages' },
  { href: '/healthz', title: 'Health', text: 'liveness (and /readyz for readiness)' },
  { href: '/openapi.json', title: 'OpenAPI document', text: 'for code generators and API clients' },
] as const;

const CSS =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem;color:#222}a{color:#0b57d0}li{margin:.4rem 0}code{background:#f2f2f2;padding:0 .25rem}';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(OPENAPI_INFO.title)}</title><style>${CSS}</style></head>
<body>
<h1>${escapeHtml(OPENAPI_INFO.title)}</h1>
<p>${escapeHtml(OPENAPI_INFO.description.split('`').join(''))}</p>
<ul>
${LINKS.map((l) => `<li><a href="${l.href}">${escapeHtml(l.title)}</a>: ${escapeHtml(l.text)}</li>`).join('\n')}
</ul>
<p>Every API call needs <code>Authorization: Bearer &lt;API key&gt;</code>.</p>
</body>
</html>
`;

/** The page's only style is the inline one above, allowed by its hash; nothing else may load. */
const CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(CSS).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** Whether the client asked for JSON and not for HTML (a browser's Accept names text/html). */
function wantsJson(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.includes('application/json') && !accept.includes('text/html');
}

export function landingRoutes() {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get('/', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
      if (wantsJson(request.headers.accept))
        return { name: OPENAPI_INFO.title, version: OPENAPI_INFO.version, links: LINKS.map(({ href, title }) => ({ href, title })) };
      return reply.type('text/html; charset=utf-8').header('content-security-policy', CSP).header('cache-control', 'no-cache').send(HTML);
    });
  };
}
