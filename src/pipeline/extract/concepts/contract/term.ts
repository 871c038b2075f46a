import type { Candidate, ExtractDocument } from '../../types.ts';
import { boostRepeats, grounded, rankUnique, sentenceStart, textIndex } from './text-index.ts';

/**
 * The agreement's term as a duration ("2 years", "6 months"): "for a period of two (2) years", "shall expire upon
 * the date that is two years after the date of this Agreement", "until the third anniversary of the Effective Date".
 * Every stated length of time is a candidate; the words around it decide whether it is the agreement's own life or
 * a restriction, survival or notice period.
 */

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  eighteen: 18,
  twenty: 20,
  'twenty-four': 24,
  thirty: 30,
  'thirty-six': 36,
  sixty: 60,
  ninety: 90,
};
/** A number in words or digits, with the digits some contracts repeat in parentheses ("two (2)"). */
const QUANTITY = `(\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})(?:\\s*\\((\\d{1,3})\\))?`;
/** A stated length of time: "two (2) years", "30 months", "ninety days". */
const DURATION_RE = new RegExp(`\\b${QUANTITY}[\\s-]+(years?|months?|days?)\\b`, 'gi');

const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, tenth: 10 };
/** "the second (2nd) anniversary": an end date that is a whole number of years after the start. */
const ANNIVERSARY_RE = /\b(first|second|third|fourth|fifth|sixth|seventh|tenth)(?:\s*\(\d{1,2}(?:st|nd|rd|th)\))?\s+anniversary\b/dgi;

/** Confidences (0..1) of a duration as the agreement's term, by what surrounds it. */
const TERM = {
  /** A period after the end, a deadline or a restriction: not the term. */
  notTerm: 0.35,
  /** Governed by "this Agreement shall remain in effect for", counted from the agreement's date. */
  governedFromAgreement: 0.9,
  /** Governed by such a clause otherwise. */
  governed: 0.85,
  /** How far past a duration the rest of its sentence is read for restrictions (characters). */
  sentenceWindow: 200,
  /** A confidentiality period counted from the agreement's date. */
  confidentialityFromAgreement: 0.6,
  /** A confidentiality period counted from something else. */
  confidentiality: 0.45,
  /** Any other duration counted from the agreement's date. */
  otherFromAgreement: 0.45,
  /** Any other duration. */
  other: 0.4,
  /** Taken off a count of days (a notice or cure period more often). */
  dayPenalty: 0.35,
} as const;

/** How far back from a duration the clause that governs it may start (characters). */
const LEAD_WINDOW = 220;
/** How far past a duration the words that anchor or restrict it are read (characters). */
const TAIL_WINDOW = 60;

/**
 * The agreement itself (or its terms, or the parties' obligations under it) lasts, expires or ends: the clause
 * that states the agreement's own term. Read in the lead-up to the duration, within its sentence.
 */
const AGREEMENT_LASTS = new RegExp(
  [
    String.raw`\b(?:this|the)\s+(?:letter\s+)?(?:agreement|undertaking|nda)\b[^.;]{0,80}?\b(?:shall|will|is\s+to|to)\s+(?:\w+\s+){0,2}?(?:expire|terminate|remain|continue|be\s+(?:effective|in\s+effect)|end)\b`,
    String.raw`\bterm\s+of\s+this\s+(?:letter\s+)?(?:agreement|undertaking|nda)\b`,
    String.raw`\b(?:terms|obligations)\b[^.;]{0,80}?\b(?:shall|will|to)\s+(?:\w+\s+){0,2}?(?:expire|terminate|continue|remain|end)`,
  ].join('|'),
  'i',
);
/** Counted from the agreement's own date: "from the date hereof", "after the Effective Date". */
const FROM_AGREEMENT_DATE =
  /^[\s,]*(?:from|after|following|of)\s+(?:the\s+)?(?:date\s+(?:hereof|of\s+(?:this|the)\s+(?:letter\s+)?agreement|first\s+(?:written|set\s+forth)|this\s+agreement)|effective\s+date|execution)/i;
/** Runs after the agreement ends: a tail restriction or survival period, not the term. */
const AFTER_THE_END = /^[\s,]*(?:thereafter|(?:after|following)\s+(?:the\s+)?(?:termination|expiration|expiry|cessation|end)\b)/i;
/** A covenant the duration limits (non-solicitation, non-competition, standstill), not the agreement's life. */
const RESTRICTION =
  /\b(?:standstill|solicit|compet|hire|employment|employ\s+any|acquire|tender\s+offer|proxy|neither\s+\w+\s+nor|you\s+will\s+not|(?:he|she|executive|employee)\s+(?:shall|will)\s+not)/i;
