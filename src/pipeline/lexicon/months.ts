/** Month names: as the date parsers read them (many languages, accents folded) and as the synthesizer prints them. */

/** English month names, lower case, January first. */
export const ENGLISH_MONTHS: readonly string[] = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** The three-letter English abbreviations, "jan" to "dec": the start of every English month word. */
export const ENGLISH_MONTH_ABBREVIATIONS: readonly string[] = ENGLISH_MONTHS.map((m) => m.slice(0, 3));

/**
 * Month words per month (January first) in English, German, French, Spanish, Italian, Dutch and Polish, lower
 * case without diacritics; abbreviations are the first 3+ letters of these or listed.
 */
export const MONTH_NAMES: readonly (readonly string[])[] = [
  ['january', 'januar', 'janvier', 'enero', 'gennaio', 'januari', 'styczen', 'stycznia', 'jan', 'jaen', 'janv', 'ene', 'gen', 'sty'],
  ['february', 'februar', 'fevrier', 'febrero', 'febbraio', 'februari', 'luty', 'lutego', 'feb', 'fev', 'fevr', 'lut', 'feber'],
  ['march', 'marz', 'maerz', 'mars', 'marzo', 'maart', 'marzec', 'marca', 'mar', 'mrt', 'mae'],
  ['april', 'avril', 'abril', 'aprile', 'kwiecien', 'kwietnia', 'apr', 'avr', 'abr', 'kwi'],
  ['may', 'mai', 'mayo', 'maggio', 'mei', 'maj', 'maja', 'mag'],
  ['june', 'juni', 'juin', 'junio', 'giugno', 'czerwiec', 'czerwca', 'jun', 'giu', 'cze'],
  ['july', 'juli', 'juillet', 'julio', 'luglio', 'lipiec', 'lipca', 'jul', 'juil', 'lug', 'lip'],
  ['august', 'aout', 'agosto', 'augustus', 'sierpien', 'sierpnia', 'aug', 'ago', 'sie'],
  ['september', 'septembre', 'septiembre', 'settembre', 'wrzesien', 'wrzesnia', 'sep', 'sept', 'set', 'wrz'],
  ['october', 'oktober', 'octobre', 'octubre', 'ottobre', 'pazdziernik', 'pazdziernika', 'oct', 'okt', 'ott', 'paz'],
  ['november', 'novembre', 'noviembre', 'listopad', 'listopada', 'nov', 'lis'],
  ['december', 'dezember', 'decembre', 'diciembre', 'dicembre', 'grudzien', 'grudnia', 'dec', 'dez', 'dic', 'gru'],
];

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** Month names as each language prints them in a long date, January first. */
export const PRINTED_MONTHS: Readonly<Record<'en' | 'de' | 'fr' | 'es' | 'it' | 'nl', readonly string[]>> = {
  en: ENGLISH_MONTHS.map(capitalize),
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  it: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
  nl: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
};
