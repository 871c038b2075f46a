/**
 * The pure parts around OCR: agentic mode's choice between readings, the words of a re-read line, and the
 * quarter-turn mapping between a served page image and its upright copy (round trips, boxes on the same pixels).
 */
import { describe, expect, it } from 'vitest';
import { chooseReading, spreadWords } from '../src/inference/ocr/agentic.ts';
import { rotateImage } from '../src/inference/ocr/image.ts';
import { classifyAngles } from '../src/inference/ocr/ppocr/classify.ts';
import { decideTurn, flipConfirmed, guessOrientation } from '../src/inference/ocr/ppocr/orientation.ts';
import type { OnnxModel } from '../src/inference/ocr/ppocr/sessions.ts';
import type { Quad } from '../src/inference/ocr/types.ts';
import type { ModelPage } from '../src/pipeline/model/types.ts';
import { pageToServed, toServed, toUpright, type QuarterTurn } from '../src/pipeline/ocr/quarter-turns.ts';

describe("page turn from the angle classifier's votes", () => {
  it('keeps a horizontal page upright on a split vote and turns it on a clear one', () => {
    // 0.51 for upside down: what the classifier gave a worn 19th-century book scan that is upright.
    expect(decideTurn(false, 0.49, 0.51)).toEqual({ rotation: 0, confidence: 0.49 });
    expect(decideTurn(false, 0.1, 0.9)).toEqual({ rotation: 180, confidence: 0.9 });
    expect(decideTurn(false, 0, 0)).toEqual({ rotation: 0, confidence: 0 });
  });

  it('turns a page upside down only when its longest lines read better turned', () => {
    const read = (...confidences: number[]) => confidences.map((confidence) => ({ confidence }));
    expect(flipConfirmed(read(0.95, 0.9, 0.93), read(0.4, 0.55, 0.3))).toBe(false);
    expect(flipConfirmed(read(0.35, 0.5, 0.42), read(0.96, 0.91, 0.9))).toBe(true);
    expect(flipConfirmed(read(), read())).toBe(false);
  });

  it('follows the majority for a page whose text runs vertically', () => {
    expect(decideTurn(true, 0.45, 0.55)).toEqual({ rotation: 90, confidence: 0.55 });
    expect(decideTurn(true, 0.7, 0.3)).toEqual({ rotation: 270, confidence: 0.7 });
  });
});

describe("the orientation vote's line answers", () => {
  // A stand-in angle classifier: every crop upright with probability 0.75; counts the crops it is shown.
  const classifier = () => {
    const seen = { crops: 0 };
    const model: OnnxModel = {
      async run(_input, dims) {
        seen.crops += dims[0];
        return { data: Float32Array.from({ length: 2 * dims[0] }, (_, i) => (i % 2 === 0 ? 0.75 : 0.25)), dims: [dims[0], 2] };
      },
      release: async () => {},
    };
    return { model, seen };
  };
  const image = { width: 400, height: 400, data: new Uint8Array(400 * 400 * 3).fill(255) };
  const rect = (x: number, y: number, w: number, h: number): Quad => [x, y, x + w, y, x + w, y + h, x, y + h];

  it('keeps, by box index, the answers for the lines of a horizontal page it classified', async () => {
    const { model, seen } = classifier();
    // Box 1 is too short to vote: it has no answer to reuse.
    const boxes = [rect(10, 10, 300, 20), rect(10, 50, 30, 20), rect(10, 90, 200, 20)].map((quad) => ({ quad, score: 1 }));
    const vote = await guessOrientation(model, image, boxes);
    expect(vote.guess.rotation).toBe(0);
    expect([...vote.lineAngles.keys()].sort()).toEqual([0, 2]);
    expect(vote.lineAngles.get(2)).toEqual({ upsideDown: false, score: 0.75 });
    expect(seen.crops).toBe(2);
    // The lines it voted with, longest first: the ones a 180° turn is confirmed on.
    expect(vote.sample).toEqual([boxes[0].quad, boxes[2].quad]);
  });

  it('keeps none for a page whose text runs vertically (its crops are turned a quarter)', async () => {
    const { model } = classifier();
    const boxes = [rect(10, 10, 20, 300), rect(50, 10, 20, 250)].map((quad) => ({ quad, score: 1 }));
    const vote = await guessOrientation(model, image, boxes);
    expect(vote.guess.rotation).toBe(270);
    expect(vote.lineAngles.size).toBe(0);
  });

  it('are not asked of the line classifier again', async () => {
    const { model, seen } = classifier();
    const crops = [image, image, image];
    const known = new Map([[1, { upsideDown: true, score: 0.95 }]]);
    const angles = await classifyAngles(model, crops, known);
    expect(seen.crops).toBe(2);
    expect(angles).toEqual([
      { upsideDown: false, score: 0.75 },
      { upsideDown: true, score: 0.95 },
      { upsideDown: false, score: 0.75 },
    ]);
  });
});

