import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds children's data, password hashes, the server's keys and photos: it is the owner's alone, and on
 * the embedded database only one process may have it open at a time (docs/decisions/017).
 */

/** New files 0600 and folders 0700, PGlite's own included (it asks for 0666). Called first thing by main.ts. */
export const OWNER_ONLY_UMASK = 0o077;

/**
 * Creates the folder owner-only, or takes group and other permissions off an existing one and everything in it.
 * Answers how many items were changed, for the caller's warning.
 */
export function makeOwnerOnly(dataDir: string): number {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let changed = 0;
  const visit = (target: string) => {
    const stat = fs.lstatSync(target);
    // A link's own mode means nothing on Linux, and what it points to may not be ours to change.
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) {
      fs.chmodSync(target, stat.mode & 0o700);
      changed += 1;
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(target)) visit(path.join(target, name));
  };
  visit(dataDir);
  return changed;
}

export const LOCK_FILE = 'schoolride.lock';

interface LockHolder {
  pid: number;
  /** The process's start time in clock ticks after boot (/proc/PID/stat field 22): tells a reused pid apart. */
  startTicks: number | null;
  command: string;
}

export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `${dataDir} is in use by process ${holder.pid} (${holder.command}); stop it first, or use another DATA_DIR.`,
    );
  }
}

export interface DataDirLock {
  release(): void;
}

function startTicksOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses; fields after its last ')' start at field 3.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  } catch {
    return null;
  }
}

function isRunning(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: a process of another user has that pid, so it runs.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The same pid with another start time is a new process that reused the dead holder's pid.
  const ticks = startTicksOf(holder.pid);
  return holder.startTicks === null || ticks === null || ticks === holder.startTicks;
}

function readHolder(file: string): LockHolder | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as LockHolder;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Unreadable content cannot name a live holder: it is written whole by link(), so it is some other file.
    return { pid: 0, startTicks: null, command: 'unknown' };
  }
}

/**
 * Takes the folder for this process: DATA_DIR/schoolride.lock holds its pid. The file appears complete and only
 * if absent (written aside, then hard-linked into place). A lock whose process is gone (killed, crashed) is
 * taken over: renamed aside first, so that of two processes taking over the same dead lock only one succeeds,
 * and put back if what was renamed turns out to be a live process's new lock.
 */
export function lockDataDir(dataDir: string, command: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, startTicks: startTicksOf(process.pid), command };
  const draft = `${file}.${process.pid}.new`;
  fs.writeFileSync(draft, JSON.stringify(me), { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        fs.linkSync(draft, file);
        const release = () => {
          process.off('exit', release);
          if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
        };
        // Released on every way out of the process short of a kill, which the next start recognises.
        process.on('exit', release);
        return { release };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(file);
      if (!holder) continue;
      if (isRunning(holder)) throw new DataDirBusyError(dataDir, holder);
      const claimed = `${file}.${process.pid}.stale`;
      try {
        fs.renameSync(file, claimed);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      const taken = readHolder(claimed);
      if (taken && isRunning(taken)) {
        try {
          fs.linkSync(claimed, file);
        } finally {
          fs.rmSync(claimed, { force: true });
        }
        throw new DataDirBusyError(dataDir, taken);
      }
      fs.rmSync(claimed, { force: true });
    }
    throw new Error(`Could not lock ${dataDir}: its lock file keeps changing.`);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/**
 * What every command that opens DATA_DIR does first: make it owner-only (saying so when it was not), and on the
 * embedded database take its lock. Several servers on one PostgreSQL database share DATA_DIR's images, so there
 * the folder is not locked.
 */
export function claimDataDir(
  dataDir: string,
  engine: 'pglite' | 'postgres',
  command: string,
  warn: (message: string) => void = (message) => console.warn(message),
): DataDirLock | null {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = engine === 'pglite' ? lockDataDir(dataDir, command) : null;
  const changed = makeOwnerOnly(dataDir);
  if (changed > 0)
    warn(
      `Warning: ${dataDir} could be read or changed by other users; ${changed} of its files and folders are now owner-only (0700 folders, 0600 files).`,
    );
  return lock;
}