/** A deadline or look-back right before the duration: "within 90 days", "during the last two years". */
const DEADLINE = /\b(?:within|last|at\s+least|no\s+(?:later|more)\s+than)\s+(?:the\s+)?$/i;
const CONFIDENTIALITY = /\bconfidential|non-?disclosure|\bobligations\b/i;

/** The sentence before a match, cut to LEAD_WINDOW: where the clause that governs the duration is read. */
function leadOf(text: string, at: number): string {
  return text.slice(sentenceStart(text, at, LEAD_WINDOW), at);
}

/**
 * The agreement-lasts phrase governs the duration when it ends at most MAX_GAP_WORDS words before it and no
 * deadline or condition stands between them ("will continue in full force ... if the termination occurs within 90
 * days" is no term of 90 days).
 */
const MAX_GAP_WORDS = 14;
const GAP_BREAKS = /\b(?:within|prior|during|last|if|unless|provided|except|when)\b/i;
function governsDuration(lead: string): boolean {
  const re = new RegExp(AGREEMENT_LASTS.source, 'gi');
  for (let m = re.exec(lead); m; m = re.exec(lead)) {
    const gap = lead.slice(m.index + m[0].length);
    if (gap.split(/\s+/).filter(Boolean).length <= MAX_GAP_WORDS && !GAP_BREAKS.test(gap)) return true;
  }
  return false;
}

/** How likely the duration at [start, end) states the agreement's own term. */
function termConfidence(text: string, start: number, end: number): number {
  const lead = leadOf(text, start);
  const tail = text.slice(end, end + TAIL_WINDOW);
  if (AFTER_THE_END.test(tail) || DEADLINE.test(lead) || /^\s*prior\b/i.test(tail)) return TERM.notTerm;
  const fromAgreement = FROM_AGREEMENT_DATE.test(tail);
  if (governsDuration(lead)) return fromAgreement ? TERM.governedFromAgreement : TERM.governed;
  const sentenceEnd = text.indexOf('. ', end);
  const rest = text.slice(end, sentenceEnd < 0 ? end + TERM.sentenceWindow : Math.min(sentenceEnd, end + TERM.sentenceWindow));
  if (RESTRICTION.test(lead) || RESTRICTION.test(rest)) return TERM.notTerm;
  // Confidentiality counted from the agreement's date is often the term it states; from a disclosure or a notice, less so.
  if (CONFIDENTIALITY.test(lead)) return fromAgreement ? TERM.confidentialityFromAgreement : TERM.confidentiality;
  return fromAgreement ? TERM.otherFromAgreement : TERM.other;
}

/** Only plausible terms count as repeats: a restriction period printed ten times is no likelier the term. */
const PLAUSIBLE = 0.5;

const durationValue = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

export function findTerm(doc: ExtractDocument): Candidate[] {
  const index = textIndex(doc.model);
  const { text } = index;
  const out: Candidate[] = [];
  const add = (start: number, end: number, value: string, confidence: number) => {
    const c = grounded(index, start, end, value, confidence);
    if (c) out.push(c);
  };
  ANNIVERSARY_RE.lastIndex = 0;
  for (let m = ANNIVERSARY_RE.exec(text); m; m = ANNIVERSARY_RE.exec(text)) {
    const end = m.index + m[0].length;
    add(m.index, end, durationValue(ORDINALS[m[1].toLowerCase()], 'year'), termConfidence(text, m.index, end));
  }
  DURATION_RE.lastIndex = 0;
  for (let m = DURATION_RE.exec(text); m; m = DURATION_RE.exec(text)) {
    // The parenthesised digits are the number when both are printed ("twenty-one (21)": the word match saw "one").
    const n = m[2] ? Number(m[2]) : /^\d+$/.test(m[1]) ? Number(m[1]) : NUMBER_WORDS[m[1].toLowerCase()];
    if (!n) continue;
    const unit = m[3].toLowerCase().replace(/s$/, '');
    const end = m.index + m[0].length;
    // A count of days is a notice or cure period far more often than an agreement's term.
    const confidence = termConfidence(text, m.index, end) - (unit === 'day' ? TERM.dayPenalty : 0);
    add(m.index, end, durationValue(n, unit), confidence);
  }
  return rankUnique(boostRepeats(out, PLAUSIBLE));
}