describe('agentic reading choice', () => {
  it('keeps the reading two engines or resolutions agree on, over a more confident outlier', () => {
    const best = chooseReading([
      { text: 'T0TAL 12.50', confidence: 0.97, engine: 'ppocr' },
      { text: 'TOTAL 12.50', confidence: 0.81, engine: 'ppocr' },
      { text: 'TOTAL 12.50', confidence: 0.7, engine: 'tesseract' },
    ]);
    expect(best.text).toBe('TOTAL 12.50');
    expect(best.confidence).toBe(0.81);
  });

  it("takes Tesseract's spacing when the characters agree", () => {
    const best = chooseReading([
      { text: 'THANKYOU PLEASE COMEAGAIN', confidence: 0.95, engine: 'ppocr' },
      { text: 'THANKYOUPLEASECOMEAGAIN', confidence: 0.9, engine: 'ppocr' },
      { text: 'THANK YOU PLEASE COME AGAIN', confidence: 0.6, engine: 'tesseract' },
    ]);
    expect(best).toMatchObject({ text: 'THANK YOU PLEASE COME AGAIN', engine: 'tesseract', confidence: 0.95 });
  });

  it('falls back to the most confident non-empty reading', () => {
    expect(
      chooseReading([
        { text: 'abc', confidence: 0.5, engine: 'ppocr' },
        { text: '', confidence: 0.99, engine: 'tesseract' },
        { text: 'abd', confidence: 0.6, engine: 'ppocr' },
      ]).text,
    ).toBe('abd');
  });

  it("shares a re-read line's box out to its words in order", () => {
    const words = spreadWords('ab  cdef', [0, 10, 70, 30], 0.9);
    expect(words.map((w) => w.text)).toEqual(['ab', 'cdef']);
    expect(words[0].box[0]).toBe(0);
    expect(words[1].box[2]).toBeCloseTo(70);
    expect(words[0].box[2]).toBeLessThan(words[1].box[0]);
  });
});

describe('quarter turns between the served image and its upright copy', () => {
  const served = { width: 40, height: 30 };
  it.each([0, 90, 180, 270] as QuarterTurn[])('maps points there and back for %i°', (turn) => {
    for (const [x, y] of [
      [0, 0],
      [40, 30],
      [12.5, 7],
    ]) {
      const [ux, uy] = toUpright(x, y, turn, served);
      expect(toServed(ux, uy, turn, served)).toEqual([x, y]);
    }
  });

  it.each([90, 180, 270] as QuarterTurn[])('agrees with the pixels of an image turned %i°', (turn) => {
    // One red pixel at (5, 3) of a 40x30 image: where rotateImage puts it is where toUpright maps its box.
    const data = new Uint8Array(40 * 30 * 3);
    data[(3 * 40 + 5) * 3] = 255;
    const upright = rotateImage({ ...served, data }, turn);
    let found: [number, number] | null = null;
    for (let i = 0; i < upright.data.length; i += 3)
      if (upright.data[i] === 255) found = [(i / 3) % upright.width, Math.floor(i / 3 / upright.width)];
    const [a, b] = [toUpright(5, 3, turn, served), toUpright(6, 4, turn, served)];
    expect([Math.min(a[0], b[0]), Math.min(a[1], b[1])]).toEqual(found);
  });

  it('puts a laid-out upright page back on the served image', () => {
    const line = {
      id: 'p0_l0',
      text: 'Hi',
      bbox: [2, 3, 12, 8] as [number, number, number, number],
      words: [],
      font: { name: 'OCR', size: 4, bold: false, italic: false, monospace: false },
      dir: 'ltr' as const,
      rotation: 0,
      source: 'ocr' as const,
      polygon: [2, 3, 12, 3, 12, 8, 2, 8],
    };
    const page: ModelPage = {
      page_index: 0,
      width: 30,
      height: 40,
      rotation: 0,
      lines: [line],
      paths: [],
      images: [],
      textLayer: 'ok',
      needsOcr: false,
      blocks: [{ id: 'p0_b0', type: 'text', bbox: [2, 3, 12, 8], lines: [line], text: 'Hi', score: 1, readingOrder: 0 }],
      ocr: { mode: 'regular', rotation: 90, rotationConfidence: 1, skewDegrees: 0, confidence: 0.9, medianLineHeight: 5 },
    };
    const back = pageToServed(page);
    expect([back.width, back.height]).toEqual([40, 30]);
    expect(back.lines[0].bbox).toEqual([3, 18, 8, 28]);
    expect(back.blocks[0].lines[0]).toBe(back.lines[0]);
    expect(back.lines[0].polygon!.slice(0, 2)).toEqual([3, 28]); // the text's top-left corner, now bottom-left on the served image
  });
});
