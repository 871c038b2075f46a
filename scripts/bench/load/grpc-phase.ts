import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { grpcCodeName } from '../../../src/inference/errors.ts';
import { loadInferenceProto, MAX_MESSAGE_BYTES } from '../../../src/inference/proto.ts';
import { loadConfig } from '../../../src/shared/config.ts';
import { freePort } from '../../../test/helpers/nats-server.ts';
import { startDocintel, stopGracefully, treeRssBytes, waitFor, type DocintelProcess } from '../../../test/helpers/processes.ts';
import type { LoadDocuments } from './documents.ts';
import { backOff, closedLoop, StepRecorder, type OpSummary, type Outcome } from './recorder.ts';

/**
 * gRPC-level load of one `docintel inference --listen 127.0.0.1:PORT` process, driven with raw @grpc/grpc-js
 * (not InferenceClient, whose retries and error mapping would hide what the server answered): closed-loop
 * callers alternate RecognizePage (a small image of four printed text lines) and Embed (four sentences), one
 * shared channel like the api's. RESOURCE_EXHAUSTED/UNAVAILABLE are back-pressure; with a `retry-after-seconds`
 * trailer they are not failures, and the caller waits as told.
 */
export interface GrpcStep {
  concurrency: number;
  /** The extra step past the server's queue limit, where RESOURCE_EXHAUSTED is expected. */
  overload: boolean;
  seconds: number;
  ops: OpSummary[];
  peakRssBytes: number;
}

export interface GrpcPhase {
  /** The inference process's queue settings, for the report. */
  queueLimit: string;
  embedAvailable: boolean;
  steps: GrpcStep[];
}

type Call = (
  request: object,
  metadata: grpc.Metadata,
  options: grpc.CallOptions,
  callback: (err: grpc.ServiceError | null, response: unknown) => void,
) => void;
const BACK_PRESSURE = new Set([grpc.status.RESOURCE_EXHAUSTED, grpc.status.UNAVAILABLE]);
const MAX_BACKOFF_S = 10;

interface Answer {
  outcome: Outcome;
  retryAfterS: number;
}

function invoke(client: grpc.Client, method: string, request: object, timeoutMs: number): Promise<Answer> {
  const started = performance.now();
  const fn = (client as unknown as Record<string, Call>)[method].bind(client);
  return new Promise((resolve) => {
    fn(request, new grpc.Metadata(), { deadline: Date.now() + timeoutMs }, (err) => {
      const ms = performance.now() - started;
      if (!err) return resolve({ outcome: { kind: 'ok', ms }, retryAfterS: 0 });
      if (err.code === grpc.status.DEADLINE_EXCEEDED) return resolve({ outcome: { kind: 'timeout', ms }, retryAfterS: 0 });
      const code = grpcCodeName(err.code);
      if (BACK_PRESSURE.has(err.code)) {
        const hinted = Number(err.metadata?.get('retry-after-seconds')[0]);
        const retryAfter = Number.isFinite(hinted) && hinted > 0;
        return resolve({ outcome: { kind: 'shed', code, retryAfter, ms }, retryAfterS: retryAfter ? hinted : 1 });
      }
      resolve({ outcome: { kind: 'error', code, ms }, retryAfterS: 0 });
    });
  });
}

async function startInference(): Promise<{ proc: DocintelProcess; address: string; dataDir: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'docintel-load-inference-'));
  const address = `127.0.0.1:${await freePort()}`;
  const proc = startDocintel('inference', { DOCINTEL_DATA_DIR: dataDir, DOCINTEL_LOG_LEVEL: 'warn' }, ['--listen', address]);
  return { proc, address, dataDir };
}

export async function runGrpcPhase(
  docs: LoadDocuments,
  concurrencies: number[],
  seconds: number,
  timeoutMs: number,
  log: (line: string) => void,
): Promise<GrpcPhase> {
  const { proc, address, dataDir } = await startInference();
  const { Client } = loadInferenceProto();
  const client = new Client(address, grpc.credentials.createInsecure(), {
    'grpc.max_receive_message_length': MAX_MESSAGE_BYTES,
    'grpc.max_send_message_length': MAX_MESSAGE_BYTES,
  });
  try {
    await waitFor(
      'the inference process to serve',
      async () => {
        const answer = await invoke(client, 'Health', {}, 1000);
        return answer.outcome.kind === 'ok' ? true : undefined;
      },
      90_000,
      250,
    );
    const ocrRequest = { image: docs.textImage, mode: 'regular', language: 'auto', assume_upright: true };
    const embedRequest = { texts: docs.embedTexts, model_id: '' };
    // Warm-up (sessions open, JIT) and a check of what this install serves: without an embedding model, Embed answers FAILED_PRECONDITION.
    const warmOcr = await invoke(client, 'RecognizePage', ocrRequest, 120_000);
    if (warmOcr.outcome.kind !== 'ok') throw new Error(`inference warm-up OCR call failed: ${JSON.stringify(warmOcr.outcome)}`);
    const embedAvailable = (await invoke(client, 'Embed', embedRequest, 120_000)).outcome.kind === 'ok';
    if (!embedAvailable) log('grpc: no embedding model served; OCR calls only');
    const calls: [string, string, object][] = [
      ['ocr_recognize', 'RecognizePage', ocrRequest],
      ...(embedAvailable ? [['embed', 'Embed', embedRequest] as [string, string, object]] : []),
    ];
    const steps: GrpcStep[] = [];
    // The requested steps, then one at twice the queue limit: more callers than the server lets wait.
    const limit = loadConfig({}).inference.queueLimit;
    const plan = [...concurrencies.map((c) => ({ concurrency: c, overload: false })), { concurrency: 2 * limit, overload: true }];
    for (const { concurrency, overload } of plan) {
      log(`grpc: ${concurrency} callers for ${seconds} s${overload ? ' (past the queue limit)' : ''}`);
      const recorder = new StepRecorder();
      const turns = new Map<number, number>();
      let peak = treeRssBytes(proc.pid);
      const timer = setInterval(() => {
        peak = Math.max(peak, treeRssBytes(proc.pid));
      }, 1000);
      const elapsed = await closedLoop(concurrency, seconds, async (caller, deadline) => {
        const turn = turns.get(caller) ?? 0;
        turns.set(caller, turn + 1);
        const [op, method, request] = calls[(caller + turn) % calls.length];
        const answer = await invoke(client, method, request, timeoutMs);
        recorder.record(op, answer.outcome);
        if (answer.outcome.kind === 'shed') await backOff(Math.min(MAX_BACKOFF_S, answer.retryAfterS), deadline);
      });
      clearInterval(timer);
      const step = {
        concurrency,
        overload,
        seconds: elapsed,
        ops: recorder.summarize(elapsed),
        peakRssBytes: Math.max(peak, treeRssBytes(proc.pid)),
      };
      const all = step.ops[step.ops.length - 1];
      log(
        `  ${all.calls} calls, ${all.okPerSecond.toFixed(1)} ok/s, p50 ${all.p50Ms?.toFixed(0)} ms, p99 ${all.p99Ms?.toFixed(0)} ms, errors ${(all.errorRate * 100).toFixed(1)}%, shed ${JSON.stringify(all.shed)}`,
      );
      steps.push(step);
    }
    // startDocintel passes no DOCINTEL_* of ours, so the process runs with the defaults.
    const queueLimit = `DOCINTEL_INFERENCE_QUEUE_LIMIT ${limit} (default) waiting, one heavy call running at a time`;
    return { queueLimit, embedAvailable, steps };
  } finally {
    client.close();
    await stopGracefully(proc);
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}
