/**
 * A multi-node docintel cluster on one machine, like separate hosts that share only NATS: nats-server (JetStream,
 * its own store dir), inference processes on TCP ports, workers and api processes, each node with its own data
 * dir. Used by `scripts/cluster` (npm run cluster) and by test/cluster.test.ts.
 *
 *   const cluster = await startCluster({ dir });
 *   await fetch(`${cluster.apis[0].url}/readyz`);
 *   cluster.workers[0].process.kill('SIGKILL');   // a host dies
 *   await cluster.stop();
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { InferenceClient } from '../src/inference/client.ts';
import { freePort, lastLines, pollUntil, startDocintelProcess, startProcess, type ClusterProcess } from './cluster-processes.ts';

export interface ClusterOptions {
  /** Where data dirs, the NATS store and logs go; default a new temp dir, removed by stop(). */
  dir?: string;
  apis?: number;
  workers?: number;
  inference?: number;
  /** API keys every api accepts (`name:key` or `key`); default one generated key. */
  apiKeys?: string[];
  /** Port of the first api; the others follow it. Default: free random ports. */
  apiPort?: number;
  /** Default: a free random port. */
  natsPort?: number;
  /** Port of the first inference process; the others follow it. Default: free random ports. */
  inferencePort?: number;
  natsServerBin?: string;
  /** Extra environment for every docintel node (e.g. DOCINTEL_JOB_LEASE_MS), then per role. */
  env?: Record<string, string>;
  apiEnv?: Record<string, string>;
  workerEnv?: Record<string, string>;
  inferenceEnv?: Record<string, string>;
  /** DOCINTEL_LOG_LEVEL of the nodes: info (default), debug or trace (a worker's readiness is its `started` log line). */
  logLevel?: 'info' | 'debug' | 'trace';
  /** How long each step of the start may take (nats, inference models, workers, apis). */
  startTimeoutMs?: number;
}

export interface NatsNode {
  url: string;
  port: number;
  storeDir: string;
  process: ClusterProcess;
}

export interface ApiNode {
  name: string;
  url: string;
  port: number;
  dataDir: string;
  process: ClusterProcess;
}

export interface WorkerNode {
  name: string;
  dataDir: string;
  process: ClusterProcess;
}

export interface InferenceNode {
  name: string;
  /** host:port, as DOCINTEL_INFERENCE_ADDR lists it. */
  address: string;
  dataDir: string;
  process: ClusterProcess;
}

