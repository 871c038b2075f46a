/**
 * Who owns an inference unix socket: `<name>.pid` next to `<name>.sock` (DATA_DIR/inference.pid) holds the
 * owner's pid and, for a supervised sidecar, its supervisor's pid. A sidecar that outlived its supervisor
 * (killed at the wrong moment) would otherwise hold the socket against every later `serve`; with this
 * record a new server can tell such an orphan from a sidecar some live server still owns, and take over.
 */
import { readFileSync } from 'node:fs';
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import type { Logger } from '../shared/logger.ts';
import { InferenceClient } from './client.ts';

interface OwnerRecord {
  pid: number;
  /** The supervisor that spawned the owner (null: started by hand, never taken over). */
  parentPid: number | null;
}

const HEALTH_DEADLINE_MS = 2000;
const DEATH_WAIT_MS = 5000;

export function ownerFile(socketPath: string): string {
  return `${socketPath.replace(/\.sock$/, '')}.pid`;
}

/** Records this process as the socket's owner (written whole, then renamed, so readers never see half). */
export async function recordOwner(socketPath: string): Promise<void> {
  const parentPid = Number(process.env.DOCINTEL_PARENT_PID);
  const record: OwnerRecord = { pid: process.pid, parentPid: Number.isInteger(parentPid) && parentPid > 0 ? parentPid : null };
  const file = ownerFile(socketPath);
  await writeFile(`${file}.${process.pid}.tmp`, JSON.stringify(record));
  await rename(`${file}.${process.pid}.tmp`, file);
}

/** Removes the record if it is still ours (a successor may have replaced it). */
export async function forgetOwner(socketPath: string): Promise<void> {
  const record = await readRecord(socketPath);
  if (record?.pid === process.pid) await unlink(ownerFile(socketPath)).catch(() => undefined);
}

/**
 * For a socket that accepts connections: if the server answering on it is the recorded owner and that owner's
 * supervisor is gone, SIGKILLs it and removes the socket; true when the socket is free now. A sidecar whose
 * supervisor is alive, or a server we cannot identify, is left alone (false).
 */
export async function takeOverFromOrphan(socketPath: string, logger: Logger): Promise<boolean> {
  const record = await readRecord(socketPath);
  if (!record?.parentPid || record.pid === process.pid || !isOrphan(record)) return false;
  // The socket's live server must be that process: the record may be older than whoever listens now.
  if ((await answeringPid(socketPath)) !== record.pid) return false;
  logger.warn(
    { orphanPid: record.pid, deadParentPid: record.parentPid, socket: socketPath },
    'taking over the inference socket from an orphaned sidecar',
  );
  try {
    process.kill(record.pid, 'SIGKILL');
  } catch {
    // It died on its own in the meantime.
  }
  await waitForDeath(record.pid);
  await unlink(socketPath).catch(() => undefined);
  await unlink(ownerFile(socketPath)).catch(() => undefined);
  return true;
}

async function readRecord(socketPath: string): Promise<OwnerRecord | null> {
  try {
    const parsed = JSON.parse(await readFile(ownerFile(socketPath), 'utf8')) as Partial<OwnerRecord>;
    if (!Number.isInteger(parsed.pid)) return null;
    return { pid: parsed.pid!, parentPid: Number.isInteger(parsed.parentPid) ? parsed.parentPid! : null };
  } catch {
    return null;
  }
}

/** Its supervisor spawned it directly: once its parent is anyone else, the supervisor has died. */
function isOrphan(record: OwnerRecord): boolean {
  const ppid = procStat(record.pid)?.ppid;
  if (ppid !== undefined) return ppid !== record.parentPid;
  // No /proc (not Linux): the recorded parent's death is the next best sign.
  return !signalable(record.parentPid!);
}

async function answeringPid(socketPath: string): Promise<number | null> {
  const client = new InferenceClient([`unix:${socketPath}`], { deadlineMs: HEALTH_DEADLINE_MS, retries: 0 });
  try {
    return (await client.health()).pid;
  } catch {
    return null;
  } finally {
    client.close();
  }
}

/** Its listening socket closes when it exits; a zombie (exited, not yet reaped) counts as dead. */
async function waitForDeath(pid: number): Promise<void> {
  const until = Date.now() + DEATH_WAIT_MS;
  while (Date.now() < until) {
    const stat = procStat(pid);
    const alive = stat ? stat.state !== 'Z' && stat.state !== 'X' : signalable(pid);
    if (!alive) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function procStat(pid: number): { state: string; ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the parenthesized command name (which may itself hold spaces or parentheses): state, ppid.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, ppid: Number(ppid) };
  } catch {
    return null;
  }
}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
