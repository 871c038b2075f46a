/** OcrResponse (spec section 2) as JSON Schema. */
export const OcrLine = {
  type: 'object',
  required: ['bbox_id', 'text', 'page_index'],
  properties: {
    bbox_id: { type: 'string', description: 'Stable line id for the same file and engine version (e.g. p0_l3)' },
    text: { type: 'string' },
    page_index: { type: 'integer' },
    bbox: { type: ['array', 'null'], items: { type: 'integer' }, description: '[left, top, right, bottom] in page-image pixels' },
    polygon: {
      type: ['array', 'null'],
      items: { type: 'number' },
      description:
        "x0,y0 … x3,y3: the text's corners clockwise from its top-left, in page-image pixels (a turned scan keeps its turn here)",
    },
  },
} as const;

export const OcrPage = {
  type: 'object',
  required: ['page_index', 'width', 'height', 'text'],
  properties: {
    page_index: { type: 'integer' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    text: { type: 'string', description: "The page's lines in reading order, one per line" },
    lines: { type: 'array', items: OcrLine },
  },
} as const;

export const OcrResponse = {
  type: 'object',
  required: ['language', 'mode', 'pages'],
  properties: {
    language: { type: 'string', enum: ['auto', 'global'] },
    mode: { type: 'string', enum: ['regular', 'classic'] },
    pages: { type: 'array', items: OcrPage },
  },
} as const;
