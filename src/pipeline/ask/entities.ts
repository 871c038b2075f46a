import { findAmounts, findDates } from '../fields/mod.ts';
import type { AnswerKind } from './question.ts';

/**
 * Values of an expected kind in running text: dates and amounts from the fields stage, durations, organisations
 * (capitalised names ending in a company form), people (two or three capitalised words) and places (after "laws of",
 * "State of", "in"). Each as printed, with its character range.
 */

export interface EntityMatch {
  text: string;
  /** Places: 'incorporation' where the text says a party is organised there ("a Delaware corporation"). */
  role?: 'incorporation';
  /** Dates: ISO; amounts: the number. */
  value?: string;
  start: number;
  end: number;
}

/** Company forms a name ends with. */
export const ORG_SUFFIX = String.raw`(?:Inc|Incorporated|LLC|L\.L\.C|Ltd|Limited|GmbH|AG|Corp|Corporation|Company|Co|plc|PLC|S\.A|SA|BV|B\.V|N\.V|LLP|LP|Sdn\.? Bhd|SDN\.? BHD|Pty Ltd|SARL|SAS|S\.p\.A)\.?`;
const CAP = String.raw`(?:[A-Z][\p{L}&'’.-]*|&|and|of|de)`;
const ORG = new RegExp(String.raw`\b[A-Z][\p{L}&'’.-]*(?:[ ]${CAP}){0,6},?[ ]${ORG_SUFFIX}(?![\p{L}])`, 'gu');
const PERSON = /\b(?:Mr\.?|Mrs\.?|Ms\.?|Dr\.?)?\s?[A-Z][a-z]+(?: [A-Z]\.)?(?: [A-Z][a-z]+){1,2}\b/g;
const DURATION =
  /\b(?:(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ])?(?:\(\d+\)|\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|eighteen|twenty|thirty|sixty|ninety)\s*(?:\(\d+\)\s*)?(?:calendar |business )?(?:years?|months?|weeks?|days?))\b/gi;
const PLACE = /\b(?:laws? of (?:the )?(?:State of |Commonwealth of |Province of )?|State of |in )([A-Z][a-z]+(?: [A-Z][a-z]+){0,2})\b/g;

/** Counts written out ("forty", "twenty-five", "a dozen"): a "how many" question is answered by them as by digits. */
const SPELLED_COUNT =
  /\b(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|hundreds?|thousands?|dozens?)\b/gi;

/** Counts in the text: numbers in digits and counts written out. */
export function countsOf(text: string): EntityMatch[] {
  return [...entitiesOf(text, 'amount'), ...matches(text, SPELLED_COUNT)];
}

export function entitiesOf(text: string, kind: AnswerKind): EntityMatch[] {
  switch (kind) {
    case 'date': {
      // Text layers print a raised ordinal as its own word ("9 th , 2014"): read the date as set, cite the words.
      const squeezed = squeezeOrdinals(text);
      return findDates(squeezed.text).map((d) => {
        const start = squeezed.origin[d.index];
        const end = squeezed.origin[d.index + d.raw.length - 1] + 1;
        return { text: d.raw, value: d.iso, start, end };
      });
    }
    case 'amount':
      return findAmounts(text).map((a) => ({ text: a.raw, value: String(a.value), start: a.index, end: a.index + a.raw.length }));
    case 'duration':
      return matches(text, DURATION);
    case 'organisation':
      return matches(text, ORG).filter((m) => !GENERIC_ORG.test(m.text) && !SENTENCE_BREAK.test(m.text));
    case 'person':
      return matches(text, PERSON).filter((m) => !ORG_WORD.test(m.text));
    case 'place':
      return placesOf(text);
    default:
      return [];
  }
}

/** "The Company", "Such Corporation": defined terms, not names. */
const GENERIC_ORG = /^(?:The|This|Such|Each|Any|Either|Other|Said|A|An|Our|Your|Its|Their)\b|^[A-Z][\p{L}.]*$/u;
/**
 * A sentence end inside a match: a word (not an initial, nor a company form's abbreviation: "Sdn. Bhd.", "Corp.
 * Ltd.") then a full stop and a capital. "Agreement. Harbor Company" is two phrases.
 */
export const SENTENCE_BREAK = /\b(?!(?:Sdn|Bhd|Corp|Inc|Ltd|Pty|Bros|Mfg|Intl)\.)\p{L}*\p{Ll}{2}[.;:]\s+\p{Lu}/u;
const ORG_WORD = /\b(Agreement|Inc|Ltd|LLC|Company|Corporation|Party|Section|Article)\b/;

function matches(text: string, re: RegExp): EntityMatch[] {
  return [...text.matchAll(re)].map((m) => {
    const raw = m[0].trim();
    const start = (m.index ?? 0) + m[0].indexOf(raw);
    return { text: raw, start, end: start + raw.length };
  });
}

