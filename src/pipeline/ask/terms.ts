/**
 * Words for matching questions to document text: lower case, light suffix stemming (plurals, -ed, -ing), stop
 * words and question words dropped. Both sides go through the same functions, so the stems only need to agree.
 */

const STOP = new Set(
  (
    'a an the of to in on at by for from with and or but not no nor is are was were be been being am do does did done has have had ' +
    "this that these those it its it's their them they there here what which who whom whose when where why how much many " +
    'about also any all some as into than then so such can could should would will shall may might must i me my we our you your ' +
    'he she his her us please tell give show find list name does per each same other again just only very more most'
  ).split(' '),
);

export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('es') && /(s|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return w;
}

/** Every word of a text, lower case, split at anything but letters, digits and a few symbols. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']s\b/g, '')
    .split(/[^\p{L}\p{N}%]+/u)
    .filter(Boolean);
}

/** The stemmed content words, deduplicated, in order. */
export function contentTerms(text: string): string[] {
  return [
    ...new Set(
      words(text)
        .filter((w) => !STOP.has(w))
        .map(stem),
    ),
  ];
}

/** Share of `terms` found among `inText` (0..1). */
export function overlap(terms: string[], inText: Set<string> | string[]): number {
  if (!terms.length) return 0;
  const set = inText instanceof Set ? inText : new Set(inText);
  return terms.filter((t) => set.has(t)).length / terms.length;
}

/** Words every document is full of: a match on them alone says little about which value is asked for. */
const WEAK_TERMS = new Set(['date', 'amount', 'number', 'name', 'value', 'agreement', 'document', 'contract', 'information', 'page']);

/** How much a weak word counts against a full word's 1. */
const WEAK_TERM_WEIGHT = 0.5;

/** Like `overlap`, with weak words counting half. */
export function weightedOverlap(terms: string[], inText: Set<string>): number {
  let total = 0;
  let found = 0;
  for (const t of terms) {
    const w = WEAK_TERMS.has(t) ? WEAK_TERM_WEIGHT : 1;
    total += w;
    if (inText.has(t)) found += w;
  }
  return total ? found / total : 0;
}
