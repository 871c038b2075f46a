import { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** A rest of this size or less is read and thrown away, so the keep-alive connection stays usable. */
const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;
/** A client that does not send that rest within this time loses the connection. */
const DRAIN_TIMEOUT_MS = 10_000;

/**
 * An answer sent before its request body was read to the end (an upload refused before its end: a 413 past the
 * files limit, a field other than `files`) leaves the rest of the body on the connection. The reader that stopped
 * (busboy) holds the request paused, so Node never parses the next request on that keep-alive connection: it
 * would get no answer until the keep-alive timeout (72 s) closed the socket. So the rest is discarded, bounded:
 * a small declared rest is read to its end and the connection stays open; a larger or chunked one is answered
 * with `Connection: close`, as Fastify does for its own body errors, and still read until the socket closes.
 */
export function registerUnreadBodyHandling(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    const raw = request.raw;
    // inject() requests are not sockets; a body already read (or none sent) needs nothing.
    if (!(raw instanceof IncomingMessage) || raw.readableEnded || raw.destroyed || !hasBody(raw)) return;
    const declared = Number(raw.headers['content-length']);
    // complete: every byte arrived and only sits in the request's buffer, so discarding it costs no waiting.
    const small = raw.complete || (Number.isFinite(declared) && declared <= DRAIN_LIMIT_BYTES);
    if (!small) reply.header('connection', 'close');
    discardRest(raw);
  });
}

function hasBody(raw: IncomingMessage): boolean {
  return raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
}

function discardRest(raw: IncomingMessage): void {
  const timer = setTimeout(() => raw.socket?.destroy(), DRAIN_TIMEOUT_MS);
  timer.unref();
  const done = () => clearTimeout(timer);
  raw.once('end', done);
  raw.once('close', done);
  // Detach the reader that stopped (busboy) and whatever it listened with, then let the rest flow away.
  raw.unpipe();
  raw.removeAllListeners('data');
  raw.resume();
}
