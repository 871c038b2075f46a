import { alternation, MISMATCH_TAX_NAMES } from '../lexicon/mod.ts';
import { parseAmount, typeMentions, wordOrNumber, NUMBER_WORD } from './prompt-values.ts';
import type { DocType, Mismatch } from './types.ts';

/**
 * Mismatch instructions in a prompt ("invoice bills 12 units where the PO ordered 10", "price of item 2 differs by
 * 5%", "missing PO reference", "goods receipt short by 2 units of item 3"). Each clause is read on its own; what it
 * leaves open (which line, which documents) the planner settles with the PRNG and the set's dependencies.
 */
export interface MismatchRequest {
  kind: Mismatch['kind'];
  /** The document type that carries the difference and the one it differs from, when the words name them. */
  documentType: DocType | null;
  againstType: DocType | null;
  /** 1-based line (item) the words name. */
  line: number | null;
  /** A word naming the item instead of its position ("laptops"). */
  itemWords: string | null;
  /** Values named: on the differing document and on the one it is compared with. */
  actual: number | string | null;
  expected: number | string | null;
  /** Relative change: units (quantity) or percent (price). */
  delta: number | null;
  percent: number | null;
  /** A unit price named for an extra line (major units). */
  price: number | null;
  /** For missing references: which reference (po_number, invoice_number, quote_number). */
  referenceField: string | null;
  instruction: string;
}

/** Clauses of a prompt: sentences, and parts joined by ";" or by ", " (not inside numbers and dates like "March 15, 2026"). */
export function clausesOf(prompt: string): { text: string; index: number }[] {
  const out: { text: string; index: number }[] = [];
  const re = /(?:[^.;!?\n,]|\.(?=\d)|\.(?=[A-Za-z]\.)|(?<=\b(?:[A-Z]|Co|Inc|Ltd|No|no))\.|,(?!\s+\D))+/g;
  for (const m of prompt.matchAll(re)) if (m[0].trim()) out.push({ text: m[0], index: m.index! });
  return out;
}

/** Words that make a clause a comparison between documents rather than a plain description. */
export const MISMATCH_CUE =
  /\b(differ\w*|different(?:ly)?|mismatch\w*|discrepan\w*|instead of|rather than|where(?:as)?|while|but|short|over-?(?:billed|charged|delivered)|under-?(?:billed|delivered)|wrong|incorrect|higher|lower|cheaper|more|fewer|less|than|vs\.?|versus|only|partial(?:ly)?|missing|without|omit\w*|lacks?|extra|additional|unexpected|absent)\b/i;

const LINE_RE = /\b(?:item|line(?:\s+item)?|position|pos\.?|row|article)\s*(?:no\.?\s*|#\s*)?(\d{1,3})\b/i;
const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  last: -1,
};

function lineOf(text: string): number | null {
  const m = LINE_RE.exec(text);
  if (m) return Number(m[1]);
  const o = /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\s+(?:item|line|position|row|article)\b/i.exec(text);
  return o ? ORDINALS[o[1].toLowerCase()] : null;
}

