import { readFile } from 'node:fs/promises';

/** tokenizer.json (Hugging Face tokenizers) is not a WordPiece model this reader understands. */
export class TokenizerFormatError extends Error {
  constructor(file: string, message: string) {
    super(`${file}: ${message}`);
    this.name = 'TokenizerFormatError';
  }
}

/** The parts of a Hugging Face tokenizer.json that BERT-style WordPiece tokenization needs. */
interface TokenizerJson {
  normalizer?: { type?: string; lowercase?: boolean; strip_accents?: boolean | null; normalizers?: { type?: string }[] } | null;
  model?: {
    type?: string;
    vocab?: Record<string, number>;
    unk_token?: string;
    continuing_subword_prefix?: string;
    max_input_chars_per_word?: number;
  };
}

export interface WordPieceOptions {
  vocab: Map<string, number>;
  lowerCase: boolean;
  stripAccents: boolean;
  unkToken: string;
  prefix: string;
  maxCharsPerWord: number;
}

/** One text's ids: [CLS] pieces... [SEP]. */
export interface EncodedText {
  ids: number[];
}

/**
 * BERT's tokenization: clean and (optionally) lower-case and strip accents, split on whitespace, punctuation and
 * CJK characters, then greedy longest-match-first WordPiece with `##` continuations; a word with no split becomes [UNK].
 */
export class WordPieceTokenizer {
  readonly cls: number;
  readonly sep: number;
  readonly unk: number;
  readonly pad: number;

  constructor(private readonly options: WordPieceOptions) {
    const id = (token: string) => {
      const value = options.vocab.get(token);
      if (value === undefined) throw new Error(`the vocabulary has no ${token}`);
      return value;
    };
    this.cls = id('[CLS]');
    this.sep = id('[SEP]');
    this.unk = id(options.unkToken);
    this.pad = options.vocab.get('[PAD]') ?? 0;
  }

  static async fromFile(file: string): Promise<WordPieceTokenizer> {
    return WordPieceTokenizer.fromJson(JSON.parse(await readFile(file, 'utf8')), file);
  }

  static fromJson(json: TokenizerJson, file = 'tokenizer.json'): WordPieceTokenizer {
    const model = json.model;
    if (model?.type !== 'WordPiece' || !model.vocab)
      throw new TokenizerFormatError(file, `model.type must be WordPiece with a vocab (found ${model?.type ?? 'none'})`);
    const normalizer = json.normalizer ?? null;
    const steps = normalizer?.normalizers?.map((n) => n.type) ?? [];
    const lowerCase = normalizer?.type === 'BertNormalizer' ? normalizer.lowercase !== false : steps.includes('Lowercase');
    // BertNormalizer strips accents when lower-casing unless told otherwise, as BERT's uncased models expect.
    const stripAccents = normalizer?.type === 'BertNormalizer' ? (normalizer.strip_accents ?? lowerCase) : steps.includes('StripAccents');
    try {
      return new WordPieceTokenizer({
        vocab: new Map(Object.entries(model.vocab)),
        lowerCase,
        stripAccents,
        unkToken: model.unk_token ?? '[UNK]',
        prefix: model.continuing_subword_prefix ?? '##',
        maxCharsPerWord: model.max_input_chars_per_word ?? 100,
      });
    } catch (err) {
      throw new TokenizerFormatError(file, (err as Error).message);
    }
  }

  /** Ids with [CLS] and [SEP], at most maxTokens in all (the word pieces are cut, never the markers). */
  encode(text: string, maxTokens: number): EncodedText {
    const pieces: number[] = [];
    const room = Math.max(0, maxTokens - 2);
    for (const word of this.preTokenize(text)) {
      if (pieces.length >= room) break;
      pieces.push(...this.wordPieces(word));
    }
    return { ids: [this.cls, ...pieces.slice(0, room), this.sep] };
  }

  /** The pieces of one text as strings (for tests and debugging). */
  tokens(text: string): string[] {
    const byId = new Map([...this.options.vocab].map(([token, id]) => [id, token]));
    return this.encode(text, Number.MAX_SAFE_INTEGER).ids.map((id) => byId.get(id) ?? '?');
  }

  private preTokenize(text: string): string[] {
    let clean = text.replace(/[\u0000\ufffd\p{Cc}]/gu, (c) => (/\s/.test(c) ? ' ' : ''));
    if (this.options.lowerCase) clean = clean.toLowerCase();
    if (this.options.stripAccents) clean = clean.normalize('NFD').replace(/\p{Mn}/gu, '');
    return clean.match(/[\p{P}\p{S}]|\p{Script=Han}|[^\s\p{P}\p{S}\p{Script=Han}]+/gu) ?? [];
  }

  private wordPieces(word: string): number[] {
    const chars = [...word];
    if (chars.length > this.options.maxCharsPerWord) return [this.unk];
    const ids: number[] = [];
    for (let start = 0; start < chars.length; ) {
      let end = chars.length;
      let found: number | undefined;
      for (; end > start; end--) {
        const piece = (start > 0 ? this.options.prefix : '') + chars.slice(start, end).join('');
        found = this.options.vocab.get(piece);
        if (found !== undefined) break;
      }
      if (found === undefined) return [this.unk];
      ids.push(found);
      start = end;
    }
    return ids;
  }
}
