import sonicBoom, { type SonicBoom } from 'sonic-boom';

/** Log lines waiting for a slow reader beyond this are dropped rather than held in memory. */
const MAX_BUFFERED = 16 * 1024 * 1024;

/**
 * Where the server's JSON log lines go: stdout, written asynchronously, never in a way that can hold the process.
 * pino's default writer flushes synchronously in an exit hook and loops there for ever when stdout's reader has
 * stopped reading or gone away (the process stopped listening, never exited, and ignored further signals); Node's
 * own stdout blocks the whole event loop on a full pipe. This one is not registered for exit, drops lines when
 * the reader is gone (EPIPE), and keeps at most MAX_BUFFERED bytes for a reader that stalls.
 */
export function createLogOutput(): SonicBoom {
  // The CommonJS package's constructor, reached the way both its types and Node's ESM loader agree on.
  const output = new sonicBoom.SonicBoom({ fd: 1, sync: false, maxLength: MAX_BUFFERED });
  output.on('error', () => {});
  return output;
}

/** What of sonic-boom's state tells whether lines are still on their way (not in its types). */
interface WriterState {
  _writing: boolean;
  _len: number;
}

/**
 * Gives the last lines (shutting down, errors) a chance to reach the reader, for at most `withinMs`: waits until
 * the writer has nothing in flight or buffered. Not `flush(cb)`: with asynchronous writes it calls back at once,
 * while the last line may still be on its way, so a quick exit cut it. Not `flushSync`: it blocks on a reader that
 * has stalled, which is exactly when the process must still exit.
 */
export function flushLogOutput(output: SonicBoom, withinMs: number): Promise<void> {
  const state = output as unknown as WriterState;
  const deadline = Date.now() + withinMs;
  return new Promise((resolve) => {
    const check = () => {
      if ((!state._writing && state._len === 0) || Date.now() >= deadline) resolve();
      else setTimeout(check, 5);
    };
    check();
  });
}
