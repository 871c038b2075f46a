import { alternation, ENGLISH_MONTH_ABBREVIATIONS } from '../lexicon/mod.ts';
import type { Block, Line, ModelPage } from '../model/types.ts';
import type { IdentityHints } from './types.ts';

/**
 * Identity hints a page states about its document: issuer (letterhead), document number, date, page numbering.
 * Only what the page says clearly; a missing hint is better than a wrong one (the splitter trusts these).
 */

/** Where identity hints are looked for and how long they may be. Shares are of the page height; counts are lines or characters. */
const IDENTITY = {
  /** Page numbers are read from lines starting above this share of the page height... */
  edgeBandShare: 0.1,
  /** ...or ending below this share (when no furniture was found). */
  bottomBandFrom: 0.9,
  /** A bare page number is below this. */
  maxPageNumber: 1000,
  /** The letterhead is among this many top lines... */
  issuerTopLines: 6,
  /** ...at least this many characters long... */
  issuerMinChars: 3,
  /** ...at most this many... */
  issuerMaxChars: 60,
  /** ...and a line ending in a stop or colon still counts when these last characters name an organisation. */
  issuerTailChars: 8,
  /** The EDGAR header is among this many first lines. */
  filingLines: 3,
  /** Top lines: those starting in this top share of the page. */
  topShare: 0.3,
  /** Document numbers and dates are read from this many first body lines. */
  upperLines: 60,
} as const;

/** An English month word: its first three letters. */
const MONTH = alternation(ENGLISH_MONTH_ABBREVIATIONS);

export const DATE = new RegExp(
  `\\b(?:\\d{1,2}[./-]\\d{1,2}[./-]\\d{2,4}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${MONTH})[a-z]*\\.?,?\\s+\\d{4}|(?:${MONTH})[a-z]*\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4})\\b`,
  'gi',
);

const NUMBER_LABEL =
  /\b(?:invoice|inv|bill|receipt|order|po|purchase order|statement|contract|agreement|document|doc|reference|ref|delivery note|quote|quotation)\b\s*(?:no\.?|number|num\.?|#|nr\.?|id)?\s*[:#.]?\s*([A-Z0-9][A-Z0-9/_-]{2,24})\b/i;
const BARE_NUMBER_LABEL = /\b(?:no\.|number|#)\s*[:#]?\s*([A-Z0-9][A-Z0-9/_-]{2,24})\b/i;
const PHONE = /\b(?:tel|phone|fax|mobile|telephone)\b/i;
// "Page 2 of 3" in English, German, French, Spanish, Italian and Dutch ("Seite 2 von 3", "página 2 de 3", "pagina 2 di 3").
const PAGE_OF = /\b(?:page|seite|p[aá]gina|blad)\s+(\d{1,4})\s*(?:of|von|de|di|van|\/)\s*(\d{1,4})\b/i;
const PAGE_ONLY = /^\s*(?:page|seite|p[aá]gina|blad|p\.|pg\.?)\s*(\d{1,4})\s*$/i;
const SLASH = /^\s*(\d{1,4})\s*\/\s*(\d{1,4})\s*$/;
const BARE = /^\s*[-–]?\s*(\d{1,4})\s*[-–]?\s*$/;
// EDGAR's per-document header as it prints at the top of exhibits: type, sequence number, file name.
const EDGAR_HEADER = /^\s*EX-[\w.()-]+\s+\d{1,4}\s+([\w.-]+\.(?:htm|html|txt|pdf))\b/i;
const ORGANISATION = /\b(?:inc|ltd|llc|gmbh|corp|corporation|company|co|plc|s\.a|ag|bv|limited|group|llp|pvt|sarl|srl)\b\.?/i;

/** A document number must contain a digit: "Invoice Date" must not read as number "Date". */
const plausibleNumber = (s: string) => /\d/.test(s) && !/^\d{1,2}$/.test(s);

function documentNumber(lines: Line[]): string | undefined {
  for (const line of lines) {
    if (PHONE.test(line.text)) continue;
    const m = NUMBER_LABEL.exec(line.text) ?? BARE_NUMBER_LABEL.exec(line.text);
    if (m && plausibleNumber(m[1])) return m[1];
  }
  return undefined;
}

function firstDate(lines: Line[]): string | undefined {
  for (const line of lines) {
    DATE.lastIndex = 0;
    const m = DATE.exec(line.text);
    if (m) return m[0];
  }
  return undefined;
}

/** Page numbering from header/footer blocks, or from the top/bottom lines when the layout found no furniture. */
function pageNumber(page: ModelPage): IdentityHints['pageNumber'] {
  const furniture = page.blocks.filter((b) => b.type === 'page_header' || b.type === 'page_footer');
  const edge = (l: Line) => l.bbox[1] < page.height * IDENTITY.edgeBandShare || l.bbox[3] > page.height * IDENTITY.bottomBandFrom;
  const texts = [...furniture.flatMap((b) => b.lines), ...page.lines.filter(edge)].map((l) => l.text);
  for (const t of texts) {
    const m = PAGE_OF.exec(t) ?? SLASH.exec(t);
    if (m) {
      const n = Number(m[1]);
      const of = Number(m[2]);
      if (n >= 1 && of >= n) return { n, of };
    }
  }
  for (const t of texts) {
    const m = PAGE_ONLY.exec(t) ?? BARE.exec(t);
    if (m && Number(m[1]) >= 1 && Number(m[1]) < IDENTITY.maxPageNumber) return { n: Number(m[1]), of: null };
  }
  return undefined;
}

/** The letterhead: an organisation-like line among the top lines (left or centred), short, not a sentence. */
function issuer(top: Line[]): string | undefined {
  for (const line of top.slice(0, IDENTITY.issuerTopLines)) {
    // "Sold By: Acme Ltd" names the issuer after a short label.
    const text = line.text
      .trim()
      .replace(/^[\p{L} ]{1,15}:\s*/u, '')
      .replace(/[,;]$/, '');
    if (
      text.length < IDENTITY.issuerMinChars ||
      text.length > IDENTITY.issuerMaxChars ||
      /[“"(]|, an? /.test(text) ||
      (/[.:]$/.test(text) && !ORGANISATION.test(text.slice(-IDENTITY.issuerTailChars)))
    )
      continue;
    if (ORGANISATION.test(text) && !/\b(?:bill|ship|to|from)\s*:/i.test(line.text)) return text;
  }
  return undefined;
}

/** The EDGAR header's file name, from the first lines of the page only (the header opens the exhibit). */
function filing(lines: Line[]): string | undefined {
  for (const line of lines.slice(0, IDENTITY.filingLines)) {
    const m = EDGAR_HEADER.exec(line.text);
    if (m) return m[1].toLowerCase();
  }
  return undefined;
}

const bodyBlocks = (page: ModelPage): Block[] => page.blocks.filter((b) => b.type !== 'page_footer');

export function extractIdentity(page: ModelPage): IdentityHints {
  const lines = page.blocks.length ? bodyBlocks(page).flatMap((b) => b.lines) : page.lines;
  const topLines = [...page.lines]
    .filter((l) => l.bbox[1] < page.height * IDENTITY.topShare)
    .sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
  const hints: IdentityHints = {};
  const upper = lines.slice(0, IDENTITY.upperLines);
  const num = documentNumber(upper);
  if (num) hints.documentNumber = num;
  const date = firstDate(upper);
  if (date) hints.date = date;
  const org = issuer(topLines);
  if (org) hints.issuer = org;
  const filed = filing(lines);
  if (filed) hints.filing = filed;
  const pn = pageNumber(page);
  if (pn) hints.pageNumber = pn;
  return hints;
}
