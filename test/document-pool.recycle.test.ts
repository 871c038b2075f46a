/** Replacing pool workers whose WebAssembly memory grew big, once the pool is idle (document/pool-recycle.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Piscina } from 'piscina';
import { RecyclingPiscina } from '../src/pipeline/document/pool-recycle.ts';
import { createDocumentPool, type DocumentPool } from '../src/pipeline/document/pool.ts';
import { chartSuitePdf } from './helpers/chart-pdfs.ts';

const MB = 1024 * 1024;

/** A stand-in piscina whose tasks answer with the WebAssembly size they are given, when released. */
function fakePools() {
  const made: { id: number; destroyed: boolean; ran: number }[] = [];
  const pending: (() => void)[] = [];
  const create = () => {
    const state = { id: made.length, destroyed: false, ran: 0 };
    made.push(state);
    return {
      run: (task: { wasmMb: number }) =>
        new Promise((resolve) => {
          state.ran++;
          pending.push(() => resolve({ ok: true, wasmBytes: task.wasmMb * MB }));
        }),
      destroy: async () => {
        state.destroyed = true;
      },
    } as unknown as Piscina;
  };
  const finishAll = async () => {
    for (const done of pending.splice(0)) done();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { made, create, finishAll };
}

describe('recycling piscina', () => {
  afterEach(() => vi.useRealTimers());

  it('replaces the workers once idle after a reply over the memory limit, and sends later tasks to the new ones', async () => {
    vi.useFakeTimers();
    const pools = fakePools();
    const recycling = new RecyclingPiscina({ create: pools.create, wasmMb: 96, idleMs: 1000 });
    const first = recycling.run({ wasmMb: 120 }, {});
    const second = recycling.run({ wasmMb: 40 }, {});
    await pools.finishAll();
    await Promise.all([first, second]);
    await vi.advanceTimersByTimeAsync(999);
    expect(recycling.recycled).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(recycling.recycled).toBe(1);
    expect(pools.made.map((p) => p.destroyed)).toEqual([true]); // the next pool starts with the next task
    const third = recycling.run({ wasmMb: 40 }, {});
    await pools.finishAll();
    await third;
    expect(pools.made.map((p) => p.ran)).toEqual([2, 1]);
    expect(pools.made[1].destroyed).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(recycling.recycled).toBe(1); // small replies leave the fresh workers alone
  });

  it('waits while a task is in flight, and a task arriving during the idle wait cancels it', async () => {
    vi.useFakeTimers();
    const pools = fakePools();
    const recycling = new RecyclingPiscina({ create: pools.create, wasmMb: 96, idleMs: 1000 });
    const heavy = recycling.run({ wasmMb: 200 }, {});
    await pools.finishAll();
    await heavy;
    await vi.advanceTimersByTimeAsync(500);
    const next = recycling.run({ wasmMb: 10 }, {}); // still running when the idle wait would have ended
    await vi.advanceTimersByTimeAsync(5000);
    expect(recycling.recycled).toBe(0);
    await pools.finishAll();
    await next;
    await vi.advanceTimersByTimeAsync(1000);
    expect(recycling.recycled).toBe(1);
  });

  it('replaces heavy workers at once on the release hint, without the idle wait', async () => {
    vi.useFakeTimers();
    const pools = fakePools();
    const recycling = new RecyclingPiscina({ create: pools.create, wasmMb: 96, idleMs: 60_000 });
    const heavy = recycling.run({ wasmMb: 200 }, {});
    await pools.finishAll();
    await heavy;
    recycling.releaseHeavy();
    expect(recycling.recycled).toBe(1);
    expect(pools.made[0].destroyed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(recycling.recycled).toBe(1); // the idle wait it replaced does not fire again
  });

  it('ignores the release hint while a task runs or when no worker grew big', async () => {
    vi.useFakeTimers();
    const pools = fakePools();
    const recycling = new RecyclingPiscina({ create: pools.create, wasmMb: 96, idleMs: 60_000 });
    const light = recycling.run({ wasmMb: 10 }, {});
    await pools.finishAll();
    await light;
    recycling.releaseHeavy();
    expect(recycling.recycled).toBe(0);
    const heavy = recycling.run({ wasmMb: 200 }, {});
    const running = recycling.run({ wasmMb: 10 }, {});
    recycling.releaseHeavy();
    expect(recycling.recycled).toBe(0);
    await pools.finishAll();
    await Promise.all([heavy, running]);
    recycling.releaseHeavy();
    expect(recycling.recycled).toBe(1);
  });
});

describe('document pool worker replacement', () => {
  let pool: DocumentPool | undefined;
  afterEach(async () => {
    await pool?.destroy();
    pool = undefined;
  });

  const pages = [0, 1];

  it('answers the same after its workers were replaced', async () => {
    pool = createDocumentPool(2, { recycle: { wasmMb: 0, idleMs: 0 } });
    const pdf = chartSuitePdf();
    const before = await pool.drawings(pdf.bytes, pages);
    await vi.waitFor(() => expect(pool!.workersReplaced).toBe(1));
    const after = await pool.drawings(pdf.bytes, pages);
    expect(after).toEqual(before);
    expect(before.every((d) => d.paths.length > 0)).toBe(true);
  });

  it('replaces its big workers at once when told its work on a document is done', async () => {
    pool = createDocumentPool(2, { recycle: { wasmMb: 0, idleMs: 600_000 } });
    const pdf = chartSuitePdf();
    const before = await pool.drawings(pdf.bytes, pages);
    expect(pool.workersReplaced).toBe(0);
    pool.releaseHeavyWorkers();
    expect(pool.workersReplaced).toBe(1);
    expect(await pool.drawings(pdf.bytes, pages)).toEqual(before);
  });

  it('keeps its workers while their memory stays under the limit', async () => {
    pool = createDocumentPool(2, { recycle: { wasmMb: 100_000, idleMs: 0 } });
    const pdf = chartSuitePdf();
    await pool.drawings(pdf.bytes, pages);
    await new Promise((resolve) => setTimeout(resolve, 20)); // after the 0 ms idle wait would have fired
    expect(pool.workersReplaced).toBe(0);
  });
});
