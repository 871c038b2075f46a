import { readFile } from 'node:fs/promises';

/** Bumped when the layout of the built model or vocabulary changes, so installs rebuild. */
export const STATIC_FORMAT = 1;

/** models/embed-glove-100d.vocab.json, written by scripts/models/build-embeddings.mts. */
export interface StaticVocabFile {
  format: number;
  source: { package: string; version: string };
  dims: number;
  /** SIF smoothing constant a of a / (a + p(w)). */
  sifA: number;
  /** How p(w) was estimated (documentation for readers of the file). */
  weighting: string;
  /** Row i of the graph's embedding matrix is words[i]; lower-case. */
  words: string[];
  /** SIF weight of words[i]. */
  weights: number[];
}

export class StaticVocabError extends Error {
  constructor(file: string, message: string) {
    super(`${file}: ${message}`);
    this.name = 'StaticVocabError';
  }
}

export async function readStaticVocab(file: string): Promise<StaticVocabFile> {
  const raw = JSON.parse(await readFile(file, 'utf8')) as StaticVocabFile;
  if (!Array.isArray(raw.words) || !Array.isArray(raw.weights) || raw.words.length !== raw.weights.length) {
    throw new StaticVocabError(file, 'needs "words" and "weights" arrays of the same length');
  }
  return raw;
}

/**
 * Words and punctuation the way GloVe's corpus was tokenized: letters/digits runs that may hold inner hyphens,
 * apostrophes or dots ("e-mail", "o'neill", "u.s"), and every other non-space character on its own.
 */
const TOKEN = /[\p{L}\p{N}]+(?:['\-.][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu;
const INNER_SEPARATOR = /['\-.]/;

/** Lower-cased word and punctuation tokens, numbers kept (the vocabulary decides what survives). */
export function splitWords(text: string): string[] {
  const normalized = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"');
  return normalized.match(TOKEN) ?? [];
}

export interface WeightedTokens {
  ids: number[];
  weights: number[];
}

/** Maps text to vocabulary rows and SIF weights; unknown words are dropped. */
export class StaticTokenizer {
  private readonly index = new Map<string, number>();

  constructor(private readonly vocab: Pick<StaticVocabFile, 'words' | 'weights'>) {
    vocab.words.forEach((word, i) => {
      if (!this.index.has(word)) this.index.set(word, i);
    });
  }

  get size(): number {
    return this.vocab.words.length;
  }

  idOf(word: string): number | undefined {
    return this.index.get(word);
  }

  /** At most maxTokens known tokens; a compound absent from the vocabulary falls back to its parts. */
  encode(text: string, maxTokens: number): WeightedTokens {
    const ids: number[] = [];
    const push = (word: string) => {
      const id = this.index.get(word);
      if (id !== undefined && ids.length < maxTokens) ids.push(id);
    };
    for (const token of splitWords(text)) {
      if (ids.length >= maxTokens) break;
      if (this.index.has(token) || !INNER_SEPARATOR.test(token)) push(token);
      else for (const part of token.split(INNER_SEPARATOR)) push(part);
    }
    return { ids, weights: ids.map((id) => this.vocab.weights[id]) };
  }
}
