import type { PpOcrOptions } from '../ppocr/engine.ts';
import type { EncodedPageRead } from '../recognize-page.ts';

/** What a lane thread is started with: how to open its own PP-OCR sessions (on its first page). */
export interface LaneSetup {
  engine: PpOcrOptions;
}

/** A page for a lane: the encoded image, read in regular mode. */
export interface LaneReadMessage {
  type: 'read';
  id: number;
  bytes: Uint8Array;
  assumeUpright: boolean;
}

/** The caller stopped waiting for page `id`. */
export interface LaneAbortMessage {
  type: 'abort';
  id: number;
}

export type LaneMessage = LaneReadMessage | LaneAbortMessage;

/** An error crossing the thread boundary: its class name picks the RPC status on the other side. */
export interface LaneError {
  name: string;
  message: string;
}

export type LaneReply = ({ id: number; ok: true } & EncodedPageRead) | { id: number; ok: false; error: LaneError };
