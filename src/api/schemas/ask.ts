/** AskResponse and ChatCitation (spec section 2) as JSON Schema. */

const number = { type: 'number' } as const;

export const ChatCitationRegion = {
  type: 'object',
  required: ['page_index', 'page_width', 'page_height', 'bbox'],
  properties: {
    page_index: { type: 'integer' },
    page_width: number,
    page_height: number,
    bbox: {
      type: 'object',
      description: 'Page-image pixels of the page (page_width x page_height), origin top left',
      required: ['x', 'y', 'width', 'height'],
      properties: { x: number, y: number, width: number, height: number },
    },
  },
} as const;

export const ChatCitation = {
  type: 'object',
  required: ['doc_id', 'regions'],
  properties: {
    doc_id: { type: ['string', 'null'] },
    regions: { type: 'array', items: ChatCitationRegion },
  },
} as const;

export const AskResponse = {
  type: 'object',
  required: ['answer'],
  properties: {
    answer: { type: 'string' },
    doc_ids: { type: 'array', items: { type: 'string' }, description: 'The documents asked about, in the order of the inputs' },
    session_id: { type: ['string', 'null'], description: 'Send it back with the same ordered inputs to ask a follow-up' },
    citations: { type: 'array', items: ChatCitation },
  },
} as const;
