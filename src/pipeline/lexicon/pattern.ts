/** The text as a regex source that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A word list as a regex alternation ("tax|vat|gst"), in list order, regex characters escaped. */
export function alternation(words: readonly string[]): string {
  return words.map(escapeRegExp).join('|');
}

/** The words in order, anything but letters and digits between them ("payment ref" finds "Payment-Ref."), any case. */
export function phrasePattern(words: readonly string[]): RegExp {
  return new RegExp(words.map(escapeRegExp).join('[\\W_]*'), 'iu');
}
