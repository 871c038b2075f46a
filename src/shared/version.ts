import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './repo-root.ts';

/** The engine version reported in results (`ParseResponse.version`): the package version. */
export const ENGINE_VERSION: string = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;
