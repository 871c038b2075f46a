import type { ClassSpec } from './types.ts';
import type { PageFeatures } from './features.ts';
import { tokenize } from './features.ts';
import { OTHER_CLASS } from './taxonomy.ts';

const NO_PARENTS: ReadonlyMap<string, string> = new Map();

/**
 * BM25-style scoring of a page against a class set. Each class is a bag of phrases (its own phrases, its label and
 * the content words of its description); a phrase's IDF comes from how many classes of the set share it, so
 * "receiving party" counts for more than "agreement". Title hits weigh TITLE_WEIGHT times a body hit.
 * Tables are compiled once per class set (WeakMap on the array) so a page costs one pass over its tokens.
 */

/** BM25 term-frequency saturation: more hits of a phrase add less and less. */
const K1 = 1.2;
/** BM25 length normalisation strength (0: none, 1: full). */
const B = 0.3;
/** Typical page length in tokens, for BM25's length normalisation. */
const AVG_PAGE_TOKENS = 350;
/** A phrase in the title text counts this many body hits. */
const TITLE_WEIGHT = 3;
/** Weight of a class's own phrases, its label and its description words. */
const WEIGHT = { phrase: 1, label: 1.5, description: 0.35 };

/** Each extra token of a phrase adds this much to its weight (longer phrases are more specific). */
const PHRASE_LENGTH_BOOST = 0.6;
/** Pages shorter than this many tokens are normalised as this long. */
const MIN_PAGE_TOKENS = 20;

/** Layout evidence added to a built-in class's score (score units), and the counts it is read from. */
const LAYOUT_BONUS = {
  /** Invoices and receipts: per amount on the page, up to `maxAmounts`... */
  perAmount: 0.25,
  maxAmounts: 6,
  /** ...plus this with a table. */
  invoiceTable: 0.5,
  /** Bank statements: this with at least `statementMinDates` dates and `statementMinAmounts` amounts. */
  statement: 1,
  statementMinDates: 5,
  statementMinAmounts: 5,
  /** Forms: this with form fields. */
  formFields: 1,
  /** Contracts: this with a signature. */
  contractSignature: 0.5,
  /** Papers: per caption and per numbered section, each up to `maxCaptions` / `maxSections`. */
  paperPerCaption: 0.6,
  paperPerSection: 0.8,
  maxCaptions: 3,
  maxSections: 3,
  /** Reports: per caption, up to `maxCaptions`, plus this with a table. */
  reportPerCaption: 0.4,
  reportTable: 0.3,
} as const;

export const STOPWORDS: ReadonlySet<string> = new Set(
  'a an and or the of to in on for with by from as at is are be been being it its this that these those such any all each other anything fits none classes class which who whom whose what when where how into over under about than then there their them they we our you your his her he she not no can may might must will would should could also more most some like e.g i.e etc between within upon after before during through without'.split(
    ' ',
  ),
);

interface PhraseEntry {
  tokens: string[];
  /** Non-Latin phrases (taxonomy-scripts.ts) are found as substrings of the page text: the key itself. */
  key: string;
  /** Class index → weight of the phrase in that class. */
  weights: Map<number, number>;
  idf: number;
  /** Longer phrases are more specific. */
  lengthBoost: number;
}

export interface CompiledClasses {
  labels: string[];
  /** First token → phrases starting with it. */
  byFirstToken: Map<string, PhraseEntry[]>;
  /** Phrases without Latin letters, matched as substrings (see taxonomy-scripts.ts). */
  substringPhrases: PhraseEntry[];
  phrases: PhraseEntry[];
}

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+/gu;

/**
 * Search terms of a description word in another script: Chinese and Japanese runs carry no word breaks, so they
 * are cut into overlapping character pairs (the usual way CJK text is indexed); other words stay whole.
 */
function scriptTerms(word: string): string[] {
  const cjk = [...word.matchAll(CJK_RUN)].map((m) => m[0]);
  if (!cjk.length) return word.length >= 2 ? [word] : [];
  const pairs = new Set<string>();
  for (const run of cjk) for (let k = 0; k + 2 <= run.length; k++) pairs.add(run.slice(k, k + 2));
  return [...pairs];
}

/** Letters, none of them Latin: CJK, Hangul, Arabic, Cyrillic... matched inside words rather than as words. */
const isScriptPhrase = (phrase: string) => /\p{L}/u.test(phrase) && !/\p{Script=Latin}/u.test(phrase);

