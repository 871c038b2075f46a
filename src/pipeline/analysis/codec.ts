import type { Block, DocumentModel, FontInfo, ImagePlacement, Line, ModelPage, VectorPath, Word } from '../model/types.ts';
import { fontKey } from './compact.ts';

/**
 * The cached form of a DocumentModel: lossless, about a fifth of plain JSON. Fonts are listed once and referenced
 * by index, words and lines are arrays instead of objects, and a block lists the indexes of its lines in the
 * page's lines instead of repeating them. Decoding rebuilds the same object graph (blocks share the page's line
 * objects, words share font objects). Members this codec does not know travel in a trailing object, so a field
 * added to the model later is kept, just not compacted.
 */
export const CODEC_VERSION = 1;

type Extras = Record<string, unknown>;
type EncodedWord = unknown[];
type EncodedLine = unknown[];
type EncodedPath = unknown[];
interface EncodedBlock extends Omit<Block, 'lines'> {
  lines: (number | EncodedLine)[];
}
export interface EncodedPage extends Omit<ModelPage, 'lines' | 'blocks' | 'paths' | 'images'> {
  lines: EncodedLine[];
  blocks: EncodedBlock[];
  paths: EncodedPath[];
  images: unknown[][];
}
export interface EncodedModel extends Omit<DocumentModel, 'pages'> {
  codec: number;
  fonts: unknown[][];
  pages: EncodedPage[];
}

const WORD_KEYS = new Set(['text', 'bbox', 'font', 'baseline', 'source', 'confidence', 'script']);
const LINE_KEYS = new Set(['id', 'text', 'bbox', 'words', 'font', 'dir', 'rotation', 'source']);
const PATH_KEYS = new Set(['kind', 'bbox', 'stroked', 'filled', 'lineWidth', 'color']);
const IMAGE_KEYS = new Set(['bbox', 'width', 'height']);

function extras(obj: object, known: Set<string>): Extras | null {
  let out: Extras | null = null;
  // for…in without allocating entries: this runs once per word.
  for (const k in obj) {
    const v = (obj as Extras)[k];
    if (!known.has(k) && v !== undefined) (out ??= {})[k] = v;
  }
  return out;
}

const withExtras = (row: unknown[], obj: object, known: Set<string>) => {
  const x = extras(obj, known);
  if (x) row.push(x);
  return row;
};

const trailingExtras = (row: unknown[], length: number): Extras =>
  (row.length > length && typeof row[length] === 'object' && row[length] !== null ? row[length] : {}) as Extras;

class FontTable {
  readonly list: FontInfo[] = [];
  private readonly index = new Map<string, number>();
  /**
   * The same by object: the words of a page range share their font objects (compact.ts), so most look-ups skip
   * building the key. Models are read-only, so an object's key never changes.
   */
  private readonly byObject = new WeakMap<FontInfo, number>();

  indexOf(font: FontInfo): number {
    let i = this.byObject.get(font);
    if (i !== undefined) return i;
    const key = fontKey(font);
    i = this.index.get(key);
    if (i === undefined) {
      i = this.list.push(font) - 1;
      this.index.set(key, i);
    }
    this.byObject.set(font, i);
    return i;
  }
}

function encodeWord(w: Word, lineSource: string, fonts: FontTable): EncodedWord {
  const [l, t, r, b] = w.bbox;
  const row: unknown[] = [w.text, l, t, r, b, fonts.indexOf(w.font), w.baseline];
  // null: the usual value (the line's source, confidence 1, no script); trailing nulls are left out.
  const x = extras(w, WORD_KEYS);
  if (x || w.source !== lineSource || w.confidence !== 1 || w.script) {
    const tail = [w.source === lineSource ? null : w.source, w.confidence === 1 ? null : w.confidence, w.script ?? null];
    while (!x && tail.length && tail.at(-1) === null) tail.pop();
    row.push(...tail);
    if (x) row.push(x);
  }
  return row;
}

function decodeWord(row: EncodedWord, lineSource: Line['source'], fonts: FontInfo[]): Word {
  const [text, l, t, r, b, font, baseline, source, confidence, script] = row as [
    string,
    number,
    number,
    number,
    number,
    number,
    number,
    ...unknown[],
  ];
  const word: Word = {
    text,
    bbox: [l, t, r, b],
    font: fonts[font],
    baseline,
    source: (source ?? lineSource) as Word['source'],
    confidence: (confidence ?? 1) as number,
  };
  if (script != null) word.script = script as Word['script'];
  return Object.assign(word, trailingExtras(row, 10));
}

