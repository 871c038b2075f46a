import type { DocumentLedger, Party } from '../types.ts';
import { fitText, textWidth, type PageCanvas, type Rgb } from './canvas.ts';
import type { DocWords } from './labels.ts';
import type { Template } from './templates.ts';

/**
 * The first page's head (letterhead, title, address blocks, labelled header fields), the running head of following
 * pages and the footer with "Page n of m". Each returns the y below what it drew.
 */

const WHITE: Rgb = [1, 1, 1];
/** Space between the address blocks and the body: close enough and the table's header reads as part of the address table. */
const HEAD_GAP = 24;

export function contactLines(p: Party): string[] {
  return [p.vatId ? `VAT ID: ${p.vatId}` : '', p.email ? `Email: ${p.email}` : '', p.phone ? `Phone: ${p.phone}` : ''].filter(Boolean);
}

/** Two or three letters for the logo mark ("Bergmann Werkzeuge GmbH" → "BW"). */
function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w) && !/^(GmbH|AG|Ltd|LLC|Inc|SA|SAS|BV|KG|SRL|SpA|Co)\.?$/.test(w));
  return (
    words
      .slice(0, 2)
      .map((w) => w[0])
      .join('') || name.slice(0, 2)
  ).toUpperCase();
}

function logo(page: PageCanvas, t: Template, x: number, y: number, name: string, onBand: boolean): void {
  const mark = initials(name);
  if (t.logo === 'circle') {
    page.circle(x + 15, y + 15, 15, t.accent);
    page.polygon(
      [
        [x + 6, y + 24],
        [x + 15, y + 8],
        [x + 24, y + 24],
      ],
      [0.85, 0.65, 0.2],
    );
    page.text(x + 15, y + 40, mark, { size: 6, font: 'bold', color: t.accent, align: 'center' });
  } else if (t.logo === 'square') {
    page.rect(x, y, 30, 30, onBand ? WHITE : t.accent);
    page.polygon(
      [
        [x + 15, y + 4],
        [x + 26, y + 15],
        [x + 15, y + 26],
        [x + 4, y + 15],
      ],
      t.accent,
    );
    page.text(x + 15, y + 18, mark, { size: 8, font: 'bold', color: WHITE, align: 'center' });
  }
}

/** A party's block: its heading, name in bold, address lines, contact lines; shortened to the width. */
function partyBlock(
  page: PageCanvas,
  t: Template,
  x: number,
  y: number,
  width: number,
  heading: string,
  p: Party,
  withContact: boolean,
): number {
  page.text(x, y + t.size, `${heading}:`, { size: t.size, font: 'bold', color: t.accent });
  let yy = y + t.size + t.leading;
  page.text(x, yy, fitText(p.name, width, t.size + 1, 'bold'), { size: t.size + 1, font: 'bold' });
  const lines = [...(p.contact ? [`Attn: ${p.contact}`] : []), ...p.address, ...(withContact ? contactLines(p) : [])];
  for (const line of lines) {
    yy += t.leading;
    page.text(x, yy, fitText(line, width, t.size), { size: t.size });
  }
  return yy + t.leading;
}

/** Labelled header fields, label in bold and value beside it at a common x. */
function metaBlock(page: PageCanvas, t: Template, x: number, y: number, width: number, meta: [string, string][]): number {
  const labelWidth = Math.max(...meta.map(([l]) => textWidth(`${l}:`, t.size, 'bold'))) + 8;
  let yy = y + t.size;
  for (const [label, value] of meta) {
    page.text(x, yy, `${label}:`, { size: t.size, font: 'bold' });
    page.text(x + labelWidth, yy, fitText(value, width - labelWidth, t.size), { size: t.size });
    yy += t.leading;
  }
  return yy;
}

/** Width the header fields need to print unshortened. */
function metaNeeds(t: Template, meta: [string, string][]): number {
  const labels = Math.max(0, ...meta.map(([l]) => textWidth(`${l}:`, t.size, 'bold'))) + 8;
  return labels + Math.max(0, ...meta.map(([, v]) => textWidth(v, t.size))) + 4;
}

