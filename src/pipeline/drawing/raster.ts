import sharp from 'sharp';
import type { RasterPage } from './types.ts';

/**
 * A page image (PNG/JPEG bytes, as the page-image renderer makes them) as 8-bit RGB pixels: transparency is
 * flattened onto white, the way a reader sees the page.
 */
export async function rasterFromImage(image: Uint8Array, pageIndex: number): Promise<RasterPage> {
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    page_index: pageIndex,
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  };
}
