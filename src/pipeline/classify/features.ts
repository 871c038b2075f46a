import type { Block, ModelPage } from '../model/types.ts';
import type { IdentityHints } from './types.ts';
import { DATE, extractIdentity } from './identity.ts';

/**
 * What the classifier reads from one page: its words (lower-case), the words that carry more weight (title blocks,
 * the first lines), layout statistics, identity hints and the components seen on the page.
 */
export interface PageFeatures {
  pageIndex: number;
  /** Lower-case word tokens of the whole page, in reading order. */
  tokens: string[];
  /** Lower-case tokens of the title-like text (title/section_header blocks near the top, the first lines). */
  titleTokens: string[];
  /** The title-like text as printed (for split plans and roles). */
  titleText: string;
  stats: LayoutStats;
  blank: boolean;
  identity: IdentityHints;
  componentsPresent: string[];
  /** A heading such as "Attachment A", "Exhibit 10.14", "Annex", "Schedule 1", "Appendix B". */
  attachmentHeading: string | null;
  /** A title block in the top part of the page (a document opens here, unless numbering says otherwise). */
  hasTopTitle: boolean;
  /** A short page made of signature lines ("By:", "Name:", "Title:"): the last page of an agreement or letter. */
  signatureBlock: boolean;
}

export interface LayoutStats {
  words: number;
  tables: number;
  keyValues: number;
  amounts: number;
  dates: number;
  signatures: number;
  /** "Figure 2:", "Table 1." captions: papers and reports number their figures. */
  captions: number;
  /** Section headings numbered like "3.2 Results": the mark of papers and technical reports. */
  numberedSections: number;
}

const TOKEN = /[\p{L}\p{N}]+(?:[.'’&-][\p{L}\p{N}]+)*\.?/gu;

/** Lower-case word tokens; trailing dots dropped ("et al." and "et al" match alike). */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(TOKEN)) {
    let t = m[0];
    if (t.endsWith('.')) t = t.slice(0, -1);
    out.push(t);
    // "al." should also match "al" and vice versa: keep the bare word too only through the phrase matcher (see score.ts).
  }
  return out;
}

const AMOUNT = /(?:[$€£¥]\s?\d[\d,.]*|\b\d{1,3}(?:[,.]\d{3})*[.,]\d{2}\b|\b(?:usd|eur|gbp|inr|chf)\s?\d|\d\s?(?:usd|eur|gbp|inr|chf)\b)/gi;
const SIGNATURE = /\b(?:signature|signed|sign here|\/s\/)|_{4,}/gi;
const CAPTION = /^(?:fig\.?|figure|table|tab\.)\s*[A-Z]?\d+(?:\.\d+)?\s*[:.]/gim;
const NUMBERED_SECTION = /^\d{1,2}(?:\.\d{1,2})*\.?\s+\p{Lu}/u;
const SIGNATURE_LINE = /^\s*(?:by|name|print(?:ed)? name|title|its|date|signature|witness)\b[^:\n]{0,25}:/gim;
const ATTACHMENT = /^\s*(attachment|exhibit|annex|schedule|appendix|enclosure)\b[\s\w.:-]{0,40}/i;

/** Page features' thresholds. Shares are of the page height; counts are blocks, lines, characters, words or matches. */
const FEATURES = {
  /** Title blocks start in this top share of the page... */
  titleTopShare: 0.35,
  /** ...and this many of them make the title text... */
  titleBlocks: 4,
  /** ...with this many first body lines. */
  titleFirstLines: 3,
  /** An attachment heading is among this many blocks starting in this top share of the page... */
  attachmentBlocks: 4,
  attachmentTopShare: 0.3,
  /** ...(or this many first lines when there are none)... */
  attachmentFirstLines: 3,
  /** ...on a line at most this many characters long. */
  attachmentMaxChars: 60,
  /** A table with at least this many amounts holds line items. */
  lineItemsMinAmounts: 3,
  /** Blanks or boxes to fill in that make a form. */
  formFieldsMin: 3,
  /** A signature page has at most this many words... */
  signaturePageMaxWords: 150,
  /** ...and at least this many signature lines ("By:", "Name:"). */
  signaturePageMinLines: 2,
} as const;

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

