import { findDates } from '../../fields/mod.ts';
import type { BBox, Line, ModelPage } from '../../model/types.ts';
import { centerY } from '../../model/geometry.ts';
import { height, visualLines } from './lines.ts';
import { repairKnownWords, repairOcrDigits } from './ocr-repair.ts';

export { repairOcrDigits };

/**
 * The header block of a receipt or shop invoice, read as a structure rather than line by line: from the top, past
 * logos, stamps and handwriting, the issuer's name (one to three rows, ending at a legal form such as "SDN BHD"
 * when it has one), its registration number, its address (the rows down to the telephone, tax-id, document title
 * or date rows), then the body. A name is the row with a legal form, else the first name-like row that the
 * registration number or the address follows at once.
 */

/** Only rows starting above this fraction of the page height belong to the header. */
export const HEADER_MAX_TOP = 0.55;
/** Rows whose words' mean recogniser confidence is below this are noise (logos, stamps, smudges read as letters). */
export const MIN_ROW_CONFIDENCE = 0.6;
/** A name spans at most this many rows; an address at most this many. */
export const MAX_NAME_ROWS = 3;
export const MAX_ADDRESS_ROWS = 6;
/** Rows of one block: the gap between a row and the next is at most this many row heights. */
export const MAX_ROW_GAP = 1.2;
/** Rows of one name: font sizes (row heights) within this ratio of each other. */
export const NAME_SIZE_RATIO = 1.45;
/** After the postcode row, at most this many rows (a state, a country: a word of four letters) still belong to the address. */
export const POSTCODE_TAIL_ROWS = 1;
/** Confidence of a name and address found in a full header (name, address with postcode, closing contact/tax-id row). */
export const FULL_HEADER_CONFIDENCE = 0.9;
/** Confidence when the structure is partial (no postcode or no closing row). */
export const PARTIAL_HEADER_CONFIDENCE = 0.62;

export type RowKind = 'noise' | 'title' | 'contact' | 'registration' | 'stop' | 'legal' | 'address' | 'text';

export interface HeaderRow {
  lines: Line[];
  text: string;
  bbox: BBox;
  kind: RowKind;
  /** The bottom of the row above it (any kind, noise too); -Infinity for the first. */
  aboveBottom: number;
}

export interface ReceiptHeader {
  name: HeaderRow[];
  nameText: string;
  address: HeaderRow[];
  addressText: string;
  confidence: number;
}

/** Legal forms that end a company name (Malaysian "SDN BHD", "S/B", and the usual others). */
const LEGAL_FORM = String.raw`s[adoe]n\s*\.?\s*[bf8r3]h[dx]|[s5]\s*\/\s*[b8]|bhd|berhad|gmbh|ltd|limited|inc|llc|plc|pte|pty|corp(?:oration)?|enterprise|trading`;
const LEGAL = new RegExp(String.raw`\b(?:${LEGAL_FORM}|co\.?(?=\s*\(|\s*$))\b\.?`, 'i');
const LEGAL_ALL = new RegExp(String.raw`\b(?:${LEGAL_FORM}|co\b\.?(?=\s*$))\b\.?`, 'gi');
/** "SDN BHD" as the recogniser may read it ("SON BHD", "Sdn .Rhd", "5/B"): written out as the legal form it is. */
const MALAY_SDN_BHD = /\bs[adoe]n\s*\.?\s*[bf8r3]h[dx]\b\.?/i;
const MALAY_S_B = /\b[s5]\s*\/\s*[b8]\b/i;

