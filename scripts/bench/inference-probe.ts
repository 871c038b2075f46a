import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { InferenceClient } from '../../src/inference/client.ts';
import type { RecognizePageResponse } from '../../src/inference/types.ts';
import type { InferenceOcrProbe, InferenceOcrProbeFactory } from './capabilities/ocr.ts';

/**
 * What only the inference client can measure: the share of an OCR call spent outside the inference server's
 * own work (gRPC serialization, transfer, deserialization: client round trip minus the server's total, queueing
 * included), and the OCR throughput of one inference process under several concurrent clients (the queue runs
 * one page at a time with all cores, so concurrency should keep it busy, not speed it up).
 */
const SAMPLE = 8;

function sampleImages(evalDir: string): Buffer[] {
  const receipts = path.join(evalDir, 'receipts-sroie', 'img');
  const files = readdirSync(receipts)
    .filter((f) => /\.(jpe?g|png)$/i.test(f))
    .sort()
    .slice(0, SAMPLE);
  if (!files.length) throw new Error(`no receipt images in ${receipts}`);
  return files.map((f) => readFileSync(path.join(receipts, f)));
}

type Timings = RecognizePageResponse['timings'];

async function timedCall(client: InferenceClient, image: Buffer): Promise<{ clientMs: number; serverMs: number; timings: Timings }> {
  const started = performance.now();
  const reply = await client.recognizePage({ image, mode: 'regular' }, { deadlineMs: 120_000 });
  return { clientMs: performance.now() - started, serverMs: reply.timings.total_ms, timings: reply.timings };
}

/** The server's stages of a call, in the order they run; `other` is the server's total less the named stages. */
const STAGES: [label: string, pick: (t: Timings) => number][] = [
  ['queue', (t) => t.queue_ms],
  ['image decode', (t) => t.decode_ms],
  ['detection', (t) => t.detect_ms],
  ['orientation classifier', (t) => t.orientation_classify_ms],
  ['line crops and resizing', (t) => t.preprocess_ms],
  ['line 0/180 classifier', (t) => t.line_classify_ms],
  ['recognizer model', (t) => t.recognition_model_ms],
  ['CTC decoding', (t) => t.ctc_decode_ms],
];

/** Mean ms per call of each stage, the rest of the server's time, and the transfer (client round trip less server). */
function stageBreakdown(calls: { clientMs: number; serverMs: number; timings: Timings }[]): string {
  const mean = (f: (c: (typeof calls)[number]) => number) => calls.reduce((s, c) => s + f(c), 0) / calls.length;
  const parts = STAGES.map(([label, pick]) => [label, mean((c) => pick(c.timings))] as const);
  const named = parts.reduce((s, [, ms]) => s + ms, 0);
  const server = mean((c) => c.serverMs);
  const client = mean((c) => c.clientMs);
  const all = [
    ...parts,
    ['other (orientation turn, line order, words)', Math.max(0, server - named)] as const,
    ['gRPC transfer and (de)serialization', Math.max(0, client - server)] as const,
  ];
  return all.map(([label, ms]) => `${label} ${ms.toFixed(0)} ms (${((100 * ms) / client).toFixed(0)}%)`).join(', ');
}

export function inferenceProbe(client: InferenceClient, evalDir: string): InferenceOcrProbe {
  return {
    async transferShare() {
      const images = sampleImages(evalDir);
      await timedCall(client, images[0]); // warm-up: sessions open, JIT
      const calls = [];
      for (const image of images) calls.push(await timedCall(client, image));
      const clientMs = calls.reduce((s, c) => s + c.clientMs, 0);
      const serverMs = calls.reduce((s, c) => s + c.serverMs, 0);
      const share = Math.max(0, clientMs - serverMs) / clientMs;
      const kb = images.reduce((n, i) => n + i.length, 0) / images.length / 1024;
      return {
        share,
        detail: `${(share * 100).toFixed(1)}% of ${images.length} receipt calls (${kb.toFixed(0)} KB JPEG each): client ${(clientMs / images.length).toFixed(0)} ms per call, server ${(serverMs / images.length).toFixed(0)} ms`,
        stages: `${stageBreakdown(calls)} (mean per call of ${images.length} receipts, one client)`,
      };
    },

    async concurrentThroughput(clients: number) {
      const images = sampleImages(evalDir);
      const rate = async (lanes: number) => {
        const started = performance.now();
        await Promise.all(
          Array.from({ length: lanes }, async (_, lane) => {
            for (const image of images) await timedCall(client, images[(images.indexOf(image) + lane) % images.length]);
          }),
        );
        return (lanes * images.length) / ((performance.now() - started) / 1000);
      };
      const one = await rate(1);
      const many = await rate(clients);
      return `${many.toFixed(2)} receipts/s with ${clients} clients (${clients * images.length} calls) vs ${one.toFixed(2)} receipts/s with 1 client`;
    },
  };
}

export const ocrProbeFactory: InferenceOcrProbeFactory = (service, evalDir) =>
  service.runtime.inference ? inferenceProbe(service.runtime.inference, evalDir) : null;