const REFERENCE_WORDS: [RegExp, string, DocType][] = [
  [/\b(?:PO|P\.O\.|purchase[- ]order|order)\s*(?:number|no\.?|#|reference|ref\.?)/i, 'po_number', 'purchase_order'],
  [/\binvoice\s*(?:number|no\.?|#|reference|ref\.?)/i, 'invoice_number', 'invoice'],
  [/\b(?:quote|quotation)\s*(?:number|no\.?|#|reference|ref\.?)/i, 'quote_number', 'quote'],
  [/\bdelivery[- ]note\s*(?:number|no\.?|#|reference|ref\.?)/i, 'delivery_note_number', 'delivery_note'],
];

/** A tax named in the request ("the VAT rate differs"). */
const MISMATCH_TAX = new RegExp(`\\b(${alternation(MISMATCH_TAX_NAMES)})\\b`);

function kindOf(text: string): { kind: Mismatch['kind']; ref?: [string, DocType] } | null {
  if (!MISMATCH_CUE.test(text)) return null;
  const t = text.toLowerCase();
  const absent =
    /\b(missing|without|no|omit(?:s|ted)?|lacks?|lacking|drops?|dropped|leaves? out|left out|absent|not (?:carry|include|show|print))/;
  for (const [re, field, type] of REFERENCE_WORDS) {
    if (re.test(text) && absent.test(t)) return { kind: 'missing_reference', ref: [field, type] };
  }
  if (
    /\b(extra|additional|unexpected|surplus|unordered|added)\s+(line|item|position|row|article|product)/.test(t) ||
    /\bnot (on|in) the (po|purchase order|order)\b/.test(t)
  )
    return { kind: 'extra_line' };
  if (MISMATCH_TAX.test(t) && /\b(rate|instead|differ|different|wrong|mismatch|%)/.test(t) && !/\b(price|quantit|units?)\b/.test(t))
    return { kind: 'tax_rate' };
  if (/\bdescription\b|\bdescribed differently\b|\bnamed differently\b/.test(t)) return { kind: 'description' };
  const lineWord = /\b(line|item|position|row|article|product)s?\b/;
  if (absent.test(t) && lineWord.test(t) && !/\bunits?\b/.test(t)) return { kind: 'missing_line' };
  if (/\b(price|priced|unit cost|rate|charged? at|costs?)\b/.test(t) && !/\b(units?|pcs|pieces|quantit)/.test(t))
    return { kind: 'unit_price' };
  if (
    /\b(quantit|qty|units?|pcs|pieces|short|over-?deliver|under-?deliver|ordered|received only|bills?|billed|charges?|delivered|partial)/.test(
      t,
    ) &&
    /\d|\bdiffer|\bmismatch|\bpartial/.test(t)
  )
    return { kind: 'quantity' };
  if (/\b(mismatch|discrepanc|differ)/.test(t)) return { kind: 'quantity' };
  return null;
}

/** Numbers in a clause with the document type written nearest before each (or after "instead of"). */
function numbersWithOwners(
  text: string,
  skipLine: boolean,
): { value: number; owner: DocType | null; insteadOf: boolean; percent: boolean }[] {
  const mentions = typeMentions(text);
  const out: { value: number; owner: DocType | null; insteadOf: boolean; percent: boolean }[] = [];
  const re = /[€$£¥]?\s?(\d[\d.,]*\d|\d)(\s*%)?/g;
  for (const m of text.matchAll(re)) {
    const before = text.slice(0, m.index);
    if (skipLine && /\b(?:item|line|position|pos\.?|row|article)\s*(?:no\.?\s*|#\s*)?$/i.test(before)) continue;
    if (/\b(?:PO|INV|GRN|DN|CN|Q)[-#]?$/i.test(before)) continue;
    if (/^\s*-?\s*(?:way|day|week|month|year)s?\b/i.test(text.slice(m.index! + m[0].length))) continue;
    const value = parseAmount(m[1]);
    if (value === null) continue;
    const owner = [...mentions].reverse().find((x) => x.index < m.index!)?.type ?? null;
    out.push({
      value,
      owner,
      insteadOf: /\b(?:instead of|rather than|not|vs\.?|versus|compared to|against)\s*[€$£¥]?\s?$/i.test(before),
      percent: !!m[2],
    });
  }
  return out;
}

/** Reads every mismatch instruction in the prompt. */
const AND_NEXT_DOCUMENT =
  /\s+and\s+(?=(?:the|its)\s+(?:invoice|po\b|p\.o\.|purchase order|goods receipt|grn|delivery note|packing slip|credit note|receipt|quote|quotation|statement|timesheet))/i;

/** A clause, or its parts when " and the <document> …" joins two complete instructions. */
function instructionsOf(clause: string): string[] {
  const parts = clause
    .split(AND_NEXT_DOCUMENT)
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length > 1 && parts.every((p) => kindOf(p)) ? parts : [clause.trim()];
}

export function readMismatches(prompt: string): MismatchRequest[] {
  const out: MismatchRequest[] = [];
  for (const text of clausesOf(prompt).flatMap((c) => instructionsOf(c.text))) {
    const found = kindOf(text);
    if (!found) continue;
    const mentions = typeMentions(text).map((m) => m.type);
    const req: MismatchRequest = {
      kind: found.kind,
      documentType: null,
      againstType: null,
      line: lineOf(text),
      itemWords: null,
      actual: null,
      expected: null,
      delta: null,
      percent: null,
      price: null,
      referenceField: found.ref?.[0] ?? null,
      instruction: text,
    };
    let distinct = [...new Set(mentions)].filter((t) => t !== found.ref?.[1] || found.kind !== 'missing_reference');
    const onThe = typeMentions(text).find(
      (m) =>
        /\b(?:on|in|to|from)\s+(?:the|its|an?)\s+$/i.test(text.slice(0, m.index)) &&
        (found.kind !== 'missing_reference' || m.type !== found.ref?.[1]),
    );
    if (onThe && found.kind !== 'missing_line') distinct = [onThe.type, ...distinct.filter((t) => t !== onThe.type)];
    const againstFirst = /^(?:the\s+)?(?:po|purchase order)\b.*\b(?:but|while|whereas|yet)\b/i.test(text);
    if (found.kind === 'missing_reference') {
      req.documentType = distinct[0] ?? null;
      req.againstType = found.ref![1];
      req.actual = null;
    } else if (distinct.length >= 2) {
      [req.documentType, req.againstType] = againstFirst ? [distinct[1], distinct[0]] : [distinct[0], distinct[1]];
    } else if (distinct.length === 1) {
      const only = distinct[0];
      // "the PO ordered 10" alone names the document compared against; other types carry the difference.
      if (only === 'purchase_order' && /\b(ordered|orders|on the po)\b/i.test(text)) req.againstType = only;
      else req.documentType = only;
    }
    fillValues(req, text);
    out.push(req);
  }
  return out;
}

function fillValues(req: MismatchRequest, text: string): void {
  const nums = numbersWithOwners(text, true);
  const pct = nums.find((n) => n.percent);
  const sign = /\b(lower|less|cheaper|below|under|reduced|decrease[sd]?|discounted|short)\b/i.test(text) ? -1 : 1;
  const quoted = /["“'‘]([^"”'’]{2,60})["”'’]/.exec(text)?.[1] ?? null;
  const item = new RegExp(`\\b${NUMBER_WORD}\\s+(?!units?\\b|pcs\\b|pieces\\b|items?\\b|lines?\\b)([a-z][a-z-]{2,})`, 'i').exec(text);
  if (item && !/^(more|less|extra|fewer|per|of|percent|days?|hours?)$/i.test(item[1])) req.itemWords = item[1].toLowerCase();
  switch (req.kind) {
    case 'quantity': {
      const shortBy = new RegExp(
        `\\b(short|over|under|more|fewer|less|extra)\\s+(?:by\\s+)?(${NUMBER_WORD})|(${NUMBER_WORD})\\s+(?:units?\\s+|pcs\\s+|pieces\\s+|items?\\s+)?(short|too many|too few|more|fewer|less|extra|missing|over)\\b`,
        'i',
      ).exec(text);
      const onlyOf = /\bonly\s+(\d+)\s+(?:\w+\s+){0,2}of\s+(?:the\s+)?(\d+)/i.exec(text);
      if (onlyOf) {
        req.actual = Number(onlyOf[1]);
        req.expected = Number(onlyOf[2]);
      } else if (shortBy) {
        const word = (shortBy[1] ?? shortBy[4]).toLowerCase();
        const n = wordOrNumber(shortBy[2] ?? shortBy[3]) ?? 1;
        req.delta = /short|under|fewer|less|missing|too few/.test(word) ? -n : n;
      } else {
        assignPair(
          req,
          nums.filter((n) => !n.percent),
        );
      }
      break;
    }
    case 'unit_price':
      if (pct) req.percent = sign * pct.value;
      else
        assignPair(
          req,
          nums.filter((n) => !n.percent),
        );
      break;
    case 'tax_rate':
      assignPair(
        req,
        nums.filter((n) => n.percent),
      );
      break;
    case 'description':
    case 'extra_line': {
      const forWhat =
        /\b(?:for|called|named|reading|of)\s+(?:an?\s+|the\s+)?([a-z][\w\s-]{2,40}?)(?=\s+(?:at|@|that|which|on|in)\b|[,.;]|$)/i.exec(text);
      req.actual = quoted ?? (req.kind === 'extra_line' && forWhat && !/^(the|an?)\b/i.test(forWhat[1]) ? forWhat[1].trim() : null);
      const price = /(?:at|@)\s*[€$£¥]?\s?(\d[\d.,]*)/i.exec(text);
      if (req.kind === 'extra_line' && price) req.price = parseAmount(price[1]);
      break;
    }
    default:
      break;
  }
}

/** Two numbers: the one owned by the compared-against document (or after "instead of") is expected, the other actual. */
function assignPair(req: MismatchRequest, nums: { value: number; owner: DocType | null; insteadOf: boolean }[]): void {
  if (nums.length === 0) return;
  if (nums.length === 1) {
    const n = nums[0];
    if (n.insteadOf || (req.againstType && n.owner === req.againstType)) req.expected = n.value;
    else req.actual = n.value;
    return;
  }
  const [a, b] = nums;
  const aIsExpected = b.insteadOf
    ? false
    : a.insteadOf || (req.againstType !== null && a.owner === req.againstType && b.owner !== req.againstType);
  req.expected = aIsExpected ? a.value : b.value;
  req.actual = aIsExpected ? b.value : a.value;
}
