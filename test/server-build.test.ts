import { mkdtemp, rm, utimes, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compiledCli, filesUnder, sourceFingerprint } from '../bin/server-build.js';

describe('compiled server build: source fingerprint', () => {
  let root = '';
  afterEach(() => rm(root, { recursive: true, force: true }));

  async function tree(): Promise<string> {
    root = await mkdtemp(path.join(os.tmpdir(), 'docintel-build-'));
    await mkdir(path.join(root, 'src/shared'), { recursive: true });
    await writeFile(path.join(root, 'src/cli.ts'), 'export const a = 1;\n');
    await writeFile(path.join(root, 'src/shared/entry.mjs'), '// entry\n');
    return root;
  }

  it('lists every file under src, nested ones included, in a stable order', async () => {
    const dir = await tree();
    expect(filesUnder(path.join(dir, 'src'))).toEqual(['cli.ts', path.join('shared', 'entry.mjs')]);
  });

  it('stays the same while the sources do, and changes with an edit, a touch or a new file', async () => {
    const dir = await tree();
    const before = sourceFingerprint(dir);
    expect(sourceFingerprint(dir)).toBe(before);
    await writeFile(path.join(dir, 'src/cli.ts'), 'export const a = 2;\n');
    const edited = sourceFingerprint(dir);
    expect(edited).not.toBe(before);
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(dir, 'src/cli.ts'), later, later);
    expect(sourceFingerprint(dir)).not.toBe(edited);
    const touched = sourceFingerprint(dir);
    await writeFile(path.join(dir, 'src/shared/new.ts'), '');
    expect(sourceFingerprint(dir)).not.toBe(touched);
  });
});

describe('compiled server build in CI', () => {
  // npm ci builds it (the prepare script): the tests that start docintel processes then run what npm start runs.
  it.runIf(process.env.CI)('matches the sources, so bin/docintel.js runs it', () => {
    expect(compiledCli()).toEqual({ cli: expect.stringMatching(/dist[/\\]server[/\\]src[/\\]cli\.js$/), stale: false });
  });
});
