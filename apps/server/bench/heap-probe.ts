import WebSocket from 'ws';

/**
 * The server's JavaScript heap after a full garbage collection, read through the inspector (Chrome DevTools
 * protocol) of a server started with `--inspect`. Resident memory rises and falls with the collector's rhythm,
 * which can be longer than a whole run; the heap that survives a forced collection is what a leak would grow.
 */
export interface HeapProbe {
  /** Forces a full collection, then reads the heap in use, in MB. */
  postGcHeapMb(): Promise<number>;
  close(): void;
}

export async function connectHeapProbe(inspectorUrl: string): Promise<HeapProbe> {
  const socket = new WebSocket(inspectorUrl);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let nextId = 1;
  const pending = new Map<number, (result: unknown) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
    if (message.id !== undefined) pending.delete(message.id);
  });
  const call = (method: string) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method }));
    });
  return {
    async postGcHeapMb() {
      await call('HeapProfiler.collectGarbage');
      const usage = (await call('Runtime.getHeapUsage')) as { usedSize: number };
      return usage.usedSize / 1024 / 1024;
    },
    close: () => socket.close(),
  };
}
