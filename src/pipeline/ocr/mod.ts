// OCR results turned into model lines, and boxes mapped from the upright page back onto the served image.
export { ocrModelPage } from './ocr-page.ts';
export { pageToServed } from './quarter-turns.ts';
