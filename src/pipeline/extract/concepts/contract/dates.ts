import { ENGLISH_MONTHS } from '../../../lexicon/mod.ts';
import type { Candidate, ExtractDocument } from '../../types.ts';
import { grounded, headEnd, MIN_CONFIDENCE, rankUnique, sentenceStart, textIndex, type TextIndex } from './text-index.ts';

/**
 * The contract's effective date. Dates are parsed by a small local English parser (contracts here print "March 5,
 * 2013", "5th day of March, 2013", "03/05/2013"); the shared fields parser (fields/mod.ts) is multilingual but these
 * phrases are English.
 */

/** Month number by English name or abbreviation ("march", "mar", "sept"). */
const MONTHS: Record<string, number> = Object.fromEntries([
  ...ENGLISH_MONTHS.flatMap(
    (name, i) =>
      [
        [name, i + 1],
        [name.slice(0, 3), i + 1],
      ] as const,
  ),
  ['sept', 9] as const,
]);
const MONTH =
  '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';
/** Ordinal suffix, sometimes set apart from its number in the text layer ("9 th"). */
const ORD = '(?:\\s?(?:st|nd|rd|th))?';
const DATE_FORMS: { re: RegExp; parts: (m: RegExpExecArray) => [number, number, number] }[] = [
  // 5th day of March, 2013 · 7th of June, 2021 · 14 October 2020
  {
    re: new RegExp(`\\b(\\d{1,2})${ORD}\\s+(?:day\\s+)?(?:of\\s+)?${MONTH}(?:\\s*,\\s*|\\s+)(\\d{4})\\b`, 'gi'),
    parts: (m) => [+m[3], MONTHS[m[2].toLowerCase()], +m[1]],
  },
  // September 14, 2020 · March 5th 2013 · April 9th , 2021 · December 12,2020
  {
    re: new RegExp(`\\b${MONTH}\\s+(\\d{1,2})${ORD}(?:\\s*,\\s*|\\s+)(\\d{4})\\b`, 'gi'),
    parts: (m) => [+m[3], MONTHS[m[1].toLowerCase()], +m[2]],
  },
  // 03/05/2013, 7/21/20 (US contracts: month first)
  {
    re: /\b(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\b/g,
    parts: (m) => [m[3].length === 2 ? 2000 + +m[3] - (+m[3] > EFFECTIVE.twoDigitPivot ? 100 : 0) : +m[3], +m[1], +m[2]],
  },
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/g, parts: (m) => [+m[1], +m[2], +m[3]] },
];

interface FoundDate {
  start: number;
  end: number;
  iso: string;
}

