/**
 * The detection rules' thresholds. Lengths are in page px or in font sizes (`size`, the median glyph size of
 * the line, group or page named); shares are of the quantity named; counts are glyphs or signals.
 */
export const DETECT = {
  /** Most glyphs of a page looked at (pages can hold many thousands). */
  maxGlyphs: 40_000,
  /** A drawn path at most this tall (px)... */
  ruleMaxHeight: 4,
  /** ...and at least this wide (px) is a rule (a fraction bar). */
  ruleMinWidth: 6,
  /** A delimiter this many body sizes tall (a matrix's parentheses) is math even in a text font. */
  tallDelimiterSizes: 1.5,
  /** Weak math signals that make a line math inside an equation block... */
  weakSignalsInEquationBlock: 2,
  /** ...and anywhere else. */
  weakSignalsAlone: 3,
  /** A line is prose with more prose letters than this floor... */
  proseLettersFloor: 3,
  /** ...and than this many times its math signals... */
  proseLettersPerSignal: 1.5,
  /** ...or more upright letters than this many times its math signals plus `uprightLettersSlack`. */
  uprightLettersPerSignal: 2,
  uprightLettersSlack: 3,
  /** Units join a display group when their vertical gap is under this many sizes... */
  nearVerticalGap: 0.5,
  /** ...and their horizontal gap under this many sizes. */
  nearHorizontalGap: 2.5,
  /** A plain line is in a math line's band when they overlap vertically by more than this share of the shorter. */
  sameBandShare: 0.5,
  /** A plain line under this share of the math line's size is a script or limit of it. */
  smallerSizeShare: 0.85,
  /** A rule joins a plain line across it when narrower than this many times the line's width... */
  ruleWidthPerLineWidth: 3,
  /** ...plus this many sizes. */
  ruleWidthSlackSizes: 2,
  /** Font size (px) of a glyph set with no glyphs. */
  defaultSize: 10,
  /** A display group's area grows by this many sizes to take in page glyphs. */
  areaGrowSizes: 0.15,
  /** A horizontal gap over this many sizes splits a display formula (a tag or a second formula). */
  clusterGapSizes: 2.5,
  /** Words at the ends of a display formula are on its main row when at least this share of its largest size. */
  mainRowSizeShare: 0.8,
  /** Fewest glyphs of a display formula that is split into rows. */
  splitRowsMinGlyphs: 4,
  /** A relation sign anchors a row when at least this share of the formula's size... */
  anchorSizeShare: 0.9,
  /** ...and more than this many sizes from every other anchor row. */
  anchorRowGapSizes: 1.2,
  /** Rows (relation-sign anchors) a display must have to be split. */
  splitRowsMinAnchors: 2,
  /** A far tag may sit this many px above or below a formula's middle. */
  farTagSlack: 4,
  /** A word of at most this many glyphs of letters, digits and operators goes on an inline run. */
  inlineWordMaxGlyphs: 6,
  /** An operator name is at most this many glyphs... */
  operatorNameMaxGlyphs: 5,
  /** ...glued to the math before it within this many sizes... */
  operatorNameGlueSizes: 0.15,
  /** ...with a script after it under this share of its size... */
  operatorScriptSizeShare: 0.85,
  /** ...raised or lowered by more than this many sizes. */
  operatorScriptShiftSizes: 0.1,
  /** A script of a math letter has at most this many glyphs... */
  scriptMaxGlyphs: 3,
  /** ...is under this share of the letter's size... */
  scriptSizeShare: 0.85,
  /** ...raised or lowered by more than this many of the letter's sizes... */
  scriptShiftSizes: 0.15,
  /** ...and starts within this many sizes of it. */
  scriptGlueSizes: 0.35,
  /** Text of glyphs: a new word after a baseline shift over this many sizes... */
  wordBreakShiftSizes: 0.5,
  /** ...or a horizontal gap over this many sizes. */
  wordBreakGapSizes: 0.2,
} as const;
