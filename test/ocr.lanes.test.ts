import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ImageDecodeError, rotateImage } from '../src/inference/ocr/image.ts';
import { OcrLanes } from '../src/inference/ocr/lanes/lanes.ts';
import type { EncodedPageRead } from '../src/inference/ocr/recognize-page.ts';
import type { RgbImage } from '../src/inference/ocr/types.ts';
import { renderTextPage } from './helpers/ocr-images.ts';
import { ppOcrModels } from './helpers/ppocr-models.ts';

const SETUP = { engine: ppOcrModels(1) };
const LINES = ['Invoice number 4711', 'Total 12.50', 'Thank you for your order'];

function renderPage(): RgbImage {
  return renderTextPage({ lines: LINES, page: { width: 300, height: 200 }, fontSize: 18, left: 30, firstBaseline: 160, leading: 48 }, 3);
}

async function png(image: RgbImage): Promise<Uint8Array> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .png()
    .toBuffer();
}

/** What must not differ between lanes: the text, where it is, the turn found. */
const reading = ({ page }: EncodedPageRead) => ({ rotation: page.rotation, lines: page.lines.map((l) => ({ text: l.text, box: l.box })) });

describe('OCR lanes', () => {
  const open: OcrLanes[] = [];
  const lanes = (count: number) => {
    const made = new OcrLanes(count, async () => SETUP);
    open.push(made);
    return made;
  };
  afterAll(() => Promise.all(open.map((l) => l.close())));

  it('reads pages side by side on two lanes exactly as one lane reads them one after another', async () => {
    const upright = renderPage();
    const pages = await Promise.all([upright, rotateImage(upright, 180), upright, rotateImage(upright, 90)].map(png));
    const one = lanes(1);
    const alone: EncodedPageRead[] = [];
    for (const bytes of pages) alone.push(await one.read({ bytes, assumeUpright: false }));
    const two = lanes(2);
    const together = await Promise.all(pages.map((bytes) => two.read({ bytes, assumeUpright: false })));

    expect(two.startedLanes).toBe(2);
    expect(together.map(reading)).toEqual(alone.map(reading));
    for (const result of together) expect(result.page.lines.map((l) => l.text)).toEqual(LINES);
    // The turn that makes each page upright: a page turned a quarter clockwise needs three more.
    expect(together.map((r) => r.page.rotation)).toEqual([0, 180, 0, 270]);
  }, 120_000);

  it('starts a second lane only once pages overlap', async () => {
    const two = lanes(2);
    const bytes = await png(renderPage());
    await two.read({ bytes, assumeUpright: true });
    await two.read({ bytes, assumeUpright: true });
    expect(two.startedLanes).toBe(1);
  }, 60_000);

  it('answers an undecodable image with the decode error the RPC maps to INVALID_ARGUMENT', async () => {
    const failure = lanes(1).read({ bytes: new Uint8Array([1, 2, 3, 4]), assumeUpright: false });
    await expect(failure).rejects.toBeInstanceOf(ImageDecodeError);
  }, 60_000);
});
