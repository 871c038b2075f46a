import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPpOcrEngine, type PpOcrEngine } from '../src/inference/ocr/ppocr/engine.ts';
import { OCR_STAGES, StageClock } from '../src/inference/ocr/stage-clock.ts';
import { rotateImage } from '../src/inference/ocr/image.ts';
import type { Box, Orientation, RgbImage } from '../src/inference/ocr/types.ts';
import { EVAL_DIR, inkInRows, renderTextPage } from './helpers/ocr-images.ts';
import { ppOcrModels } from './helpers/ppocr-models.ts';

const TESSERACT_EVAL = path.join(EVAL_DIR, 'ocr-tesseract');
const HAVE_TESSERACT_EVAL = existsSync(path.join(TESSERACT_EVAL, 'phototest.tif'));
if (!HAVE_TESSERACT_EVAL) console.warn(`SKIPPING the scanned-page OCR checks: ${TESSERACT_EVAL} is absent`);

// "Paid on 2024-03-15" reads "Paid 0n ..." at some sizes: the model's o/0 confusion next to digits (a known weakness).
const LINES = ['The quick brown fox jumps', 'Total 12.50', 'Invoice number 4711', 'Shipped on 2024-03-15', 'Thank you for your order'];
const FONT_SIZE = 18;
const SCALE = 3; // pixels per point: ~216 dpi
const PAGE = { width: 360, height: 280 };
const LEFT = 30;
const FIRST_BASELINE = 40;
const LEADING = 48;

/** Helvetica lines drawn into a PDF page (optionally rotated by `tiltDegrees`, PDF counter-clockwise), rendered by mupdf. */
function renderLines(lines: string[], tiltDegrees = 0): RgbImage {
  return renderTextPage(
    { lines, page: PAGE, fontSize: FONT_SIZE, left: LEFT, firstBaseline: PAGE.height - FIRST_BASELINE, leading: LEADING, tiltDegrees },
    SCALE,
  );
}

/** The ink (dark pixels) of line i: searched in the band around where it was drawn. */
function inkBox(image: RgbImage, i: number): Box {
  const baseline = (FIRST_BASELINE + i * LEADING) * SCALE;
  return (
    inkInRows(image, Math.floor(baseline - FONT_SIZE * SCALE), Math.ceil(baseline + FONT_SIZE * SCALE * 0.4)) ?? [
      image.width,
      image.height,
      0,
      0,
    ]
  );
}

function contains(outer: Box, inner: Box, tolerance: number): boolean {
  return (
    outer[0] <= inner[0] + tolerance &&
    outer[1] <= inner[1] + tolerance &&
    outer[2] >= inner[2] - tolerance &&
    outer[3] >= inner[3] - tolerance
  );
}

