import { escapeRegExp } from '../lexicon/mod.ts';
import type { DocumentModel } from '../model/types.ts';
import { ORG_SUFFIX, SENTENCE_BREAK } from './entities.ts';

/**
 * Is a candidate party a name? A finder reading "between X and Y" may also catch a defined term or a heading
 * ("Trade Secrets", "SCOPE OF USE", "the Licensee"): words the document itself uses as
 * ordinary lower-case words, or a term it keeps putting an article before ("the Licensee shall"). A name's own
 * words are not printed in lower case, nor does a name keep taking "the"; a company form ("Inc.", "LLC") marks a
 * name whatever its other words are.
 */

/** A company form at the end of a name (after at least one word of its own): evidence enough that it names an organisation. */
const COMPANY_FORM = new RegExp(String.raw`\S[\s,]+${ORG_SUFFIX}$`, 'u');
/** Joiners inside a name; they say nothing about whether it is one. */
const JOINERS = new Set(['of', 'the', 'and', 'for', 'de', 'du', 'la', 'van', 'von']);
/** A word shorter than this (initials, "US") is not compared with the document's lower-case words. */
const MIN_WORD = 3;
/** A line break or a sentence end: a single name never holds one. */
const severalPhrases = (text: string) => text.includes('\n') || SENTENCE_BREAK.test(text);

/** Words before a term that make it a common noun of the document ("the Licensee", "such Recipient"). */
const ARTICLE = String.raw`\b(?:the|such|said|any|each)\s+`;
/** A defined term is used again and again ("the Licensee shall ... the Licensee may"); a name may take "the" once, as an adjective ("the Acme employee"). */
const MIN_ARTICLE_USES = 2;
/** The term ends there: "the Acme, Inc. plan" and "the Acme Group" name a longer thing, not the term itself. */
const TERM_END = String.raw`(?![\p{L}\p{N}]|,?\s+\p{Lu})`;

interface DocumentWords {
  /** The document's lines joined by spaces. */
  text: string;
  /** Every word the document prints all in lower case. */
  lower: Set<string>;
}

const wordsCache = new WeakMap<DocumentModel, DocumentWords>();

function documentWords(model: DocumentModel): DocumentWords {
  let words = wordsCache.get(model);
  if (!words) {
    const text = model.pages.flatMap((p) => p.lines.map((l) => l.text)).join(' ');
    const lower = new Set<string>();
    for (const m of text.matchAll(/\p{L}+/gu)) if (m[0] === m[0].toLowerCase() && m[0] !== m[0].toUpperCase()) lower.add(m[0]);
    words = { text, lower };
    wordsCache.set(model, words);
  }
  return words;
}

/** True when the text reads as a party's name rather than a defined term, a role or a heading the finder caught. */
export function readsAsName(text: string, model: DocumentModel): boolean {
  const name = text.trim();
  if (!name || severalPhrases(name)) return false;
  if (COMPANY_FORM.test(name)) return true;
  const doc = documentWords(model);
  const withArticle = doc.text.match(new RegExp(`${ARTICLE}${escapeRegExp(name).replace(/\s+/g, '\\s+')}${TERM_END}`, 'gu'));
  if ((withArticle?.length ?? 0) >= MIN_ARTICLE_USES) return false;
  const words = (name.match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase()).filter((w) => w.length >= MIN_WORD && !JOINERS.has(w));
  return !words.length || !words.every((w) => doc.lower.has(w));
}
