import type { StageClock } from './stage-clock.ts';

/**
 * The OCR engines' common vocabulary (inference process side). Coordinates are pixels of the image the engine
 * was given, x to the right, y down.
 */

/** 8-bit RGB pixels, row-major, no padding: `data.length === width * height * 3`. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export type Box = [left: number, top: number, right: number, bottom: number];

/** Four corners clockwise from the text's top-left: x0,y0 (top-left), x1,y1 (top-right), x2,y2 (bottom-right), x3,y3 (bottom-left). */
export type Quad = [number, number, number, number, number, number, number, number];

export interface OcrWord {
  text: string;
  box: Box;
  /** 0..1 */
  confidence: number;
}

export interface OcrLine {
  text: string;
  polygon: Quad;
  /** Axis-aligned bounds of the polygon. */
  box: Box;
  /** 0..1: mean of the characters' confidences. */
  confidence: number;
  words: OcrWord[];
}

/** Clockwise rotation, in degrees, that turns the image upright. */
export type Orientation = 0 | 90 | 180 | 270;

export interface OrientationGuess {
  rotation: Orientation;
  /** 0..1 */
  confidence: number;
}

export interface PageLines {
  /** In reading order: top to bottom, then left to right within a row. */
  lines: OcrLine[];
  /** Small skew of the text baselines, degrees, positive = clockwise (0 when unknown). */
  skewDegrees: number;
}

/** One text line image read on its own (re-reading a doubtful line). */
export interface LineReading {
  text: string;
  confidence: number;
}

export interface OcrEngine {
  readonly name: 'ppocr' | 'tesseract';
  /** Lines of an upright image. */
  recognize(image: RgbImage, signal?: AbortSignal, clock?: StageClock): Promise<PageLines>;
  /** Reads an image that holds a single text line (a crop). */
  readLine(image: RgbImage): Promise<LineReading>;
  /** Which quarter turn makes the image upright. */
  detectOrientation(image: RgbImage, clock?: StageClock): Promise<OrientationGuess>;
  close(): Promise<void>;
}
