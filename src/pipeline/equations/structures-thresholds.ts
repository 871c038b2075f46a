/**
 * The LaTeX structure rules' thresholds (radicals, fractions, big operators, delimiters, matrices). Lengths are
 * in page px or in font sizes (`size`: the item's, the operator's or the pool's, as named); shares are of the
 * quantity named.
 */
export const STRUCT = {
  /** A bar may overhang its content by this many of the largest item sizes on each side... */
  ruleOverhangSizes: 0.5,
  /** ...and at least this many px; vertically by this many px. */
  ruleOverhangMin: 2,
  /** An item is within a rule's width or between delimiters when its centre is this many px (or more) inside. */
  edgeSlack: 1,
  /** A gap over this many sizes ends a fraction part's stack. */
  stackGapSizes: 0.6,
  /** A radical without an overbar reaches this many of its sizes right of the √. */
  radicalReachSizes: 1.5,
  /** Radical content may start this many sizes left of the √'s right edge and end this far below its bottom. */
  radicalContentSlackSizes: 0.2,
  /** A root index is smaller than this share of the √'s size... */
  indexSizeShare: 0.8,
  /** ...centred left of this share of the √'s width... */
  indexWidthShare: 0.6,
  /** ...and right of this many sizes before it... */
  indexLeftSizes: 0.8,
  /** ...ends more than this many sizes above the √'s baseline... */
  indexRaiseSizes: 0.25,
  /** ...and less than this many sizes above its top. */
  indexAboveTopSizes: 0.5,
  /** An overbar starts within this many of the √'s sizes of its right edge... */
  overbarStartSizes: 0.6,
  /** ...and no higher than this many sizes above its top. */
  overbarAboveTopSizes: 0.5,
  /** Glyphs at least this share of the largest size set the dominant baseline. */
  baselineSizeShare: 0.9,
  /** A fraction's baseline sits this many pool sizes below its bar. */
  fractionBaselineSizes: 0.25,
  /** A fraction bar is centred on a part when their middles are within this share of the bar's width... */
  barCentreWidthShare: 0.3,
  /** ...plus this many sizes. */
  barCentreSlackSizes: 0.3,
  /** A fraction bar is at most this many sizes wider than its wider part. */
  barOverhangSizes: 2,
  /** Limits of a big operator are smaller than this share of its size. */
  limitSizeShare: 0.85,
  /** Limits are centred within this share of the operator's width beyond its sides. */
  limitWidthSlackShare: 0.2,
  /** An upper limit is centred this many operator sizes above its middle... */
  upperLimitRaiseSizes: 0.3,
  /** ...a lower limit this many below. */
  lowerLimitDropSizes: 0.1,
  /** Rounds of growing a limit row along its baseline. */
  limitRowMaxRounds: 50,
  /** A glyph joins a limit row when it overlaps a row glyph vertically by this share of the smaller height... */
  limitRowOverlap: 0.3,
  /** ...within this many of that glyph's sizes horizontally. */
  limitRowGapSizes: 0.4,
  /** A delimiter this many pool sizes tall (or set in a cmex font) pairs with another. */
  tallDelimiterSizes: 1.3,
  /** A closing delimiter's middle is within this many of the opener's sizes of the opener's. */
  closeMiddleSizes: 0.5,
  /** An item joins the matrix row above when it overlaps that row by this share of its height. */
  matrixRowOverlap: 0.4,
  /** Rows of a matrix: at least two, at most this many. */
  matrixMaxRows: 40,
  /** A horizontal gap over this many sizes is a matrix column boundary. */
  columnGapSizes: 0.8,
} as const;
