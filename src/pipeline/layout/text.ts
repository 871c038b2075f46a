import type { BlockType, Line } from '../model/types.ts';
import { centerY, height } from '../model/geometry.ts';
import type { LineInfo } from './internal.ts';

/** The model lines of a block in order, with attached bullets and drop caps before their line. */
export function flattenLines(lines: readonly LineInfo[]): Line[] {
  const out: Line[] = [];
  for (const l of lines) {
    if (l.lead) out.push(...l.lead.parts);
    out.push(...l.parts);
  }
  return out;
}

function lineText(l: LineInfo): string {
  if (!l.lead) return l.text;
  return l.lead.dropCap ? `${l.lead.text}${l.text}` : `${l.lead.text} ${l.text}`;
}

/** Joins two prose lines, resolving a hyphen broken at the line end ("exam-" + "ple" → "example"). */
function joinProse(acc: string, next: string): string {
  if (acc.endsWith('\u00AD')) return acc.slice(0, -1) + next;
  if (acc.endsWith('-')) {
    // Only the last word matters (the text so far can be long: no regex over all of it).
    const broken = acc.slice(acc.lastIndexOf(' ') + 1, -1);
    if (/\p{Ll}$/u.test(broken) && /^\p{Ll}/u.test(next)) {
      // "state-of-the-" keeps its hyphen: the broken word is itself a compound.
      return broken.includes('-') ? acc + next : acc.slice(0, -1) + next;
    }
  }
  return `${acc} ${next}`;
}

/** Lines of a table or key-value block share a row when their centres are less than this share of the smaller height apart. */
const SAME_ROW_SHARE = 0.5;

/** Block text: prose lines joined with hyphenation resolved; code keeps its lines; tables one row a line. */
export function blockTextOf(lines: readonly LineInfo[], type: BlockType): string {
  if (lines.length === 0) return '';
  if (type === 'code') return lines.map(lineText).join('\n');
  if (type === 'table' || type === 'key_value') {
    const rows: string[] = [];
    let lastY = -Infinity;
    let lastH = 0;
    for (const l of lines) {
      const y = centerY(l.box);
      if (rows.length && Math.abs(y - lastY) < Math.min(lastH, height(l.box)) * SAME_ROW_SHARE) rows[rows.length - 1] += ` ${lineText(l)}`;
      else {
        rows.push(lineText(l));
        lastY = y;
        lastH = height(l.box);
      }
    }
    return rows.join('\n');
  }
  let acc = lineText(lines[0]);
  for (let i = 1; i < lines.length; i++) acc = joinProse(acc, lineText(lines[i]));
  return acc;
}
