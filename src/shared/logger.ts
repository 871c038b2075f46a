import { pino, type Logger } from 'pino';

export type { Logger };

/** One JSON logger per process; child loggers carry the role and request/job ids. */
export function createLogger(level: string, role: string): Logger {
  return pino({ level, base: { role, pid: process.pid } });
}
