import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from '../../shared/repo-root.ts';

/**
 * The typed SDK (src/client/mod.ts) bundled into one browser ES module for the viewer (/viewer/client.js), so that
 * the page calls the API exactly as SDK users do. There is no build step in the repository: esbuild (installed
 * with tsx) bundles it in memory on the first request, once per process.
 */

export interface ClientBundle {
  body: Buffer;
  etag: string;
}

/** The part of esbuild's API used here (typed locally: esbuild is not a direct dependency). */
interface EsbuildBuildResult {
  outputFiles?: { contents: Uint8Array }[];
}
export interface Esbuild {
  build(options: {
    entryPoints: string[];
    bundle: true;
    format: 'esm';
    platform: 'browser';
    write: false;
    minify: true;
    logLevel: 'silent';
  }): Promise<EsbuildBuildResult>;
}

export type EsbuildLoader = () => Promise<Esbuild>;

/** Raised when the bundle cannot be made; the route answers 503 with its message. */
export class ClientBundleUnavailableError extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(`the viewer's API client (/viewer/client.js) is unavailable: ${reason}`, options);
    this.name = 'ClientBundleUnavailableError';
  }
}

/** The SDK's TypeScript source, at the package root (the compiled server build holds only JavaScript). */
const CLIENT_ENTRY = path.join(REPO_ROOT, 'src/client/mod.ts');

/** esbuild from the project's node_modules, or else the copy tsx depends on (not hoisted in every install). */
export const loadEsbuild: EsbuildLoader = async () => {
  const require = createRequire(import.meta.url);
  const candidates = [() => require.resolve('esbuild'), () => createRequire(require.resolve('tsx/package.json')).resolve('esbuild')];
  for (const resolve of candidates) {
    let resolved: string;
    try {
      resolved = resolve();
    } catch {
      continue;
    }
    return require(resolved) as Esbuild;
  }
  throw new ClientBundleUnavailableError('esbuild is not installed (it comes with tsx; run npm install)');
};

async function build(load: EsbuildLoader): Promise<ClientBundle> {
  let esbuild: Esbuild;
  try {
    esbuild = await load();
  } catch (err) {
    if (err instanceof ClientBundleUnavailableError) throw err;
    throw new ClientBundleUnavailableError(`esbuild could not be loaded: ${(err as Error)?.message ?? String(err)}`, { cause: err });
  }
  let result: EsbuildBuildResult;
  try {
    result = await esbuild.build({
      entryPoints: [CLIENT_ENTRY],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      minify: true,
      logLevel: 'silent',
    });
  } catch (err) {
    throw new ClientBundleUnavailableError(`bundling src/client/mod.ts failed: ${(err as Error)?.message ?? String(err)}`, { cause: err });
  }
  const output = result.outputFiles?.[0];
  if (!output) throw new ClientBundleUnavailableError('esbuild produced no output');
  const body = Buffer.from(output.contents);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, etag };
}

/**
 * The bundle, built on the first call and kept in memory; a failure is kept too (a missing esbuild does not come
 * back while the process runs), so every later request answers at once.
 */
export function clientBundle(load: EsbuildLoader = loadEsbuild): () => Promise<ClientBundle> {
  let pending: Promise<ClientBundle> | undefined;
  return () => (pending ??= build(load));
}