const cache = new WeakMap<readonly ClassSpec[], CompiledClasses>();

function addPhrase(index: Map<string, PhraseEntry>, tokens: string[], cls: number, weight: number): void {
  if (!tokens.length) return;
  const key = tokens.join(' ');
  let entry = index.get(key);
  if (!entry) {
    entry = { tokens, key, weights: new Map(), idf: 0, lengthBoost: 1 + PHRASE_LENGTH_BOOST * (tokens.length - 1) };
    index.set(key, entry);
  }
  entry.weights.set(cls, Math.max(entry.weights.get(cls) ?? 0, weight));
}

export function compileClasses(classes: readonly ClassSpec[]): CompiledClasses {
  const hit = cache.get(classes);
  if (hit) return hit;
  const scored = classes.filter((c) => c.label !== OTHER_CLASS);
  const index = new Map<string, PhraseEntry>();
  scored.forEach((spec, i) => {
    for (const phrase of spec.phrases ?? []) addPhrase(index, tokenize(phrase), i, WEIGHT.phrase);
    addPhrase(index, tokenize(spec.label.replace(/_/g, ' ')), i, WEIGHT.label);
    // A caller label such as "发票" or "계약서" is found inside words too.
    if (isScriptPhrase(spec.label)) addPhrase(index, [spec.label.replace(/_/g, ' ').toLowerCase().normalize('NFKC')], i, WEIGHT.label);
    // Caller classes often have no phrases: their description words are then the main evidence.
    const descWeight = spec.phrases?.length ? WEIGHT.description : 1;
    for (const word of tokenize(spec.description)) {
      if (isScriptPhrase(word)) for (const part of scriptTerms(word)) addPhrase(index, [part], i, descWeight);
      else if (!STOPWORDS.has(word) && word.length > 2) addPhrase(index, [word], i, descWeight);
    }
  });
  const n = scored.length;
  const phrases = [...index.values()];
  const byFirstToken = new Map<string, PhraseEntry[]>();
  const substringPhrases: PhraseEntry[] = [];
  for (const p of phrases) {
    const df = p.weights.size;
    p.idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    if (isScriptPhrase(p.key)) {
      p.key = p.key.normalize('NFKC');
      substringPhrases.push(p);
      continue;
    }
    const list = byFirstToken.get(p.tokens[0]) ?? [];
    list.push(p);
    byFirstToken.set(p.tokens[0], list);
  }
  const compiled = { labels: scored.map((c) => c.label), byFirstToken, substringPhrases, phrases };
  cache.set(classes, compiled);
  return compiled;
}

function countPhrases(tokens: readonly string[], table: CompiledClasses): Map<PhraseEntry, number> {
  const counts = new Map<PhraseEntry, number>();
  countSubstrings(tokens, table, counts);
  for (let i = 0; i < tokens.length; i++) {
    const starting = table.byFirstToken.get(tokens[i]);
    if (!starting) continue;
    for (const p of starting) {
      let ok = true;
      for (let k = 1; k < p.tokens.length && ok; k++) ok = tokens[i + k] === p.tokens[k];
      if (ok) counts.set(p, (counts.get(p) ?? 0) + 1);
    }
  }
  return counts;
}

/** Occurrences of the non-Latin phrases in the page's words (skipped for pages written in ASCII alone). */
function countSubstrings(tokens: readonly string[], table: CompiledClasses, counts: Map<PhraseEntry, number>): void {
  if (!table.substringPhrases.length || !tokens.some((t) => /[^\x00-\x7f]/.test(t))) return;
  const text = tokens.join(' ').normalize('NFKC');
  for (const p of table.substringPhrases) {
    let n = 0;
    for (let at = text.indexOf(p.key); at >= 0; at = text.indexOf(p.key, at + p.key.length)) n++;
    if (n) counts.set(p, n);
  }
}

