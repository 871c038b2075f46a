import { crc32 } from 'node:zlib';

/**
 * The same image as new bytes: a comment (JPEG COM segment, PNG tEXt chunk, or trailing bytes for formats that
 * address their data by offset, like TIFF) that changes the file's hash and none of its pixels. Every timed request
 * sends bytes the service has never seen, so a content-addressed cache can neither serve a repetition nor let one
 * mode reuse another's work.
 */
export function uniqueImageBytes(bytes: Buffer, tag: string): Buffer {
  const note = Buffer.from(`docintel-bench ${tag}`, 'latin1');
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return withJpegComment(bytes, note);
  if (bytes.length > 8 && bytes.readUInt32BE(0) === 0x89504e47) return withPngText(bytes, note);
  return Buffer.concat([bytes, note]);
}

/** COM segment after SOI and a leading APPn segment (JFIF/EXIF stay where readers look for them). */
function withJpegComment(jpeg: Buffer, note: Buffer): Buffer {
  let at = 2;
  if (jpeg[at] === 0xff && jpeg[at + 1] >= 0xe0 && jpeg[at + 1] <= 0xef) at += 2 + jpeg.readUInt16BE(at + 2);
  const segment = Buffer.alloc(4 + note.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(2 + note.length, 2);
  note.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, at), segment, jpeg.subarray(at)]);
}

/** tEXt chunk just before IEND. */
function withPngText(png: Buffer, note: Buffer): Buffer {
  const iend = png.lastIndexOf('IEND', undefined, 'latin1') - 4;
  if (iend < 8) return Buffer.concat([png, note]);
  const body = Buffer.concat([Buffer.from('tEXt', 'latin1'), Buffer.from('Comment\0', 'latin1'), note]);
  const chunk = Buffer.alloc(8 + body.length);
  chunk.writeUInt32BE(body.length - 4, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), 4 + body.length);
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}
