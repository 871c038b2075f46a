import type { BBox } from '../model/types.ts';
import type { Segment, Token } from './segments.ts';
import type { KeyValueLayout } from './types.ts';

/** The working state of key-value reading, shared by its passes (inline, neighbours, boxes). */

/** A pair before numbering: the tokens it was read from and how. */
export interface Draft {
  label: { tokens: Token[]; segment: Segment };
  value: { tokens: Token[]; segment: Segment }[];
  layout: KeyValueLayout;
  confidence: number;
  /** Checkboxes: the state read from the glyph or drawing (the value tokens are then empty). */
  checked?: boolean;
  checkboxBox?: BBox;
  /** Lines the value also took beside its first segment (an OCR box holding only its currency mark). */
  extraLineIds?: string[];
}

/** Bookkeeping shared by the passes: which segments already serve as a label or value. */
export class Claims {
  private readonly used = new Set<number>();
  claim(s: Segment): void {
    this.used.add(s.index);
  }
  has(s: Segment): boolean {
    return this.used.has(s.index);
  }
}

export interface OpenLabel {
  segment: Segment;
  tokens: Token[];
  colon: boolean;
  /** The segment also holds inline pairs (claimed by them), so the claim does not mean the label is taken. */
  shared: boolean;
}