async function loadImage(file: string): Promise<RgbImage> {
  const { data, info } = await sharp(file).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

describe('PP-OCRv4 engine (real models)', () => {
  let engine: PpOcrEngine;
  const page = renderLines(LINES);

  beforeAll(async () => {
    engine = await createPpOcrEngine(ppOcrModels(2));
  });
  afterAll(async () => engine?.close());

  it('reads each rendered line exactly, in order, with boxes around its ink', async () => {
    const result = await engine.recognize(page);
    expect(result.lines.map((l) => l.text)).toEqual(LINES);
    expect(Math.abs(result.skewDegrees)).toBeLessThan(1);
    result.lines.forEach((line, i) => {
      const ink = inkBox(page, i);
      // Up to ~8% of the text height may be clipped: DB boxes can miss an overhang such as the bar of a leading "T".
      expect(contains(line.box, ink, FONT_SIZE * SCALE * 0.08), `line ${i} box ${line.box} vs ink ${ink}`).toBe(true);
      // Not much bigger than the ink either: the unclipped box hugs the line.
      expect(contains(ink, line.box, FONT_SIZE * SCALE * 0.6)).toBe(true);
      expect(line.confidence).toBeGreaterThan(0.8);
      expect(line.words.map((w) => w.text).join(' ')).toBe(line.text);
      line.words.forEach((word, k) => {
        expect(contains(line.box, word.box, 0.01)).toBe(true);
        if (k > 0) expect(word.box[0]).toBeGreaterThanOrEqual(line.words[k - 1].box[2] - 1);
      });
    });
    // The amount's word box sits over the right part of "Total 12.50".
    const total = result.lines[1];
    const amount = total.words[1].box;
    expect(amount[0]).toBeGreaterThan(total.box[0] + (total.box[2] - total.box[0]) * 0.35);
  });

  it.each([90, 180, 270] as const)('finds the upright turn of a page turned %i° and reads it back', async (turned) => {
    const rotated = rotateImage(page, turned);
    const guess = await engine.detectOrientation(rotated);
    const expected = ((360 - turned) % 360) as Orientation;
    expect(guess.rotation).toBe(expected);
    expect(guess.confidence).toBeGreaterThan(0.5);
    const upright = rotateImage(rotated, guess.rotation);
    const result = await engine.recognize(upright);
    expect(result.lines.map((l) => l.text)).toEqual(LINES);
  });

  it('accounts for its work stage by stage on the clock it is handed', async () => {
    const clock = new StageClock();
    await engine.detectOrientation(page, clock);
    await engine.recognize(page, undefined, clock);
    // Every stage ran (the detection of the upright page is reused, not repeated): each has time on the clock.
    for (const stage of OCR_STAGES) expect(clock.ms[stage], stage).toBeGreaterThan(0);
  });

  it('says an upright page is upright', async () => {
    expect((await engine.detectOrientation(page)).rotation).toBe(0);
  });

  it('measures a clockwise tilt as positive skew', async () => {
    const tilted = renderLines(LINES.slice(0, 2), -3);
    const result = await engine.recognize(tilted);
    expect(result.lines.map((l) => l.text)).toEqual(LINES.slice(0, 2));
    expect(result.skewDegrees).toBeGreaterThan(2);
    expect(result.skewDegrees).toBeLessThan(4);
  });

  it('reads a single line crop, also upside down', async () => {
    const [left, top, right, bottom] = inkBox(page, 1);
    const margin = 8;
    const crop = cropBox(page, [left - margin, top - margin, right + margin, bottom + margin]);
    expect((await engine.readLine(crop)).text).toBe('Total 12.50');
    const flipped = await engine.readLine(rotateImage(crop, 180));
    expect(flipped.text).toBe('Total 12.50');
    expect(flipped.confidence).toBeGreaterThan(0.8);
  });

  it.skipIf(!HAVE_TESSERACT_EVAL).each([
    ['phototest-rotated-L.png', 90],
    ['phototest-rotated-R.png', 270],
    ['phototest-rotated-180.png', 180],
  ] as const)('finds the upright turn of the scanned %s', async (name, expected) => {
    const image = await loadImage(path.join(TESSERACT_EVAL, name));
    expect((await engine.detectOrientation(image)).rotation).toBe(expected);
  });

  it.skipIf(!HAVE_TESSERACT_EVAL)('reads tesseract phototest with a low character error rate', async () => {
    const file = path.join(TESSERACT_EVAL, 'phototest.tif');
    const gold = readFileSync(path.join(TESSERACT_EVAL, 'phototest.gold.txt'), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .join(' ');
    const result = await engine.recognize(await loadImage(file));
    const text = result.lines.map((l) => l.text).join(' ');
    expect(editDistance(text, gold) / gold.length).toBeLessThan(0.03);
  });
});

function cropBox(image: RgbImage, [left, top, right, bottom]: Box): RgbImage {
  const width = right - left;
  const height = bottom - top;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    data.set(image.data.subarray(((top + y) * image.width + left) * 3, ((top + y) * image.width + right) * 3), y * width * 3);
  }
  return { width, height, data };
}
