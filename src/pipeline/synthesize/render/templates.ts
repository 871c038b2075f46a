import type { Rgb } from './canvas.ts';

/**
 * Layout templates: what differs between them is drawn, not just coloured — the letterhead (plain with a round
 * mark, a full-width band with a square mark, or one compact centred line), where the address block and header
 * fields sit, ruled / zebra / gridded tables, and where the totals box stands.
 */

export type TemplateId = 'classic' | 'modern' | 'compact';

export interface Template {
  id: TemplateId;
  /** Body text size and row leading in points. */
  size: number;
  leading: number;
  margin: number;
  accent: Rgb;
  muted: Rgb;
  letterhead: 'plain' | 'band' | 'line';
  logo: 'circle' | 'square' | 'none';
  /** Header fields beside the recipient (right) or above it (left, with the addresses on the right). */
  metaSide: 'right' | 'left';
  table: 'ruled' | 'zebra' | 'grid';
  /** Totals box under the table's right edge, or at its left edge. */
  totals: 'right' | 'left';
  titleSize: number;
}

export const TEMPLATES: Record<TemplateId, Template> = {
  classic: {
    id: 'classic',
    size: 9,
    leading: 12,
    margin: 50,
    accent: [0.13, 0.2, 0.36],
    muted: [0.35, 0.35, 0.35],
    letterhead: 'plain',
    logo: 'circle',
    metaSide: 'right',
    table: 'ruled',
    totals: 'right',
    titleSize: 22,
  },
  modern: {
    id: 'modern',
    size: 9,
    leading: 13,
    margin: 44,
    accent: [0.05, 0.45, 0.5],
    muted: [0.4, 0.42, 0.45],
    letterhead: 'band',
    logo: 'square',
    metaSide: 'left',
    table: 'zebra',
    totals: 'right',
    titleSize: 24,
  },
  compact: {
    id: 'compact',
    size: 8,
    leading: 10.5,
    margin: 36,
    accent: [0.45, 0.12, 0.12],
    muted: [0.3, 0.3, 0.3],
    letterhead: 'line',
    logo: 'none',
    metaSide: 'right',
    table: 'grid',
    totals: 'left',
    titleSize: 16,
  },
};

export function templateOf(id: string | undefined): Template {
  return TEMPLATES[(id ?? '') as TemplateId] ?? TEMPLATES.classic;
}

/** Page size: US Letter for North American locales, A4 elsewhere; receipts are narrow till rolls (height fits the content). */
export function pageSizeOf(locale: string): [number, number] {
  return /^(en-US|en-CA|es-MX|fr-CA)$/i.test(locale) ? [612, 792] : [595, 842];
}

export const RECEIPT_WIDTH = 260;
