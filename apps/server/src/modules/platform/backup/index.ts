/** The backup module's front door: what the rest of the server may use of it. */
export { BackupError } from './backup-archive.js';
export { runBackup, runRestore } from './backup-commands.js';
export { serveBackups } from './backup-socket.js';
