import { isLabelWord, looksLikeLabel } from './labels.ts';
import { textOf, type Segment, type Token } from './segments.ts';

/**
 * "Label: value" pairs inside one segment, several per segment when a line packs them ("Date: 2024-01-02 Invoice
 * No: 42"), and labels that number what follows without a colon ("Facture n° 2022089083", "Invoice # 42").
 */

export interface InlineDraft {
  label: Token[];
  value: Token[];
  confidence: number;
}

export interface InlineResult {
  pairs: InlineDraft[];
  /** A label that closes the segment with nothing after it ("Invoice Date:"): its value sits right of or below it. */
  openLabel?: { tokens: Token[]; colon: boolean };
}

/** Thresholds of inline pairs: label length and confidences (0..1). */
const INLINE = {
  /** A label runs back at most this many tokens from its colon or number mark. */
  maxLabelTokens: 5,
  /** Confidence of a "Document-type number" title pair. */
  titleConfidence: 0.6,
  /** Confidence of a pair whose label ends with a colon. */
  colon: 0.9,
  /** Confidence of a pair whose label is a number mark without colon. */
  numberMark: 0.85,
  /** Taken off the confidence of the second and later pairs of a segment. */
  laterPair: 0.05,
  /** Taken off the confidence of a first pair whose label starts after other words. */
  partialLabel: 0.25,
} as const;

