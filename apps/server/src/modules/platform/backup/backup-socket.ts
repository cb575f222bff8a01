import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DatabaseHandle } from '../../../db/client.js';
import { BackupError, workFolder, writeArchive } from './backup-archive.js';
import { dumpPglite } from './database-dumps.js';

/**
 * How `npm run backup` reaches a server that holds the embedded database (docs/decisions/018): a Unix socket in
 * DATA_DIR. The folder is the owner's alone (0700) and the socket too, so only that user (and root) can ask; it
 * is not on the network and needs no token. One request, POST /backup, answers the archive.
 */
export const BACKUP_SOCKET = 'backup.sock';

/** Linux's limit on a socket's path is 108 bytes with the final NUL. */
const MAX_SOCKET_PATH = 107;

export const backupSocketPath = (dataDir: string) => path.join(dataDir, BACKUP_SOCKET);

/**
 * Serves backups of this process's PGlite folder. Called by `start` once it holds the folder's lock, so a socket
 * file found there is a dead server's and is replaced. Answers a warning to print when it cannot serve.
 */
export async function serveBackups(database: DatabaseHandle, dataDir: string): Promise<string | null> {
  const socket = backupSocketPath(dataDir);
  if (!database.snapshot) return null;
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH)
    return `Backups of the running server are not available: ${socket} is longer than a socket path may be.`;
  let busy = false;
  const server = http.createServer((request, reply) => {
    if (request.method !== 'POST' || request.url !== '/backup') {
      reply.writeHead(404).end('Unknown request.');
      return;
    }
    if (busy) {
      reply.writeHead(409).end('A backup is already running.');
      return;
    }
    busy = true;
    void answerBackup(database, dataDir, reply).finally(() => (busy = false));
  });
  try {
    fs.rmSync(socket, { force: true });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socket, resolve);
    });
    fs.chmodSync(socket, 0o600);
  } catch (error) {
    // The server is already serving: a folder that cannot hold a socket (some mounts) costs the backup, not it.
    server.close();
    return `Backups of the running server are not available: ${socket}: ${(error as Error).message}`;
  }
  // Never what keeps the process alive; the socket file goes with the process (a killed one's is replaced above).
  server.unref();
  process.on('exit', () => fs.rmSync(socket, { force: true }));
  return null;
}

async function answerBackup(database: DatabaseHandle, dataDir: string, reply: http.ServerResponse) {
  const work = await workFolder(dataDir, 'backup');
  try {
    const archive = path.join(work.folder, 'backup.tar.gz');
    await writeArchive({
      dataDir,
      engine: 'pglite',
      out: archive,
      snapshot: (folder) => dumpPglite(database, folder),
    });
    reply.writeHead(200, { 'content-type': 'application/gzip' });
    await pipeline(fs.createReadStream(archive), reply);
  } catch (error) {
    if (!reply.headersSent) reply.writeHead(500).end(`The backup failed: ${(error as Error).message}`);
    else reply.destroy();
  } finally {
    await work.remove();
  }
}

/** Asks the server holding `dataDir` for a backup and writes it to `out`. */
export async function requestBackup(dataDir: string, out: string, holderPid: number): Promise<void> {
  const socketPath = backupSocketPath(dataDir);
  if (!fs.existsSync(socketPath))
    throw new BackupError(
      `${dataDir} is in use by process ${holderPid}, which offers no backups (an older version, or a command other than start): stop it and run the backup again.`,
    );
  const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.request({ socketPath, method: 'POST', path: '/backup' }, resolve);
    request.on('error', reject);
    request.end();
  });
  if (answer.statusCode !== 200) {
    let text = '';
    for await (const chunk of answer) text += String(chunk);
    throw new BackupError(text || `The server answered ${answer.statusCode}.`);
  }
  await pipeline(answer, fs.createWriteStream(out, { mode: 0o600 }));
}
