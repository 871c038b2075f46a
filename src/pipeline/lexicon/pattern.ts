/** A word list as a regex alternation ("tax|vat|gst"), in list order, regex characters escaped. */
export function alternation(words: readonly string[]): string {
  return words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
}
