import { escapeRegExp } from '../../../lexicon/mod.ts';
import type { Candidate, ExtractDocument } from '../../types.ts';
import { COUNTRY_LIKE } from './jurisdiction.ts';
import { grounded, headEnd, textIndex, type TextIndex } from './text-index.ts';

/** The contract's parties: the names the preamble lists ("by and between ..."), then signatories it left out. */

/** Legal forms that may follow a comma inside a name ("Kite Pharma, Inc.", "Wells Fargo Securities, LLC"). */
const LEGAL_FORM =
  /^,?\s*(?:Inc\.?|Incorporated|LLC|L\.L\.C\.|Ltd\.?|Limited|L\.?P\.?|LLP|L\.L\.P\.|Corp\.?|Corporation|Co\.|Company|PLC|plc|N\.A\.|S\.A\.|AG|GmbH|B\.V\.|N\.V\.|S\.p\.A\.|SE|ASA|AB|Pty\.?\s+Ltd\.?)(?=[\s,;()"“”]|$)/;
/** A comma inside a name, closed by capitalised words and a company word: "Sears, Roebuck and Co.". */
const INNER_COMMA = /^,\s*(?:\p{Lu}[\p{L}'’-]*\s+(?:(?:and|&)\s+)?){1,3}(?:Co\.|Company|Sons|Partners)(?=[\s,;()]|$)/u;
/** Abbreviations that may sit inside or end a name without ending the sentence. */
const ABBREVIATION = /^(?:Inc|Co|Corp|Ltd|Jr|Sr|St|Mr|Mrs|Ms|Dr|Bros|Intl|Mfg|No|Assn)\.$/i;
/** Words that name a role, not a party: "between the Company and the Executive". */
const ROLE_ONLY =
  /^(?:the\s+)?(?:company|counterparty|corporation|employee|executive|employer|consultant|contractor|recipient|discloser|disclosing party|receiving party|party|parties|buyer|seller|purchaser|client|customer|you|undersigned|bank|individual|director|officer|affiliates?|subsidiaries)$/i;
/** Tokens a party name is built of: capitalised words, initials, numbers, and joiners inside a name. */
const NAME_TOKEN = /^(?:[\p{Lu}\d][\p{L}\d.'’&¢-]*|&|of|de|du|la|von|van|der|the|and|for|[“"][\p{Lu}][^”"]*[”"])$/u;

/** Thresholds of the contract party finder (windows in characters, confidences 0..1). */
const PARTIES = {
  /** Parties are looked for in the first this many pages. */
  headPages: 2,
  /** The preamble's party list is read over at most this many characters after "between". */
  preambleWindow: 1500,
  /** A legal form is looked for this far ahead while reading a name. */
  legalFormWindow: 30,
  /** A comma inside a name ("Sears, Roebuck and Co.") is looked for this far ahead. */
  innerCommaWindow: 60,
  /** "and Co." after a name is looked for this far ahead. */
  andCompanyWindow: 20,
  /** A party name is at least this many characters... */
  nameMinChars: 3,
  /** ...at most this many... */
  nameMaxChars: 90,
  /** ...and at most this many words. */
  nameMaxWords: 10,
  /** The preamble names at most this many parties. */
  maxPreambleParties: 6,
  /** Confidence of a party named in the preamble. */
  preamble: 0.85,
  /** Confidence of a company signing ("ACME INC. By:"). */
  signingCompany: 0.6,
  /** Confidence of a person signing ("/s/ Jane Doe"). */
  signingPerson: 0.5,
  /** A "By:" before a signature is looked for this far back. */
  byWindow: 8,
  /** Signatories fill in when the preamble named fewer than this many parties... */
  minPreambleParties: 2,
  /** ...else only those above this confidence. */
  signatoryConfidence: 0.55,
} as const;

/** Where the preamble lists the parties: after "between"/"among", or under a "Parties:" heading. */
function preambleSegment(text: string, end: number): { start: number; end: number } | null {
  const head = text.slice(0, end);
  const lead = /\b(?:by\s+and\s+(?:between|among)|between|among|PARTIES\s*:)\s*/i.exec(head);
  if (!lead) return null;
  const start = lead.index + lead[0].length;
  const rest = text.slice(start, Math.min(text.length, start + PARTIES.preambleWindow));
  // The preamble ends at the recitals, or at a sentence that starts talking about the parties instead of naming them.
  const stop =
    /\n\s*(?:WHEREAS|RECITALS|WITNESSETH|W\s?I\s?T\s?N\s?E\s?S\s?S|BACKGROUND|NOW,?\s+THEREFORE)|[.;]\s+(?:WHEREAS|The\s+parties|Each\s+party|In\s+consideration|NOW|This|It\s+is|You|We|[A-Z][a-z]+\s+(?:and|wishes|desires|agrees))\b|\.\s*\n|\.\s+\d{1,2}\.\s+\p{Lu}/u.exec(
      rest,
    );
  return { start, end: start + (stop ? stop.index : rest.length) };
}

/** The name at `at`: capitalised tokens up to the first lower-case word, paren or comma not before a legal form. */
function readName(text: string, at: number, end: number): { start: number; end: number } | null {
  let i = at;
  const skip = /^\s*(?:(?:the|and|or|by|between|among),?\s+|:)*\s*/i.exec(text.slice(i, end));
  if (skip) i += skip[0].length;
  const start = i;
  let last = i;
  while (i < end) {
    const form = LEGAL_FORM.exec(text.slice(i, Math.min(end, i + PARTIES.legalFormWindow)));
    if (form && last > start) {
      i += form[0].length;
      last = i;
      continue;
    }
    // "Sears, Roebuck and Co.": a comma inside a name when capitalised words and a legal form close it.
    const inner = last > start ? INNER_COMMA.exec(text.slice(i, Math.min(end, i + PARTIES.innerCommaWindow))) : null;
    if (inner) {
      i += inner[0].length;
      last = i;
      continue;
    }
    const tok = /^\s*(\S+?)(?=[\s,;()]|$)/.exec(text.slice(i, end));
    if (!tok) break;
    const word = tok[1];
    // "and" joins two parties unless a company suffix follows it ("Sears, Roebuck and Co.").
    if (/^and$/i.test(word) && !/^\s*and\s+(?:Co\.|Company|Sons|Partners)/i.test(text.slice(i, i + PARTIES.andCompanyWindow))) break;
    if (!NAME_TOKEN.test(word)) break;
    // A full stop after a word that is no initial or abbreviation ends the sentence, and the name with it.
    if (/\p{L}{2,}\.$/u.test(word) && !ABBREVIATION.test(word)) {
      last = i + tok[0].length - 1;
      break;
    }
    i += tok[0].length;
    last = i;
  }
  const name = text.slice(start, last).replace(/[\s,]+$/, '');
  if (!name) return null;
  return { start, end: start + name.length };
}

function plausibleParty(name: string): boolean {
  const words = name.split(/\s+/);
  if (name.length < PARTIES.nameMinChars || name.length > PARTIES.nameMaxChars || words.length > PARTIES.nameMaxWords) return false;
  if (ROLE_ONLY.test(name) || COUNTRY_LIKE.test(name) || /^\d+\.|^(?:Section|Article|Exhibit|Schedule)\b/i.test(name)) return false;
  if (/^(?:this|that|such|each|any|all|both|certain|other|[“"])/i.test(name)) return false;
  // A document's title caught in the preamble ("Mutual Non-Disclosure Agreement"), not a party.
  if (/\b(?:Agreement|AGREEMENT|Amendment|AMENDMENT)$/.test(name)) return false;
  return /\p{Lu}/u.test(name) && /\p{L}{2}/u.test(name);
}

/** `("Northwind"), BLUEFJORD AS, ...`: a comma after a party's defined name, before a capitalised name, starts the next party. */
function isPartyComma(text: string, i: number): boolean {
  return (
    text[i] === ',' && /[)][”"]?\s*$/.test(text.slice(Math.max(0, i - 3), i)) && /^,\s*(?!and\b|or\b)[\p{Lu}]/u.test(text.slice(i, i + 6))
  );
}

/** Party names in the preamble segment: a name, its description up to the next top-level "and"/";", then the next. */
function partiesIn(index: TextIndex, segment: { start: number; end: number }): Candidate[] {
  const { text } = index;
  const out: Candidate[] = [];
  let at = segment.start;
  while (at < segment.end && out.length < PARTIES.maxPreambleParties) {
    const name = readName(text, at, segment.end);
    if (name) {
      const value = text
        .slice(name.start, name.end)
        .replace(/\s+/g, ' ')
        .replace(/^[“"]([^“”"]*)[”"]$/, '$1');
      if (plausibleParty(value)) {
        const c = grounded(index, name.start, name.end, value, PARTIES.preamble);
        if (c) out.push(c);
      }
    }
    // Skip the description ("a Delaware corporation ... (“Kite”)") to the next party at parenthesis depth 0.
    let depth = 0;
    let i = name ? name.end : at;
    let next = -1;
    for (; i < segment.end; i++) {
      const ch = text[i];
      if (ch === '(') depth++;
      else if (ch === ')') depth = Math.max(0, depth - 1);
      else if (
        depth === 0 &&
        (ch === ';' || ch === '\n' || isPartyComma(text, i) || (/\s/.test(ch) && /^\s(?:and|&),?\s/i.test(text.slice(i, i + 6))))
      ) {
        next = i + 1;
        break;
      }
    }
    if (next < 0) break;
    at = next;
  }
  return out;
}

/**
 * Signature blocks: a company line (with a legal form) right above "By:", and a person's own "/s/ Name" signature
 * (not one signed "By:" for a company). They add parties the preamble leaves out ("the undersigned", letters).
 */
function signatureParties(index: TextIndex): Candidate[] {
  const out: Candidate[] = [];
  const add = (m: RegExpExecArray, name: string, confidence: number) => {
    const start = m.index + m[0].indexOf(name);
    // A signature line's caption may follow the name on the same line ("Jane Q. Example Signature").
    const value = name.replace(/(?:\s+(?:Signature|Name|Title|Date|Witness|Employee|Executive))+\s*$/i, '').replace(/[\s,:]+$/, '');
    const c = grounded(index, start, start + value.length, value, confidence);
    if (c) out.push(c);
  };
  // Capitalised words only before the legal form: "X LLC, for and on behalf of Y, Inc." is no company line.
  const company =
    /(?:^|\n)[^\S\n]*(?:[A-Z][A-Z ]*:[^\S\n]*)?((?:(?:[\p{Lu}\d][\p{L}\d.&'’-]*|&),?[^\S\n]+){0,8}(?:Inc\.?|INC\.?|LLC|L\.L\.C\.|L\.P\.|Ltd\.?|LTD\.?|Limited|LIMITED|Corporation|CORPORATION|Corp\.?|CORP\.?|Company|COMPANY|Co\.|CO\.|PLC))[^\S\n]*:?\s*\n?\s*(?:By|BY)\s*:/gu;
  for (let m = company.exec(index.text); m; m = company.exec(index.text)) add(m, m[1], PARTIES.signingCompany);
  const person = /(?:^|\n|\s)\/s\/[^\S\n]*(\p{Lu}[\p{L}.'’-]*(?:[^\S\n]+\p{Lu}[\p{L}.'’-]*){1,3})(?=[^\S\n]*(?:\n|$))/gu;
  for (let m = person.exec(index.text); m; m = person.exec(index.text)) {
    if (/By\s*:\s*$/i.test(index.text.slice(Math.max(0, m.index - PARTIES.byWindow), m.index + 1))) continue;
    add(m, m[1], PARTIES.signingPerson);
  }
  return out;
}

/** Names compared loosely: letters and digits only, legal forms dropped. */
function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\b(?:inc|incorporated|llc|l\.l\.c|ltd|limited|corp|corporation|co|company|l\.?p)\b\.?/g, '')
    .replace(/[^\p{L}\d]/gu, '');
}

/** How far before a defined term (`("Licensee")`) the name it defines is read (characters). */
const DEFINED_NAME_WINDOW = 80;

/**
 * A role a party is defined as (`Contoso Labs, Inc. ("Licensee")`) read as a name of its own: it is a
 * quoted defined term, and the words before each definition never contain it (a short name like `AZZ ("AZZ")` or
 * `Northwind Traders ("Northwind")` does).
 */
function roleAlias(name: string, text: string): boolean {
  const escaped = escapeRegExp(name);
  const definition = new RegExp(`\\(\\s*(?:the\\s+)?["“]${escaped}["”]\\s*\\)`, 'g');
  let defined = false;
  for (let m = definition.exec(text); m; m = definition.exec(text)) {
    if (
      text
        .slice(Math.max(0, m.index - DEFINED_NAME_WINDOW), m.index)
        .toLowerCase()
        .includes(name.toLowerCase())
    )
      return false;
    defined = true;
  }
  return defined;
}

export function findParties(doc: ExtractDocument): Candidate[] {
  const index = textIndex(doc.model);
  const segment = preambleSegment(index.text, headEnd(index, PARTIES.headPages));
  const preamble = (segment ? partiesIn(index, segment) : []).filter((c) => !roleAlias(String(c.value), index.text));
  // Keep preamble order (the array's order is the document's), then signatories the preamble did not name.
  const kept: Candidate[] = [];
  const keys: string[] = [];
  // Personal signatures only fill in when the preamble named fewer than two parties: officers sign for companies too.
  const signed = signatureParties(index).filter(
    (c) => preamble.length < PARTIES.minPreambleParties || c.confidence > PARTIES.signatoryConfidence,
  );
  for (const c of [...preamble, ...signed]) {
    const key = nameKey(String(c.value));
    if (!key || keys.some((k) => k === key || k.includes(key) || key.includes(k))) continue;
    keys.push(key);
    kept.push(c);
  }
  return kept;
}
