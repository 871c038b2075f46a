/** Thresholds of the issuer and customer finders (scores and confidences 0..1; h: a line's height, px). */
export const PARTY = {
  /** Lines stacked under a customer label that belong to the addressee: at most this many. */
  addresseeLines: 6,
  /** Farthest gap (in h) between stacked lines of a name or an address block. */
  stackGap: 0.9,
  /** Domain bonus: name words of at least this many characters are compared with the domains. */
  domainWordChars: 3,
  /** Bonus when a domain starts with the whole name run together. */
  domainWhole: 0.3,
  /** Bonus when a domain starts with the name's first word... */
  domainFirstWord: 0.15,
  /** ...of at least this many characters. */
  domainFirstWordChars: 4,
  /** A name is at least this many characters... */
  nameMinChars: 2,
  /** ...at most this many... */
  nameMaxChars: 70,
  /** ...and at most this many words. */
  nameMaxWords: 8,
  /** A name of more than this many words must not start in lower case. */
  lowerCaseNameWords: 3,
  /** A letterhead line is not a label of another concept scoring at least this. */
  otherLabelScore: 0.9,
  /** Issuer score of a plausible name line... */
  baseScore: 0.2,
  /** ...plus this times its font size over the largest in the letterhead... */
  fontSizeWeight: 0.3,
  /** ...plus this when bold... */
  boldBonus: 0.1,
  /** ...plus this with a legal form (Ltd, GmbH)... */
  organisationBonus: 0.3,
  /** ...plus this when the page's identity block names it. */
  identityBonus: 0.2,
  /** A line with this many others on its row is a table row, not a letterhead. */
  tableRowNeighbours: 3,
  /** A line with exactly this many others on its row loses `crowdedPenalty`. */
  crowdedRowNeighbours: 2,
  /** Score lost by a line with `crowdedRowNeighbours` others on its row. */
  crowdedPenalty: 0.2,
  /** The letterhead is the top this share of the page height... */
  letterheadTop: 0.4,
  /** ...where a line gains up to this much the higher it is (and loses it below). */
  positionBonus: 0.15,
  /** Organisation names below this share of the page height (legal footer lines) are candidates too. */
  footerTop: 0.75,
  /** A labelled issuer or address value: this times the label score and layout weight. */
  labelledFactor: 0.75,
  /** The line above a legal form may reach this far (in h) below its top. */
  aboveOverlap: 0.3,
  /** Address lines under a name: at most this many. */
  maxAddressLines: 5,
  /** An address line is left-aligned with the name within this many h... */
  alignLines: 2,
  /** ...or centred under it within this share of the page width (when larger). */
  alignCentre: 0.08,
  /** An address stops at a line opening with a label of a concept scoring at least this. */
  addressStopLabel: 0.75,
  /** The issuer's line is found by its box within this many px. */
  issuerLineSlack: 1,
  /** Confidence of an issuer address read after or under the issuer's name. */
  issuerAddress: 0.6,
  /** Confidence factor of a customer name under a customer label. */
  customerLabel: 0.75,
  /** Confidence factor of a customer name under a customer-address label. */
  customerAddressLabel: 0.6,
  /** A customer's address counts this share of its name's confidence. */
  customerAddressFactor: 0.9,
} as const;
