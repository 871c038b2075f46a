import { decodeXmlEntities } from './icdar-reader.ts';
import { multisetOverlap, prf, type PRF } from './icdar-metrics.ts';

/**
 * Table HTML as the tree TEDS compares (PubTabNet paper, Zhong et al. 2020): table → thead/tbody/tfoot → tr → td,
 * each td carrying colspan, rowspan and its text. `th` counts as `td`, inline markup inside a cell (b, i, sup...)
 * is dropped and only its text kept, whitespace collapsed; anything outside the table elements is ignored.
 */
export interface TableNode {
  tag: 'table' | 'thead' | 'tbody' | 'tfoot' | 'tr' | 'td';
  colspan: number;
  rowspan: number;
  text: string;
  children: TableNode[];
}

const GROUPS = new Set(['thead', 'tbody', 'tfoot']);

function node(tag: TableNode['tag'], attrs = ''): TableNode {
  const span = (name: string) => {
    const m = new RegExp(`${name}\\s*=\\s*["']?(\\d+)`, 'iu').exec(attrs);
    return m ? Math.max(1, Number(m[1])) : 1;
  };
  return { tag, colspan: tag === 'td' ? span('colspan') : 1, rowspan: tag === 'td' ? span('rowspan') : 1, text: '', children: [] };
}

/** Parses the first table of an HTML fragment (a fragment without `<table>` is taken as the table's content). */
export function parseTableHtml(html: string): TableNode {
  const root = node('table');
  const stack: TableNode[] = [root];
  const top = () => stack[stack.length - 1];
  const popTo = (accept: (n: TableNode) => boolean) => {
    while (stack.length > 1 && !accept(top())) stack.pop();
  };
  let seenTable = false;
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*)>|([^<]+)/gu)) {
    const [, closing, rawName, attrs, text] = m;
    if (text !== undefined) {
      if (top().tag === 'td') top().text += decodeXmlEntities(text);
      continue;
    }
    const name = rawName.toLowerCase() === 'th' ? 'td' : rawName.toLowerCase();
    if (name === 'table') {
      if (closing && seenTable) break; // only the first table
      seenTable = true;
      continue;
    }
    if (name === 'br' && top().tag === 'td') {
      top().text += ' ';
      continue;
    }
    if (!['thead', 'tbody', 'tfoot', 'tr', 'td'].includes(name)) continue; // inline markup: its text stays in the cell
    if (closing) {
      const at = stack.map((n) => n.tag as string).lastIndexOf(name);
      if (at > 0) stack.length = at;
      continue;
    }
    const child = node(name as TableNode['tag'], attrs);
    if (GROUPS.has(name)) popTo((n) => n.tag === 'table');
    else if (name === 'tr') popTo((n) => n.tag === 'table' || GROUPS.has(n.tag));
    else popTo((n) => n.tag === 'tr');
    if (name === 'td' && top().tag !== 'tr') continue; // a cell outside any row has no place in the grid
    top().children.push(child);
    stack.push(child);
  }
  normalizeTexts(root);
  return root;
}

function normalizeTexts(n: TableNode): void {
  n.text = n.text.replace(/\s+/gu, ' ').trim();
  n.children.forEach(normalizeTexts);
}

export function countNodes(n: TableNode): number {
  return 1 + n.children.reduce((sum, c) => sum + countNodes(c), 0);
}

/** The cells' texts in document order. */
export function cellTexts(n: TableNode): string[] {
  return n.tag === 'td' ? [n.text] : n.children.flatMap(cellTexts);
}

/** Cell-content F1: the non-empty cell texts (whitespace-collapsed) of both tables compared as multisets. */
export function cellContentF1(predicted: TableNode, truth: TableNode): PRF {
  const want = cellTexts(truth).filter((t) => t !== '');
  const got = cellTexts(predicted).filter((t) => t !== '');
  return prf(multisetOverlap(want, got), got.length, want.length);
}
