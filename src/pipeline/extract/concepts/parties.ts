import { extractIdentity } from '../../classify/mod.ts';
import { findDates } from '../../fields/mod.ts';
import { union } from '../../model/geometry.ts';
import type { Line, ModelPage } from '../../model/types.ts';
import type { Candidate, ConceptFinder, ExtractDocument } from '../types.ts';
import { normalizeText } from '../../lexicon/mod.ts';
import { labelConcept } from '../lexicon.ts';
import { belowOf, candidateFrom, candidateOfLine, height, labelledValues, LAYOUT_WEIGHT, regionIdsOf, spanBox } from './lines.ts';
import { FULL_HEADER_CONFIDENCE, receiptHeader, type ReceiptHeader } from './receipt-header.ts';
import { brandedName, domainsOf } from './brand.ts';
import { repairOcrDigits } from './ocr-repair.ts';
import { PARTY } from './parties-thresholds.ts';

/**
 * Who issued the document and to whom: the issuer is the letterhead (an organisation-like, large or bold line near
 * the top of the first page, not inside the addressee's block); its address is the lines right below it. The
 * customer is what follows a "Bill to" label.
 */

const ORGANISATION =
  /\b(?:inc|ltd|llc|gmbh|corp|corporation|company|co|plc|s\.?a|ag|b\.?v|n\.?v|limited|group|llp|pvt|sarl|srl|sas|s\.?p\.?a|sp\.? z o\.?o|spółka|enterprise|trading|sdn\.? bhd|bhd|kg|oy|ab|as)\b\.?/i;
const DOC_TITLE =
  /\b(?:tax\s+)?(?:invoice|invoices|receipt|bill|facture|rechnung|factuur|factura|fattura|faktura|credit note|quotation|statement|payment receipt|kopie factuur)\b\/?(?:bill)?\.?$/i;
const CONTACT = /@|www\.|https?:|\b(?:tel|phone|fax|email|e-mail)\b/i;

/** Lines that belong to the addressee: the customer label's line and the lines stacked under it. */
function addresseeLines(doc: ExtractDocument, page: ModelPage): Set<string> {
  const ids = new Set<string>();
  for (const l of labelledValues(doc)) {
    if (l.pageIndex !== page.page_index || (l.concept !== 'customer' && l.concept !== 'customer_address')) continue;
    for (const id of l.lineIds) ids.add(id);
    let line = l.line;
    for (let i = 0; line && i < PARTY.addresseeLines; i++) {
      ids.add(line.id);
      line = belowOf(page, line, PARTY.stackGap);
    }
  }
  return ids;
}

/** The organisation name in a letterhead line: without a leading label, a trailing document title or address. */
export function cleanName(text: string): string {
  let s = text.replace(/^[\p{L} ]{1,15}:\s*/u, '').trim();
  // "Acme AG - Uferweg 40 - 63571 Town": the sender line of a window envelope; keep the name.
  const parts = s.split(/\s+[-–|]\s+/);
  if (parts.length > 1 && /\d/.test(parts.slice(1).join(' '))) s = parts[0];
  s = s
    .replace(DOC_TITLE, '')
    .replace(/\s*\((?=[^)]*\d)[^)]*\)\s*$/, '')
    .replace(/\s+[a-z]{0,3}\d[\d-]{4,}-?[a-z]?$/i, '')
    .replace(/[,;:\s]+$/, '')
    .trim();
  return s;
}

/** The issuer's web site and e-mail usually spell its name: "Northwind Traders" and northwind-traders.com. */
function domainBonus(name: string, domains: string[]): number {
  const words = name
    .toLowerCase()
    .replace(ORGANISATION, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= PARTY.domainWordChars);
  if (!words.length) return 0;
  const compact = words.join('');
  if (domains.some((d) => d.startsWith(compact))) return PARTY.domainWhole;
  return domains.some((d) => d.startsWith(words[0]) && words[0].length >= PARTY.domainFirstWordChars) ? PARTY.domainFirstWord : 0;
}

/** Registration and tax numbers, and street lines: printed near the name but not the name. */
const NOT_A_NAME = /\b(?:reg(?:istration)?|gst|roc|tel|fax|vat|tax|no)\b[\s.:]*\S*\d|:\s*\S*\d|^(?:no\.?|lot|unit|jalan)\s*\d|\d.*,|,.*\d/i;

