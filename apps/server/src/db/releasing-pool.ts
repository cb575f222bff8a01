import pg from 'pg';

/**
 * A PostgreSQL pool that takes back a connection the server ended while it was checked out.
 *
 * Why: drizzle's node-postgres `transaction()` sends `begin` before its try/finally. When the server ends the
 * connection at that moment (a restart, a failover, an administrator's `pg_terminate_backend`), `begin` fails and
 * the connection is never released: each such moment kept one of the pool's connections for ever, and closing the
 * pool waited for it for ever. Given back here, the pool drops it and opens a new one for the next query; the
 * holder's own release later does nothing.
 */
/** The callback form of `connect()`, which the pool's own `query()` uses. */
type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

export class ReleasingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // The callback form is the pool's own `query()`, which always releases.
    if (callback) return super.connect(callback);
    return super.connect().then(releasedWhenEnded);
  }
}

/** The client, with a release that happens once: by its holder, or when its connection ends first. */
function releasedWhenEnded(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const onEnd = () => settle(new Error('The connection to the database ended while it was in use.'));
  function settle(error?: Error | boolean) {
    if (released) return;
    released = true;
    client.removeListener('end', onEnd);
    release(error);
  }
  client.once('end', onEnd);
  client.release = settle;
  return client;
}