/** Raw evidence score of the page for each class of the set (same order as `table.labels`). */
export function scorePage(features: Pick<PageFeatures, 'tokens' | 'titleTokens'>, table: CompiledClasses): number[] {
  const scores = new Array<number>(table.labels.length).fill(0);
  const body = countPhrases(features.tokens, table);
  const title = countPhrases(features.titleTokens, table);
  const lengthNorm = 1 - B + (B * Math.max(features.tokens.length, MIN_PAGE_TOKENS)) / AVG_PAGE_TOKENS;
  for (const [p, bodyCount] of body) {
    const tf = bodyCount + (TITLE_WEIGHT - 1) * (title.get(p) ?? 0);
    const saturated = (tf * (K1 + 1)) / (tf + K1 * lengthNorm);
    const base = p.idf * p.lengthBoost * saturated;
    for (const [cls, weight] of p.weights) scores[cls] += base * weight;
  }
  return scores;
}

/** Layout evidence for built-in classes whose pages look alike regardless of wording. */
export function layoutBonus(label: string, f: PageFeatures): number {
  const s = f.stats;
  switch (label) {
    case 'invoice':
    case 'receipt':
      return Math.min(s.amounts, LAYOUT_BONUS.maxAmounts) * LAYOUT_BONUS.perAmount + (s.tables ? LAYOUT_BONUS.invoiceTable : 0);
    case 'bank_statement':
      return s.dates >= LAYOUT_BONUS.statementMinDates && s.amounts >= LAYOUT_BONUS.statementMinAmounts ? LAYOUT_BONUS.statement : 0;
    case 'form':
      return f.componentsPresent.includes('form_fields') ? LAYOUT_BONUS.formFields : 0;
    case 'contract':
    case 'nda_contract':
      return s.signatures ? LAYOUT_BONUS.contractSignature : 0;
    case 'scientific_paper':
      return (
        Math.min(s.captions, LAYOUT_BONUS.maxCaptions) * LAYOUT_BONUS.paperPerCaption +
        Math.min(s.numberedSections, LAYOUT_BONUS.maxSections) * LAYOUT_BONUS.paperPerSection
      );
    case 'report':
      return Math.min(s.captions, LAYOUT_BONUS.maxCaptions) * LAYOUT_BONUS.reportPerCaption + (s.tables ? LAYOUT_BONUS.reportTable : 0);
    default:
      return 0;
  }
}

export interface Calibrated {
  label: string;
  confidence: number;
  candidates: { label: string; score: number }[];
}

/** Evidence scale: a page whose best score is EVIDENCE_SCALE has ~63% of full confidence. */
const EVIDENCE_SCALE = 8;
/** Softmax temperature relative to the top score: the margin over the runner-up matters, not the scale. */
const RELATIVE_TEMPERATURE = 0.25;
/** Softmax temperature floor (score units). */
const MIN_TEMPERATURE = 0.5;
/** Candidates reported per page. */
const CANDIDATES = 3;
/** Below this the page falls back to 'other'. */
export const MIN_CONFIDENCE = 0.3;
/** 'other' means only that no class has the evidence: the page may well be of a class we cannot read (another script). */
const OTHER_CONFIDENCE_CAP = 0.4;

/**
 * Calibrated confidence: softmax over scores (temperature relative to the best score) times an absolute-evidence
 * factor, so a page with a clear winner on weak evidence still gets a low value.
 */
export function calibrate(labels: string[], scores: number[], parents: ReadonlyMap<string, string> = NO_PARENTS): Calibrated {
  const order = scores.map((s, i) => i).sort((a, b) => scores[b] - scores[a]);
  const top = scores[order[0]] ?? 0;
  const candidates = order.slice(0, CANDIDATES).map((i) => ({ label: labels[i], score: Math.round(scores[i] * 1000) / 1000 }));
  if (!(top > 0)) return { label: OTHER_CLASS, confidence: OTHER_CONFIDENCE_CAP, candidates };
  const t = Math.max(top * RELATIVE_TEMPERATURE, MIN_TEMPERATURE);
  const best = labels[order[0]];
  const related = (label: string) => label !== best && (parents.get(label) === best || parents.get(best) === label);
  const exps = scores.map((s, i) => (related(labels[i]) ? 0 : Math.exp((s - top) / t)));
  const share = 1 / exps.reduce((a, b) => a + b, 0);
  const evidence = 1 - Math.exp(-top / EVIDENCE_SCALE);
  const confidence = share * evidence;
  if (confidence < MIN_CONFIDENCE) {
    // How sure we are that no class fits: weak evidence, never very high.
    return { label: OTHER_CLASS, confidence: round(Math.min(OTHER_CONFIDENCE_CAP, 1 - evidence)), candidates };
  }
  return { label: labels[order[0]], confidence: round(confidence), candidates };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
