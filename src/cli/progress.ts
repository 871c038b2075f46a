/**
 * A one-line job progress bar on stderr: redrawn in place on a terminal, one line per change otherwise
 * (when forced with --progress into a pipe or a log).
 */
import type { JobRef } from '../client/mod.ts';

const WIDTH = 24;

export interface ProgressBar {
  update(job: JobRef): void;
  /** Ends the line on a terminal; safe to call more than once. */
  done(): void;
}

export function describeProgress(job: JobRef): string {
  const { done = 0, total = 0 } = job.progress ?? {};
  const parts = [`${job.operation} ${job.job_id}`, job.status];
  if (total > 0) {
    const filled = Math.min(WIDTH, Math.round((done / total) * WIDTH));
    parts.push(`[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${done}/${total} ${job.progress?.unit ?? 'pages'}`);
  }
  return parts.join('  ');
}

export function createProgressBar(stream: NodeJS.WriteStream, enabled: boolean): ProgressBar {
  if (!enabled) return { update: () => {}, done: () => {} };
  const tty = Boolean(stream.isTTY);
  let last = '';
  let open = false;
  return {
    update(job) {
      const line = describeProgress(job);
      if (line === last) return;
      last = line;
      if (tty) {
        stream.write(`\r\x1b[2K${line}`);
        open = true;
      } else {
        stream.write(`${line}\n`);
      }
    },
    done() {
      if (open) stream.write('\n');
      open = false;
    },
  };
}
