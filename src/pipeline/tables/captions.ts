/** Line openings that mark captions and notes around a table (not rows of it). */

/** A caption label: a figure/table word, a number (arabic or roman, maybe a letter after it) and a separator or the line's end. */
export const CAPTION_START = /^(table|tab\.|figure|fig\.|exhibit|chart|graph|schedule)\s*[\dIVXLivxl]+[A-Za-z]?(\.\d+)*\s*([:.\-–—]|$)/iu;
/** A note label at the start of a line under a table. */
export const NOTES_START = /^(sources?|notes?|n\.\s?b\.|remarks?|footnotes?)\s*[:.]/iu;
/** A footnote mark opening a line under a table. */
export const FOOTNOTE_START = /^[*†‡§¶]/u;
