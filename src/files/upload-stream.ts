import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { finished } from 'node:stream/promises';
import { DocumentFormatError } from '../shared/errors.ts';
import { SNIFF_BYTES, sniff, unsupportedMessage, type SniffResult } from '../pipeline/document/mod.ts';

/**
 * Pass-through that sniffs the first SNIFF_BYTES of an upload on its way to the blob store and fails the
 * stream as soon as the type is known to be unsupported, so a 100 MB ZIP is refused after 4 KB, not stored.
 */
export class HeadSniffer extends Transform {
  detected: SniffResult | null = null;
  private readonly head: Buffer[] = [];
  private headBytes = 0;

  override _transform(raw: Buffer | string, encoding: BufferEncoding, callback: TransformCallback): void {
    const chunk = typeof raw === 'string' ? Buffer.from(raw, encoding) : raw;
    if (this.detected === null) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes >= SNIFF_BYTES) {
        const error = this.decide();
        if (error) return callback(error);
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.detected === null ? this.decide() : null);
  }

  private decide(): DocumentFormatError | null {
    const detected = sniff(Buffer.concat(this.head).subarray(0, SNIFF_BYTES));
    this.detected = detected;
    this.head.length = 0;
    return unsupportedError(detected);
  }
}

/** The error for a sniffed type that upload does not accept; null when it is accepted. */
export function unsupportedError(detected: SniffResult): DocumentFormatError | null {
  if (detected.supported) return null;
  if (detected.type === 'application/x-empty') return new DocumentFormatError('zero-byte file', null);
  return new DocumentFormatError(unsupportedMessage(detected), detected.type);
}

/**
 * A part whose stream was closed before its end without an error of its own: busboy does that when the request
 * body ends inside the part (it reports the form as merely ended), so it is a malformed body.
 */
export class PartCutShortError extends Error {
  constructor() {
    super('the upload part was closed before its end');
    this.name = 'PartCutShortError';
  }
}

/**
 * Pipes `source` through a HeadSniffer. Unlike pipeline(), a failure downstream does not destroy `source`:
 * a multipart file stream must be read to its end for the rest of the request to parse, see drain().
 */
export function sniffWhileStreaming(source: Readable): HeadSniffer {
  const sniffer = new HeadSniffer();
  // The sniffer can fail before the blob store starts reading it; its consumer still sees the error (the stream
  // is destroyed with it, see also `sniffer.errored`), so this listener only keeps it from being "unhandled".
  sniffer.on('error', () => undefined);
  // A part busboy closed before its end, with or without an error, would leave the sniffer waiting for data
  // forever: its error is passed on, also when it happened before this call (while the previous part was stored).
  const cutShort = () => source.errored ?? new PartCutShortError();
  if (source.errored || (source.destroyed && !source.readableEnded)) {
    sniffer.destroy(cutShort());
    return sniffer;
  }
  source.on('error', (err) => sniffer.destroy(err));
  source.on('close', () => {
    if (!source.readableEnded) sniffer.destroy(cutShort());
  });
  source.pipe(sniffer);
  return sniffer;
}

/** Reads and discards what is left of `source` (bounded by the multipart file-size limit). Never throws. */
export async function drain(source: Readable): Promise<void> {
  if (source.readableEnded || source.destroyed) return;
  source.unpipe();
  source.resume();
  await finished(source).catch(() => undefined);
}

/** Busboy (behind @fastify/multipart) ends a file stream early at its size limit and flags it `truncated`. */
export function wasTruncated(source: Readable): boolean {
  return (source as Readable & { truncated?: boolean }).truncated === true;
}
