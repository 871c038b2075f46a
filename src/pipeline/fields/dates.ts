/**
 * Dates as printed, to ISO 8601 `YYYY-MM-DD`: numeric (28/11/2022, 03.03.2021, 2021-03-03, 3-3-21) and with month
 * names in English, German, French, Spanish, Italian, Dutch and Polish ("3rd of March 2021", "Mar 3, 2021",
 * "3. März 2021", "3 de marzo de 2021", "3 marca 2021").
 */

import { MONTH_NAMES } from '../lexicon/mod.ts';

export type DateOrder = 'dmy' | 'mdy' | 'ymd';

const MONTHS = new Map<string, number>();
MONTH_NAMES.forEach((names, i) => names.forEach((n) => MONTHS.set(n, i + 1)));

/** Lower case, diacritics removed ("März" → "marz", "października" → "pazdziernika"). */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l').replace(/Ł/g, 'L').toLowerCase();

/** OCR reads the O of "OCT" or "NOV" as a zero: a zero inside a month word is an O. */
const monthOf = (word: string): number | undefined => MONTHS.get(fold(word).replace(/\.$/, '').replace(/0/g, 'o'));

/** Latin letters with the accents of the supported languages: a narrow class keeps these regexes cheap to compile. */
const LETTER = 'A-Za-zÀ-ÖØ-öø-ÿĀ-ž';
/** A month word; a zero may stand for an O ("0CT", "N0V") but not begin a run of digits. */
const WORD = `(?:[${LETTER}]|0(?=[${LETTER}]))(?:[${LETTER}]|0(?=[${LETTER}]))[${LETTER}0]{1,10}\\.?`;
const DAY = '(?<day>[0-3]?\\d)(?!\\d)(?:st|nd|rd|th|er|e|\\.|º|°)?';
/**
 * A four-digit year after spaces, commas, a dash or a slash ("14-AUG-2019", "05/SEP/2020"); a two-digit one after a
 * dash, slash, dot or apostrophe ("03-Mar-21"), or after a space when no number follows ("14 JUN 19", but not the
 * "31" of "July 1 - July 31, 2014") other than a time of day ("3 JUN 19 14:05").
 */
const YEAR =
  "(?:[\\s,.]*[-/]?\\s*(?:de\\s+|del\\s+)?(?<year>\\d{4})|[-/.'](?<year2>'?\\d{2})|\\s+(?<year3>\\d{2})(?!\\s*,?\\s*\\d(?!\\d?:\\d{2})))(?![\\d])";
const PATTERNS: RegExp[] = [
  // 2021-03-03, 2021/3/3, 2021.03.03
  /(?<![\d.])(?<year>\d{4})(?<sep>[-/.])(?<month>[01]?\d)\k<sep>(?<day>[0-3]?\d)(?![\d])/g,
  // 3rd of March 2021, 3. März 2021, 3 de marzo de 2021, 03-Mar-21, 3 marca 2021
  new RegExp(`(?<![${LETTER}\\d])${DAY}[\\s\\-/]*(?:of\\s+|de\\s+|del\\s+)?(?<mname>${WORD})${YEAR}`, 'g'),
  // March 3, 2021; Mar 3 2021; August 3 , 2014
  new RegExp(`(?<![${LETTER}])(?<mname>${WORD})\\s*${DAY}(?:\\s*,\\s*|\\s+)${YEAR}`, 'g'),
  // 28/11/2022, 03.03.2021, 3-3-21 (day/month order decided later)
  /(?<![\d.,/-])(?<a>[0-3]?\d)(?<sep>[-/.])(?<b>[0-3]?\d)\k<sep>(?<year>\d{4}|\d{2})(?![\d]|[.,/-]\d)/g,
  // 14082019 09:05 — eight digits without separators are a date only when a time of day follows them.
  /(?<![\d.,/:-])(?<a>[0-3]\d)(?<b>[01]\d)(?<year>(?:19|20)\d{2})(?=\s+[0-2]?\d:[0-5]\d)/g,
];

export interface DateMatch {
  raw: string;
  iso: string;
  index: number;
}

/** Thresholds of reading dates (years). */
const DATE = {
  /** Two-digit years below this are 20xx, the others 19xx. */
  twoDigitPivot: 70,
  /** Dates before this year are not read as dates... */
  minYear: 1900,
  /** ...nor after this one. */
  maxYear: 2199,
} as const;