/** Lines of one row further apart than this many row heights are columns (side-by-side blocks). */
export const COLUMN_GAP = 3;
/** Row heights above this multiple of the header's median row height are logos (a name may still be one). */
export const LOGO_HEIGHT_RATIO = 1.6;
/** What a legal-form row holds besides the name: the legal form, "(M)", trade words. */
const NOT_NAME_WORDS = new RegExp(String.raw`\b(?:${LEGAL_FORM}|co|m|restaurant|restoran|company)\b\.?|[()]`, 'gi');
const CONTACT = /@|www\.|https?:|\b(?:tel|phone|fax|h\/?p|hp|mobile|email|e-mail)\b/i;
const PHONE_ONLY = /^[+(]?\d[\d\s()+\-./]{6,}$/;
/** A row of only phone characters is a phone number when it holds at least this many digits. */
const PHONE_MIN_DIGITS = 7;
const REGISTRATION =
  /\b(?:gst|sst|roc|tin|vat|co\.?\s*(?:reg|no)|co[\s.-]*reg?|reg(?:istration)?\.?\s*no|business\s*reg|company\s*(?:reg|no))\b|^[(<[]?\s*[a-z]{0,3}\d[\d\s-]{4,}-?\s*[a-z]?\s*[)>\]]?$/i;
const TITLE =
  /^\W*(?:simplified\s+)?(?:full\s+)?(?:tax\s*)?(?:invoice|receipt|cash\s*(?:bill|sales?|receipt)|bill|guest\s*check|official\s+receipt|tax\s+cash\s+sales?)\W*$/i;
/** "Cashier: 12", "Table 15", "Date : ...": the receipt's body has started. */
const LABEL_ROW = /^[\p{L}#./ ]{2,24}\s*:/u;
const AMOUNT = /\b\d+[.,]\d{2}\b/;
const TIME = /\b\d{1,2}:\d{2}\b/;
/** Street and area words in addresses (several languages): evidence that a row without a number is an address row. */
const STREET_WORDS = [
  'jalan',
  'jln',
  'lorong',
  'lrg',
  'taman',
  'tmn',
  'bandar',
  'bdr',
  'kawasan',
  'persiaran',
  'lebuh',
  'kampung',
  'kg',
  'seksyen',
  'section',
  'street',
  'st',
  'road',
  'rd',
  'avenue',
  'ave',
  'lane',
  'drive',
  'boulevard',
  'blvd',
  'floor',
  'level',
  'lot',
  'unit',
  'blok',
  'block',
  'suite',
  'plaza',
  'mall',
  'tower',
  'building',
  'wisma',
  'kompleks',
  'complex',
  'industrial',
  'park',
  'strasse',
  'straße',
  'rue',
  'via',
  'calle',
];
const ADDRESS_WORD = new RegExp(String.raw`\b(?:${STREET_WORDS.join('|')})\b`, 'i');
const KNOWN_STREET_WORDS: ReadonlySet<string> = new Set(STREET_WORDS);
/** A postcode of four to six digits beside a place name ("40990 TELUK GADING", "Gading 40990"). */
const POSTCODE = /(?:^|[\s,.])\d{4,6}\s+\p{L}{3,}|\p{L}{3,},?\s+\d{4,6}\W*$/u;

function meanConfidence(lines: Line[]): number {
  const words = lines.flatMap((l) => l.words);
  return words.length ? words.reduce((s, w) => s + w.confidence, 0) / words.length : 1;
}

/** "KEDAI MAJU (81497-P)": a name followed by its registration number in brackets, on one row. */
const REGISTRATION_TAIL = /\(\s*[a-z]{0,3}\d{4,}[\s-]*[a-z]?\s*\)\s*$/i;
function namedWithRegistration(t: string): boolean {
  const name = t.replace(REGISTRATION_TAIL, '');
  return name !== t && /\p{L}{2,}.*\s.*\p{L}{2,}/u.test(name) && !/\d/.test(name) && !ADDRESS_WORD.test(name);
}

export function classifyRow(text: string, confidence: number): RowKind {
  const t = text.trim();
  if (confidence < MIN_ROW_CONFIDENCE) return 'noise';
  if (CONTACT.test(t)) return 'contact';
  if (PHONE_ONLY.test(t) && (t.match(/\d/g)?.length ?? 0) >= PHONE_MIN_DIGITS) return 'contact';
  if (REGISTRATION.test(t)) return 'registration';
  // No word of three letters: a stamp or smudge, unless a street number and its road ("109, SS2/1A,").
  if (!/\p{L}{3}/u.test(t) && !(/\d/.test(t) && /\p{L}/u.test(t) && /,/.test(t))) return 'noise';
  // Handwriting and logos read as lower-case words: "tan ah kow", "coffeeshop".
  if (!/\p{Lu}/u.test(t)) return 'noise';
  if (TITLE.test(t)) return 'title';
  const colon = LABEL_ROW.exec(t);
  if (colon && LEGAL.test(t.slice(colon[0].length))) return 'legal';
  // "No: 28, Jalan Mawar 3,": a street number after its label.
  // "No: 28, Jalan Mawar 3,", "UNIT NO.: B2.07, LEVEL 3": a street or unit number after its label.
  if (
    colon &&
    /^\s*(?:\p{L}{1,2}[-.]?)?\d/u.test(t.slice(colon[0].length)) &&
    (ADDRESS_WORD.test(t) || /,/.test(t)) &&
    !findDates(t).length
  )
    return 'address';
  if (colon || findDates(t).length || TIME.test(t) || AMOUNT.test(t)) return 'stop';
  if (LEGAL.test(t)) return 'legal';
  if (namedWithRegistration(t)) return 'legal';
  if (/\d/.test(t) || ADDRESS_WORD.test(t) || /,\s*$/.test(t)) return 'address';
  return 'text';
}

/** Lines of the page's upper part grouped into rows (lines sharing a row are joined left to right). */
export function headerRows(page: ModelPage): HeaderRow[] {
  const rows: HeaderRow[] = [];
  for (const line of visualLines(page)) {
    if (line.bbox[1] > page.height * HEADER_MAX_TOP || line.rotation !== 0 || !line.text.trim()) continue;
    const last = rows[rows.length - 1];
    // A document title level with a name or address line is its own row ("... Johor" | "TAX INVOICE").
    const mergeable = (l: Line) => classifyRow(l.text, 1) !== 'title';
    const level = last && Math.abs(centerY(line.bbox) - centerY(last.bbox)) < Math.min(height(last.bbox), height(line.bbox)) / 2;
    if (last && level && mergeable(line) === last.lines.every(mergeable)) {
      last.lines.push(line);
      last.bbox = [
        Math.min(last.bbox[0], line.bbox[0]),
        Math.min(last.bbox[1], line.bbox[1]),
        Math.max(last.bbox[2], line.bbox[2]),
        Math.max(last.bbox[3], line.bbox[3]),
      ];
      continue;
    }
    rows.push({ lines: [line], text: '', bbox: [...line.bbox], kind: 'text', aboveBottom: last ? last.bbox[3] : -Infinity });
  }
  for (const row of rows) {
    row.lines.sort((a, b) => a.bbox[0] - b.bbox[0]);
    row.text = row.lines
      .map((l) => (l.source === 'ocr' ? repairKnownWords(repairOcrDigits(l.text.trim()), KNOWN_STREET_WORDS) : l.text.trim()))
      .join(' ');
    row.kind = classifyRow(row.text, meanConfidence(row.lines));
  }
  // Two blocks side by side ("Invoice address" | "Delivery address", a name | a date): columns, not a header.
  for (const row of rows) {
    const gaps = row.lines.slice(1).map((l, i) => l.bbox[0] - row.lines[i].bbox[2]);
    if (gaps.some((g) => g > COLUMN_GAP * height(row.bbox)) && ['text', 'legal', 'address'].includes(row.kind)) row.kind = 'stop';
  }
  const heights = rows.map((r) => height(r.bbox)).sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)] ?? 0;
  for (const row of rows) if (row.kind !== 'legal' && height(row.bbox) > median * LOGO_HEIGHT_RATIO) row.kind = 'noise';
  return rows;
}

