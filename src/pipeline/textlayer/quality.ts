import type { BBox, ImagePlacement, TextLayerState, VectorPath } from '../model/types.ts';
import type { Fragment, RawChar } from './chars.ts';
import { area as boxArea, containsPoint } from '../model/geometry.ts';

/**
 * Whether a page's text layer can be believed. Text layers lie in three common ways:
 * - invisible text (render mode 3, or zero opacity) over a scanned image: an OCR layer someone else made, of
 *   unknown quality → kept, but the page is `unreliable` and needs our OCR;
 *   invisible text that is over no image is hidden text nobody can see → dropped from the page;
 * - fonts without a ToUnicode map: U+FFFD, private-use or control characters, or Latin letters in a scrambled
 *   encoding (words without vowels) → `unreliable`;
 * - a scan with only a few characters of real text on it (a stamp, a page number) → `unreliable`;
 * and a page with no text at all is `none`; it needs OCR unless nothing is drawn on it.
 */
export interface TextLayerVerdict {
  state: TextLayerState;
  needsOcr: boolean;
  notes: string[];
  /** The page's fragments with hidden invisible text removed. */
  fragments: Fragment[];
}

/** Characters no real text layer is made of: no Unicode mapping, private use, controls, unassigned. */
const BAD_CHAR = /[\uFFFD\uE000-\uF8FF\p{Cc}\p{Cn}\p{Cs}]/u;
/** A page counts as a scan when one image covers at least this share of it. */
export const SCAN_COVERAGE = 0.5;
/** Below this many characters, a scanned page's text layer is a stamp or a page number, not its text. */
const THIN_TEXT_CHARS = 50;

/** When a text layer is garbage (a font without a Unicode map, a scrambled encoding). */
const INK = {
  /** Fewest letters of a plain-Latin word that is tested for vowels. */
  minWordLetters: 4,
  /** Most unmapped glyphs opening a line that are its marker (a bullet, a check box), not bad text. */
  markerMaxRun: 2,
  /** Fewest unmapped characters that make a layer unreliable ... */
  minBadChars: 5,
  /** ... when they are at least this share of the ink. */
  badShare: 0.1,
  /** Fewest tested Latin words before vowelless words say anything ... */
  minLatinWords: 10,
  /** ... and the share of them without a vowel that makes the encoding scrambled. */
  vowellessShare: 0.4,
} as const;

const pct = (n: number, of: number) => `${Math.round((100 * n) / Math.max(of, 1))}%`;

function overAnImage(c: RawChar, images: ImagePlacement[]): boolean {
  const x = (c.box[0] + c.box[2]) / 2;
  const y = (c.box[1] + c.box[3]) / 2;
  return images.some((img) => containsPoint(img.bbox, x, y));
}

export function largestImageShare(images: ImagePlacement[], page: BBox): number {
  const pageArea = boxArea(page);
  let best = 0;
  for (const img of images) {
    const clipped: BBox = [
      Math.max(img.bbox[0], page[0]),
      Math.max(img.bbox[1], page[1]),
      Math.min(img.bbox[2], page[2]),
      Math.min(img.bbox[3], page[3]),
    ];
    best = Math.max(best, boxArea(clipped) / pageArea);
  }
  return best;
}

const VOWELS = new Set('aeiouyAEIOUY');

/** Counts over a page's ink characters, in one pass. */
interface InkCounts {
  ink: number;
  invisible: number;
  bad: number;
  /** Plain-Latin words of 4+ letters with a lowercase letter, and those of them without a vowel. */
  latinWords: number;
  vowelless: number;
}

/**
 * One pass over the ink. A run of unmapped characters counts unless it is a line's marker: one or two such glyphs
 * opening the line (a bullet or a check box from a symbol font without a Unicode map costs no text).
 */
