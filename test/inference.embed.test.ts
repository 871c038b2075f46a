import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import * as grpc from '@grpc/grpc-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildEmbeddings } from '../scripts/models/build-embeddings.mts';
import { InferenceClient } from '../src/inference/client.ts';
import { EmbeddingModels, EmbeddingModelUnavailableError, InvalidEmbedRequestError } from '../src/inference/embed/models.ts';
import { ELEM, encodeGraph, float32Tensor, int64Tensor, node, valueInfo } from '../src/inference/embed/onnx-build.ts';
import { BATCH_SIZE } from '../src/inference/embed/runners.ts';
import { splitWords, StaticTokenizer } from '../src/inference/embed/static-vocab.ts';
import { packVectors, unpackVectors } from '../src/inference/embed/vectors.ts';
import { WordPieceTokenizer } from '../src/inference/embed/wordpiece.ts';
import { InferenceCallError } from '../src/inference/errors.ts';
import { ModelRegistry } from '../src/inference/models.ts';
import { REPO_ROOT } from '../src/shared/repo-root.ts';
import { toServiceError } from '../src/inference/server.ts';
import { createLogger } from '../src/shared/logger.ts';
import { TempDirs } from './helpers/temp-dirs.ts';

const ENTRY = path.resolve('test/helpers/inference-entry.ts');
const SETTINGS = { executionProviders: ['cpu'], threads: 1 };
const temp = new TempDirs('embed');
const children: ChildProcess[] = [];
const clients: InferenceClient[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  }
});

afterAll(() => temp.removeAll());

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i], 0);

// ---- a tiny BERT-like encoder, generated here --------------------------------------------------------------------

const TINY_VOCAB = [
  '[PAD]',
  '[UNK]',
  '[CLS]',
  '[SEP]',
  'the',
  'total',
  'amount',
  'due',
  'pay',
  '##able',
  'cat',
  'mat',
  'on',
  'sat',
  ',',
  '.',
  'cafe',
];
const HIDDEN = 4;
/** Deterministic small weights: token embeddings E [V, H], type embeddings [2, H], projection W [H, H], mask bias [H]. */
const E = TINY_VOCAB.flatMap((_, v) => Array.from({ length: HIDDEN }, (_, h) => Math.sin(v * 1.7 + h * 0.9)));
const TYPES = Array.from({ length: 2 * HIDDEN }, (_, i) => 0.05 * (i + 1));
const W = Array.from({ length: HIDDEN * HIDDEN }, (_, i) => Math.cos(i * 0.7) * 0.8);
const MASK_BIAS = [0.3, -0.2, 0.1, 0.4];

function tokenizerJson(): object {
  return {
    version: '1.0',
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(TINY_VOCAB.map((t, i) => [t, i])),
    },
  };
}

/**
 * hidden = tanh((E[input_ids] + T[token_type_ids]) W) + mask * bias: padded positions get a different state, so a
 * pooling that ignored the attention mask would give different vectors for padded and unpadded texts.
 */
function tinyEncoder(): Uint8Array {
  return encodeGraph({
    name: 'tiny_bert',
    nodes: [
      node('Gather', ['word_embeddings', 'input_ids'], ['words']),
      node('Gather', ['type_embeddings', 'token_type_ids'], ['types']),
      node('Add', ['words', 'types'], ['summed']),
      node('MatMul', ['summed', 'projection'], ['projected']),
      node('Tanh', ['projected'], ['activated']),
      node('Cast', ['attention_mask'], ['mask_float'], { to: ELEM.float32 }),
      node('Unsqueeze', ['mask_float', 'last_axis'], ['mask_3d']),
      node('Mul', ['mask_3d', 'mask_bias'], ['bias_term']),
      node('Add', ['activated', 'bias_term'], ['last_hidden_state']),
    ],
    inputs: ['input_ids', 'attention_mask', 'token_type_ids'].map((name) => valueInfo(name, ELEM.int64, ['batch', 'sequence'])),
    outputs: [valueInfo('last_hidden_state', ELEM.float32, ['batch', 'sequence', HIDDEN])],
    initializers: [
      float32Tensor('word_embeddings', E, [TINY_VOCAB.length, HIDDEN]),
      float32Tensor('type_embeddings', TYPES, [2, HIDDEN]),
      float32Tensor('projection', W, [HIDDEN, HIDDEN]),
      float32Tensor('mask_bias', MASK_BIAS, [HIDDEN]),
      int64Tensor('last_axis', [-1]),
    ],
  });
}

