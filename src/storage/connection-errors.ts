import { JetStreamApiError, JetStreamError } from '@nats-io/jetstream';
import { ClosedConnectionError, ConnectionError, DrainingConnectionError, NoRespondersError, TimeoutError } from '@nats-io/transport-node';
import { NatsUnavailableError } from './nats-connection.ts';

/**
 * Whether `err` (or an error it wraps) says NATS could not be reached: a request that timed out, a closed or lost
 * connection, no JetStream responder (the server is restarting), or JetStream answering 503. Such failures pass
 * once the server is back: the API answers 503 with Retry-After and workers retry the job, instead of a 500
 * and a failed job. A call sent just as the server went down, before the client noticed the disconnect, ends
 * this way rather than through whenConnected().
 */
export function isNatsUnreachable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 4) return false;
  if (
    err instanceof TimeoutError ||
    err instanceof ClosedConnectionError ||
    err instanceof ConnectionError ||
    err instanceof DrainingConnectionError ||
    err instanceof NoRespondersError
  )
    return true;
  if (err instanceof JetStreamApiError && err.status === 503) return true;
  // A JetStreamStatusError (exported only as its base class) carries the status code of the reply.
  if (err instanceof JetStreamError && (err as { code?: unknown }).code === 503) return true;
  return isNatsUnreachable(err.cause, depth + 1);
}

/** The 503 (Retry-After) for an unreachable NATS, or null when `err` is something else. */
export function natsUnavailable(err: unknown): NatsUnavailableError | null {
  return isNatsUnreachable(err) ? new NatsUnavailableError((err as Error).message || (err as Error).name) : null;
}