/** Two-digit years: 00-69 → 2000s, 70-99 → 1900s. */
function fullYear(printed: string): number {
  const y = Number(printed.replace("'", ''));
  return printed.replace("'", '').length === 2 ? (y < DATE.twoDigitPivot ? 2000 + y : 1900 + y) : y;
}

function iso(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < DATE.minYear || year > DATE.maxYear) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Numeric day/month order: the hint when given, else a part over 12 decides, else day first. */
function numericIso(a: number, b: number, year: number, order?: DateOrder): string | null {
  if (a > 12 && b <= 12) return iso(year, b, a);
  if (b > 12 && a <= 12) return iso(year, a, b);
  return order === 'mdy' ? iso(year, a, b) : iso(year, b, a);
}

function isoOf(g: Record<string, string | undefined>, order?: DateOrder): string | null {
  const year = fullYear(g.year ?? g.year2 ?? g.year3!);
  if (g.mname !== undefined) {
    const month = monthOf(g.mname);
    return month ? iso(year, month, Number(g.day)) : null;
  }
  if (g.month !== undefined) return iso(year, Number(g.month), Number(g.day));
  if (g.sep === '.' && g.year!.length === 2 && order !== 'mdy') return numericIso(Number(g.a), Number(g.b), year, 'dmy');
  return numericIso(Number(g.a), Number(g.b), year, order);
}

/** Every date in the text, left to right, without overlaps (the first pattern to claim a span keeps it). */
export function findDates(text: string, order?: DateOrder): DateMatch[] {
  const found: DateMatch[] = [];
  if (!/\d/.test(text)) return found;
  for (const re of PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const raw = m[0].replace(/[\s,.\-/]+$/, '');
      const overlaps = found.some((f) => m!.index < f.index + f.raw.length && f.index < m!.index + raw.length);
      if (overlaps) continue;
      const value = isoOf(m.groups ?? {}, order);
      if (value) found.push({ raw, iso: value, index: m.index });
    }
  }
  return found.sort((x, y) => x.index - y.index);
}

const WEEKDAYS = new Set([
  'mon',
  'monday',
  'tue',
  'tues',
  'tuesday',
  'wed',
  'wednesday',
  'thu',
  'thur',
  'thurs',
  'thursday',
  'fri',
  'friday',
  'sat',
  'saturday',
  'sun',
  'sunday',
  'montag',
  'dienstag',
  'mittwoch',
  'donnerstag',
  'freitag',
  'samstag',
  'sonntag',
  'lundi',
  'mardi',
  'mercredi',
  'jeudi',
  'vendredi',
  'samedi',
  'dimanche',
  'lunes',
  'martes',
  'miercoles',
  'jueves',
  'viernes',
  'sabado',
  'domingo',
  'le',
  'the',
  'on',
  'am',
  'den',
  'el',
  'il',
  'op',
]);

/**
 * A date that is the whole text, as ISO `YYYY-MM-DD`; a weekday name, "le"/"the"/"on" and a time after it
 * ("03/03/2021 14:05") may surround it. Null when the text holds anything else.
 */
export function parseDate(text: string, order?: DateOrder): string | null {
  const dates = findDates(text, order);
  if (dates.length !== 1) return null;
  const d = dates[0];
  const rest = `${text.slice(0, d.index)} ${text.slice(d.index + d.raw.length)}`.replace(
    /\b\d{1,2}[:h]\d{2}(?::\d{2})?\s*(?:am|pm)?\b/gi,
    ' ',
  );
  const leftover = fold(rest)
    .split(/[\s,.;:()\-/]+/)
    .filter((w) => w && !WEEKDAYS.has(w));
  return leftover.length ? null : d.iso;
}

/**
 * The day/month order a document uses, from its numeric dates: 'mdy' when some date has its second part over 12
 * and none its first, 'dmy' for the opposite, null when nothing decides (then parse with day first).
 */
export function guessDateOrder(texts: Iterable<string>): 'dmy' | 'mdy' | null {
  let dmy = 0;
  let mdy = 0;
  const numeric = /(?<![\d.,/-])([0-3]?\d)([-/.])([01]?\d|[0-3]\d)\2(\d{4}|\d{2})(?!\d)/g;
  for (const text of texts) {
    numeric.lastIndex = 0;
    for (let m = numeric.exec(text); m; m = numeric.exec(text)) {
      const a = Number(m[1]);
      const b = Number(m[3]);
      if (a > 12 && b <= 12) dmy++;
      else if (b > 12 && a <= 12) mdy++;
    }
  }
  if (mdy > dmy) return 'mdy';
  if (dmy > mdy) return 'dmy';
  return null;
}
