/**
 * Thresholds of structure.ts (rows, columns and spans inside one table). `em` is the table's median font size;
 * coverage is the share of a span that drawn rule pieces cover.
 */
export const STRUCTURE = {
  /** Tolerance around the table's box when taking its words, in pt. */
  wordTol: 2,
  /** Least distance of an interior vertical rule from the box's left or right edge, in em. */
  ruleEdgeMargin: 0.5,
  /** Coverage of one text row's height by a vertical rule that makes it separate columns. */
  ruleRowCoverage: 0.9,
  /** Coverage of the table's height by a vertical rule that makes it separate columns on its own. */
  ruleTableCoverage: 0.2,
  /** Tables lower than this keep every interior vertical rule as a column edge, in em. */
  shortTableHeight: 3,
  /** Least share of a ruled stripe's rows that must split at an aligned gap for an unruled column inside it. */
  stripeSeparatorShare: 0.5,
  /** Least coverage of the table's width by a horizontal rule found between two text rows. */
  ruleBetweenCoverage: 0.1,
  /** Fewest distinct horizontal rule positions for rows to come from rules. */
  minRowRules: 3,
  /** Share of neighbouring text-row pairs that must have a rule between them for rows to come from rules. */
  ruledPairShare: 0.5,
  /** Least distance of a row rule from the box's top or bottom edge, in em. */
  rowRuleEdgeMargin: 0.3,
  /** Least coverage of the table's width by a horizontal rule that makes a row edge. */
  rowRuleCoverage: 0.05,
  /** Fewest rule-separated row pairs for unkeyed continuation lines to be read as wrapped cells. */
  minRuledPairsForContinuations: 2,
  /** Most share of the continuation lines between rules that may have a key and cells beside it. */
  keyedContinuationShare: 0.3,
  /** The first rule under a row must come within this many rows of the top for the rows above it to be a header block. */
  headerRuleMaxRow: 3,
  /** A tight gap is this many row heights under the usual gap between rows ... */
  tightGapRows: 0.2,
  /** ... and (when the usual gap is positive) under this share of the usual gap ... */
  tightGapShare: 0.75,
  /** ... less this margin, in pt. */
  tightGapMargin: 0.5,
  /**
   * Two leadings: gaps between lines that part at a jump of at least this many row heights (sorted) are two
   * kinds, the wider between records, the narrower inside multi-line cells ...
   */
  leadingJumpRows: 0.15,
  /** ... when this share of the lines after a narrow gap fill fewer of the columns than the line above does. */
  wrappedLineShare: 0.6,
  /** A line wrapping on from the cells above may sit this much further below than rows usually do, in em. */
  wrapGapSlack: 0.5,
  /** Share of the pieces beside the key column that must be figures for a data row. */
  figureShare: 0.5,
  /** How far a wrapped key line's left edge may sit from the key text above it, in em. */
  keyStartTol: 0.5,
  /** Padding at each end of a cell edge left out when measuring rule coverage there, share of the cell's extent. */
  cellEdgePad: 0.2,
  /** Coverage of a cell edge by a rule under which the edge is missing (the cells are joined). */
  cellEdgeCoverage: 0.5,
  /** Fewest columns for section labels and centred headings to span the table. */
  sectionLabelMinCols: 3,
  /** How far a centred row's centre may sit from the table's middle, as share of the table's width (at least one em). */
  centredTol: 0.05,
  /** A gap at least this wide right at a column cut is a gutter between cells, in em. */
  gutterGap: 0.5,
  /** The same when only figures lie right of the cut (a long label set tight against a figure column), in em. */
  figureGutterGap: 0.2,
  /** Two neighbouring cells' texts closer than this are one run of text, in em (the larger font of the two). */
  textCrossGap: 0.9,
  /** Empty columns narrower than this are dropped (double rules), in em. */
  thinColumn: 1.2,
  /** Empty rows lower than this are dropped (double rules), in em. */
  thinRow: 0.9,
} as const;
