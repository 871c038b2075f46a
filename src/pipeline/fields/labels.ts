import { alternation, LABEL_SUFFIX, LABEL_WORDS, normalizeLabel, RATE_LABEL_TAX_NAMES } from '../lexicon/mod.ts';
import type { ValueKind } from './types.ts';

/**
 * What a label looks like, in the languages of the invoices we see (en, de, fr, es, it, nl, pl): the words that
 * start or make up common field labels and the value kind a label announces ("Date" → date, "Total" → amount). The label words themselves are the lexicon's (LABEL_WORDS).
 */

/** Thresholds of what text can stand as a label on its own. */
const LABEL = {
  /** A label is at most this many characters (colon off). */
  maxChars: 40,
  /** ...and at most this many words. */
  maxWords: 5,
  /** ...with at least this many letters... */
  minLetters: 2,
  /** ...making at least this share of its non-space characters. */
  minLetterShare: 0.6,
  /** The label-word memo is cleared when it holds more than this many words. */
  memoWords: 20_000,
} as const;

/** Words repeat across pages and documents; the answer per printed word is kept (bounded). */
const labelWordMemo = new Map<string, boolean>();

export function isLabelWord(word: string): boolean {
  let known = labelWordMemo.get(word);
  if (known === undefined) {
    known = normalizeLabel(word)
      .split(' ')
      .some((w) => LABEL_WORDS.has(w) || LABEL_SUFFIX.test(w));
    if (labelWordMemo.size > LABEL.memoWords) labelWordMemo.clear();
    labelWordMemo.set(word, known);
  }
  return known;
}

/**
 * Text that can stand as a label on its own (no colon needed when the value is clearly typed): short, mostly
 * letters, few words, no sentence punctuation.
 */
export function looksLikeLabel(text: string): boolean {
  const t = text.trim().replace(/:$/, '').trim();
  if (!t || t.length > LABEL.maxChars) return false;
  const words = t.split(/\s+/);
  if (words.length > LABEL.maxWords) return false;
  const letters = (t.match(/\p{L}/gu) ?? []).length;
  if (letters < LABEL.minLetters || letters / t.replace(/\s/g, '').length < LABEL.minLetterShare) return false;
  if (/[.!?]\s+\p{Lu}/u.test(t) || /\d{3,}/.test(t)) return false;
  return true;
}

/** Whether the label's first or last word is a known label word (so a colon-less label is still trusted). */
export function hasLabelWord(text: string): boolean {
  return text.split(/\s+/).some(isLabelWord);
}

const KIND_HINTS: [RegExp, ValueKind][] = [
  [/\b(?:e ?mail|courriel|correo)\b/, 'email'],
  [/\b(?:phone|tel|telephone|telefon|telefono|mobile|mobil|cell|fax|handy|tlf)\b/, 'phone'],
  [/\b(?:website|web|url|site)\b/, 'url'],
  [/\b(?:date|datum|data|fecha|dated|dt)\b|datum$|date$/, 'date'],
  [new RegExp(`\\b(?:${alternation(RATE_LABEL_TAX_NAMES)})\\b.*\\b(?:rate|%)|\\brate\\b|\\bpercent`), 'percent'],
  [/\b(?:qty|quantity|menge|anzahl|quantite|cantidad|quantita|aantal|ilosc|hours|hrs)\b/, 'quantity'],
  [
    /\b(?:total|subtotal|amount|balance|sum|due|paid|price|betrag|summe|gesamt|montant|importe|importo|totale|bedrag|totaal|kwota|razem|net|gross|brutto|netto|ttc|ht)\b/,
    'amount',
  ],
  [/\b(?:no|nr|number|num|id|ref|reference|code|nummer|numero|numer|iban|account|n)\b|nummer$|nr$/, 'identifier'],
];

/** The kind a label announces, tried first when parsing its value; undefined when the label says nothing. */
export function kindHintForLabel(labelKey: string): ValueKind | undefined {
  for (const [re, kind] of KIND_HINTS) if (re.test(labelKey)) return kind;
  return undefined;
}