/** The same computation in plain TypeScript: mean over the real tokens, then L2 normalization. */
function referenceEmbedding(ids: number[]): Float32Array {
  const mean = new Float32Array(HIDDEN);
  for (const id of ids) {
    for (let o = 0; o < HIDDEN; o++) {
      let x = 0;
      for (let h = 0; h < HIDDEN; h++) x += (E[id * HIDDEN + h] + TYPES[h]) * W[h * HIDDEN + o];
      mean[o] += (Math.tanh(x) + MASK_BIAS[o]) / ids.length;
    }
  }
  const norm = Math.sqrt(dot(mean, mean));
  return mean.map((x) => x / norm);
}

function writeEncoderSlot(dir: string): object {
  writeFileSync(path.join(dir, 'tiny-encoder.onnx'), tinyEncoder());
  writeFileSync(path.join(dir, 'tiny-tokenizer.json'), JSON.stringify(tokenizerJson()));
  return {
    id: 'tiny-encoder',
    task: 'text-embedding',
    package: null,
    file: 'tiny-encoder.onnx',
    sha256: null,
    extras: { tokenizer: 'tiny-tokenizer.json' },
    embedding: { kind: 'sentence-encoder', pooling: 'mean', max_tokens: 8 },
    inputs: [{ name: 'input_ids', type: 'int64', shape: [-1, -1] }],
    outputs: [{ name: 'last_hidden_state', type: 'float32', shape: [-1, -1, HIDDEN] }],
    description: 'tiny test encoder',
  };
}

/** A manifest in a temp dir: the tiny encoder first, then a static slot whose files were never built. */
function writeManifest(dir: string): string {
  const absent = {
    id: 'embed-absent',
    task: 'text-embedding',
    package: null,
    file: 'absent.onnx',
    sha256: null,
    extras: { vocabulary: 'absent.vocab.json' },
    embedding: { kind: 'static' },
    inputs: [{ name: 'token_ids', type: 'int64', shape: [-1, -1] }],
    outputs: [{ name: 'embedding', type: 'float32', shape: [-1, 100] }],
  };
  const manifest = path.join(dir, 'manifest.json');
  writeFileSync(manifest, JSON.stringify({ version: 1, models: [writeEncoderSlot(dir), absent] }));
  return manifest;
}

// ---- tests ---------------------------------------------------------------------------------------------------------

describe('tokenizers', () => {
  it('splits words and punctuation like GloVe, lower-cased, numbers kept', () => {
    expect(splitWords('The TOTAL: $1,250.00 (due 3/4), e-mail O\u2019Neill\u2019s U.S. office!')).toEqual([
      'the',
      'total',
      ':',
      '$',
      '1',
      ',',
      '250.00',
      '(',
      'due',
      '3',
      '/',
      '4',
      ')',
      ',',
      'e-mail',
      "o'neill's",
      'u.s',
      '.',
      'office',
      '!',
    ]);
  });

  it('maps known words to rows with SIF weights, drops unknown words, splits unknown compounds, truncates', () => {
    const tokenizer = new StaticTokenizer({
      words: ['the', ',', 'total', 'e-mail', 'state', 'of', 'art'],
      weights: [0.01, 0.02, 0.9, 0.95, 0.8, 0.05, 0.97],
    });
    expect(tokenizer.encode('The total, xyzzy e-mail', 10)).toEqual({ ids: [0, 2, 1, 3], weights: [0.01, 0.9, 0.02, 0.95] });
    expect(tokenizer.encode('state-of-the-art', 10).ids).toEqual([4, 5, 0, 6]);
    expect(tokenizer.encode('the the the the', 2).ids).toEqual([0, 0]);
    expect(tokenizer.encode('qwerty zxcv', 10)).toEqual({ ids: [], weights: [] });
  });

  it('WordPiece: lower-cases, strips accents, splits punctuation, ## continuations, [UNK], keeps [CLS]/[SEP] when truncating', () => {
    const tokenizer = WordPieceTokenizer.fromJson(tokenizerJson());
    expect(tokenizer.tokens('The total amount is PAYABLE.')).toEqual([
      '[CLS]',
      'the',
      'total',
      'amount',
      '[UNK]',
      'pay',
      '##able',
      '.',
      '[SEP]',
    ]);
    expect(tokenizer.tokens('Caf\u00e9,mat')).toEqual(['[CLS]', 'cafe', ',', 'mat', '[SEP]']);
    expect(tokenizer.encode('the cat sat on the mat', 4).ids).toEqual([2, 4, 10, 3]);
    expect(() => WordPieceTokenizer.fromJson({ model: { type: 'BPE', vocab: {} } })).toThrow(/WordPiece/);
  });

  it('packs vectors as little-endian float32 and reads them back', () => {
    const vectors = [Float32Array.of(1, -2.5, 0.125), Float32Array.of(0, 3, -1)];
    const bytes = packVectors(vectors, 3);
    expect(new DataView(bytes.buffer).getFloat32(4, true)).toBe(-2.5);
    expect(unpackVectors(bytes, 3)).toEqual(vectors);
  });
});

