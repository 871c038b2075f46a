/** Typed values and key-value pairs (issue 7): the public surface of src/pipeline/fields. */
export type { KeyValuePair } from './types.ts';
export { parseValue } from './values.ts';
export { parseAmount, findAmounts } from './amounts.ts';
export { parseDate, findDates, guessDateOrder } from './dates.ts';
export { detectCurrency } from './currency.ts';
export { kindHintForLabel } from './labels.ts';
/** A label as a key-value pair's `labelKey`. */
export { normalizeLabel } from '../lexicon/mod.ts';
export { findKeyValues, documentKeyValues } from './key-values.ts';
