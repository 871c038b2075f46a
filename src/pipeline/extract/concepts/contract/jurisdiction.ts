import type { Candidate, ExtractDocument } from '../../types.ts';
import { boostRepeats, grounded, rankUnique, textIndex } from './text-index.ts';

/** Governing law: the place named after "governed by the laws of", "construed ... under the laws of", "courts of". */

/** Capitalised place name: "New York", "England and Wales", "British Columbia", "Hong Kong". */
const PLACE = "([A-Z][A-Za-z'-]+(?:[ \\t]+(?:and[ \\t]+|of[ \\t]+(?:the[ \\t]+)?)?[A-Z][A-Za-z'-]+)*)";
/** "the State of", "The Commonwealth of", "state of" (some contracts print it lower-case). */
const SOVEREIGN = '(?:[Tt]he\\s+|THE\\s+)?(?:(?:[Ss]tate|STATE|[Cc]ommonwealth|COMMONWEALTH|[Pp]rovince|[Rr]epublic)\\s+(?:of|OF)\\s+)?';
const JURISDICTION_LEADS: { re: RegExp; confidence: number }[] = [
  {
    re: new RegExp(`\\b(?:governed|GOVERNED)\\b[^.;]{0,160}?\\b(?:laws?|LAWS?)\\s+(?:of|OF)\\s+${SOVEREIGN}${PLACE}`, 'g'),
    confidence: 0.93,
  },
  {
    re: new RegExp(`\\b(?:construed|interpreted|enforced)\\b[^.;]{0,100}?\\b(?:laws?|LAWS?)\\s+(?:of|OF)\\s+${SOVEREIGN}${PLACE}`, 'g'),
    confidence: 0.9,
  },
  {
    re: new RegExp(
      `\\b(?:[Gg]overning|GOVERNING|[Aa]pplicable|APPLICABLE)\\s+(?:[Ll]aw|LAW)\\b[^.;]{0,120}?\\b(?:laws?|LAWS?)\\s+(?:of|OF)\\s+${SOVEREIGN}${PLACE}`,
      'g',
    ),
    confidence: 0.88,
  },
  {
    re: new RegExp(`\\b(?:courts?|COURTS?)\\s+(?:located\\s+|sitting\\s+)?(?:of|in|OF|IN)\\s+${SOVEREIGN}${PLACE}`, 'g'),
    confidence: 0.55,
  },
];
/** A place name is at least this many characters. */
const MIN_PLACE_CHARS = 3;
/** Taken off the confidence (0..1) of a country when a state may be named too. */
const COUNTRY_PENALTY = 0.3;

/** Words that end a place name when the capitalised run goes on ("New York Without Regard", "Delaware Applicable"). */
const NOT_PLACE =
  /^(?:without|applicable|excluding|except|including|regardless|notwithstanding|in|as|the|and|to|that|which|each|any|all|provided|for|with|this|such|county|city|state)$/i;
export const COUNTRY_LIKE = /^(?:United\s+States(?:\s+of\s+America)?|U\.S\.A?\.?|USA|America)$/;

function cleanPlace(raw: string): string | null {
  const words = raw.split(/\s+/);
  const kept: string[] = [];
  for (const w of words) {
    if (NOT_PLACE.test(w) && kept.length && !/^(?:and|of|the)$/i.test(w)) break;
    kept.push(w);
  }
  while (kept.length && /^(?:and|of|the)$/i.test(kept[kept.length - 1])) kept.pop();
  const place = kept.join(' ').replace(/[.,']+$/, '');
  if (!place || place.length < MIN_PLACE_CHARS || NOT_PLACE.test(place)) return null;
  return place;
}

export function findJurisdiction(doc: ExtractDocument): Candidate[] {
  const index = textIndex(doc.model);
  const out: Candidate[] = [];
  for (const lead of JURISDICTION_LEADS) {
    lead.re.lastIndex = 0;
    for (let m = lead.re.exec(index.text); m; m = lead.re.exec(index.text)) {
      const place = cleanPlace(m[1]);
      if (!place) continue;
      const start = m.index + m[0].length - m[1].length;
      // "the United States and the State of Delaware": the state is the answer when one is named too.
      const confidence = COUNTRY_LIKE.test(place) ? lead.confidence - COUNTRY_PENALTY : lead.confidence;
      const c = grounded(index, start, start + place.length, place, confidence);
      if (c) out.push(c);
    }
  }
  return rankUnique(boostRepeats(out));
}
