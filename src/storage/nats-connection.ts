import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { Objm } from '@nats-io/obj';
import type { Logger } from '../shared/logger.ts';
import { UnavailableError } from '../shared/errors.ts';

export type { NatsConnection };

/** How long one JetStream API call (publish ack, stream info, get) may take before it fails. */
export const JETSTREAM_TIMEOUT_MS = 10_000;

/**
 * Connects to NATS (`url` may list several servers, comma-separated) and keeps reconnecting forever:
 * a NATS restart must not kill the API or a worker; calls made while disconnected fail or time out instead.
 * When a logger is given, connection state changes are logged.
 */
export async function connectNats(url: string, name: string, logger?: Logger): Promise<NatsConnection> {
  const nc = await connect({
    servers: url
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    name,
    timeout: 5_000,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
    reconnectJitter: 500,
    pingInterval: 20_000,
    maxPingOut: 3,
  });
  linkState(nc); // start following connection state from the first moment
  if (logger) void logStatus(nc, logger);
  return nc;
}

async function logStatus(nc: NatsConnection, logger: Logger): Promise<void> {
  for await (const status of nc.status()) {
    switch (status.type) {
      case 'disconnect':
      case 'error':
      case 'staleConnection':
      case 'slowConsumer':
        logger.warn({ nats: status }, `nats ${status.type}`);
        break;
      case 'reconnect':
        logger.info({ nats: status }, 'nats reconnected');
        break;
      default:
        logger.debug({ nats: status }, `nats ${status.type}`);
    }
  }
}

/** NATS is not reachable right now (closed, or still reconnecting after the wait): a 503 with Retry-After. */
export class NatsUnavailableError extends UnavailableError {
  constructor(reason: string) {
    // The reason (it may name the server's address) is for the log only; see UnavailableError.
    super('NATS unavailable; retry later', 5, reason);
  }
}

/** Connection state, followed through nc.status() (the client exposes no "connected" flag). */
interface LinkState {
  connected: boolean;
  waiters: Set<() => void>;
}

const links = new WeakMap<NatsConnection, LinkState>();

function linkState(nc: NatsConnection): LinkState {
  let state = links.get(nc);
  if (!state) {
    const created: LinkState = { connected: true, waiters: new Set() };
    links.set(nc, created);
    const wake = () => {
      for (const waiter of created.waiters) waiter();
      created.waiters.clear();
    };
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect') created.connected = false;
        if (status.type === 'reconnect') {
          created.connected = true;
          wake();
        }
      }
      wake(); // closed: waiters re-check and fail
    })();
    state = created;
  }
  return state;
}

/**
 * Resolves once the connection is up, waiting up to `timeoutMs` through a reconnect. The client drops what
 * is published while disconnected, so a request sent then would only time out; waiting turns a NATS restart
 * into a short pause instead of failed calls.
 */
export async function whenConnected(nc: NatsConnection, timeoutMs = JETSTREAM_TIMEOUT_MS): Promise<void> {
  const state = linkState(nc);
  if (nc.isClosed()) throw new NatsUnavailableError('connection closed');
  if (state.connected) return;
  await new Promise<void>((resolve, reject) => {
    const waiter = () => {
      clearTimeout(timer);
      if (nc.isClosed()) reject(new NatsUnavailableError('connection closed'));
      else resolve();
    };
    const timer = setTimeout(() => {
      state.waiters.delete(waiter);
      reject(new NatsUnavailableError(`not reconnected within ${timeoutMs} ms`));
    }, timeoutMs);
    state.waiters.add(waiter);
  });
}

export function jetStreamClient(nc: NatsConnection): JetStreamClient {
  return jetstream(nc, { timeout: JETSTREAM_TIMEOUT_MS });
}

export function jetStreamManager(nc: NatsConnection): Promise<JetStreamManager> {
  return jetstreamManager(nc, { timeout: JETSTREAM_TIMEOUT_MS });
}

/**
 * The subjects of `stream` matching `filter` that hold at least one message, from one stream info request (the
 * client pages past the server's 100,000 subjects per reply). The server takes the subject list under the stream's
 * lock, so it is a snapshot: complete, and bounded by the request timeout, unlike a consumer replay, which has to
 * be told by the server where it ends and can be told too early or never while others write.
 * Paging by offset stays complete as long as subjects are only added while it runs (an added subject can only push
 * others to a later page, where they are read twice); the KV and object stores here never remove a subject
 * (a deleted key or object keeps its delete marker).
 */
export async function streamSubjects(nc: NatsConnection, stream: string, filter: string): Promise<string[]> {
  // checkAPI: false skips the account info round trip jetstreamManager() makes by default.
  const jsm = await jetstreamManager(nc, { timeout: JETSTREAM_TIMEOUT_MS, checkAPI: false });
  const info = await jsm.streams.info(stream, { subjects_filter: filter });
  return Object.keys(info.state.subjects ?? {});
}

/** Creates/opens KV buckets. */
export function kvManager(nc: NatsConnection): Kvm {
  return new Kvm(jetStreamClient(nc));
}

/** Creates/opens object store buckets. */
export function objectStoreManager(nc: NatsConnection): Objm {
  return new Objm(jetStreamClient(nc));
}
