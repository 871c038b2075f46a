import { mkdtempSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The temp directories of one test file (data dirs, stores, scratch space): each made empty under the OS temp
 * dir as `docintel-<label>-XXXXXX`, all removed by one call, which the file makes in its afterAll once the
 * processes using them are stopped.
 *
 *   const temp = new TempDirs('faults');
 *   afterAll(() => temp.removeAll());
 *   const dataDir = await temp.make();
 */
export class TempDirs {
  private readonly dirs: string[] = [];

  constructor(private readonly label: string) {}

  private get prefix(): string {
    return path.join(os.tmpdir(), `docintel-${this.label}-`);
  }

  async make(): Promise<string> {
    return this.keep(await mkdtemp(this.prefix));
  }

  makeSync(): string {
    return this.keep(mkdtempSync(this.prefix));
  }

  /** The directories made so far and not yet removed (e.g. to find processes still using them). */
  get paths(): readonly string[] {
    return this.dirs;
  }

  async removeAll(): Promise<void> {
    const dirs = this.dirs.splice(0);
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }

  private keep(dir: string): string {
    this.dirs.push(dir);
    return dir;
  }
}