/** No wide gap between the rows: noise rows (a smudge, a stamp) between them do not count as a gap. */
const adjacent = (upper: HeaderRow, lower: HeaderRow) =>
  lower.bbox[1] - Math.max(lower.aboveBottom, upper.bbox[3]) <= MAX_ROW_GAP * Math.min(height(upper.bbox), height(lower.bbox));
const similarSize = (a: HeaderRow, b: HeaderRow) =>
  Math.max(height(a.bbox), height(b.bbox)) / Math.max(1, Math.min(height(a.bbox), height(b.bbox))) <= NAME_SIZE_RATIO;
/** "MAWAR FLORIST" above "MAWAR FLORIST SDN BHD": a trade name the legal name repeats is not part of it. */
const contains = (row: HeaderRow, other: HeaderRow) => normalizeWords(row.text).includes(normalizeWords(other.text));
const normalizeWords = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
/** The upper row runs on into the lower: it ends with a connector, or the lower one starts with one. */
const continues = (upper: HeaderRow, lower: HeaderRow) =>
  /(?:[&(\-,]|\b(?:and|of|dan|und|et))$/i.test(upper.text.trim()) || /^(?:[&)-]|(?:and|of|dan|und|et)\b)/i.test(lower.text.trim());
/** A row that can carry on a name: words only ("BUILDING SUPPLY" reads like an address word but has no number). */
const nameWords = (r: HeaderRow) => r.kind === 'text' || (r.kind === 'address' && !/\d/.test(r.text) && !/,\s*$/.test(r.text));
const isName = (r: HeaderRow) => r.kind === 'text' || r.kind === 'legal';

