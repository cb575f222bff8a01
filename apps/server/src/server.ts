import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { AppConfig } from './config.js';
import { ensureFirstAdmin } from './modules/users/first-admin.js';

/** Time allowed for requests in flight to finish after SIGINT/SIGTERM before the process gives up on them. */
const SHUTDOWN_GRACE_MS = 10_000;

export async function startServer(config: AppConfig): Promise<FastifyInstance> {
  const app = await buildApp(config);
  const firstAdmin = await ensureFirstAdmin(app.database.db, config.firstAdmin);
  await app.listen({ port: config.port, host: config.host });
  handleShutdownSignals(app);

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.replace(`:${config.port}`, `:${port}`);
  const lines = [`School transport back-office is running at ${url}`];
  lines.push(
    `Database: ${config.database.kind === 'pglite' ? `embedded PGlite in ${config.database.dataDir}` : 'PostgreSQL'}`,
  );
  if (config.webDistDir === null) lines.push('The web app is not served by this process (development mode).');
  if (firstAdmin?.generatedPassword) {
    lines.push(
      `First administrator created: sign in as ${firstAdmin.email} with the password ${firstAdmin.generatedPassword}`,
      'This password is shown only this once: sign in and keep it somewhere safe.',
    );
  } else if (firstAdmin) {
    lines.push(
      `First administrator created: sign in as ${firstAdmin.email} with the password from ADMIN_PASSWORD.`,
    );
  }
  // Plain text on stdout for the person who started the server; the JSON log is for machines.
  process.stdout.write(`\n${lines.map((line) => `  ${line}`).join('\n')}\n\n`);
  return app;
}

/**
 * First signal: stop accepting connections, let requests in flight finish, close the database cleanly (an unclean
 * PGlite close would have to recover on next start). A second signal, or the grace period running out, exits hard.
 */
function handleShutdownSignals(app: FastifyInstance): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    // Keep-alive connections whose last request finished after close() began would otherwise hold the server open.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
