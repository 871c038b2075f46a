/** Thresholds of the business-document finders (confidences and scores 0..1). */
export const BUSINESS = {
  /** Labelled amounts, dates and identifiers: this times the label score and layout weight. */
  labelledFactor: 0.9,
  /** Bonus of a total whose label names the amount to pay specifically. */
  specificTotalBonus: 0.15,
  /** A total's labelled confidence keeps this share before its bonuses... */
  totalBase: 0.7,
  /** ...plus this for the largest total... */
  largestTotalBonus: 0.1,
  /** ...plus this on the last page with a total... */
  lastPageBonus: 0.05,
  /** ...plus this times its height on the page (0 top, 1 bottom). */
  lowOnPageBonus: 0.05,
  /** A rounding adjustment is smaller than this amount (in the currency). */
  maxRounding: 1,
  /** Two amounts are equal within this. */
  sameAmount: 0.001,
  /** A rounded total ranks this much above the total it adjusts. */
  roundedBonus: 0.01,
  /** A total summed from a labelled subtotal keeps this share of the subtotal's confidence. */
  summedTotalFactor: 0.6,
  /** An untaxed subtotal taken for the total keeps this share of its confidence. */
  untaxedSubtotalFactor: 0.5,
  /** Confidence of the first unlabelled date on the first page... */
  firstDate: 0.4,
  /** ...less this for each later one... */
  laterDateStep: 0.05,
  /** ...of at most this many. */
  maxFirstDates: 3,
  /** An identifier starts at most this many characters into its labelled value. */
  identifierStart: 4,
  /** Labelled texts (payment terms) are at most this many characters. */
  maxTextChars: 120,
  /** Labelled texts: this times the label score and layout weight. */
  textFactor: 0.8,
  /** A labelled pattern value (IBAN, e-mail): this times the layout weight. */
  labelledPattern: 0.85,
  /** Confidence of a pattern value found anywhere in the text. */
  unlabelledPattern: 0.5,
  /** Confidence of a labelled currency. */
  labelledCurrency: 0.9,
  /** Confidence of the currency on the total's row. */
  totalRowCurrency: 0.8,
  /** Confidence of the most frequent currency mark... */
  frequentCurrency: 0.6,
  /** ...less this per rank below it. */
  currencyRankStep: 0.1,
  /** Confidence of a tax rate under a tax-rate label. */
  taxRateLabel: 0.85,
  /** Confidence of a tax rate in a tax label ("VAT 20%"). */
  taxLabel: 0.6,
} as const;
