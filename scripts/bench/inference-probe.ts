import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { InferenceClient } from '../../src/inference/client.ts';
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
  const files = readdirSync(receipts).filter((f) => /\.(jpe?g|png)$/i.test(f)).sort().slice(0, SAMPLE);
  if (!files.length) throw new Error(`no receipt images in ${receipts}`);
  return files.map((f) => readFileSync(path.join(receipts, f)));
}

async function timedCall(client: InferenceClient, image: Buffer): Promise<{ clientMs: number; serverMs: number }> {
  const started = performance.now();
  const reply = await client.recognizePage({ image, mode: 'regular' }, { deadlineMs: 120_000 });
  return { clientMs: performance.now() - started, serverMs: reply.timings.total_ms };
}

export function inferenceProbe(client: InferenceClient, evalDir: string): InferenceOcrProbe {
  return {
    async transferShare() {
      const images = sampleImages(evalDir);
      await timedCall(client, images[0]); // warm-up: sessions open, JIT
      let clientMs = 0;
      let serverMs = 0;
      for (const image of images) {
        const t = await timedCall(client, image);
        clientMs += t.clientMs;
        serverMs += t.serverMs;
      }
      const share = Math.max(0, clientMs - serverMs) / clientMs;
      const kb = images.reduce((n, i) => n + i.length, 0) / images.length / 1024;
      return {
        share,
        detail: `${(share * 100).toFixed(1)}% of ${images.length} receipt calls (${kb.toFixed(0)} KB JPEG each): client ${(clientMs / images.length).toFixed(0)} ms per call, server ${(serverMs / images.length).toFixed(0)} ms`,
      };
    },

    async concurrentThroughput(clients: number) {
      const images = sampleImages(evalDir);
      const rate = async (lanes: number) => {
        const started = performance.now();
        await Promise.all(Array.from({ length: lanes }, async (_, lane) => {
          for (const image of images) await timedCall(client, images[(images.indexOf(image) + lane) % images.length]);
        }));
        return (lanes * images.length) / ((performance.now() - started) / 1000);
      };
      const one = await rate(1);
      const many = await rate(clients);
      return `${many.toFixed(2)} receipts/s with ${clients} clients (${clients * images.length} calls) vs ${one.toFixed(2)} receipts/s with 1 client`;
    },
  };
}

export const ocrProbeFactory: InferenceOcrProbeFactory = (service, evalDir) => (service.runtime.inference ? inferenceProbe(service.runtime.inference, evalDir) : null);
