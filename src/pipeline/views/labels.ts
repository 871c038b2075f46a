import type { BlockType } from '../model/types.ts';

/** What people call each block type (chunk and region `display_label`). */
export const DISPLAY_LABEL: Record<BlockType, string> = {
  title: 'Title',
  section_header: 'Section header',
  text: 'Text',
  list_item: 'List item',
  table: 'Table',
  figure: 'Figure',
  caption: 'Caption',
  footnote: 'Footnote',
  page_header: 'Page header',
  page_footer: 'Page footer',
  equation: 'Equation',
  code: 'Code',
  key_value: 'Key-value',
};

export function displayLabel(type: string): string {
  return DISPLAY_LABEL[type as BlockType] ?? type.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** Blocks outside the body flow: they stay chunks and regions but never enter the document markdown. */
export function isFurniture(type: BlockType): boolean {
  return type === 'page_header' || type === 'page_footer';
}