const isTitleBlock = (b: Block, page: ModelPage) =>
  (b.type === 'title' || b.type === 'section_header') && b.bbox[1] < page.height * FEATURES.titleTopShare;

/** Title-like text: title/section headers in the top third, else the first three lines of the body. */
function titleText(page: ModelPage): string {
  const heads = page.blocks
    .filter((b) => isTitleBlock(b, page))
    .slice(0, FEATURES.titleBlocks)
    .map((b) => b.text);
  const body = page.blocks.filter((b) => b.type !== 'page_header' && b.type !== 'page_footer');
  const firstLines = (body.length ? body.flatMap((b) => b.lines) : page.lines).slice(0, FEATURES.titleFirstLines).map((l) => l.text);
  return [...heads, ...firstLines.filter((l) => !heads.some((h) => h.includes(l)))].join('\n');
}

function pageText(page: ModelPage): string {
  if (page.blocks.length) return page.blocks.map((b) => b.text).join('\n');
  return page.lines.map((l) => l.text).join('\n');
}

function attachmentHeading(page: ModelPage): string | null {
  const top = page.blocks
    .filter((b) => b.type !== 'page_header' && b.bbox[1] < page.height * FEATURES.attachmentTopShare)
    .slice(0, FEATURES.attachmentBlocks);
  const candidates = top.length ? top.map((b) => b.text) : page.lines.slice(0, FEATURES.attachmentFirstLines).map((l) => l.text);
  for (const text of candidates) {
    const m = ATTACHMENT.exec(text.split('\n')[0]);
    // A short line only: "Schedule of payments is as follows..." inside a paragraph is no heading.
    if (m && text.split('\n')[0].length <= FEATURES.attachmentMaxChars) return m[0].trim();
  }
  return null;
}

function components(page: ModelPage, stats: LayoutStats, identity: IdentityHints, text: string): string[] {
  const out: string[] = [];
  if (stats.tables) out.push('table');
  if (stats.keyValues) out.push('key_value');
  if (stats.signatures) out.push('signature');
  if (stats.amounts) out.push('amounts');
  if (identity.issuer) out.push('letterhead');
  if (stats.tables && stats.amounts >= FEATURES.lineItemsMinAmounts) out.push('line_items');
  if (/\b(?:paid|received|approved|stamp)\b/i.test(text) && page.images.length) out.push('stamp');
  if (count(text, /_{4,}|\[\s?\]|☐/g) >= FEATURES.formFieldsMin) out.push('form_fields');
  if (page.blocks.some((b) => b.type === 'figure') || page.images.length) out.push('figure');
  return out;
}

export function pageFeatures(page: ModelPage): PageFeatures {
  const text = pageText(page);
  const tokens = tokenize(text);
  const title = titleText(page);
  const stats: LayoutStats = {
    words: tokens.length,
    tables: page.blocks.filter((b) => b.type === 'table').length,
    keyValues: page.blocks.filter((b) => b.type === 'key_value').length,
    amounts: count(text, AMOUNT),
    dates: count(text, DATE),
    signatures: count(text, SIGNATURE),
    captions: count(text, CAPTION),
    numberedSections: page.blocks.filter((b) => b.type === 'section_header' && NUMBERED_SECTION.test(b.text)).length,
  };
  const identity = extractIdentity(page);
  return {
    pageIndex: page.page_index,
    tokens,
    titleTokens: tokenize(title),
    titleText: title,
    stats,
    blank: tokens.length === 0,
    identity,
    componentsPresent: components(page, stats, identity, text),
    attachmentHeading: attachmentHeading(page),
    hasTopTitle: page.blocks.some((b) => b.type === 'title' && b.bbox[1] < page.height * FEATURES.titleTopShare),
    signatureBlock:
      tokens.length <= FEATURES.signaturePageMaxWords &&
      page.lines.reduce((n, l) => n + count(l.text, SIGNATURE_LINE), 0) >= FEATURES.signaturePageMinLines,
  };
}
