import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { InferenceClient } from '../src/inference/client.ts';
import { IdleRelease } from '../src/inference/idle-release.ts';
import { startInferenceServer } from '../src/inference/mod.ts';
import { loadConfig } from '../src/shared/config.ts';
import { createLogger } from '../src/shared/logger.ts';
import { TEXT_LINES, textImage } from './helpers/ocr-images.ts';
import { TempDirs } from './helpers/temp-dirs.ts';

const logger = createLogger('silent', 'test');
const temp = new TempDirs('idle');
afterAll(() => temp.removeAll());

describe('idle release: when the quiet spell starts and ends', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function watcher(idleMs: number) {
    vi.useFakeTimers();
    const state = { idle: true, releases: 0 };
    const release = new IdleRelease(
      idleMs,
      () => state.idle,
      async () => {
        state.releases++;
      },
    );
    return { state, release };
  }

  it('releases once the process has been idle for idleMs after the last request ended', async () => {
    const { state, release } = watcher(1000);
    release.started();
    release.settled();
    await vi.advanceTimersByTimeAsync(999);
    expect(state.releases).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.releases).toBe(1);
    expect(release.released).toBe(1);
  });

  it('restarts the spell when a request starts, and does not start it while others still run or wait', async () => {
    const { state, release } = watcher(1000);
    release.settled();
    await vi.advanceTimersByTimeAsync(600);
    release.started();
    await vi.advanceTimersByTimeAsync(2000);
    expect(state.releases).toBe(0);
    state.idle = false; // another request is still running when this one ends
    release.settled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(state.releases).toBe(0);
    state.idle = true;
    release.settled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.releases).toBe(1);
  });

  it('never releases with idleMs 0, and releaseNow() does nothing while a request runs', async () => {
    const { state, release } = watcher(0);
    release.settled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.releases).toBe(0);
    state.idle = false;
    await release.releaseNow();
    expect(state.releases).toBe(0);
    state.idle = true;
    await release.releaseNow();
    expect(state.releases).toBe(1);
  });

  it('refuses a negative idle time', () => {
    expect(
      () =>
        new IdleRelease(
          -1,
          () => true,
          async () => {},
        ),
    ).toThrow(RangeError);
  });
});

describe('idle release in the inference server', () => {
  it('closes the OCR sessions and threads when idle, and the next page opens them again and reads the same', async () => {
    const dir = temp.makeSync();
    const config = loadConfig({ DOCINTEL_DATA_DIR: dir, DOCINTEL_INFERENCE_IDLE_RELEASE_MS: '0', DOCINTEL_INFERENCE_THREADS: '2' }, 2);
    expect(config.inference.ocrRecognizerThreads).toBe(2); // the default set-up: recognizer threads to close too
    const server = await startInferenceServer({ listen: `unix:${path.join(dir, 'idle.sock')}`, config, logger });
    const client = new InferenceClient([server.address], { deadlineMs: 60_000 });
    try {
      const { png } = textImage();
      const read = async () =>
        (await client.recognizePage({ image: png, mode: 'regular' })).lines.map((l) => ({ text: l.text, box: l.box }));
      const first = await read();
      expect(first.map((l) => l.text)).toEqual(TEXT_LINES);

      // Not while a request runs: the sessions stay open under it.
      let finish!: () => void;
      const running = server.queue.run(() => new Promise<void>((resolve) => (finish = resolve)));
      await server.idleRelease.releaseNow();
      expect(server.idleRelease.released).toBe(0);
      finish();
      await running;

      await server.idleRelease.releaseNow();
      expect(server.idleRelease.released).toBe(1);
      expect(await read()).toEqual(first);
    } finally {
      client.close();
      await server.stop();
    }
  }, 120_000);
});
