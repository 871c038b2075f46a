// Loaded first by bin/docintel.js, before tsx and the CLI. An inference sidecar whose supervisor dies must
// exit even when that happens while it is still loading: its own 'disconnect' handler (src/inference/main.ts)
// is only installed seconds later, and an orphan that lives on holds DATA_DIR/inference.sock against the
// next `serve`. The supervisor names itself in DOCINTEL_PARENT_PID and spawns us directly (no wrapper).

/** Hard stop if the graceful one (SIGTERM handler of the inference role) hangs. */
const DRAIN_LIMIT_MS = 10_000;
const POLL_MS = 200;

const parentPid = Number(process.env.DOCINTEL_PARENT_PID);
if (process.argv[2] === 'inference' && Number.isInteger(parentPid) && parentPid > 0) watchParent(parentPid);

function watchParent(pid) {
  let left = false;
  const leave = () => {
    if (left) return;
    left = true;
    // SIGTERM to ourselves: the default action kills us while loading; once the inference role has installed
    // its handler, the server drains and removes its socket instead.
    setTimeout(() => process.exit(1), DRAIN_LIMIT_MS).unref();
    process.kill(process.pid, 'SIGTERM');
  };
  // The kernel re-parents an orphan (to init or a subreaper) the moment its parent dies, even before the
  // dead parent is reaped: a changed ppid is the one sign that also works without the IPC channel.
  const orphaned = () => process.ppid !== pid;
  if (orphaned()) return leave();
  setInterval(() => {
    if (orphaned()) leave();
  }, POLL_MS).unref();
  if (process.channel) process.once('disconnect', leave);
}