describe('static GloVe model built at install', () => {
  let built = false;

  beforeAll(async () => {
    try {
      const result = await buildEmbeddings();
      built = existsSync(result.modelPath) && existsSync(result.vocabPath);
    } catch (err) {
      if (process.env.CI) throw err;
      console.warn(`\n!!! SKIPPING the static embedding model tests: build failed (${(err as Error).message})\n`);
    }
  }, 60_000);

  it('ranks similar sentences above unrelated ones; unit vectors; zero vector for no known word; batches agree with single runs', async (ctx) => {
    if (!built) ctx.skip();
    const models = new EmbeddingModels(await ModelRegistry.load(), SETTINGS);
    try {
      const embedder = await models.get();
      expect(embedder.modelId).toBe('embed-glove-100d');
      expect(embedder.kind).toBe('static');
      const texts = [
        'The total amount due on this invoice is 450 dollars.',
        'Please pay the balance of the bill: four hundred fifty dollars.',
        'The agreement is governed by the laws of the State of Delaware.',
        'This contract shall be construed under New York law.',
        'The cat sat quietly on the mat near the window.',
        'qwxzzy blorfnik',
      ];
      const [invoice, bill, delaware, newYork, cat, nonsense] = await embedder.embed(texts);
      for (const v of [invoice, bill, delaware, newYork, cat]) {
        expect(v).toHaveLength(100);
        expect(dot(v, v)).toBeCloseTo(1, 4);
      }
      expect(dot(invoice, bill)).toBeGreaterThan(dot(invoice, delaware));
      expect(dot(invoice, bill)).toBeGreaterThan(dot(invoice, cat));
      expect(dot(delaware, newYork)).toBeGreaterThan(dot(delaware, invoice));
      expect(dot(delaware, newYork)).toBeGreaterThan(dot(delaware, cat));
      expect([...nonsense].every((x) => x === 0)).toBe(true);

      // More than one batch, texts of different lengths padded together: each vector equals the text run alone.
      const many = Array.from({ length: BATCH_SIZE + 3 }, (_, i) =>
        texts[i % 5]
          .split(' ')
          .slice(0, 3 + (i % 7))
          .join(' '),
      );
      const batched = await embedder.embed(many);
      expect(batched).toHaveLength(many.length);
      for (const i of [0, 6, BATCH_SIZE + 2]) {
        const [alone] = await embedder.embed([many[i]]);
        expect(dot(alone, batched[i])).toBeCloseTo(1, 5);
      }
    } finally {
      await models.close();
    }
  });

  it('skips the rebuild when the outputs match the package version', async (ctx) => {
    if (!built) ctx.skip();
    const again = await buildEmbeddings();
    expect(again.built).toBe(false);
    expect(again.version).toBe('1.1.0');
    expect(again.words).toBe(200_000);
    expect(again.modelBytes).toBeLessThan(25 * 1024 * 1024);
  });
});

describe('sentence-encoder slot (tiny BERT-like ONNX + tokenizer.json)', () => {
  it('mean-pools over the attention mask and L2-normalizes, whatever the padding', async () => {
    const dir = temp.makeSync();
    const models = new EmbeddingModels(await ModelRegistry.load({ manifestPath: writeManifest(dir) }), SETTINGS);
    try {
      const embedder = await models.get();
      expect(embedder.modelId).toBe('tiny-encoder');
      expect(embedder.kind).toBe('sentence-encoder');
      const texts = ['the total amount due', 'cat', 'the cat sat on the mat, the cat sat on the mat'];
      const vectors = await embedder.embed(texts);
      const tokenizer = WordPieceTokenizer.fromJson(tokenizerJson());
      texts.forEach((text, i) => {
        const expected = referenceEmbedding(tokenizer.encode(text, 8).ids);
        expect([...vectors[i]].map((x) => x.toFixed(5))).toEqual([...expected].map((x) => x.toFixed(5)));
      });
      const [alone] = await embedder.embed(['cat']);
      expect([...alone].map((x) => x.toFixed(5))).toEqual([...vectors[1]].map((x) => x.toFixed(5)));
    } finally {
      await models.close();
    }
  });

  it('refuses unknown, non-embedding and uninstalled slots with typed errors', async () => {
    const dir = temp.makeSync();
    const models = new EmbeddingModels(await ModelRegistry.load({ manifestPath: writeManifest(dir) }), SETTINGS);
    await expect(models.get('no-such-model')).rejects.toBeInstanceOf(InvalidEmbedRequestError);
    await expect(models.get('embed-absent')).rejects.toBeInstanceOf(EmbeddingModelUnavailableError);
    const onlyAbsent = path.join(dir, 'absent-only.json');
    const manifest = JSON.parse(JSON.stringify({ models: [{ id: 'ocr-x', task: 'ocr-detection', file: 'x.onnx', sha256: null }] }));
    writeFileSync(onlyAbsent, JSON.stringify(manifest));
    const none = new EmbeddingModels(await ModelRegistry.load({ manifestPath: onlyAbsent }), SETTINGS);
    await expect(none.get('ocr-x')).rejects.toBeInstanceOf(InvalidEmbedRequestError);
    const err = await none.get().catch((e) => e);
    expect(err).toBeInstanceOf(EmbeddingModelUnavailableError);
    expect(toServiceError(err, createLogger('silent', 'test')).code).toBe(grpc.status.FAILED_PRECONDITION);
  });
});

