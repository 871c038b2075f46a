import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientBundle, loadEsbuild, type EsbuildLoader } from './client-bundle.ts';

/**
 * The grounding viewer: a static page (HTML, a few small scripts, one stylesheet) at /viewer that drives the public API
 * from the browser through the typed SDK, bundled on demand as /viewer/client.js (see client-bundle.ts). The page
 * itself is public (it asks for the API key and the SDK sends it as a bearer header on every API call); it is hidden
 * from the OpenAPI document because it is not part of the API contract.
 */

interface Asset {
  body: Buffer;
  contentType: string;
  etag: string;
}

const ASSET_TYPES: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'viewer.js': 'text/javascript; charset=utf-8',
  'results.js': 'text/javascript; charset=utf-8',
  'render.js': 'text/javascript; charset=utf-8',
  'boot.js': 'text/javascript; charset=utf-8',
  'viewer.css': 'text/css; charset=utf-8',
  'favicon.svg': 'image/svg+xml',
};

const ASSETS_DIR = new URL('./assets/', import.meta.url);

// Everything is same-origin; page images arrive as blob: URLs because <img> cannot send the bearer header.
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** Reads the assets once at start-up: they are small and never change while the process runs. */
async function loadAssets(): Promise<Map<string, Asset>> {
  const assets = new Map<string, Asset>();
  for (const [name, contentType] of Object.entries(ASSET_TYPES)) {
    const body = await readFile(new URL(name, ASSETS_DIR));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    assets.set(name, { body, contentType, etag });
  }
  return assets;
}

function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: Asset | undefined) {
  if (!asset) return reply.code(404).send({ detail: 'Not Found' });
  // no-cache: revalidate every time (cheap with the ETag), so a new deploy is picked up at once.
  reply.headers({ ...SECURITY_HEADERS, etag: asset.etag, 'cache-control': 'no-cache' });
  if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
  return reply.type(asset.contentType).send(asset.body);
}

const CLIENT_TYPE = 'application/javascript; charset=utf-8';

export interface ViewerRoutesOptions {
  /** How esbuild is found (tests give one that fails, to check the 503). */
  loadEsbuild?: EsbuildLoader;
}

export function viewerRoutes(routeOptions: ViewerRoutesOptions = {}) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const assets = await loadAssets();
    const bundle = clientBundle(routeOptions.loadEsbuild ?? loadEsbuild);
    const options = { config: { public: true }, schema: { hide: true } };
    // A static route: it wins over /viewer/:asset below.
    app.get('/viewer/client.js', options, async (request, reply) => {
      try {
        const { body, etag } = await bundle();
        return sendAsset(request, reply, { body, etag, contentType: CLIENT_TYPE });
      } catch (err) {
        request.log.warn({ err }, 'viewer client bundle unavailable');
        reply.headers(SECURITY_HEADERS);
        return reply.code(503).send({ detail: (err as Error).message });
      }
    });
    const page = (request: FastifyRequest, reply: FastifyReply) => sendAsset(request, reply, assets.get('index.html'));
    app.get('/viewer', options, page);
    app.get('/viewer/', options, page);
    app.get<{ Params: { asset: string } }>('/viewer/:asset', options, (request, reply) =>
      sendAsset(request, reply, assets.get(request.params.asset)),
    );
  };
}
