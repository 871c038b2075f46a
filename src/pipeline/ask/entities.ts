import { findAmounts, findDates } from '../fields/mod.ts';
import type { AnswerKind } from './question.ts';

/**
 * Values of an expected kind in running text: dates and amounts from the fields stage, durations, organisations
 * (capitalised names ending in a company form), people (two or three capitalised words) and places (after "laws of",
 * "State of", "in"). Each as printed, with its character range.
 */

export interface EntityMatch {
  text: string;
  /** Dates: ISO; amounts: the number. */
  value?: string;
  start: number;
  end: number;
}

const ORG_SUFFIX = String.raw`(?:Inc|Incorporated|LLC|L\.L\.C|Ltd|Limited|GmbH|AG|Corp|Corporation|Company|Co|plc|PLC|S\.A|SA|BV|B\.V|N\.V|LLP|LP|Sdn\.? Bhd|SDN\.? BHD|Pty Ltd|SARL|SAS|S\.p\.A)\.?`;
const CAP = String.raw`(?:[A-Z][\p{L}&'’.-]*|&|and|of|de)`;
const ORG = new RegExp(String.raw`\b[A-Z][\p{L}&'’.-]*(?:[ ]${CAP}){0,6},?[ ]${ORG_SUFFIX}(?![\p{L}])`, 'gu');
const PERSON = /\b(?:Mr\.?|Mrs\.?|Ms\.?|Dr\.?)?\s?[A-Z][a-z]+(?: [A-Z]\.)?(?: [A-Z][a-z]+){1,2}\b/g;
const DURATION = /\b(?:(?:\w+[- ])?(?:\(\d+\)|\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|eighteen|twenty|thirty|sixty|ninety)\s*(?:\(\d+\)\s*)?(?:calendar |business )?(?:years?|months?|weeks?|days?))\b/gi;
const PLACE = /\b(?:laws? of (?:the )?(?:State of |Commonwealth of |Province of )?|State of |in )([A-Z][a-z]+(?: [A-Z][a-z]+){0,2})\b/g;

export function entitiesOf(text: string, kind: AnswerKind): EntityMatch[] {
  switch (kind) {
    case 'date':
      return findDates(text).map((d) => ({ text: d.raw, value: d.iso, start: d.index, end: d.index + d.raw.length }));
    case 'amount':
      return findAmounts(text).map((a) => ({ text: a.raw, value: String(a.value), start: a.index, end: a.index + a.raw.length }));
    case 'duration':
      return matches(text, DURATION);
    case 'organisation':
      return matches(text, ORG).filter((m) => !GENERIC_ORG.test(m.text));
    case 'person':
      return matches(text, PERSON).filter((m) => !ORG_WORD.test(m.text));
    case 'place':
      return [...text.matchAll(PLACE)].map((m) => {
        const start = (m.index ?? 0) + m[0].length - m[1].length;
        return { text: m[1], start, end: start + m[1].length };
      });
    default:
      return [];
  }
}

/** "The Company", "Such Corporation": defined terms, not names. */
const GENERIC_ORG = /^(?:The|This|Such|Each|Any|Either|Other|Said|A|An|Our|Your|Its|Their)\b|^[A-Z][\p{L}.]*$/u;
const ORG_WORD = /\b(Agreement|Inc|Ltd|LLC|Company|Corporation|Party|Section|Article)\b/;

function matches(text: string, re: RegExp): EntityMatch[] {
  return [...text.matchAll(re)].map((m) => {
    const raw = m[0].trim();
    const start = (m.index ?? 0) + m[0].indexOf(raw);
    return { text: raw, start, end: start + raw.length };
  });
}
