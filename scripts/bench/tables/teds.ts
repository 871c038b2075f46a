import { countNodes, parseTableHtml, type TableNode } from './html-tree.ts';

/**
 * Tree-Edit-Distance-based Similarity (PubTabNet paper): TEDS = 1 − TED(a, b) / max(|a|, |b|), with insertion and
 * deletion costing 1, renaming 1 when tag, colspan or rowspan differ, and for two cells of equal shape the
 * normalised Levenshtein distance of their contents. TED by Zhang–Shasha (postorder, keyroots), which on table
 * trees (depth 4) costs about |a|·|b|·16 steps.
 */

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  const x = [...a];
  const y = [...b];
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[y.length];
}

export function normalizedLevenshtein(a: string, b: string): number {
  const longest = Math.max([...a].length, [...b].length);
  return longest === 0 ? 0 : levenshtein(a, b) / longest;
}

export function renameCost(a: TableNode, b: TableNode): number {
  if (a.tag !== b.tag || a.colspan !== b.colspan || a.rowspan !== b.rowspan) return 1;
  return a.tag === 'td' ? normalizedLevenshtein(a.text, b.text) : 0;
}

interface Postorder {
  nodes: TableNode[];
  /** Postorder index of each node's leftmost leaf. */
  leftmost: number[];
  keyroots: number[];
}

function postorder(root: TableNode): Postorder {
  const nodes: TableNode[] = [];
  const leftmost: number[] = [];
  const visit = (n: TableNode): number => {
    let first = -1;
    for (const child of n.children) {
      const leaf = visit(child);
      if (first === -1) first = leaf;
    }
    nodes.push(n);
    leftmost.push(first === -1 ? nodes.length - 1 : first);
    return leftmost[leftmost.length - 1];
  };
  visit(root);
  // Keyroots: for each distinct leftmost leaf, the highest node having it.
  const highest = new Map<number, number>();
  leftmost.forEach((l, i) => highest.set(l, i));
  return { nodes, leftmost, keyroots: [...highest.values()].sort((p, q) => p - q) };
}

export function treeEditDistance(a: TableNode, b: TableNode): number {
  const A = postorder(a);
  const B = postorder(b);
  const [n, m] = [A.nodes.length, B.nodes.length];
  const rename = new Float64Array(n * m).fill(-1);
  const cost = (i: number, j: number) => {
    const at = i * m + j;
    if (rename[at] < 0) rename[at] = renameCost(A.nodes[i], B.nodes[j]);
    return rename[at];
  };
  const td = new Float64Array(n * m);
  for (const i of A.keyroots) {
    for (const j of B.keyroots) {
      const [li, lj] = [A.leftmost[i], B.leftmost[j]];
      const rows = i - li + 2;
      const cols = j - lj + 2;
      const fd = new Float64Array(rows * cols);
      for (let x = 1; x < rows; x++) fd[x * cols] = fd[(x - 1) * cols] + 1;
      for (let y = 1; y < cols; y++) fd[y] = fd[y - 1] + 1;
      for (let x = 1; x < rows; x++) {
        const ai = li + x - 1;
        for (let y = 1; y < cols; y++) {
          const bj = lj + y - 1;
          const remove = fd[(x - 1) * cols + y] + 1;
          const insert = fd[x * cols + y - 1] + 1;
          if (A.leftmost[ai] === li && B.leftmost[bj] === lj) {
            fd[x * cols + y] = Math.min(remove, insert, fd[(x - 1) * cols + y - 1] + cost(ai, bj));
            td[ai * m + bj] = fd[x * cols + y];
          } else {
            const px = A.leftmost[ai] - li;
            const py = B.leftmost[bj] - lj;
            fd[x * cols + y] = Math.min(remove, insert, fd[px * cols + py] + td[ai * m + bj]);
          }
        }
      }
    }
  }
  return td[(n - 1) * m + (m - 1)];
}

export function tedsOfTrees(predicted: TableNode, truth: TableNode): number {
  const size = Math.max(countNodes(predicted), countNodes(truth));
  return size === 0 ? 1 : Math.max(0, 1 - treeEditDistance(predicted, truth) / size);
}

/** TEDS of two table HTML strings (1 = identical trees and contents). */
export function teds(predictedHtml: string, truthHtml: string): number {
  return tedsOfTrees(parseTableHtml(predictedHtml), parseTableHtml(truthHtml));
}