/** A row that starts with the name's first word (of at least MIN_LEAD_WORD letters): the shop named again. */
export const MIN_LEAD_WORD = 4;
function namesAgain(row: HeaderRow, nameRow: HeaderRow): boolean {
  const lead = normalizeWords(nameRow.text.trim().split(/\s+/)[0] ?? '');
  return lead.length >= MIN_LEAD_WORD && /\p{L}/u.test(lead) && normalizeWords(row.text).startsWith(lead);
}

/** The name as printed: the label before it ("Owned by:") and what follows its legal form dropped. */
function nameOf(rows: HeaderRow[]): string {
  let text = rows
    .map((r) => r.text.trim())
    .join(' ')
    .replace(/^[\p{L} ]{1,15}:\s*/u, '');
  // The name ends with its (last) legal form: a registration number, branch code or stamp may follow on its row.
  const forms = [...text.matchAll(LEGAL_ALL)];
  const last = forms[forms.length - 1];
  if (last) text = text.slice(0, last.index! + last[0].length);
  const upper = !/\p{Ll}/u.test(text);
  text = text.replace(MALAY_SDN_BHD, upper ? 'SDN BHD' : 'Sdn Bhd').replace(MALAY_S_B, 'S/B');
  return text
    .replace(/\s*\((?=[^)]*\d)[^)]*\)\s*$/, '')
    .replace(/[,;:\s]+$/, '')
    .trim();
}

/** "SDN BHD", "CO. (M) SDN BHD": a row with a legal form and no name of its own (the name is on the rows above). */
const onlyLegalForm = (row: HeaderRow) => !/\p{L}{2}/u.test(nameOf([row]).replace(NOT_NAME_WORDS, ' '));

