import { readFileSync } from 'node:fs';

/** PubTabNet_Examples.jsonl: one table image a line, its HTML as structure tokens plus each cell's content tokens. */

export interface PubTabNetExample {
  filename: string;
  /** The ground-truth table as HTML (`<table>…</table>`), cell contents inserted into the structure. */
  html: string;
}

interface RawExample {
  filename: string;
  html: { structure: { tokens: string[] }; cells: { tokens: string[] }[] };
}

export class PubTabNetFormatError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'PubTabNetFormatError';
  }
}

const INLINE_TAG = /^<\/?[a-z]+>$/u;
const escapeHtml = (t: string) => t.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;');

/** Structure tokens with each cell's tokens put inside its `<td>`; inline tags (`<b>`) kept, characters escaped. */
export function buildHtml(structure: string[], cells: string[][]): string {
  let next = 0;
  let inCellTag = false;
  const out: string[] = ['<table>'];
  for (const token of structure) {
    out.push(token);
    // A cell opens with '<td>' or with '<td' … '>' (attributes as separate tokens); its content follows the '>'.
    const opensCell = token === '<td>' || (token === '>' && inCellTag);
    if (token === '<td') inCellTag = true;
    else if (token === '>') inCellTag = false;
    if (opensCell) {
      const tokens = cells[next++];
      if (!tokens) throw new PubTabNetFormatError(`structure has more cells than the ${cells.length} given`);
      out.push(tokens.map((t) => (INLINE_TAG.test(t) ? t : escapeHtml(t))).join(''));
    }
  }
  if (next !== cells.length) throw new PubTabNetFormatError(`structure has ${next} cells, ${cells.length} given`);
  out.push('</table>');
  return out.join('');
}

export function readPubTabNet(file: string): PubTabNetExample[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((line, i) => {
      const raw = JSON.parse(line) as RawExample;
      if (!raw.filename || !raw.html?.structure?.tokens || !raw.html.cells)
        throw new PubTabNetFormatError(`${file} line ${i + 1}: no filename/html`);
      return {
        filename: raw.filename,
        html: buildHtml(
          raw.html.structure.tokens,
          raw.html.cells.map((c) => c.tokens),
        ),
      };
    });
}
