import { readFileSync } from 'node:fs';

/** The engine version reported in results (`ParseResponse.version`): the package version. */
export const ENGINE_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
