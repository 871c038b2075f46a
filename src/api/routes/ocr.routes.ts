import { ocrProperties } from '../../jobs/mod.ts';
import type { ProcessingRouteSpec } from '../processing.ts';
import { OcrResponse } from '../schemas/ocr.ts';

export const ocrRoute: ProcessingRouteSpec = {
  url: '/v1/ocr',
  operation: 'ocr',
  summary: 'OCR with line-level geometry',
  description: [
    "Page text in reading order plus every line's box and polygon, in page-image pixels. Scans, photos and every image format are read by OCR (turned upright first: a page scanned sideways or upside down reads correctly, and its boxes stay on the page image the service serves).",
    '`mode`: `regular` (PP-OCRv4; born-digital PDF pages answer from their text layer), `classic` (Tesseract, every page OCRed), `agentic` (regular OCR of every page, then lines read with low confidence are re-read by both engines at twice the resolution and the better reading kept; the response reports `regular`).',
    '`language`: `auto` (default); `global` enables every installed recognizer language (Tesseract: English is installed; PP-OCRv4 reads Chinese and Latin script in both).',
  ].join('\n\n'),
  properties: ocrProperties,
  response: { description: 'OcrResponse', ...OcrResponse },
};
