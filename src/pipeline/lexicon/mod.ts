/**
 * The words the rules share: field labels per concept, taxes, totals, currencies and months, in the languages of
 * the documents we read, and the normalizations that prepare printed text for comparing with them. Word lists are
 * data; the rules that match them stay with their stage (extract, fields, classify, ask, synthesize).
 */
export { normalizeLabel, normalizeText, plainWords, tokensOf } from './normalize.ts';
export {
  AMOUNT_CONCEPTS,
  CONCEPT_LABELS,
  CONCEPTS,
  DESCRIPTION_HEAD_END,
  IDENTIFIER_NOUNS,
  NEUTRAL,
  SCHEMA_NAMES,
  STANDARD_FIELD_LABELS,
  WEAK,
} from './concept-labels.ts';
export { alternation, escapeRegExp, phrasePattern } from './pattern.ts';
export {
  FIELD_TAX_NAMES,
  FIELD_TAX_RATE_NAMES,
  LABEL_TAX_NAMES,
  MISMATCH_TAX_NAMES,
  QUESTION_TAX_NAMES,
  RATE_LABEL_TAX_NAMES,
  REQUEST_TAX_NAMES,
  TAX_NAMES,
} from './taxes.ts';
export { LABEL_SUFFIX, LABEL_WORDS } from './label-words.ts';
export {
  CURRENCY_CODES,
  CURRENCY_SYMBOLS,
  CURRENCY_WORDS,
  DOLLAR_CURRENCIES,
  REQUEST_CURRENCY_CODES,
  REQUEST_CURRENCY_NAMES,
  REQUEST_CURRENCY_SYMBOLS,
  TEXT_CURRENCY_MARKS,
} from './currencies.ts';
export { ENGLISH_MONTH_ABBREVIATIONS, ENGLISH_MONTHS, MONTH_NAMES, PRINTED_MONTHS } from './months.ts';
export { FIELD_SUBTOTAL_WORDS, FIELD_TOTAL_WORDS, SUMMARY_ROW_LABELS } from './totals.ts';
export { COLUMN_LABELS } from './column-labels.ts';
