import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs a peer tool (pdftotext, mutool, tesseract...) as its own process and measures it: wall time from spawn to
 * exit, and peak RSS through GNU time (`/usr/bin/time -f %M`, kilobytes). Without GNU time the RSS is unknown.
 */
export interface PeerRun {
  ms: number;
  /** Peak resident set of the peer process in MB; null when GNU time is not installed. */
  peakRssMb: number | null;
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

const GNU_TIME = '/usr/bin/time';
const hasGnuTime = existsSync(GNU_TIME);
let scratch: string | null = null;

function rssFile(): string {
  if (!scratch) {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'docintel-bench-peer-'));
    process.once('exit', () => rmSync(scratch!, { recursive: true, force: true }));
  }
  return path.join(scratch, `rss-${process.pid}-${Math.random().toString(36).slice(2)}`);
}

/** tesseract's OpenMP threading is far slower on small machines; every peer runs with one thread. */
const PEER_ENV = { ...process.env, OMP_THREAD_LIMIT: '1' };

export function runPeer(command: string, args: string[], timeoutMs = 120_000): Promise<PeerRun> {
  const rssOut = hasGnuTime ? rssFile() : null;
  const [file, argv] = rssOut ? [GNU_TIME, ['-f', '%M', '-o', rssOut, command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(file, argv, { env: PEER_ENV, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 4000) err += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - start;
      resolve({ ms, peakRssMb: rssOut ? readRssMb(rssOut) : null, code, stdout: Buffer.concat(out), stderr: err });
    });
  });
}

function readRssMb(file: string): number | null {
  try {
    const kb = Number(readFileSync(file, 'utf8').trim().split('\n').pop());
    rmSync(file, { force: true });
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/** Whether a command is on PATH (peers are optional: a missing one drops its rows, with a note). */
export function toolAvailable(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** First line of a tool's version output, for the report header. */
export function toolVersion(command: string, flag = '-v'): string | null {
  const run = spawnSync(command, [flag], { encoding: 'utf8' });
  if (run.error) return null;
  const line = `${run.stdout ?? ''}${run.stderr ?? ''}`.split('\n').find((l) => /\d+\.\d+/.test(l));
  return line?.trim() ?? null;
}