function encodeLine(line: Line, fonts: FontTable): EncodedLine {
  const row = [
    line.id,
    line.text,
    ...line.bbox,
    fonts.indexOf(line.font),
    line.dir,
    line.rotation,
    line.source,
    line.words.map((w) => encodeWord(w, line.source, fonts)),
  ];
  return withExtras(row, line, LINE_KEYS);
}

function decodeLine(row: EncodedLine, fonts: FontInfo[]): Line {
  const [id, text, l, t, r, b, font, dir, rotation, source, words] = row as [
    string,
    string,
    number,
    number,
    number,
    number,
    number,
    Line['dir'],
    number,
    Line['source'],
    EncodedWord[],
  ];
  const line: Line = {
    id,
    text,
    bbox: [l, t, r, b],
    words: words.map((w) => decodeWord(w, source, fonts)),
    font: fonts[font],
    dir,
    rotation,
    source,
  };
  return Object.assign(line, trailingExtras(row, 11));
}

const encodePath = (p: VectorPath): EncodedPath =>
  withExtras([p.kind, ...p.bbox, (p.stroked ? 1 : 0) | (p.filled ? 2 : 0), p.lineWidth, p.color ?? null], p, PATH_KEYS);

function decodePath(row: EncodedPath): VectorPath {
  const [kind, l, t, r, b, flags, lineWidth, color] = row as [
    VectorPath['kind'],
    number,
    number,
    number,
    number,
    number,
    number,
    string | null,
  ];
  const path: VectorPath = { kind, bbox: [l, t, r, b], stroked: (flags & 1) !== 0, filled: (flags & 2) !== 0, lineWidth };
  if (color !== null) path.color = color;
  return Object.assign(path, trailingExtras(row, 8));
}

const encodeImage = (i: ImagePlacement) => withExtras([...i.bbox, i.width, i.height], i, IMAGE_KEYS);
const decodeImage = (row: unknown[]): ImagePlacement => {
  const [l, t, r, b, width, height] = row as number[];
  return Object.assign({ bbox: [l, t, r, b], width, height } as ImagePlacement, trailingExtras(row, 6));
};

function encodePage(page: ModelPage, fonts: FontTable): EncodedPage {
  const lineIndex = new Map(page.lines.map((l, i) => [l, i]));
  return {
    ...page,
    lines: page.lines.map((l) => encodeLine(l, fonts)),
    blocks: page.blocks.map((b) => ({ ...b, lines: b.lines.map((l) => lineIndex.get(l) ?? encodeLine(l, fonts)) })),
    paths: page.paths.map(encodePath),
    images: page.images.map(encodeImage),
  };
}

function decodePage(page: EncodedPage, fonts: FontInfo[]): ModelPage {
  const lines = page.lines.map((l) => decodeLine(l, fonts));
  return {
    ...page,
    lines,
    blocks: page.blocks.map((b) => ({ ...b, lines: b.lines.map((l) => (typeof l === 'number' ? lines[l] : decodeLine(l, fonts))) })),
    paths: page.paths.map(decodePath),
    images: page.images.map(decodeImage),
  };
}

/** Encodes page by page (the caller may yield between pages), then the rest of the model. */
export class ModelEncoder {
  private readonly fonts = new FontTable();

  page(page: ModelPage): EncodedPage {
    return encodePage(page, this.fonts);
  }

  /** The font table of every page encoded so far (pages index it). */
  fontRows(): EncodedModel['fonts'] {
    return this.fonts.list.map((f) => [f.name, f.size, f.bold, f.italic, f.monospace]);
  }

  /** The model without its pages, with the font table of every page encoded so far. */
  head(model: DocumentModel): Omit<EncodedModel, 'pages'> {
    const { pages: _pages, ...rest } = model;
    return { ...rest, codec: CODEC_VERSION, fonts: this.fontRows() };
  }
}

export function encodeModel(model: DocumentModel): EncodedModel {
  const encoder = new ModelEncoder();
  const pages = model.pages.map((p) => encoder.page(p));
  return { ...encoder.head(model), pages };
}

export function decodeFonts(encoded: Pick<EncodedModel, 'codec' | 'fonts'>): FontInfo[] {
  if (encoded.codec !== CODEC_VERSION) throw new Error(`cached analysis has codec ${encoded.codec}, expected ${CODEC_VERSION}`);
  return encoded.fonts.map(([name, size, bold, italic, monospace]) => ({ name, size, bold, italic, monospace }) as FontInfo);
}

export { decodePage };

export function decodeModel(encoded: EncodedModel): DocumentModel {
  const fonts = decodeFonts(encoded);
  const { codec: _codec, fonts: _fonts, pages, ...model } = encoded;
  return { ...model, pages: pages.map((p) => decodePage(p, fonts)) };
}
