import type { RawChar } from './chars.ts';

/**
 * Accents drawn as glyphs of their own (TeX's \accent, some Word exports): the text layer then holds the
 * letter and a spacing accent ("´", "ˇ") or a combining mark next to it, before or after it depending on how
 * the producer positioned the two ("Ja´n Min´acˇ"). Each such accent is joined to the letter it sits over,
 * found by position, and the pair is NFC-composed ("Ján Mináč").
 */
const SPACING_TO_COMBINING = new Map<string, string>([
  ['\u00b4', '\u0301'], // ´ acute
  ['\u02ca', '\u0301'],
  ['\u02cb', '\u0300'], // ˋ grave
  ['\u00a8', '\u0308'], // ¨ diaeresis
  ['\u00af', '\u0304'], // ¯ macron
  ['\u02c9', '\u0304'],
  ['\u00b8', '\u0327'], // ¸ cedilla
  ['\u02c6', '\u0302'], // ˆ circumflex
  ['\u02c7', '\u030c'], // ˇ caron
  ['\u02d8', '\u0306'], // ˘ breve
  ['\u02d9', '\u0307'], // ˙ dot above
  ['\u02da', '\u030a'], // ˚ ring above
  ['\u02db', '\u0328'], // ˛ ogonek
  ['\u02dc', '\u0303'], // ˜ tilde
  ['\u02dd', '\u030b'], // ˝ double acute
]);
const COMBINING = /^[\u0300-\u036f]$/u;
const LETTER = /^\p{L}$/u;

/** The combining mark an accent glyph stands for, or null when `text` is not an accent. */
export function combiningMarkOf(text: string): string | null {
  if (COMBINING.test(text)) return text;
  return SPACING_TO_COMBINING.get(text) ?? null;
}

const centreOf = (c: RawChar) => (c.lo + c.hi) / 2;

/** How far an accent's centre may lie outside its letter's extent, in em (the larger of the two sizes). */
const ACCENT_SLACK_EM = 0.15;

/** The neighbour letter (index) the accent at `i` sits over: the nearer centre, within the letter's extent. */
function baseOf(chars: readonly RawChar[], i: number, taken: ReadonlySet<number>): number | null {
  const accent = chars[i];
  const at = centreOf(accent);
  let best: number | null = null;
  let bestDistance = Infinity;
  for (const j of [i - 1, i + 1]) {
    const c = chars[j];
    if (!c || taken.has(j) || !LETTER.test(c.text) || c.space) continue;
    const slack = ACCENT_SLACK_EM * Math.max(c.size, accent.size);
    if (at < c.lo - slack || at > c.hi + slack) continue;
    const distance = Math.abs(centreOf(c) - at);
    if (distance < bestDistance) {
      best = j;
      bestDistance = distance;
    }
  }
  return best;
}

/** Two single quotes closer than this are one double quote, in em (the first quote's size). */
const QUOTE_GAP_EM = 0.15;

const DOUBLED_QUOTES = new Map([
  ['\u2018', '\u201c'],
  ['\u2019', '\u201d'],
]);

/**
 * Two single quotes set tight together read as one double quote: TeX's ``…'' quotes often map to ‘‘ and ’’,
 * which neither search nor comparison with the printed “…” would match.
 */
export function composeQuotes(chars: RawChar[]): RawChar[] {
  if (!chars.some((c) => DOUBLED_QUOTES.has(c.text))) return chars;
  const out: RawChar[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    const next = chars[i + 1];
    const double = DOUBLED_QUOTES.get(c.text);
    if (double && next?.text === c.text && next.lo - c.hi < QUOTE_GAP_EM * c.size) {
      const [x0, y0, x1, y1] = c.box;
      const box: RawChar['box'] = [
        Math.min(x0, next.box[0]),
        Math.min(y0, next.box[1]),
        Math.max(x1, next.box[2]),
        Math.max(y1, next.box[3]),
      ];
      out.push({ ...c, text: double, box, lo: Math.min(c.lo, next.lo), hi: Math.max(c.hi, next.hi) });
      i++;
    } else out.push(c);
  }
  return out;
}

/** `chars` (reading order) with accent glyphs folded into the letters they sit over; others are kept as they are. */
export function composeAccents(chars: RawChar[]): RawChar[] {
  if (!chars.some((c) => combiningMarkOf(c.text) !== null)) return chars;
  const marks = new Map<number, string>();
  const accents = new Set<number>();
  for (let i = 0; i < chars.length; i++) {
    const mark = combiningMarkOf(chars[i].text);
    if (mark === null) continue;
    const base = baseOf(chars, i, accents);
    if (base === null) continue;
    accents.add(i);
    marks.set(base, (marks.get(base) ?? '') + mark);
  }
  if (accents.size === 0) return chars;
  const out: RawChar[] = [];
  for (let i = 0; i < chars.length; i++) {
    if (accents.has(i)) continue;
    const mark = marks.get(i);
    out.push(mark ? { ...chars[i], text: (chars[i].text + mark).normalize('NFC') } : chars[i]);
  }
  return out;
}