export interface Cluster {
  dir: string;
  nats: NatsNode;
  inference: InferenceNode[];
  workers: WorkerNode[];
  apis: ApiNode[];
  /** The first API key (a bearer token every api accepts). */
  key: string;
  /** Every key, as given (without names). */
  keys: string[];
  /** The webhook secret every node shares (signatures do not depend on which worker delivers). */
  webhookSecret: string;
  /** Every process, nats last. */
  processes(): ClusterProcess[];
  /** Stops apis and workers (SIGTERM: running jobs go back to the queue), then inference, then nats; removes `dir` when it made it. */
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Starts the cluster and resolves once every node is ready; on a failed start, whatever started is stopped. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  if (options.logLevel && !['info', 'debug', 'trace'].includes(options.logLevel)) {
    throw new Error(
      `startCluster: logLevel must be info, debug or trace (a worker is ready when it logs "docintel worker started"), got ${options.logLevel}`,
    );
  }
  const ownDir = !options.dir;
  const dir = options.dir ?? (await mkdtemp(path.join(os.tmpdir(), 'docintel-cluster-')));
  await mkdir(path.join(dir, 'logs'), { recursive: true });
  const logDir = path.join(dir, 'logs');
  const timeoutMs = options.startTimeoutMs ?? 120_000;
  const apiKeys = options.apiKeys?.length ? options.apiKeys : [`cluster:${randomBytes(18).toString('base64url')}`];
  const keys = apiKeys.map((spec) => (spec.includes(':') ? spec.slice(spec.indexOf(':') + 1) : spec));
  const webhookSecret = randomBytes(32).toString('hex');
  const started: ClusterProcess[] = [];
  const stopAll = () => stopInOrder(started);
  try {
    const nats = await startNats(dir, logDir, options, timeoutMs);
    started.push(nats.process);
    const common: Record<string, string> = {
      DOCINTEL_LOG_LEVEL: options.logLevel ?? 'info',
      DOCINTEL_WEBHOOK_SECRET: webhookSecret,
      HOST,
      ...options.env,
    };
    const inference = await startInference(dir, logDir, options, common);
    started.push(...inference.map((n) => n.process));
    await Promise.all(inference.map((n) => inferenceReady(n, timeoutMs)));

    const shared = { ...common, DOCINTEL_NATS_URL: nats.url, DOCINTEL_API_KEYS: apiKeys.join(',') };
    const workers = await startWorkers(dir, logDir, options, {
      ...shared,
      DOCINTEL_INFERENCE_ADDR: inference.map((n) => n.address).join(','),
    });
    started.push(...workers.map((n) => n.process));
    const apis = await startApis(dir, logDir, options, shared);
    started.push(...apis.map((n) => n.process));
    await Promise.all([
      ...workers.map((n) => n.process.waitForOutput(/docintel worker started/, timeoutMs)),
      ...apis.map((n) => apiReady(n, timeoutMs)),
    ]);
    return {
      dir,
      nats,
      inference,
      workers,
      apis,
      key: keys[0],
      keys,
      webhookSecret,
      processes: () => [...apis, ...workers, ...inference, nats].map((n) => n.process),
      async stop() {
        await stopAll();
        if (ownDir) await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stopAll();
    if (ownDir) await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/** Front to back: apis and workers first (they finish or release their jobs), inference next, nats last. */
async function stopInOrder(processes: ClusterProcess[]): Promise<void> {
  const byRole = (prefix: string) => processes.filter((p) => p.name.startsWith(prefix));
  await Promise.all([...byRole('api-'), ...byRole('worker-')].map((p) => p.stop()));
  await Promise.all(byRole('inference-').map((p) => p.stop()));
  await Promise.all(byRole('nats').map((p) => p.stop()));
}

async function nodeDir(dir: string, name: string): Promise<string> {
  const dataDir = path.join(dir, 'nodes', name);
  await mkdir(dataDir, { recursive: true });
  return dataDir;
}

async function portFor(base: number | undefined, index: number): Promise<number> {
  return base === undefined ? freePort() : base + index;
}

async function startNats(dir: string, logDir: string, options: ClusterOptions, timeoutMs: number): Promise<NatsNode> {
  const storeDir = path.join(dir, 'nats');
  await mkdir(storeDir, { recursive: true });
  const bin = options.natsServerBin ?? process.env.NATS_SERVER_BIN ?? 'nats-server';
  const port = options.natsPort ?? (await freePort());
  const proc = startProcess('nats', bin, ['-js', '-a', HOST, '-p', String(port), '-sd', storeDir], process.env, logDir);
  await pollUntil(
    `nats-server on port ${port}`,
    async () => {
      if (!proc.isRunning()) throw new Error(`nats-server exited\n${lastLines(proc.tail())}`);
      return /"jetstream":\s*true/.test(await readInfoLine(port)) ? true : undefined;
    },
    Math.min(timeoutMs, 20_000),
    50,
  ).catch((err) => {
    proc.kill('SIGKILL');
    throw err;
  });
  return { url: `nats://${HOST}:${port}`, port, storeDir, process: proc };
}

/** The INFO line a NATS server greets a client with ('' when nothing answers). */
function readInfoLine(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, HOST);
    let data = '';
    socket.setTimeout(1_000, () => socket.destroy());
    socket.on('data', (chunk) => {
      data += chunk.toString();
      if (data.includes('\r\n')) socket.destroy();
    });
    socket.on('error', () => resolve(''));
    socket.on('close', () => resolve(data));
  });
}

async function startInference(
  dir: string,
  logDir: string,
  options: ClusterOptions,
  common: Record<string, string>,
): Promise<InferenceNode[]> {
  const count = options.inference ?? 2;
  // The processes share the machine's cores: ONNX Runtime threads split between them.
  const threads = String(Math.max(1, Math.floor(os.availableParallelism() / count)));
  const nodes: InferenceNode[] = [];
  for (let i = 0; i < count; i++) {
    const name = `inference-${i + 1}`;
    const port = await portFor(options.inferencePort, i);
    const dataDir = await nodeDir(dir, name);
    const env = { DOCINTEL_INFERENCE_THREADS: threads, ...common, ...options.inferenceEnv, DOCINTEL_DATA_DIR: dataDir };
    const address = `${HOST}:${port}`;
    nodes.push({ name, address, dataDir, process: startDocintelProcess(name, 'inference', ['--listen', address], env, logDir) });
  }
  return nodes;
}

/** Ready = answers Health with SERVING (its models loaded). */
async function inferenceReady(node: InferenceNode, timeoutMs: number): Promise<void> {
  const client = new InferenceClient([node.address], { deadlineMs: 2_000, retries: 0 });
  try {
    await pollUntil(
      `${node.name} (${node.address}) to serve`,
      async () => {
        if (!node.process.isRunning()) throw new Error(`${node.name} exited\n${lastLines(node.process.tail())}`);
        return (await client.health({ deadlineMs: 1_000 })).status === 'SERVING' ? true : undefined;
      },
      timeoutMs,
      200,
    );
  } finally {
    client.close();
  }
}

async function startWorkers(dir: string, logDir: string, options: ClusterOptions, env: Record<string, string>): Promise<WorkerNode[]> {
  const nodes: WorkerNode[] = [];
  for (let i = 0; i < (options.workers ?? 2); i++) {
    const name = `worker-${i + 1}`;
    const dataDir = await nodeDir(dir, name);
    const proc = startDocintelProcess(name, 'worker', [], { ...env, ...options.workerEnv, DOCINTEL_DATA_DIR: dataDir }, logDir);
    nodes.push({ name, dataDir, process: proc });
  }
  return nodes;
}

async function startApis(dir: string, logDir: string, options: ClusterOptions, env: Record<string, string>): Promise<ApiNode[]> {
  const nodes: ApiNode[] = [];
  for (let i = 0; i < (options.apis ?? 2); i++) {
    const name = `api-${LETTERS[i] ?? i + 1}`;
    const port = await portFor(options.apiPort, i);
    const dataDir = await nodeDir(dir, name);
    const proc = startDocintelProcess(
      name,
      'api',
      [],
      { ...env, ...options.apiEnv, DOCINTEL_DATA_DIR: dataDir, PORT: String(port) },
      logDir,
    );
    nodes.push({ name, url: `http://${HOST}:${port}`, port, dataDir, process: proc });
  }
  return nodes;
}

/** Ready = GET /readyz answers 200 (metadata, blobs and queue on NATS answer). */
async function apiReady(node: ApiNode, timeoutMs: number): Promise<void> {
  await pollUntil(
    `${node.name} (${node.url}) to be ready`,
    async () => {
      if (!node.process.isRunning()) throw new Error(`${node.name} exited\n${lastLines(node.process.tail())}`);
      const res = await fetch(`${node.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status !== 200) throw new Error(`readyz ${res.status}: ${await res.text()}`);
      return true;
    },
    timeoutMs,
    200,
  );
}
