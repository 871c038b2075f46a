/**
 * A queue consumer in its own process, so a test can kill -9 it mid-job (a real crash: no ack, no nak,
 * no heartbeat). It claims one delivery, prints `{"jobId","attempt"}` on stdout and then hangs, never settling.
 *
 *   tsx test/helpers/jobs-queue-child.ts embedded <sqlite-file> <leaseMs>
 *   tsx test/helpers/jobs-queue-child.ts nats <url> <leaseMs> <stream> <subjectPrefix> <durable>
 */
import { EmbeddedQueue } from '../../src/jobs/embedded-queue.ts';
import { NatsQueue } from '../../src/jobs/nats-queue.ts';
import type { JobQueue } from '../../src/jobs/ports.ts';
import { connectNats } from '../../src/storage/nats-connection.ts';
import { openSqlite } from '../../src/storage/sqlite-metadata.ts';

async function openQueue(args: string[]): Promise<JobQueue> {
  const [kind, location, leaseMs, stream, subjectPrefix, durable] = args;
  if (kind === 'embedded') return new EmbeddedQueue(openSqlite(location), { leaseMs: Number(leaseMs), pollMs: 50 });
  const nc = await connectNats(location, 'jobs-queue-child');
  return NatsQueue.create(nc, { leaseMs: Number(leaseMs), stream, subjectPrefix, durable });
}

const queue = await openQueue(process.argv.slice(2));
queue.consume(async (delivery) => {
  process.stdout.write(`${JSON.stringify({ jobId: delivery.jobId, attempt: delivery.attempt })}\n`);
  await new Promise(() => {}); // never settles: the parent kills this process
}, 1);
