import type { Candidate, ExtractDocument } from '../../types.ts';
import { boostRepeats, grounded, rankUnique, textIndex } from './text-index.ts';

/** The agreement's term: "for a period of two (2) years", "until the third anniversary of the Effective Date". */

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, eighteen: 18, twenty: 20, 'twenty-four': 24, thirty: 30,
  'thirty-six': 36, sixty: 60, ninety: 90,
};
const QUANTITY = `(\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})(?:\\s*\\(\\d{1,3}\\))?`;
const TERM_RE = new RegExp(
  `\\b(?:for\\s+(?:a|an\\s+additional|the)\\s+(?:period|term)\\s+of|for\\s+a\\s+further|(?:term|period)\\s+(?:of|shall\\s+be)|remain\\s+in\\s+(?:full\\s+force\\s+and\\s+)?effect\\s+for(?:\\s+a\\s+period\\s+of)?|(?:continue|survive)\\s+for(?:\\s+a\\s+period\\s+of)?|(?:end|terminate|expire)(?:\\s+on\\s+the\\s+(?:date|day)(?:\\s+that\\s+is)?)?)\\s+${QUANTITY}\\s+(years?|months?|days?)\\b`,
  'gid',
);

/** How likely the sentence around a duration states the agreement's own term rather than a restriction period. */
function termConfidence(sentence: string): number {
  const s = sentence.toLowerCase();
  const aboutAgreement = /\b(?:this|the)\s+(?:agreement|letter agreement|undertaking)\b/.test(s) && /\b(?:term|terminat|expir|remain|continue|effect|in force|survive|obligations)/.test(s);
  const aboutConfidentiality = /confidential|non-?disclosure|obligations/.test(s);
  const restriction = /\b(?:standstill|thereafter|following\s+(?:the\s+)?(?:termination|separation)|after\s+(?:the\s+)?(?:termination|cessation|end)\s+of\s+(?:employee|executive|your|his|her)|employment|solicit|compet|hire)/.test(s);
  if (restriction) return 0.35;
  if (aboutAgreement) return 0.8;
  if (aboutConfidentiality) return 0.6;
  return 0.4;
}

const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, tenth: 10 };
/** "shall continue until the third anniversary of the Effective Date": a term of 3 years. */
const ANNIVERSARY_RE = /\b(?:until|through|on|expire\s+on)\s+the\s+(first|second|third|fourth|fifth|sixth|seventh|tenth)\s+anniversary\b/gi;

export function findTerm(doc: ExtractDocument): Candidate[] {
  const index = textIndex(doc.model);
  const { text } = index;
  const out: Candidate[] = [];
  ANNIVERSARY_RE.lastIndex = 0;
  for (let m = ANNIVERSARY_RE.exec(text); m; m = ANNIVERSARY_RE.exec(text)) {
    const n = ORDINALS[m[1].toLowerCase()];
    const sentence = text.slice(Math.max(0, m.index - 200), m.index + 120);
    const start = m.index + m[0].indexOf(m[1]);
    const c = grounded(index, start, m.index + m[0].length, `${n} year${n === 1 ? '' : 's'}`, termConfidence(sentence));
    if (c) out.push(c);
  }
  TERM_RE.lastIndex = 0;
  for (let m = TERM_RE.exec(text); m; m = TERM_RE.exec(text)) {
    const n = /^\d+$/.test(m[1]) ? Number(m[1]) : NUMBER_WORDS[m[1].toLowerCase()];
    if (!n) continue;
    const unit = m[2].toLowerCase().replace(/s$/, '');
    const value = `${n} ${unit}${n === 1 ? '' : 's'}`;
    const sentenceStart = Math.max(text.lastIndexOf('. ', m.index), text.lastIndexOf('\n', m.index), m.index - 300);
    const sentenceEnd = text.indexOf('.', m.index + m[0].length);
    const sentence = text.slice(sentenceStart, sentenceEnd < 0 ? text.length : Math.min(sentenceEnd, m.index + 300));
    const start = m.indices?.[1]?.[0] ?? m.index;
    // Counted from the agreement's own date: the agreement's term more often than a restriction's.
    const fromAgreement = /^\s*(?:from|after|following)\s+(?:the\s+)?(?:date\s+(?:hereof|of\s+this)|effective\s+date|execution)/i.test(text.slice(m.index + m[0].length, m.index + m[0].length + 40));
    // A count of days is a notice or cure period far more often than an agreement's term.
    const confidence = Math.min(0.9, termConfidence(sentence) + (fromAgreement ? 0.1 : 0)) - (unit === 'day' ? 0.35 : 0);
    const c = grounded(index, start, m.index + m[0].length, value, confidence);
    if (c) out.push(c);
  }
  return rankUnique(boostRepeats(out));
}
