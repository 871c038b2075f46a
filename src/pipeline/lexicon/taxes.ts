/**
 * Names of taxes as documents and requests print them, lower case: the value-added and sales taxes of the
 * languages we read (VAT, GST, SST, HST; MwSt and USt; TVA; IVA; BTW). Each rule reads the subset it was built
 * for: a wider list would change what it matches ("ust" is a German tax in a label but a syllable in a question).
 */

/** Every one-word tax name the rules know. */
export const TAX_NAMES: readonly string[] = ['tax', 'vat', 'gst', 'sst', 'hst', 'mwst', 'ust', 'tva', 'iva', 'btw'];

/** Tax names a question asks about ("what was the GST?"): the English ones. */
export const QUESTION_TAX_NAMES: readonly string[] = ['tax', 'vat', 'gst'];

/** Tax names in a request that says a document's tax rate differs from another's. */
export const MISMATCH_TAX_NAMES: readonly string[] = ['tax', 'vat', 'gst', 'mwst'];

/** Tax names in a request that states tax rates ("19% MwSt", "VAT at 20%"), longer phrases included. */
export const REQUEST_TAX_NAMES: readonly string[] = ['vat', 'tax', 'sales tax', 'gst', 'mwst', 'iva', 'tva', 'btw', 'consumption tax'];

/** Tax names that, with "rate" or "%", make a label announce a percentage ("VAT rate", "MwSt %"). */
export const RATE_LABEL_TAX_NAMES: readonly string[] = ['vat', 'tax', 'tva', 'mwst', 'iva', 'btw', 'gst'];

/** Tax names that are words of a label (`normalizeLabel` form): they tell a label from a name. */
export const LABEL_TAX_NAMES: readonly string[] = ['tax', 'vat', 'gst', 'hst', 'tva', 'mwst', 'ust', 'iva', 'btw'];

/** Tax names in a schema field's key or description (`plainWords` form) that make a number field the tax amount. */
export const FIELD_TAX_NAMES: readonly string[] = ['tax', 'vat', 'btw', 'mwst', 'tva', 'ust', 'iva'];

/** Tax names that make a rate or percent field the tax rate; "iva" is not among them. */
export const FIELD_TAX_RATE_NAMES: readonly string[] = ['tax', 'vat', 'btw', 'mwst', 'tva', 'ust'];
