/** Typed values and key-value pairs (issue 7): the public surface of src/pipeline/fields. */
export type { KeyValueLayout, KeyValuePair, TypedValue, ValueKind } from './types.ts';
export { parseValue, parseCheckbox, type ParseContext } from './values.ts';
export { parseAmount, parseNumber, findAmounts, type AmountMatch } from './amounts.ts';
export { parseDate, findDates, guessDateOrder, type DateMatch, type DateOrder } from './dates.ts';
export { detectCurrency } from './currency.ts';
export { kindHintForLabel } from './labels.ts';
/** A label as a key-value pair's `labelKey`. */
export { normalizeLabel } from '../lexicon/mod.ts';
export { findKeyValues, documentKeyValues } from './key-values.ts';