const NUMBER_MARK = /^(?:#|no\.?|nr\.?|n°|nº|n\.°|num\.?|number|nummer|numero|numéro|número|numer)$/iu;
/** Small words that may sit inside a label ("Date of issue", "Numéro de dossier", "Bill to"). */
const CONNECTORS = new Set([
  'of',
  'de',
  'du',
  'des',
  'la',
  'le',
  'to',
  'the',
  'for',
  'à',
  'a',
  'del',
  'di',
  'van',
  'der',
  'des',
  'für',
  'fur',
  'na',
  'do',
  '&',
  '/',
]);
const SEPARATORS = /^[-–—|·•,;/]+$/u;

interface Terminator {
  /** Last token of the label (the one carrying the colon, or the number mark). */
  labelEnd: number;
  valueStart: number;
  colon: boolean;
}

const hasDigit = (t: Token | undefined) => t !== undefined && /\d/.test(t.text);

function isColonLabelEnd(text: string): boolean {
  if (!text.endsWith(':') || /^https?:$/i.test(text)) return false;
  if (text === ':') return true;
  return /\p{L}[\p{L}.°#)]*:$/u.test(text) || /[#°)]:$/u.test(text);
}

function terminatorsOf(tokens: Token[]): Terminator[] {
  const out: Terminator[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const text = tokens[k].text;
    if (isColonLabelEnd(text)) {
      if (text === ':' && k === 0) continue;
      out.push({ labelEnd: text === ':' ? k - 1 : k, valueStart: k + 1, colon: true });
    } else if (k >= 1 && NUMBER_MARK.test(text) && hasDigit(tokens[k + 1]) && !isColonLabelEnd(tokens[k + 1].text)) {
      // "Address: NO. 42/1" is a value starting with "No.", not a new label.
      if ((k === 1 || isLabelWord(tokens[k - 1].text)) && /\p{L}/u.test(tokens[k - 1].text) && !isColonLabelEnd(tokens[k - 1].text))
        out.push({ labelEnd: k, valueStart: k + 1, colon: false });
    } else if (k >= 1 && /^#\d/.test(text) && isLabelWord(tokens[k - 1].text)) {
      out.push({ labelEnd: k - 1, valueStart: k, colon: false });
    }
  }
  return out.filter((t) => t.labelEnd >= 0);
}

const isLabelish = (t: Token) => isLabelWord(t.text) || CONNECTORS.has(t.text.toLowerCase()) || NUMBER_MARK.test(t.text.replace(/:$/, ''));

/** Where a label ending at `end` starts, not before `floor`: label words and connectors running back from it. */
function labelStart(tokens: Token[], end: number, floor: number): number {
  let start = end;
  while (
    start - 1 >= floor &&
    end - start < INLINE.maxLabelTokens &&
    isLabelish(tokens[start - 1]) &&
    !SEPARATORS.test(tokens[start - 1].text)
  )
    start--;
  while (start < end && CONNECTORS.has(tokens[start].text.toLowerCase())) start++;
  return start;
}

/** Value tokens without a leading "#"/":" or trailing separators ("FR76 … 39 -"). */
function trimValue(tokens: Token[]): Token[] {
  let a = 0;
  let b = tokens.length;
  while (a < b && /^[:#]$|^[-–—|]$/.test(tokens[a].text)) a++;
  while (b > a && SEPARATORS.test(tokens[b - 1].text)) b--;
  const out = tokens.slice(a, b);
  if (out.length && /^#.+/.test(out[0].text)) out[0] = { ...out[0], text: out[0].text.slice(1) };
  return out;
}

const DOCUMENT_TYPES = new Set([
  'invoice',
  'facture',
  'rechnung',
  'factuur',
  'faktura',
  'fattura',
  'factura',
  'receipt',
  'quittung',
  'bill',
  'order',
  'quote',
  'quotation',
  'angebot',
  'devis',
  'gutschrift',
  'avoir',
]);

/** A title that names the document and its number ("Invoice INV/2023/03/0008"): the number under the type's name. */
function documentNumber(tokens: Token[]): InlineDraft | null {
  if (tokens.length !== 2 || !DOCUMENT_TYPES.has(tokens[0].text.toLowerCase())) return null;
  const id = tokens[1].text;
  if (!/\d/.test(id) || !/^[\p{L}\d][\p{L}\d\-_/.]*\d[\p{L}\d\-_/.]*$/u.test(id)) return null;
  return { label: [tokens[0]], value: [tokens[1]], confidence: INLINE.titleConfidence };
}

/** Each segment is read once: the passes ask again about neighbours. */
const cache = new WeakMap<Segment, InlineResult>();

export function inlinePairs(segment: Segment): InlineResult {
  let result = cache.get(segment);
  if (!result) cache.set(segment, (result = readInline(segment)));
  return result;
}

function readInline(segment: Segment): InlineResult {
  const tokens = segment.tokens;
  const terms = terminatorsOf(tokens);
  const pairs: InlineDraft[] = [];
  if (!terms.length) {
    const titled = documentNumber(tokens);
    if (titled) return { pairs: [titled] };
    return looksLikeLabel(segment.text) ? { pairs, openLabel: { tokens, colon: false } } : { pairs };
  }
  const starts: number[] = [];
  let floor = 0;
  for (const t of terms) {
    const whole = tokens.slice(floor, t.labelEnd + 1);
    const fromFloor = starts.length === 0 && looksLikeLabel(textOf(whole));
    starts.push(fromFloor ? floor : labelStart(tokens, t.labelEnd, floor));
    floor = t.valueStart + 1;
  }
  let openLabel: InlineResult['openLabel'];
  terms.forEach((t, i) => {
    const label = tokens.slice(starts[i], t.labelEnd + 1);
    const end = i + 1 < terms.length ? starts[i + 1] : tokens.length;
    // A numbered label ("Facture n° 562044387 du 02 Juillet 2015") numbers one thing: the token after the mark.
    const value = trimValue(tokens.slice(t.valueStart, t.colon ? end : Math.min(end, t.valueStart + 1)));
    const labelText = textOf(label).replace(/:$/, '');
    if (!looksLikeLabel(labelText)) return;
    if (!value.length) {
      if (i === terms.length - 1) openLabel = { tokens: label, colon: t.colon };
      return;
    }
    const partial = starts[i] > (i === 0 ? 0 : terms[i - 1].valueStart);
    const confidence =
      (t.colon ? INLINE.colon : INLINE.numberMark) - (i > 0 ? INLINE.laterPair : 0) - (partial && i === 0 ? INLINE.partialLabel : 0);
    pairs.push({ label, value, confidence });
  });
  return { pairs, ...(openLabel ? { openLabel } : {}) };
}