/** A name, not a sentence or a note: short, starts like a name, does not end like a label. */
function plausibleName(name: string): boolean {
  if (
    name.length < PARTY.nameMinChars ||
    name.length > PARTY.nameMaxChars ||
    !/\p{L}{2}/u.test(name) ||
    /^[([*]|:$/.test(name) ||
    NOT_A_NAME.test(name)
  )
    return false;
  const words = name.split(/\s+/);
  return words.length <= PARTY.nameMaxWords && !(words.length > PARTY.lowerCaseNameWords && /^\p{Ll}/u.test(name));
}

/** How many other lines share the line's row: two or more are column headers or table cells, not a letterhead. */
function rowNeighbours(page: ModelPage, line: Line): number {
  const mid = (line.bbox[1] + line.bbox[3]) / 2;
  const h = height(line.bbox) / 2;
  return page.lines.filter((o) => o !== line && Math.abs((o.bbox[1] + o.bbox[3]) / 2 - mid) < h).length;
}

function issuerScore(line: Line, page: ModelPage, maxSize: number, identity: string | undefined, domains: string[]): number {
  const name = cleanName(line.text);
  if (!plausibleName(name)) return 0;
  if (CONTACT.test(line.text) || (/\d{3,}/.test(name) && !ORGANISATION.test(name))) return 0;
  const label = labelConcept(line.text.replace(/[:\s]+$/, ''), PARTY.otherLabelScore);
  if (label && label.concept !== 'issuer') return 0;
  if (!/\p{L}{2}/u.test(name)) return 0;
  let score = PARTY.baseScore + PARTY.fontSizeWeight * (line.font.size / maxSize) + (line.font.bold ? PARTY.boldBonus : 0);
  if (ORGANISATION.test(name)) score += PARTY.organisationBonus;
  const neighbours = rowNeighbours(page, line);
  // A row of four or more cells is a table's header or body ("Artikel | Omschrijving | Prijs | Bedrag").
  if (neighbours >= PARTY.tableRowNeighbours) return 0;
  if (neighbours === PARTY.crowdedRowNeighbours) score -= PARTY.crowdedPenalty;
  if (identity && normalizeText(identity).includes(normalizeText(name))) score += PARTY.identityBonus;
  score +=
    line.bbox[1] < page.height * PARTY.letterheadTop
      ? PARTY.positionBonus * (1 - line.bbox[1] / (page.height * PARTY.letterheadTop))
      : -PARTY.positionBonus;
  score += domainBonus(name, domains);
  return Math.min(1, score);
}

const issuerCache = new WeakMap<ExtractDocument, Candidate[]>();
/** The brand put ahead of the document's issuer names, if any. */
const brands = new WeakMap<ExtractDocument, Candidate['value']>();

/** Computed once per document: issuer_address starts from the issuer's line. */
export const issuerFinder: ConceptFinder = {
  concept: 'issuer',
  accepts: (value) => plausibleName(cleanName(value)),
  find(doc) {
    let found = issuerCache.get(doc);
    if (!found) issuerCache.set(doc, (found = issuerCandidates(doc)));
    return found.map((c) => ({ ...c }));
  },
};

/** The most words a name read from a header block has ("A .B.C. MOTOR ( KAMPUNG ULU ) SDN . BHD." as read). */
export const MAX_HEADER_NAME_WORDS = 12;
const plausibleHeaderName = (name: string) =>
  name.length >= 2 && /\p{L}{2}/u.test(name) && name.split(/\s+/).length <= MAX_HEADER_NAME_WORDS && !CONTACT.test(name);

const headerCache = new WeakMap<ExtractDocument, ReceiptHeader | null>();

/** The first page's header block read as name, registration and address rows (receipts, shop invoices). */
function headerOf(doc: ExtractDocument): ReceiptHeader | null {
  if (!headerCache.has(doc)) headerCache.set(doc, receiptHeader(doc.model.pages[0]));
  return headerCache.get(doc) ?? null;
}

function issuerCandidates(doc: ExtractDocument): Candidate[] {
  const page = doc.model.pages[0];
  if (!page) return [];
  const out: Candidate[] = [];
  for (const l of labelledValues(doc)) {
    if (l.concept !== 'issuer' || l.pageIndex !== 0) continue;
    const name = cleanName(l.valueText.split('\n')[0]);
    if (!plausibleName(name)) continue;
    const at = Math.max(0, l.valueText.indexOf(name));
    out.push(candidateFrom(doc, l, name, at, at + name.length, PARTY.labelledFactor * l.labelScore * LAYOUT_WEIGHT[l.layout]));
  }
  const skip = addresseeLines(doc, page);

  // The letterhead near the top; organisation names in the footer (legal lines) as a fallback.
  const top = page.lines.filter(
    (l) =>
      !skip.has(l.id) &&
      (l.bbox[1] < page.height * PARTY.letterheadTop ||
        (l.bbox[1] > page.height * PARTY.footerTop && ORGANISATION.test(cleanName(l.text)))),
  );
  const maxSize = Math.max(1, ...top.filter((l) => l.bbox[1] < page.height * PARTY.letterheadTop).map((l) => l.font.size));
  const identity = extractIdentity(page).issuer;
  const domains = domainsOf(doc);
  for (const line of top) {
    const score = issuerScore(line, page, maxSize, identity, domains);
    if (score <= 0) continue;
    const name = cleanName(line.text);
    const above = onlyLegalForm(name) ? lineAbove(page, line) : undefined;
    if (above && plausibleName(cleanName(above.text))) {
      // "GOLDEN LOTUS TRADING" / "SDN BHD": a name wrapped before its legal form.
      const joined = addressCandidate(doc, 0, [above, line], score);
      if (joined) out.push({ ...joined, value: `${cleanName(above.text)} ${name}` });
      continue;
    }
    const below =
      /[&(,-]$/.test(name) || (name.match(/\(/g)?.length ?? 0) > (name.match(/\)/g)?.length ?? 0)
        ? belowOf(page, line, PARTY.stackGap)
        : undefined;
    if (below && !/\d{3}/.test(below.text)) {
      // "RIVERSIDE TOOLS &" / "SUPPLIES": a name that wraps.
      const joined = addressCandidate(doc, 0, [line, below], score);
      if (joined) out.push({ ...joined, value: cleanName(`${line.text.trim()} ${below.text.trim()}`) });
      continue;
    }
    const at = line.text.indexOf(name);
    out.push(candidateOfLine(doc, 0, line, name, at, at + name.length, score));
  }
  out.sort((a, b) => b.confidence - a.confidence);
  // A header read whole (name, registration, address with postcode, closed by the contact or tax-id rows) is
  // stronger evidence than any single line's score; a partial one competes on confidence.
  const header = headerOf(doc);
  const c =
    header && plausibleHeaderName(header.nameText)
      ? addressCandidate(
          doc,
          0,
          header.name.flatMap((r) => r.lines),
          header.confidence,
        )
      : null;
  if (c && header) {
    const own = { ...c, value: header.nameText, text: header.nameText };
    if (header.confidence >= FULL_HEADER_CONFIDENCE) out.unshift(own);
    else out.splice(out.findIndex((o) => o.confidence < own.confidence) >>> 0, 0, own);
  }
  const brand = brandCandidate(doc, out[0], header);
  if (brand) {
    brands.set(doc, brand.value);
    out.unshift(brand);
  }
  return out;
}

/** Where the words stand in the text as whole words ("Acme" in "At Acme we", not in "Acmeco"), or -1. */
function wordAt(text: string, words: string): number {
  for (let at = text.indexOf(words); at >= 0; at = text.indexOf(words, at + 1)) {
    if (!/\p{L}/u.test(text[at - 1] ?? '') && !/\p{L}/u.test(text[at + words.length] ?? '')) return at;
  }
  return -1;
}

/**
 * The issuer's brand ahead of the name found (brand.ts), on the line that first names it. A shop's legal name read
 * from a receipt's letterhead stays: receipts are known by the name printed at their top.
 */
function brandCandidate(doc: ExtractDocument, top: Candidate | undefined, header: ReceiptHeader | null): Candidate | null {
  // A letterhead's legal name is printed bare; "Sold by: ..." names a party that may sell for the brand.
  const letterhead =
    header &&
    top?.value === header.nameText &&
    header.name.some((r) => r.kind === 'legal') &&
    !/^[\p{L} ]{1,15}:/u.test(header.name[0].text);
  if (!top || letterhead) return null;
  const brand = brandedName(String(top.value), doc);
  if (!brand) return null;
  for (const page of doc.model.pages) {
    const line = page.lines.find((l) => wordAt(l.text, brand) >= 0);
    if (!line) continue;
    const at = wordAt(line.text, brand);
    return candidateOfLine(doc, page.page_index, line, brand, at, at + brand.length, top.confidence);
  }
  return null;
}

const SUFFIX_ONLY = /^(?:sdn\.?\s*bhd|s\/b|bhd|gmbh|ltd|limited|inc|llc|b\.?v\.?|ag|sas|plc|co\.?)\.?$/i;
const GENERIC_BUSINESS = /\b(?:co|cp|sdn|bhd|s\/b|m|restaurant|enterprise|trading|company|ltd|limited|inc|gmbh|llc|plc)\b\.?/gi;

/** "CO. (M) SDN BHD", "RESTAURANT SDN BHD": only a legal form and trade words, the rest of the name is on the line above. */
const onlyLegalForm = (name: string) => SUFFIX_ONLY.test(name) || !/\p{L}{2}/u.test(name.replace(GENERIC_BUSINESS, ' '));
/** "(CO.REG : 933109-X)", "789417-W", "GST ID: ...": registration lines between a letterhead name and its address. */
const REGISTRATION =
  /^\(?\s*(?:co(?:mpany)?\.?\s*(?:reg|no)|reg\.?\s*no|roc|gst|business\s*reg)|^\(?[^()\d]{0,20}[:.]?\s*[a-z]{0,3}\d[\d-]{4,}-?[a-z]?\)?$/i;
const STOP = /^[\d\s()+\-./]{6,}$|^\W*(?:tax\s+)?(?:invoice|receipt|cash\s*bill|bill)\W*$/i;

function lineAbove(page: ModelPage, line: Line): Line | undefined {
  const h = height(line.bbox);
  return page.lines
    .filter(
      (o) =>
        o !== line &&
        o.bbox[3] <= line.bbox[1] + h * PARTY.aboveOverlap &&
        line.bbox[1] - o.bbox[3] < h * PARTY.stackGap &&
        o.bbox[0] < line.bbox[2] &&
        o.bbox[2] > line.bbox[0],
    )
    .sort((a, b) => b.bbox[3] - a.bbox[3])[0];
}

/** Address lines stacked under a name line (left-aligned or centred), past registration numbers, until a contact line or a label. */
function linesUnder(page: ModelPage, line: Line, max: number = PARTY.maxAddressLines): Line[] {
  const out: Line[] = [];
  const h = height(line.bbox);
  const centre = (l: Line) => (l.bbox[0] + l.bbox[2]) / 2;
  let current = line;
  for (let i = 0; i < max + 2 && out.length < max; i++) {
    const next = belowOf(page, current, PARTY.stackGap);
    if (!next || CONTACT.test(next.text) || STOP.test(next.text.trim())) break;
    const aligned =
      Math.abs(next.bbox[0] - line.bbox[0]) <= h * PARTY.alignLines ||
      Math.abs(centre(next) - centre(line)) <= Math.max(h * PARTY.alignLines, page.width * PARTY.alignCentre);
    if (!aligned) break;
    current = next;
    // Before the street: registration numbers, the receipt's date and time, the rest of a wrapped name (no digits).
    const text = next.text.trim();
    if (!out.length && (REGISTRATION.test(text) || findDates(text).length || !/\d/.test(text) || !/[\p{L}\d]/u.test(text))) continue;
    if (/:/.test(next.text) && labelConcept(next.text.split(':')[0], PARTY.addressStopLabel)) break;
    out.push(next);
  }
  return out;
}

function addressCandidate(doc: ExtractDocument, pageIndex: number, lines: Line[], confidence: number): Candidate | null {
  if (!lines.length) return null;
  // Recognised text may confuse 0/O and 1/l ("N0.3", "Ja1an"): put back as the words around them show.
  const text = lines.map((l) => (l.source === 'ocr' ? repairOcrDigits(l.text.trim()) : l.text.trim())).join(' ');
  const boxes = lines.map((l) => spanBox(l, 0, l.text.length));
  const bbox: Candidate['bbox'] = union(boxes);
  return {
    value: text,
    text,
    pageIndex,
    bbox,
    regionIds: regionIdsOf(
      doc,
      pageIndex,
      lines.map((l) => l.id),
    ),
    confidence,
    source: 'text',
  };
}

export const issuerAddressFinder: ConceptFinder = {
  concept: 'issuer_address',
  find(doc) {
    const out: Candidate[] = [];
    for (const l of labelledValues(doc)) {
      if (l.concept !== 'issuer_address' || !l.valueText.trim()) continue;
      out.push(
        candidateFrom(
          doc,
          l,
          l.valueText.replace(/\s*\n\s*/g, ' ').trim(),
          0,
          l.valueText.length,
          PARTY.labelledFactor * l.labelScore * LAYOUT_WEIGHT[l.layout],
        ),
      );
    }
    // The issuer's address is the named party's, not the brand's (brandCandidate): it is printed under the name.
    const issuer = issuerFinder
      .find(doc, { key: 'issuer', description: '', type: 'string', array: false })
      .find((c) => c.value !== brands.get(doc));
    const page = doc.model.pages[0];
    const header = headerOf(doc);
    if (header?.addressText && issuer?.value === header.nameText) {
      const c = addressCandidate(
        doc,
        0,
        header.address.flatMap((r) => r.lines),
        header.confidence,
      );
      if (c) out.push({ ...c, value: header.addressText });
    } else if (issuer && issuer.source === 'text' && page) {
      const line = page.lines.find(
        (l) =>
          l.bbox[1] <= issuer.bbox[1] + PARTY.issuerLineSlack &&
          l.bbox[3] >= issuer.bbox[3] - PARTY.issuerLineSlack &&
          l.text.includes(issuer.text),
      );
      const rest = line
        ? line.text
            .slice(line.text.indexOf(issuer.text) + issuer.text.length)
            .replace(/^\s*[-–|,]\s*/, '')
            .trim()
        : '';
      const c =
        line &&
        (rest && /\d/.test(rest) && /\p{L}{3}/u.test(rest) && !REGISTRATION.test(rest)
          ? candidateOfLine(doc, 0, line, rest, line.text.indexOf(rest), line.text.indexOf(rest) + rest.length, PARTY.issuerAddress)
          : addressCandidate(doc, 0, linesUnder(page, line), PARTY.issuerAddress));
      if (c) out.push(c);
    }
    return out.sort((a, b) => b.confidence - a.confidence);
  },
};

/** The customer's name: the value of a "Bill to" label (inline or the first line below), without "Attn:". */
function customerLines(doc: ExtractDocument): { pageIndex: number; line: Line; name: string; confidence: number }[] {
  const out: { pageIndex: number; line: Line; name: string; confidence: number }[] = [];
  for (const l of labelledValues(doc)) {
    if ((l.concept !== 'customer' && l.concept !== 'customer_address') || !l.line || l.layout === 'right') continue;
    const name = cleanName(l.valueText.split('\n')[0]);
    if (name.length < PARTY.nameMinChars || !/\p{L}{2}/u.test(name)) continue;
    out.push({
      pageIndex: l.pageIndex,
      line: l.line,
      name,
      confidence: (l.concept === 'customer' ? PARTY.customerLabel : PARTY.customerAddressLabel) * l.labelScore * LAYOUT_WEIGHT[l.layout],
    });
  }
  return out.sort((a, b) => b.confidence - a.confidence);
}

export const customerFinder: ConceptFinder = {
  concept: 'customer',
  find: (doc) =>
    customerLines(doc).map((c) => {
      const at = Math.max(0, c.line.text.indexOf(c.name));
      return candidateOfLine(doc, c.pageIndex, c.line, c.name, at, at + c.name.length, c.confidence);
    }),
};

export const customerAddressFinder: ConceptFinder = {
  concept: 'customer_address',
  find(doc) {
    const out: Candidate[] = [];
    for (const c of customerLines(doc)) {
      const page = doc.model.pages[c.pageIndex];
      const cand = page && addressCandidate(doc, c.pageIndex, linesUnder(page, c.line), c.confidence * PARTY.customerAddressFactor);
      if (cand) out.push(cand);
    }
    return out;
  },
};
