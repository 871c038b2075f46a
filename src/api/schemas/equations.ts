/** EquationExtractResponse (spec section 2) as JSON Schema. */
const intBox = {
  type: ['array', 'null'],
  items: { type: 'integer' },
  description: '[left, top, right, bottom] in page-image pixels',
} as const;
const stringList = { type: 'array', items: { type: 'string' } } as const;

export const EquationResult = {
  type: 'object',
  required: ['equation_id', 'page_index'],
  properties: {
    equation_id: { type: 'string' },
    page_index: { type: 'integer' },
    latex: {
      type: 'string',
      default: '',
      description: 'The formula as LaTeX (KaTeX-compatible), without delimiters and without its equation number',
    },
    source_text: { type: 'string', default: '', description: 'The same area as the text layer (or OCR) reads it' },
    display_mode: { type: 'string', enum: ['inline', 'block'], default: 'block' },
    confidence: { type: 'number', default: 0.0 },
    bbox: intBox,
    bbox_ids: { ...stringList, description: 'Ids of the words inside the formula (`<line id>_w<n>`)' },
    region_ids: stringList,
    engine: {
      type: 'string',
      enum: ['equation_codegen', 'parse_fallback'],
      description: 'Which path produced this formula: glyph geometry (born-digital) or OCR tokens',
    },
    tag: { type: ['string', 'null'], description: 'The printed equation number, e.g. `3` or `2.1`, when there is one' },
  },
} as const;

export const EquationExtractResponse = {
  type: 'object',
  // Always sent (with their spec defaults when empty); required here so the response is never mistaken for a JobRef.
  required: ['engine', 'pages', 'grounding_regions', 'equations'],
  properties: {
    engine: { type: 'string', enum: ['equation_codegen', 'parse_fallback'], default: 'equation_codegen' },
    pages: { type: 'integer', default: 0 },
    grounding_regions: { type: 'array', items: { $ref: 'GroundingRegion#' } },
    equations: { type: 'array', items: EquationResult },
  },
} as const;