function letterhead(page: PageCanvas, t: Template, doc: DocumentLedger): number {
  const { issuer } = doc;
  const left = t.margin;
  const right = page.width - t.margin;
  const contact = contactLines(issuer);
  if (t.letterhead === 'band') {
    const bandHeight = 34 + Math.max(issuer.address.length, contact.length) * t.leading;
    page.rect(0, 0, page.width, bandHeight + 10, t.accent);
    logo(page, t, left, 14, issuer.name, true);
    page.text(left + 40, 30, fitText(issuer.name, right - left - 200, 15, 'bold'), { size: 15, font: 'bold', color: WHITE });
    issuer.address.forEach((line, i) =>
      page.text(left + 40, 30 + (i + 1) * t.leading, fitText(line, 220, t.size), { size: t.size, color: WHITE }),
    );
    contact.forEach((line, i) => page.text(right, 20 + i * t.leading, line, { size: t.size, color: WHITE, align: 'right' }));
    return bandHeight + 30;
  }
  if (t.letterhead === 'line') {
    const top = t.margin;
    page.text(page.width / 2, top + 12, fitText(issuer.name, right - left, 13, 'bold'), {
      size: 13,
      font: 'bold',
      color: t.accent,
      align: 'center',
    });
    const address = fitText(issuer.address.join(' · '), right - left, t.size - 0.5);
    page.text(page.width / 2, top + 24, address, { size: t.size - 0.5, color: t.muted, align: 'center' });
    page.text(page.width / 2, top + 34, fitText(contact.join(' · '), right - left, t.size - 0.5), {
      size: t.size - 0.5,
      color: t.muted,
      align: 'center',
    });
    page.line(left, top + 40, right, top + 40, t.accent, 1);
    return top + 52;
  }
  const top = t.margin;
  logo(page, t, left, top - 4, issuer.name, false);
  page.text(left + 40, top + 10, fitText(issuer.name, right - left - 200, 15, 'bold'), { size: 15, font: 'bold', color: t.accent });
  issuer.address.forEach((line, i) =>
    page.text(left + 40, top + 10 + (i + 1) * t.leading, fitText(line, 230, t.size), { size: t.size, color: t.muted }),
  );
  contact.forEach((line, i) => page.text(right, top + 4 + i * t.leading, line, { size: t.size, color: t.muted, align: 'right' }));
  const bottom = top + 10 + Math.max(issuer.address.length + 1, contact.length) * t.leading;
  page.line(left, bottom, right, bottom, t.accent, 0.8);
  return bottom + 14;
}

/** Everything above the body on page 1; returns where the body starts. */
export function firstPageHead(page: PageCanvas, t: Template, doc: DocumentLedger, words: DocWords): number {
  let y = letterhead(page, t, doc);
  const left = t.margin;
  const right = page.width - t.margin;
  const width = right - left;
  if (t.id === 'classic') {
    page.text(right, y + t.titleSize - 4, words.title, { size: t.titleSize, font: 'bold', color: t.accent, align: 'right' });
    y += t.titleSize + 14;
  } else {
    page.text(left, y + t.titleSize - 4, words.title, { size: t.titleSize, font: 'bold', color: t.accent });
    y += t.titleSize + 12;
  }
  // Statements and timesheets have no goods to ship.
  const ship = doc.type === 'bank_statement' || doc.type === 'timesheet' ? undefined : doc.shipTo;
  if (t.metaSide === 'left') {
    // Header fields on the left; the addresses side by side on the right half.
    const metaWidth = Math.min(width * 0.55, Math.max(width * 0.42, metaNeeds(t, words.meta)));
    const metaBottom = metaBlock(page, t, left, y, metaWidth, words.meta);
    const col = (width - metaWidth - 10) / (ship ? 2 : 1);
    const x0 = left + metaWidth + 10;
    const a = partyBlock(page, t, x0, y, col - 8, words.recipientLabel, doc.recipient, true);
    const b = ship ? partyBlock(page, t, x0 + col, y, col - 8, words.shipToLabel, ship, false) : a;
    return Math.max(metaBottom, a, b) + HEAD_GAP;
  }
  // Recipient on the left (ship-to beside it), header fields on the right.
  const metaWidth = Math.min(width * 0.55, Math.max(t.id === 'compact' ? width * 0.36 : width * 0.4, metaNeeds(t, words.meta)));
  const partyWidth = (width - metaWidth - 12) / (ship ? 2 : 1);
  const a = partyBlock(page, t, left, y, partyWidth - 10, words.recipientLabel, doc.recipient, true);
  const b = ship ? partyBlock(page, t, left + partyWidth, y, partyWidth - 10, words.shipToLabel, ship, false) : a;
  const metaBottom = metaBlock(page, t, right - metaWidth, y, metaWidth, words.meta);
  return Math.max(metaBottom, a, b) + HEAD_GAP;
}

/** The running head of pages after the first: issuer, title and number, so a loose page says what it belongs to. */
export function continuationHead(page: PageCanvas, t: Template, doc: DocumentLedger, words: DocWords): number {
  const left = t.margin;
  const right = page.width - t.margin;
  const top = t.letterhead === 'band' ? 0 : t.margin - 10;
  if (t.letterhead === 'band') page.rect(0, 0, page.width, 30, t.accent);
  const color = t.letterhead === 'band' ? WHITE : t.accent;
  const base = t.letterhead === 'band' ? 19 : top + 10;
  page.text(left, base, fitText(doc.issuer.name, (right - left) / 2, t.size + 1, 'bold'), { size: t.size + 1, font: 'bold', color });
  page.text(right, base, `${words.title} ${doc.number} (continued)`, { size: t.size, color, align: 'right' });
  if (t.letterhead !== 'band') page.line(left, base + 6, right, base + 6, t.accent, 0.6);
  return base + 22;
}

/** Footer of every page, drawn once the page count is known. */
export function footer(page: PageCanvas, t: Template, doc: DocumentLedger, n: number, m: number): void {
  const left = t.margin;
  const right = page.width - t.margin;
  const y = page.height - t.margin + 6;
  page.line(left, y - 12, right, y - 12, [0.75, 0.75, 0.75], 0.4);
  const size = t.size - 1;
  const issuerLine = [doc.issuer.name, doc.issuer.address.join(', ')].filter(Boolean).join(' · ');
  page.text(left, y, fitText(issuerLine, right - left - 90, size), { size, color: t.muted });
  page.text(right, y, `Page ${n} of ${m}`, { size, color: t.muted, align: 'right' });
}
