import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Secrets a log line must never show, wherever a request body or input lands in it (decisions.md: a PDF's
 * `password` is never stored or logged), and credentials in request headers.
 */
export const REDACTED_PATHS = [
  'password',
  '*.password',
  '*.*.password',
  '*.input.password',
  '*.inputs[*].password',
  'body.inputs[*].password',
  'req.headers.authorization',
];

/** One JSON logger per process; child loggers carry the role and request/job ids. `destination`: tests capture lines. */
export function createLogger(level: string, role: string, destination?: DestinationStream): Logger {
  const options = { level, base: { role, pid: process.pid }, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
