/**
 * `npm run openapi`: writes the OpenAPI document the app serves at GET /openapi.json to ./openapi.json
 * (2-space JSON, trailing newline). The committed file is compared with the served one by
 * test/api.openapi.test.ts, so run this after changing any route or schema.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp } from '../src/api/app.ts';
import { KeyRing } from '../src/api/keys.ts';
import { loadConfig } from '../src/shared/config.ts';
import { createLogger } from '../src/shared/logger.ts';
import { appContext, createRuntime } from '../src/runtime.ts';

export const OPENAPI_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'openapi.json');

/** The document as the app generates it, formatted as the committed file is. */
export async function renderOpenApi(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'docintel-openapi-'));
  try {
    // Only explicit settings: the document must not depend on the caller's environment.
    const config = loadConfig({ DOCINTEL_DATA_DIR: dataDir, DOCINTEL_LOG_LEVEL: 'silent', DOCINTEL_RENDER_THREADS: '1' }, 1);
    const logger = createLogger(config.logLevel, 'openapi');
    const runtime = await createRuntime(config, logger, { worker: false, inference: 'connect' });
    try {
      const app = await buildApp(appContext(runtime, KeyRing.fromSpecs([])));
      await app.ready();
      const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
      await app.close();
      return text;
    } finally {
      await runtime.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const text = await renderOpenApi();
  await writeFile(OPENAPI_FILE, text);
  const paths = Object.keys((JSON.parse(text) as { paths: object }).paths).length;
  console.log(`wrote ${path.relative(process.cwd(), OPENAPI_FILE) || OPENAPI_FILE} (${paths} paths)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
