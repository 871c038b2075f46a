/**
 * Tick and value labels as numbers: thousands separators, percent, currency, k/M/B suffixes, Unicode minus,
 * accounting negatives "(5)". Returns null for anything that is not one number (category labels, words).
 */
const SUFFIX: Record<string, number> = { k: 1e3, K: 1e3, m: 1e6, M: 1e6, mm: 1e6, bn: 1e9, B: 1e9, b: 1e9, T: 1e12 };

/** Longest label (characters, spaces removed) read as a number. */
const MAX_NUMBER_CHARS = 24;

export function parseNumber(raw: string): number | null {
  let text = raw
    .trim()
    .replace(/[\u2212\u2012\u2013\u2014]/g, '-')
    .replace(/\s+/g, '');
  if (text === '' || text.length > MAX_NUMBER_CHARS) return null;
  let sign = 1;
  const paren = /^\((.*)\)$/.exec(text);
  if (paren) {
    sign = -1;
    text = paren[1];
  }
  if (text.startsWith('-')) {
    sign *= -1;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  text = text.replace(/^[$€£¥₹]|^(USD|EUR|GBP)/, '');
  if (text.startsWith('-')) {
    sign *= -1;
    text = text.slice(1);
  }
  text = text.replace(/[%$€£¥₹]$/, '');
  let scale = 1;
  const suffix = /^(.*\d)(k|K|mm|m|M|bn|B|b|T)$/.exec(text);
  if (suffix) {
    text = suffix[1];
    scale = SUFFIX[suffix[2]];
  }
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) text = text.replace(/,/g, '');
  else if (/^\d{1,3}( \d{3})+(\.\d+)?$/.test(text)) text = text.replace(/ /g, '');
  if (!/^(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return null;
  const value = Number(text) * scale * sign;
  return Number.isFinite(value) ? value : null;
}

/** Decimals printed in a label ("2.50" → 2), for formatting values read off that axis. */
export function printedDecimals(raw: string): number {
  const m = /\.(\d+)/.exec(raw);
  return m ? m[1].length : 0;
}
