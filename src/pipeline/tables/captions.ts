/** Line openings that mark captions and notes around a table (not rows of it). */

/**
 * A caption label: a figure/table word, a number (arabic or roman, maybe a letter after it) and a separator or
 * the line's end. Besides English: the table and figure words of Chinese and Japanese (表, 図/图), Hebrew and
 * Arabic, whose number may follow with or without a space.
 */
export const CAPTION_START =
  /^(?:(?:table|tab\.|figure|fig\.|exhibit|chart|graph|schedule)\s*[\dIVXLivxl]+[A-Za-z]?(\.\d+)*\s*([:.\-–—]|$)|(?:表|図|图|טבלה|איור|جدول|شكل)\s*[\d٠-٩]+(?:[.．]\d+)*\s*(?:[:.：．。\-–—]|\s|$))/iu;
/** A note label at the start of a line under a table (English, Chinese and Japanese, Hebrew, Arabic). */
export const NOTES_START =
  /^(?:(?:sources?|notes?|n\.\s?b\.|remarks?|footnotes?)\s*[:.]|(?:注|備考|出典|資料|来源|הערות|הערה|מקור|ملاحظات|ملاحظة|المصدر)\s*[:.：．])/iu;
/** A footnote mark opening a line under a table. */
export const FOOTNOTE_START = /^[*†‡§¶]/u;
