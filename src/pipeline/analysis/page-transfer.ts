import type { ModelPage } from '../model/types.ts';
import { CODEC_VERSION, decodeFonts, decodePage, ModelEncoder, type EncodedModel } from './codec.ts';

/**
 * How a page range's text layer travels from a pool worker to the analysing thread: as the cache's compact JSON
 * (codec.ts) in one string, not as objects. Structured clone rebuilds every box as an array of boxed numbers and
 * every word with its own string copies, about 320 bytes a word against about 190 for the same word decoded here
 * (measured with process.memoryUsage after a full GC; a 2,000-page document has about a million words), and
 * decoding that much JSON is quicker than deserializing the object graph. The worker encodes, so the text is
 * copied once; decoding gives what a cached analysis decodes to (rounded coordinates, shared fonts).
 */

/** A page range in transfer form: the JSON text of the pages and the font table they index. */
export type PackedPages = string;

type PackedRange = Pick<EncodedModel, 'codec' | 'fonts' | 'pages'>;

export function packPages(pages: readonly ModelPage[]): PackedPages {
  const encoder = new ModelEncoder();
  const encoded = pages.map((p) => encoder.page(p));
  return JSON.stringify({ codec: CODEC_VERSION, fonts: encoder.fontRows(), pages: encoded } satisfies PackedRange);
}

export function unpackPages(packed: PackedPages): ModelPage[] {
  const range = JSON.parse(packed) as PackedRange;
  const fonts = decodeFonts(range);
  return range.pages.map((p) => decodePage(p, fonts));
}