function isoDate(y: number, m: number, d: number): string | null {
  if (!m || m > 12 || d < 1 || y < EFFECTIVE.minYear || y > EFFECTIVE.maxYear) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** Dates in text[from, to), in text order. */
function datesIn(text: string, from: number, to: number): FoundDate[] {
  const slice = text.slice(from, to);
  const found: FoundDate[] = [];
  for (const form of DATE_FORMS) {
    form.re.lastIndex = 0;
    for (let m = form.re.exec(slice); m; m = form.re.exec(slice)) {
      const iso = isoDate(...form.parts(m));
      if (iso) found.push({ start: from + m.index, end: from + m.index + m[0].length, iso });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Phrases that put the contract's own date right after them, with how sure each is. */
const DATE_LEADS: { re: RegExp; confidence: number }[] = [
  { re: /\beffective\s+(?:as\s+of|on|from|date\s+of)\b/gi, confidence: 0.92 },
  {
    re: /\b(?:made|entered\s+into|executed|signed)(?:\s+and\s+(?:entered\s+into|executed))?\s+(?:effective\s+)?(?:as\s+of|on|this)\b/gi,
    confidence: 0.9,
  },
  { re: /\bdated\s+(?:as\s+of\s+|this\s+)?/gi, confidence: 0.88 },
  { re: /\bas\s+of\s+(?:the\s+)?/gi, confidence: 0.7 },
  { re: /\beffective\s+(?=\w)/gi, confidence: 0.72 },
];

/**
 * A dating phrase whose subject is another document or an amendment: "that certain Plan of Merger dated as of",
 * "the license agreement, dated as of", "WHEREAS, ... dated", "This Amendment ... dated". Read in the sentence
 * before the phrase, parentheticals (defined names) dropped.
 */
const OTHER_SUBJECT =
  /\b(?:WHEREAS|that\s+certain)\b|\b(?:the|a|an|such|said|that)\s+(?:[\w-]+\s+){0,4}(?:agreements?|plan|letter|lease|license|note|indenture|amendment)\s*,?\s*(?:dated\s+)?$|\bthis\s+(?:[\w-]+\s+){0,3}amendment\b/i;
/** The dating phrase's date left blank for signing: "as of ________, 2003", "the ___ day of ____". */
const LEFT_BLANK = /^[^.\n]{0,25}_{3,}|^\s*(?:the\s+)?(?:day\s+of\s*,|\s*,\s*\d{4})/i;
/** Thresholds of the effective-date finder (windows in characters, confidences 0..1). */
const EFFECTIVE = {
  /** Dating phrases are read in the first this many pages. */
  headPages: 3,
  /** The preamble: the first this many pages. */
  preamblePages: 1,
  /** A date follows its dating phrase within this many characters. */
  afterLead: 45,
  /** A blank left for the date ("dated ____") follows within this many characters. */
  blankAfterLead: 40,
  /** Taken off a dating phrase's confidence past the preamble. */
  latePenalty: 0.1,
  /** A date precedes a defined "Effective Date" within this many characters... */
  beforeDefined: 45,
  /** ...or follows it ("means ...") within this many. */
  afterDefined: 40,
  /** Confidence of a date defined as the Effective Date. */
  defined: 0.85,
  /** Confidence of a date printed alone at the top of a letter that dates itself by reference. */
  selfDatedLetter: 0.6,
  /** Confidence of a date printed alone at the top of a letter otherwise. */
  letter: 0.45,
  /** A signature date's "Date:" label precedes it within this many characters... */
  signatureLabelBefore: 12,
  /** ...or follows it within this many. */
  signatureLabelAfter: 8,
  /** Confidence of the latest signature date when the agreement takes effect on the last signature. */
  signatureDated: 0.75,
  /** Confidence of the latest signature date otherwise. */
  signature: 0.55,
  /** Two-digit years above this are 19xx, the others 20xx. */
  twoDigitPivot: 69,
  /** Dates before this year are not read as dates... */
  minYear: 1900,
  /** ...nor after this one. */
  maxYear: 2100,
} as const;

/** How far back the subject of a dating phrase is read (characters). */
const SUBJECT_WINDOW = 160;

/** Whether the dating phrase at `at` dates another document, not this agreement. */
function datesOtherDocument(text: string, at: number): boolean {
  const sentence = text.slice(sentenceStart(text, at, SUBJECT_WINDOW), at);
  return OTHER_SUBJECT.test(sentence.replace(/\([^()]*\)/g, ' '));
}

export function findEffectiveDate(doc: ExtractDocument): Candidate[] {
  const index = textIndex(doc.model);
  const { text } = index;
  const end = headEnd(index, EFFECTIVE.headPages);
  const out: Candidate[] = [];
  let blank = false;
  const add = (d: FoundDate, confidence: number) => {
    const c = grounded(index, d.start, d.end, d.iso, confidence);
    if (c) out.push(c);
  };
  for (const lead of DATE_LEADS) {
    lead.re.lastIndex = 0;
    for (let m = lead.re.exec(text); m && m.index < end; m = lead.re.exec(text)) {
      const after = m.index + m[0].length;
      const date = datesIn(text, after, Math.min(after + EFFECTIVE.afterLead, text.length))[0];
      if (!date) {
        blank ||= m.index < headEnd(index, EFFECTIVE.preamblePages) && LEFT_BLANK.test(text.slice(after, after + EFFECTIVE.blankAfterLead));
        continue;
      }
      // Earlier in the preamble is likelier the contract's date than a date quoted in a later clause.
      const late = m.index > headEnd(index, EFFECTIVE.preamblePages) ? EFFECTIVE.latePenalty : 0;
      add(date, datesOtherDocument(text, m.index) ? OTHER_DOCUMENT : lead.confidence - late);
    }
  }
  // "Effective Date" defined by a date printed next to it: `April 3, 2019 ("Effective Date")`, `"Effective Date" means June 1, 2020`.
  const defined = /["“]?Effective\s+Date["”]?/g;
  for (let m = defined.exec(text); m; m = defined.exec(text)) {
    const before = datesIn(text, Math.max(0, m.index - EFFECTIVE.beforeDefined), m.index).at(-1);
    if (before) add(before, EFFECTIVE.defined);
    const after = datesIn(text, m.index + m[0].length, Math.min(text.length, m.index + m[0].length + EFFECTIVE.afterDefined))[0];
    if (after && /^\W*(?:shall\s+)?(?:means?|is|:)/i.test(text.slice(m.index + m[0].length, after.start))) add(after, EFFECTIVE.defined);
  }
  // A preamble that left its date blank states no effective date: a signature's date is no substitute for it.
  if (!out.some((c) => c.confidence >= MIN_CONFIDENCE) && !blank) out.push(...letterOrSignatureDates(index));
  return rankUnique(out);
}

/** A date that a dating phrase gives another document (a merger agreement, a license, an amendment): not this one's. */
const OTHER_DOCUMENT = 0.4;

/** The agreement refers to its own date without printing it: the letter's date is that date. */
const SELF_DATED = /\b(?:the\s+date\s+(?:hereof|of\s+this\s+(?:letter\s+)?agreement|(?:first\s+)?(?:written|set\s+forth)\s+above))\b/i;

/** The agreement says it takes effect when the last party signs: the latest signature date is its date. */
const SIGNATURE_DATED =
  /\beffective\s+(?:as\s+of|on|upon)\s+the\s+(?:last|later|latest)\s+(?:date|day)\s+(?:of\s+(?:execution|signature)|(?:on\s+)?which)|\bdate\s+of\s+(?:the\s+)?last\s+signature\b/i;

/**
 * Without a dating phrase: a letter agreement's date printed alone at the top of its first page, else the latest
 * date beside "Date:"/"Dated:" in the signature blocks (the agreement takes effect when the last party signs).
 */
function letterOrSignatureDates(index: TextIndex): Candidate[] {
  const { text } = index;
  const out: Candidate[] = [];
  const firstPage = text.slice(0, index.pageStarts[1] ?? text.length);
  // The closing newline is looked at, not consumed, so the next line can be read too.
  const alone = /(?:^|\n)[^\S\n]*([^\n]{6,24})[^\S\n]*(?=\n)/g;
  for (let m = alone.exec(firstPage); m && m.index < firstPage.length / 2; m = alone.exec(firstPage)) {
    const start = m.index + m[0].indexOf(m[1]);
    const date = datesIn(text, start, start + m[1].length)[0];
    if (date && date.start === start && date.end - start >= m[1].trimEnd().length - 1) {
      // Weak alone (a letter may carry the date it was sent); a letter that dates itself by reference ("the date
      // hereof", "the date first written above") takes this printed date as its own.
      const c = grounded(index, date.start, date.end, date.iso, SELF_DATED.test(text) ? EFFECTIVE.selfDatedLetter : EFFECTIVE.letter);
      if (c) out.push(c);
      break;
    }
  }
  // Signature blocks follow the first page; a one-page agreement signs in its second half.
  const tailStart = index.pageStarts.length > 2 ? index.pageStarts[1] : Math.floor(text.length / 2);
  const signed: FoundDate[] = [];
  for (const d of datesIn(text, tailStart, text.length)) {
    const before = text.slice(Math.max(0, d.start - EFFECTIVE.signatureLabelBefore), d.start);
    const after = text.slice(d.end, d.end + EFFECTIVE.signatureLabelAfter);
    if (/\bDated?\s*:?\s*$/i.test(before) || /^\s*Date\b/i.test(after)) signed.push(d);
  }
  const latest = signed.sort((a, b) => b.iso.localeCompare(a.iso))[0];
  const c =
    latest &&
    grounded(index, latest.start, latest.end, latest.iso, SIGNATURE_DATED.test(text) ? EFFECTIVE.signatureDated : EFFECTIVE.signature);
  if (c) out.push(c);
  return out;
}
