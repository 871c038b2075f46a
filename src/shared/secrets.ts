import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.ts';
import { PRIVATE_DIR_MODE } from './private-fs.ts';

/** The webhook signing key: configured, or generated once into the data dir (mode 0600) and reused. */
export async function loadWebhookSecret(config: Config): Promise<string> {
  if (config.webhookSecret) return config.webhookSecret;
  const file = path.join(config.dataDir, 'webhook-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(config.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, secret + '\n', { mode: 0o600, flag: 'wx' }).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err; // another process of this data dir won the race: use its secret
  });
  await chmod(file, 0o600);
  return (await readFile(file, 'utf8')).trim();
}
