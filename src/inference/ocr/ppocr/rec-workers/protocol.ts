import type { RgbImage } from '../../types.ts';
import type { Recognition, RecognitionBatch } from '../recognize.ts';

/** What a recognizer thread is started with: its own recognizer session (one intra-op thread) and dictionary. */
export interface RecognizerSetup {
  recModel: string;
  dictionary: string;
  executionProviders?: string[];
}

/** One batch to read: its crops in the order of the batch's indices. */
export interface BatchRequest {
  id: number;
  crops: RgbImage[];
  batch: Omit<RecognitionBatch, 'indices'>;
}

/** Stage times the thread spent on a batch (ms), added to the caller's clock. */
export type BatchStages = { preprocess: number; recognition_model: number; ctc_decode: number };

export type BatchReply =
  | { id: number; ok: true; readings: Recognition[]; stagesMs: BatchStages }
  | { id: number; ok: false; message: string };