/** Spawns `inference` as a real child process and resolves with its address once bound. */
async function spawnServer(dataDir: string, extra: string[] = []): Promise<string> {
  const listen = `unix:${path.join(dataDir, 'inference.sock')}`;
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, '--listen', listen, ...extra], {
    cwd: REPO_ROOT,
    env: { ...process.env, DOCINTEL_DATA_DIR: dataDir, DOCINTEL_LOG_LEVEL: 'info', DOCINTEL_INFERENCE_THREADS: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  return new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`inference child exited early with ${code}`)));
    lines.on('line', (line) => {
      const record = line.startsWith('{') ? JSON.parse(line) : {};
      if (record.msg === 'inference server listening') resolve(record.address);
    });
  });
}

function client(address: string): InferenceClient {
  const c = new InferenceClient([address], { deadlineMs: 10_000 });
  clients.push(c);
  return c;
}

describe('Embed RPC through a real inference process', () => {
  it('serves the sentence encoder a manifest puts first, and answers INVALID_ARGUMENT / FAILED_PRECONDITION', async () => {
    const dir = temp.makeSync();
    const c = client(await spawnServer(dir, ['--manifest', writeManifest(dir)]));
    const texts = ['the total amount due', 'cat sat on the mat'];
    const reply = await c.embed(texts);
    expect(reply.model).toBe('tiny-encoder');
    expect(reply.dims).toBe(HIDDEN);
    const tokenizer = WordPieceTokenizer.fromJson(tokenizerJson());
    reply.vectors.forEach((vector, i) => {
      const expected = referenceEmbedding(tokenizer.encode(texts[i], 8).ids);
      expect(dot(vector, expected)).toBeCloseTo(1, 5);
    });

    const codeOf = async (promise: Promise<unknown>) => {
      const err = (await promise.catch((e: unknown) => e)) as InferenceCallError;
      expect(err).toBeInstanceOf(InferenceCallError);
      return err.grpcCode;
    };
    expect(await codeOf(c.embed([]))).toBe(grpc.status.INVALID_ARGUMENT);
    expect(await codeOf(c.embed(Array.from({ length: 1025 }, () => 'x')))).toBe(grpc.status.INVALID_ARGUMENT);
    expect(await codeOf(c.embed(['x'], { model: 'no-such-model' }))).toBe(grpc.status.INVALID_ARGUMENT);
    expect(await codeOf(c.embed(['x'], { model: 'embed-absent' }))).toBe(grpc.status.FAILED_PRECONDITION);
  });

  it('serves the built GloVe model from the default manifest', async (ctx) => {
    if (!existsSync(path.join(REPO_ROOT, 'models/embed-glove-100d.vocab.json'))) {
      if (process.env.CI) throw new Error('models/embed-glove-100d.* missing: run npx tsx scripts/models/build-embeddings.mts');
      console.warn('\n!!! SKIPPING the GloVe Embed RPC test: models/embed-glove-100d.* not built\n');
      ctx.skip();
    }
    const c = client(await spawnServer(temp.makeSync()));
    const reply = await c.embed(['total amount due', 'amount payable', 'governing law'], { model: 'embed-glove-100d' });
    expect(reply).toMatchObject({ model: 'embed-glove-100d', dims: 100 });
    expect(reply.vectors).toHaveLength(3);
    const [a, b, c2] = reply.vectors;
    expect(dot(a, a)).toBeCloseTo(1, 4);
    expect(dot(a, b)).toBeGreaterThan(dot(a, c2));
  });
});