/** What follows a place in "a Delaware corporation", "a New York limited liability company" (any case). */
const ENTITY_FORM =
  /^,?\s+(?:(?:general|limited|public|private|professional|statutory|business|nonprofit|non-profit|not-for-profit|stock|banking|mutual|cooperative)\s+)*(?:corporation|company|partnership|limited liability company|liability company|trust|bank|association|societ|L\.?L\.?C|L\.?P|Inc|corp)\b/i;
/** A form word cannot start a place ("a Limited Liability Company" names no place). */
const FORM_WORD =
  /^(?:general|limited|public|private|professional|statutory|business|nonprofit|stock|banking|mutual|cooperative|corporation|company|partnership|liability|trust|bank|association|inc|corp|llc|lp)\b/i;
/** "a"/"an" then up to this many capitalised words before the form ("a British Virgin Islands company"). */
const MAX_PLACE_WORDS = 4;
const ARTICLE_THEN_CAPS = new RegExp(String.raw`\b(?:a|an)\s+((?:[A-Z][\p{L}.'’-]*(?:\s+of)?\s+){1,${MAX_PLACE_WORDS}})`, 'gu');
/** What precedes a place in "organized under the laws of the State of Y", "incorporated in Y". */
const ORGANISED_UNDER =
  /\b(?:incorporated|organi[sz]ed|formed|registered|existing|domiciled|chartered)\b(?:\s+and\s+(?:existing|in\s+good\s+standing))?\s+(?:(?:validly|duly)\s+)?(?:(?:under|pursuant\s+to)\s+(?:and\s+by\s+virtue\s+of\s+)?the\s+laws?\s+of|in)\s+(?:the\s+)?(?:(?:State|Commonwealth|Province|Republic|Kingdom)\s+of\s+)?$/i;
/** How far back (characters) an organising verb may stand before "the laws of": "organized and existing under". */
const ORGANISED_WINDOW = 120;

/**
 * Places in a text, by where they are printed: the capitalised words between "a"/"an" and a form of
 * organisation ("a Delaware corporation", "a New York limited liability company"), and capitalised words after
 * "laws of", "State of", "in". The first kind, and any after an organising verb ("organized under the laws of the
 * State of Y", "incorporated in Y"), have the role 'incorporation'.
 */
function placesOf(text: string): EntityMatch[] {
  const out: EntityMatch[] = [];
  const add = (start: number, raw: string, incorporation: boolean) => {
    const end = start + raw.length;
    if (out.some((o) => start < o.end && o.start < end)) return;
    out.push({ text: raw, start, end, ...(incorporation ? { role: 'incorporation' as const } : {}) });
  };
  for (const m of text.matchAll(ARTICLE_THEN_CAPS)) {
    const runStart = (m.index ?? 0) + m[0].length - m[1].length;
    const words = [...m[1].matchAll(/\S+(?:\s+of)?/g)].map((w) => ({ start: runStart + (w.index ?? 0), text: w[0] }));
    // The longest run of place words that a form of organisation follows.
    for (let n = words.length; n >= 1; n--) {
      const last = words[n - 1];
      const end = last.start + last.text.length;
      const raw = text.slice(runStart, end);
      if (FORM_WORD.test(raw) || !ENTITY_FORM.test(text.slice(end))) continue;
      if (words.slice(0, n).some((w) => FORM_WORD.test(w.text))) continue;
      add(runStart, raw.replace(/[,.]+$/, ''), true);
      break;
    }
  }
  for (const m of text.matchAll(PLACE)) {
    const start = (m.index ?? 0) + m[0].length - m[1].length;
    add(start, m[1], ORGANISED_UNDER.test(text.slice(Math.max(0, start - ORGANISED_WINDOW), start)));
  }
  return out.sort((a, b) => a.start - b.start);
}

/** A digit, then a space-separated ordinal suffix, and a space before a comma that a number follows: "9 th , 2014" reads "9th, 2014". */
const SPLIT_ORDINAL = /(\d)\s+(st|nd|rd|th)\b(\s+(?=,))?|([\p{L}\d])\s+(?=,\s*\d)/giu;

/** The text with split ordinals joined, and for each of its characters the offset it came from. */
export function squeezeOrdinals(text: string): { text: string; origin: number[] } {
  let out = '';
  const origin: number[] = [];
  let last = 0;
  const copy = (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      out += text[i];
      origin.push(i);
    }
  };
  for (const m of text.matchAll(SPLIT_ORDINAL)) {
    const at = m.index ?? 0;
    copy(last, at + 1); // through the digit
    if (m[2]) {
      const suffixAt = at + m[0].indexOf(m[2], 1);
      copy(suffixAt, suffixAt + m[2].length);
    }
    last = at + m[0].length;
  }
  copy(last, text.length);
  origin.push(text.length);
  return { text: out, origin };
}
