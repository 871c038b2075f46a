/**
 * How printed words are normalized before they are compared with the lexicon's lists. Every rule uses one of these
 * three; they differ on purpose, and the lists are written in the form of the normalization that reads them:
 * - `normalizeLabel`: a label as a key (key-value `labelKey`, label words): accents folded, punctuation gone.
 * - `plainWords`: headers, keys and labels matched against accent-free phrases: accents folded, camelCase split,
 *   "%" a word of its own and "#" kept ("VAT %" is a rate column, "Item #" a position).
 * - `normalizeText`: labels, keys and descriptions matched against the concept labels: accents kept (trigram
 *   similarity tells "fällig" from "fallig"), camelCase split, possessive "'s" dropped, "%", "#", "°", "º" kept
 *   ("n°" numbers an invoice, "vat %" is a rate).
 */

/** Lower case, diacritics and punctuation removed, whitespace collapsed: "Invoice No.:" → "invoice no". */
export function normalizeLabel(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ł/g, 'l')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Lower case, accents stripped, punctuation (except % and #) to spaces, whitespace collapsed. */
export function plainWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[_/\\.,:;()[\]{}'"*+°º№-]+/g, ' ')
    .replace(/%/g, ' % ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Lower case, accents kept, separators and punctuation to single spaces; camelCase and snake_case split. */
export function normalizeText(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[’']s\b/g, '')
    .replace(/[^\p{L}\p{N}%#°º]+/gu, ' ')
    .trim();
}

/** The words of a text as `normalizeText` leaves them. */
export const tokensOf = (text: string): string[] => normalizeText(text).split(' ').filter(Boolean);
