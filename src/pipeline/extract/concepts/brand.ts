import type { ExtractDocument } from '../types.ts';

/**
 * The brand an issuer trades under, as its own web site and e-mail spell it: "shop.example-mart.com" and the
 * words "Example Mart" in the text. Invoices are known by that brand even when they print a legal entity
 * ("Sold by: Holding Services Ltd") or a department ("Acme Customer Service") as the sender.
 */

/** A brand is named on its own (not inside a longer name) at least this many times before it is trusted. */
export const MIN_BRAND_MENTIONS = 2;
/** A domain label shorter than this spells nothing ("ab.com", country labels). */
export const MIN_DOMAIN_LABEL = 3;
/** A brand spelled by the start of a longer domain label ("ACME" for acmerooms.com) must be an all-capitals word of at least this many letters. */
export const MIN_PREFIX_BRAND = 3;
/** A domain label's hyphenated part shorter than this is not taken as a name on its own. */
const MIN_DOMAIN_PART = 3;
/** At most this many words make a brand. */
export const MAX_BRAND_WORDS = 3;

const WEB = /(?:[\w.+-]+@|www\.|https?:\/\/)[\w.-]+\.[a-z]{2,6}\b\S*/gi;
const LEGAL_FORM = /^(?:inc|ltd|llc|gmbh|corp|co|plc|sa|sas|sarl|ag|bv|nv|pvt|pte|bhd|sdn|limited|spa|srl|oy|ab|kg)\b/i;

/** The host names of the document's web sites and e-mail addresses, letters only ("northwindtraders", "northwind", "traders"). */
export function domainsOf(doc: ExtractDocument): string[] {
  const out = new Set<string>();
  for (const page of doc.model.pages) {
    for (const line of page.lines) {
      for (const m of line.text.matchAll(/(?:@|www\.|https?:\/\/)([\w.-]+)\.[a-z]{2,6}\b/gi)) {
        for (const label of m[1]
          .toLowerCase()
          .replace(/^www\./, '')
          .split('.')) {
          out.add(label.replace(/[^a-z0-9]/g, ''));
          for (const part of label.split(/[-_]/)) if (part.length >= MIN_DOMAIN_PART) out.add(part);
        }
      }
    }
  }
  return [...out];
}

const compact = (words: string[]) =>
  words
    .join('')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
const capitalised = (w: string) => /^\p{Lu}/u.test(w);

/** Does a domain label spell these words: the whole label, or (an all-capitals acronym) its start? */
function spells(words: string[], domains: string[]): boolean {
  const c = compact(words);
  if (c.length < MIN_DOMAIN_LABEL) return false;
  const acronym = words.length === 1 && c.length >= MIN_PREFIX_BRAND && !/\p{Ll}/u.test(words[0]);
  return domains.some((d) => d.length >= MIN_DOMAIN_LABEL && (d === c || (acronym && d.startsWith(c))));
}

/**
 * Word runs of the text that a domain spells, named on their own: not followed by another capitalised word
 * ("Acme Cloud Storage" is a product), unless that word is a legal form ("Acme SAS").
 */
function mentions(doc: ExtractDocument, domains: string[], legalNames = new Set<string>()): Map<string, number> {
  const counts = new Map<string, number>();
  for (const page of doc.model.pages) {
    for (const line of page.lines) {
      // A web address ends a word run: "Acme.com" names Acme, "www.acme.com" is not a word of the text.
      const words = line.text
        .replace(WEB, ' | ')
        .replace(/\.(?:com|net|org|[a-z]{2})\b/gi, ' |')
        .split(/\s+/)
        .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
      for (let i = 0; i < words.length; i++) {
        for (let n = 1; n <= MAX_BRAND_WORDS && i + n <= words.length; n++) {
          const run = words.slice(i, i + n);
          if (!run.every((w) => capitalised(w) && /\p{L}/u.test(w))) break;
          const next = words[i + n];
          if (next && capitalised(next) && !LEGAL_FORM.test(next)) continue;
          if (!spells(run, domains)) continue;
          counts.set(run.join(' '), (counts.get(run.join(' ')) ?? 0) + 1);
          if (next && LEGAL_FORM.test(next)) legalNames.add(run.join(' '));
        }
      }
    }
  }
  return counts;
}

/**
 * The brand the document's domains spell and name on their own at least MIN_BRAND_MENTIONS times, most named first;
 * `legalNames` gets those also printed with a legal form ("Acme SAS").
 */
export function brandsOf(doc: ExtractDocument, legalNames?: Set<string>): string[] {
  const domains = domainsOf(doc);
  if (!domains.length) return [];
  return [...mentions(doc, domains, legalNames)]
    .filter(([, n]) => n >= MIN_BRAND_MENTIONS)
    .sort((a, b) => b[1] - a[1])
    .map(([b]) => b);
}

/**
 * The issuer as its brand: the name itself when a domain spells it (whole, by its first words or by its initials),
 * the brand alone when the name starts with the brand and goes on with a department ("Acme Customer Service") and
 * the brand with a legal form is the company,
 * or the brand instead of a name that shares nothing with it (a legal entity). Null: the name stands.
 */
export function brandedName(name: string, doc: ExtractDocument): string | null {
  const legalNames = new Set<string>();
  const brands = brandsOf(doc, legalNames);
  if (!brands.length) return null;
  const domains = domainsOf(doc);
  const words = name.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w) && !LEGAL_FORM.test(w.replace(/\W/g, '')));
  if (spells(words, domains)) return null;
  const initials = words
    .filter(capitalised)
    .map((w) => w[0])
    .join('');
  if (initials.length >= MIN_PREFIX_BRAND && brands.some((b) => compact([b]) === initials.toLowerCase())) return null;
  for (const brand of brands) {
    const own = brand.split(' ');
    const lead = words.slice(0, own.length);
    // "Acme Subscriber Service" is Acme when the company is "Acme SAS"; "Acme Pizza" stays (the brand names more).
    if (compact(lead) === compact(own)) return words.length > own.length && legalNames.has(brand) ? brand : null;
  }
  // The name shares a word with a brand: the same party under a longer name.
  if (brands.some((b) => b.split(' ').some((w) => words.some((x) => compact([x]) === compact([w]))))) return null;
  return brands[0];
}