function countInk(fragments: Fragment[]): InkCounts {
  const counts: InkCounts = { ink: 0, invisible: 0, bad: 0, latinWords: 0, vowelless: 0 };
  let letters = 0;
  let lower = false;
  let vowel = false;
  let run = 0; // unmapped characters in a row
  let runOpensLine = false;
  const endWord = () => {
    if (letters >= INK.minWordLetters && lower) {
      counts.latinWords++;
      if (!vowel) counts.vowelless++;
    }
    letters = 0;
    lower = false;
    vowel = false;
  };
  const endRun = () => {
    if (run > INK.markerMaxRun || !runOpensLine) counts.bad += run;
    run = 0;
  };
  for (const f of fragments) {
    let inkSeen = false;
    for (const c of f.chars) {
      const code = c.text.charCodeAt(0);
      const latin = (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
      if (!latin) endWord();
      if (c.space) {
        endRun();
        continue;
      }
      counts.ink++;
      if (c.invisible) counts.invisible++;
      if (latin) {
        letters++;
        lower ||= code >= 97;
        vowel ||= VOWELS.has(c.text);
      }
      if ((code >= 0x80 || code < 0x20 || code === 0x7f) && BAD_CHAR.test(c.text)) {
        if (run === 0) runOpensLine = !inkSeen;
        run++;
      } else endRun();
      inkSeen = true;
    }
    endWord();
    endRun();
  }
  return counts;
}

export function assessTextLayer(fragments: Fragment[], images: ImagePlacement[], paths: VectorPath[], page: BBox): TextLayerVerdict {
  const notes: string[] = [];
  let counts = countInk(fragments);
  let ocrLayer = false;
  if (counts.invisible > 0) {
    const invisible = fragments.flatMap((f) => f.chars.filter((c) => c.invisible && !c.space));
    const overImage = invisible.filter((c) => overAnImage(c, images)).length;
    if (overImage >= invisible.length / 2) {
      ocrLayer = true;
      notes.push(
        `${invisible.length} of ${counts.ink} characters are invisible text over a scanned image (an OCR layer of unknown quality)`,
      );
    } else {
      const keep = (c: RawChar) => !c.invisible || overAnImage(c, images);
      fragments = fragments.map((f) => ({ ...f, chars: f.chars.filter(keep) })).filter((f) => f.chars.length > 0);
      counts = countInk(fragments);
      notes.push(`dropped ${invisible.length - overImage} invisible characters (hidden text over no image)`);
    }
  }
  if (counts.ink === 0) {
    const drawn = images.length > 0 || paths.length > 0;
    notes.push(drawn ? 'no text layer: the page is drawn as images or vector art' : 'blank page: nothing is drawn on it');
    return { state: 'none', needsOcr: drawn, notes, fragments: [] };
  }
  const unreliable = (note: string): TextLayerVerdict => ({ state: 'unreliable', needsOcr: true, notes: [...notes, note], fragments });
  if (counts.bad >= INK.minBadChars && counts.bad >= INK.badShare * counts.ink) {
    return unreliable(
      `${pct(counts.bad, counts.ink)} of the characters have no usable Unicode mapping (U+FFFD, private-use or control): a font without a ToUnicode map`,
    );
  }
  if (counts.latinWords >= INK.minLatinWords && counts.vowelless >= INK.vowellessShare * counts.latinWords) {
    return unreliable(
      `${pct(counts.vowelless, counts.latinWords)} of the Latin words have no vowel: the text is in a scrambled font encoding`,
    );
  }
  if (ocrLayer) return { state: 'unreliable', needsOcr: true, notes, fragments };
  const scanShare = largestImageShare(images, page);
  if (scanShare >= SCAN_COVERAGE && counts.ink < THIN_TEXT_CHARS) {
    return unreliable(
      `the page is mostly a scanned image (${pct(scanShare, 1)} of its area) and its text layer holds only ${counts.ink} characters`,
    );
  }
  return { state: 'ok', needsOcr: false, notes, fragments };
}
