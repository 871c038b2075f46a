import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { unlinkSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ApiKeySpec } from '../shared/config.ts';
import { PRIVATE_DIR_MODE } from '../shared/private-fs.ts';

/**
 * API keys: each key is a tenant. Keys are held only as sha256 hashes and compared in constant time.
 * Sources: DOCINTEL_API_KEYS, else DATA_DIR/api-keys.json (hashes), which `ensureKeys` creates on first start.
 */
export interface KeyEntry {
  tenant: string;
  hash: Buffer;
}

export const KEYS_FILE = 'api-keys.json';
export const INITIAL_KEY_FILE = 'initial-api-key.txt';

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** A key named in configuration keeps its name as tenant; an unnamed one is named after its hash. */
export function tenantForSpec(spec: ApiKeySpec, named: boolean): string {
  return named ? spec.name : `key_${sha256(spec.key).toString('hex').slice(0, 16)}`;
}

export class KeyRing {
  /** The generated key whose plaintext still lies in the data dir, and that file (see removeFileOnFirstUse). */
  private initial: { hash: Buffer; file: string } | null = null;

  constructor(private readonly entries: KeyEntry[]) {}

  static fromSpecs(specs: { name: string; key: string; named: boolean }[]): KeyRing {
    return new KeyRing(specs.map((s) => ({ tenant: tenantForSpec(s, s.named), hash: sha256(s.key) })));
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * Deletes `file`, which holds `key` in plain text, the first time `key` authenticates a request: by then the
   * operator has it, and a copy left in the data dir would be one more place to steal it from.
   */
  removeFileOnFirstUse(key: string, file: string): void {
    this.initial = { hash: sha256(key), file };
  }

  /** The tenant owning `presented`, or null. Visits every entry so timing does not reveal a partial match. */
  tenantOf(presented: string): string | null {
    const hash = sha256(presented);
    let found: string | null = null;
    for (const entry of this.entries) {
      if (timingSafeEqual(entry.hash, hash) && found === null) found = entry.tenant;
    }
    if (found !== null && this.initial && timingSafeEqual(this.initial.hash, hash)) this.removeInitialKeyFile();
    return found;
  }

  private removeInitialKeyFile(): void {
    const { file } = this.initial!;
    this.initial = null;
    try {
      unlinkSync(file);
    } catch {
      // Already gone (the operator, or another process of this data dir, removed it), or not ours to remove:
      // a cleanup must never fail the request that authenticated.
    }
  }
}

interface KeysFile {
  keys: { tenant: string; sha256: string; created_at: number }[];
}

export interface EnsuredKeys {
  ring: KeyRing;
  /** Set only when this start created a key: the plaintext, shown once. */
  createdKey: string | null;
  /** Where the generated key's plaintext was written (mode 0600). */
  createdKeyPath: string | null;
  source: 'config' | 'keys-file';
  keysFilePath: string;
}

/** Configured keys win; otherwise the data dir's keys file, created with one fresh key when missing. */
export async function ensureKeys(specs: ApiKeySpec[], rawConfigured: string | undefined, dataDir: string): Promise<EnsuredKeys> {
  const keysFilePath = path.join(dataDir, KEYS_FILE);
  if (specs.length > 0) {
    const named = (rawConfigured ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => s.indexOf(':') > 0);
    const ring = KeyRing.fromSpecs(specs.map((s, i) => ({ ...s, named: named[i] ?? false })));
    return { ring, createdKey: null, createdKeyPath: null, source: 'config', keysFilePath };
  }
  const existing = await readKeysFile(keysFilePath);
  if (existing && existing.keys.length > 0) {
    const ring = new KeyRing(existing.keys.map((k) => ({ tenant: k.tenant, hash: Buffer.from(k.sha256, 'hex') })));
    // Restarted before the generated key was ever used: its file still goes at the first use.
    const initialKeyPath = path.join(dataDir, INITIAL_KEY_FILE);
    const initialKey = await readInitialKey(initialKeyPath);
    if (initialKey && ring.tenantOf(initialKey) !== null) ring.removeFileOnFirstUse(initialKey, initialKeyPath);
    return { ring, createdKey: null, createdKeyPath: null, source: 'keys-file', keysFilePath };
  }
  const key = `dk_${randomBytes(24).toString('base64url')}`;
  const tenant = 'default';
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const file: KeysFile = { keys: [{ tenant, sha256: sha256(key).toString('hex'), created_at: Date.now() / 1000 }] };
  await writeFile(keysFilePath, JSON.stringify(file, null, 2) + '\n', { mode: 0o600 });
  await chmod(keysFilePath, 0o600);
  const createdKeyPath = path.join(dataDir, INITIAL_KEY_FILE);
  await writeFile(createdKeyPath, key + '\n', { mode: 0o600 });
  await chmod(createdKeyPath, 0o600);
  const ring = new KeyRing([{ tenant, hash: sha256(key) }]);
  ring.removeFileOnFirstUse(key, createdKeyPath);
  return { ring, createdKey: key, createdKeyPath, source: 'keys-file', keysFilePath };
}

async function readInitialKey(file: string): Promise<string | null> {
  try {
    return (await readFile(file, 'utf8')).trim() || null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

async function readKeysFile(file: string): Promise<KeysFile | null> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as KeysFile;
    if (!Array.isArray(parsed.keys)) throw new Error('missing "keys" array');
    return parsed;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`cannot read ${file}: ${(err as Error).message}`);
  }
}