/** The issuer's name and address from the header block of the first page, or null when it has no such structure. */
export function receiptHeader(page: ModelPage | undefined): ReceiptHeader | null {
  if (!page) return null;
  const rows = headerRows(page);
  // Leading rows of the body kind (document title, a date line above the name) are skipped, noise anywhere.
  // The header ends where the body starts: the first label row ("Invoice No:", "Cashier:"), an amount or a time
  // (a date alone may stand beside the registration number).
  const all = rows.filter((r) => r.kind !== 'noise');
  const bodyAt = all.findIndex((r) => r.kind === 'stop' && !(findDates(r.text).length && !LABEL_ROW.test(r.text)));
  const content = bodyAt < 0 ? all : all.slice(0, bodyAt);
  // The street starts the address: the first address row with a number below a name row.
  const firstAddress = content.findIndex((r, i) => r.kind === 'address' && /\d/.test(r.text) && content.slice(0, i).some(isName));
  const end = firstAddress < 0 ? content.length : firstAddress;
  // The name's last row: the first legal-form row before the address, else the first name row followed at once by
  // the registration number, else by the address.
  let at = content.slice(0, end).findIndex((r) => r.kind === 'legal');
  for (const follower of ['registration', 'address'] as RowKind[]) {
    for (let i = 0; i < end && at < 0; i++) {
      const next = content[i + 1];
      // The first row may hold a stray digit ("ACME STATIONERY 8" for "&") and still be the name.
      const nameLike = content[i].kind === 'text' || (i === 0 && follower === 'registration' && content[i].kind === 'address');
      if (nameLike && next?.kind === follower && adjacent(content[i], next)) at = i;
    }
  }
  if (at < 0) return null;
  const name = [content[at]];
  // "GOLDEN LOTUS" / "SDN BHD", "KEDAI MAKAN" / "SRI MURNI TRADING": a name wrapped before its legal form, the
  // rows above (same size, no gap) continue it.
  if (onlyLegalForm(content[at]) && !LABEL_ROW.test(content[at].text)) {
    for (
      let i = at - 1;
      i >= 0 &&
      name.length < MAX_NAME_ROWS &&
      nameWords(content[i]) &&
      adjacent(content[i], name[0]) &&
      similarSize(content[i], name[0]) &&
      !contains(name[0], content[i]);
      i--
    ) {
      // Past the row right above the legal form, only rows that continue: "KEDAI MAKAN &" / "KOPI SRI MURNI".
      if (name.length > 1 && !continues(content[i], name[0])) break;
      name.unshift(content[i]);
    }
  }
  let next = at + 1;
  // "RIVERSIDE TOOLS &" / "SUPPLIES SDN BHD": a name that wraps onto a row ending with its legal form.
  while (name.length < MAX_NAME_ROWS && next < content.length && content[next].kind !== 'registration') {
    const row = content[next];
    const wraps = /[&(-]$/.test(name[name.length - 1].text.trim()) && isName(row);
    const legalBelow = name[name.length - 1].kind === 'text' && row.kind === 'legal' && onlyLegalForm(row);
    if (!(wraps || legalBelow) || !adjacent(name[name.length - 1], row) || !similarSize(name[0], row)) break;
    name.push(row);
    next++;
  }
  const nameText = nameOf(name);
  if (nameText.length < 2 || !/\p{L}{2}/u.test(nameText)) return null;

  // The address: past registration numbers, the rows down to a contact, tax-id, title or body row.
  const address: HeaderRow[] = [];
  let closed = false;
  let postcodeAt = -1;
  let previous = name[name.length - 1];
  let i = next;
  for (; i < content.length; i++) {
    const row: HeaderRow = content[i];
    if (!adjacent(previous, row)) break;
    // Before the street: the registration number (a bare number too), a branch name in brackets or above the street.
    const bareNumber = row.kind === 'contact' && !CONTACT.test(row.text);
    const bracketed = /^\(.*\)$/.test(row.text.trim());
    const street = content[i + 1];
    // A branch row names the shop again ("KEDAI MAJU 2 TAMAN SERI" under "KEDAI MAJU SDN BHD") above its street.
    const branch = (row.kind === 'text' || namesAgain(row, name[0])) && street?.kind === 'address' && /\d/.test(street.text);
    // The receipt's date and time may be printed beside the registration number, above the street.
    const dated = row.kind === 'stop' && findDates(row.text).length > 0;
    if (!address.length && (row.kind === 'registration' || bareNumber || bracketed || branch || dated)) {
      previous = row;
      continue;
    }
    if (row.kind !== 'address' && row.kind !== 'text') {
      closed = true;
      break;
    }
    if (address.length >= MAX_ADDRESS_ROWS) break;
    // Past the postcode: a state or country row, unless the row before runs on with a comma.
    const runsOn = /,\s*$/.test(address[address.length - 1]?.text ?? '');
    if (postcodeAt >= 0 && !runsOn && (address.length - postcodeAt >= POSTCODE_TAIL_ROWS || !/\p{L}{4}/u.test(row.text))) break;
    address.push(row);
    if (POSTCODE.test(row.text)) postcodeAt = address.length;
    previous = row;
  }
  // Rows down to where the body starts: that row closes the address too.
  if (i >= content.length && bodyAt >= 0 && address.length) closed = true;
  // An address has a number, or is a place in parts ("Summit Mall, Lakeside (LS)") closed by the contact rows.
  const addressText =
    address.some((r) => /\d/.test(r.text)) || (closed && address.some((r) => /\p{L},\s*\p{L}/u.test(r.text)))
      ? address.map((r) => r.text.trim().replace(/[,\s]+$/, '')).join(', ')
      : '';
  const full = !!addressText && (closed || postcodeAt >= 0) && (postcodeAt >= 0 || name.some((r) => r.kind === 'legal'));
  return {
    name,
    nameText,
    address: addressText ? address : [],
    addressText,
    confidence: full ? FULL_HEADER_CONFIDENCE : PARTIAL_HEADER_CONFIDENCE,
  };
}
