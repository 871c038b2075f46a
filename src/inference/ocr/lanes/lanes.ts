import { OcrModelUnavailableError } from '../engines.ts';
import { ImageDecodeError } from '../image.ts';
import type { EncodedPageRead } from '../recognize-page.ts';
import type { LaneError, LaneMessage, LaneReply, LaneSetup } from './protocol.ts';
import { WorkerChannel } from '../worker-channel.ts';

export interface LaneRead {
  /** The encoded image (copied to the lane). */
  bytes: Uint8Array;
  assumeUpright: boolean;
  signal?: AbortSignal;
}

/** Errors the RPC layer maps to a status of their own, rebuilt by class name when a lane reports one. */
const KNOWN_ERRORS: Record<string, { prototype: Error }> = {
  ImageDecodeError,
  OcrModelUnavailableError,
};

function revive(error: LaneError): Error {
  const known = KNOWN_ERRORS[error.name];
  const err = new Error(error.message);
  if (known) Object.setPrototypeOf(err, known.prototype);
  err.name = error.name;
  return err;
}

/** A lane's answer: the page read, or the error it reported. */
function outcomeOf(reply: LaneReply): EncodedPageRead | Error {
  return reply.ok ? { page: reply.page, decodeMs: reply.decodeMs } : revive(reply.error);
}

/** One lane thread, started on its first page and started again after it dies. */
class Lane {
  private readonly channel: WorkerChannel<LaneReply, EncodedPageRead>;

  constructor(setup: LaneSetup) {
    this.channel = new WorkerChannel(new URL('./entry.mjs', import.meta.url), setup, 'OCR lane', outcomeOf);
  }

  get running(): boolean {
    return this.channel.running;
  }

  /** Pages sent to this lane and not yet answered. */
  get load(): number {
    return this.channel.load;
  }

  read(id: number, request: LaneRead): Promise<EncodedPageRead> {
    const bytes = new Uint8Array(request.bytes); // own buffer, moved to the lane without a second copy
    const onAbort = () => this.channel.notify({ type: 'abort', id } satisfies LaneMessage);
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const message = { type: 'read', id, bytes, assumeUpright: request.assumeUpright } satisfies LaneMessage;
    return this.channel.request(id, message, [bytes.buffer]).finally(() => request.signal?.removeEventListener('abort', onAbort));
  }

  close(): Promise<void> {
    return this.channel.close();
  }
}

/**
 * Regular-mode OCR pages spread over lane threads, each with its own PP-OCR sessions: a page goes to the lane
 * with the fewest pages in hand (the first of equals), so one client at a time only ever starts the first lane
 * and a second lane's thread and sessions exist only once pages overlap.
 */
export class OcrLanes {
  private lanes: Promise<Lane[]> | null = null;
  private made: Lane[] = [];
  private nextId = 1;

  /** `setup` resolves where the models are (and throws OcrModelUnavailableError when one is missing). */
  constructor(
    readonly count: number,
    private readonly setup: () => Promise<LaneSetup>,
  ) {
    if (count < 1) throw new RangeError('OCR lanes: count must be >= 1');
  }

  /** Lanes whose thread is running now. */
  get startedLanes(): number {
    return this.made.filter((l) => l.running).length;
  }

  async read(request: LaneRead): Promise<EncodedPageRead> {
    request.signal?.throwIfAborted();
    const lanes = await this.opened();
    const lane = lanes.reduce((best, l) => (l.load < best.load ? l : best));
    return lane.read(this.nextId++, request);
  }

  async close(): Promise<void> {
    const lanes = this.lanes;
    this.lanes = null;
    this.made = [];
    if (lanes) await Promise.allSettled((await lanes).map((l) => l.close()));
  }

  private opened(): Promise<Lane[]> {
    this.lanes ??= this.setup().then(
      (setup) => {
        this.made = Array.from({ length: this.count }, () => new Lane(setup));
        return this.made;
      },
      (err) => {
        this.lanes = null;
        throw err;
      },
    );
    return this.lanes;
  }
}
