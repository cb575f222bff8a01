import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, isAnyAddress, type AppConfig } from './config.js';
import { Progress } from './lib/progress.js';
import { createLogOutput, flushLogOutput } from './log-output.js';
import { type CreatedAdmin, ensureFirstAdmin } from './modules/platform/users/index.js';

/** Time allowed for requests in flight to finish after SIGINT/SIGTERM before the process gives up on them. */
export const SHUTDOWN_GRACE_MS = 10_000;
/** Part of the grace period given to the last log lines once the server has closed. */
const LOG_FLUSH_MS = 1_000;

/**
 * Listens first and creates the first admin only once the port is open, then prints how to sign in at once: a start
 * that fails (port taken, bad HOST) leaves no admin behind whose generated password nobody saw.
 */
export async function startServer(config: AppConfig): Promise<FastifyInstance> {
  const logOutput = createLogOutput(config.logFormat);
  // A first start creates and migrates the database, which takes a while: said on stderr as it goes.
  const progress = new Progress('start');
  const app = await progress.run(
    () => buildApp(config, { logStream: logOutput, progress }),
    'database ready',
  );
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw listenProblem(error, config) ?? error;
  }
  handleShutdownSignals(app, () => flushLogOutput(logOutput, LOG_FLUSH_MS));
  const firstAdmin = await ensureFirstAdmin(app.database.db, config.firstAdmin);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(banner(config, port, firstAdmin));
  return app;
}

/** A port that is taken or privileged, or a HOST that is not this machine's, is the operator's to fix: one line. */
function listenProblem(error: unknown, config: AppConfig): ConfigError | null {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `PORT ${config.port} on HOST ${config.host}`;
  if (code === 'EADDRINUSE')
    return new ConfigError(
      `Cannot start: ${where} is already in use; stop the other process or choose another PORT.`,
    );
  if (code === 'EACCES')
    return new ConfigError(
      `Cannot start: ${where} needs privileges; use a PORT above 1023 (behind a reverse proxy).`,
    );
  if (code === 'EADDRNOTAVAIL')
    return new ConfigError(`Cannot start: HOST ${config.host} is not an address of this machine.`);
  return null;
}

/** Addresses of this machine's network interfaces that other machines can use, for a server on 0.0.0.0 or ::. */
function reachableUrls(host: string, port: number): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((entry) => entry && !entry.internal && (host === '::' || entry.family === 'IPv4'))
    .filter((entry) => entry!.family === 'IPv4' || !entry!.address.startsWith('fe80'))
    .map((entry) =>
      entry!.family === 'IPv4' ? `http://${entry!.address}:${port}` : `http://[${entry!.address}]:${port}`,
    );
}

/** Plain text for the person who started the server, framed so it stands apart from the JSON log lines around it. */
function banner(config: AppConfig, port: number, firstAdmin: CreatedAdmin | null): string {
  const url = config.publicUrlGiven
    ? config.publicUrl
    : config.publicUrl.replace(`:${config.port}`, `:${port}`);
  const lines = [`School transport back-office is running at ${url}`];
  if (isAnyAddress(config.host) && !config.publicUrlGiven) {
    const others = reachableUrls(config.host, port);
    lines.push(
      others.length > 0
        ? `Other machines can reach it at ${others.join(', ')}`
        : 'This machine has no network address other machines can use.',
      'Set PUBLIC_URL to the address people use (links in mails use it; they say localhost until then).',
    );
  }
  lines.push(
    `Database: ${config.database.kind === 'pglite' ? `embedded PGlite in ${config.database.dataDir}` : 'PostgreSQL'}`,
  );
  if (config.webDistDir === null) lines.push('The web app is not served by this process (development mode).');
  if (config.env === 'production' && config.mail.smtpUrl === null) {
    lines.push(
      'Mail: SMTP_URL is not set, so invitation and password-reset mails cannot be sent. Set SMTP_URL.',
    );
  }
  if (firstAdmin?.generatedPassword) {
    lines.push(
      `First administrator created: sign in as ${firstAdmin.email} with the password ${firstAdmin.generatedPassword}`,
      'This password is shown only this once: sign in and keep it somewhere safe.',
    );
  } else if (firstAdmin) {
    lines.push(
      `First administrator created: sign in as ${firstAdmin.email} with the password from ADMIN_PASSWORD.`,
    );
  } else if (config.firstAdmin.given.length > 0) {
    lines.push(
      `${config.firstAdmin.given.join(', ')} ignored: the database already has an administrator ` +
        '(add one with "npm run create-admin").',
    );
  }
  const rule = '-'.repeat(Math.min(100, Math.max(...lines.map((line) => line.length))));
  return `\n  ${rule}\n${lines.map((line) => `  ${line}`).join('\n')}\n  ${rule}\n\n`;
}

/**
 * First signal: stop accepting connections, let requests in flight finish, close the database cleanly (an unclean
 * PGlite close would have to recover on next start). A second signal, or the grace period running out, exits hard.
 */
function handleShutdownSignals(app: FastifyInstance, flushLog: () => Promise<void>): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    // Armed before anything that could fail, so the grace period holds whatever happens next.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    app.log.info({ signal }, 'shutting down');
    // Keep-alive connections whose last request finished after close() began would otherwise hold the server open.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    app.close().then(
      () => flushLog().then(() => process.exit(0)),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        void flushLog().then(() => process.exit(1));
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
