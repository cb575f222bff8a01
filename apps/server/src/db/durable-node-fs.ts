import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { syncFolder } from './disk-sync.js';

/**
 * PGlite on a disk folder, with PostgreSQL's own durability machinery working (docs/decisions/017).
 *
 * PGlite starts PostgreSQL with `-F` (fsync off), and even without it the fsync/fdatasync its WebAssembly build
 * calls are no-ops of Emscripten's file system. So nothing reached the disk before an answer went out. Here the
 * two sync imports of the WebAssembly module are replaced by real ones on the file PostgreSQL names, and
 * PostgreSQL runs with fsync on: each commit flushes its WAL with fdatasync before the statement returns (one
 * sync per commit: PGlite runs one backend, so there are never two commits to group), and each checkpoint syncs
 * the data files it wrote before it lets the WAL they came from be recycled, exactly as on a PostgreSQL server.
 */

type EmscriptenOptions = Awaited<ReturnType<NodeFS['init']>>['emscriptenOpts'];
type WasmImports = Record<string, Record<string, unknown>>;

interface EmscriptenStream {
  /** The host file descriptor of a file or folder NODEFS opened. */
  nfd?: number;
}
type SetAttr = (target: unknown, attributes: { mode?: number }) => void;
interface EmscriptenModule {
  FS: { getStream(fd: number): EmscriptenStream | null };
  NODEFS: { node_ops: { setattr: SetAttr }; stream_ops: { setattr: SetAttr } };
}

/** WASI errno values, which the Emscripten build uses. */
const EBADF = 8;
const EIO = 29;

/**
 * Emscripten creates every file and then chmods it to the mode asked for (0666 from PostgreSQL's build), which
 * the process umask cannot narrow: group and other bits are taken off every mode PGlite sets.
 */
function keepOwnerOnly(module: EmscriptenModule): void {
  for (const ops of [module.NODEFS.node_ops, module.NODEFS.stream_ops]) {
    const setattr = ops.setattr;
    ops.setattr = (target, attributes) =>
      setattr(
        target,
        attributes.mode === undefined ? attributes : { ...attributes, mode: attributes.mode & ~0o077 },
      );
  }
}

/** The two sync imports of the WebAssembly module, made to sync the host file PostgreSQL names. */
function realSyncs(imports: WasmImports, module: () => EmscriptenModule | undefined): void {
  const syncStream = (fd: number, sync: (hostFd: number) => void): number => {
    const stream = module()?.FS.getStream(fd);
    if (!stream) return EBADF;
    // A device or in-memory file of PGlite's own (not under the data folder) has nothing to sync.
    if (stream.nfd === undefined) return 0;
    try {
      sync(stream.nfd);
      return 0;
    } catch {
      // PostgreSQL treats a failed sync as fatal (data_sync_retry off): it must not believe lost data is safe.
      return EIO;
    }
  };
  // `env` and `wasi_snapshot_preview1` are one object in Emscripten's output; both names are set anyway.
  for (const space of [imports.env, imports.wasi_snapshot_preview1]) {
    if (!space) continue;
    // A syscall answers -errno; a WASI call answers errno.
    space.__syscall_fdatasync = (fd: number) => -syncStream(fd, fs.fdatasyncSync);
    space.fd_sync = (fd: number) => syncStream(fd, fs.fsyncSync);
  }
}

/** PGlite's NodeFS keeping its files owner-only and, when durable, with real disk syncs. */
class GuardedNodeFS extends NodeFS {
  constructor(
    folder: string,
    private readonly durable: boolean,
  ) {
    super(folder);
  }

  override async init(pg: PGlite, opts: Partial<EmscriptenOptions>) {
    const { emscriptenOpts } = await super.init(pg, opts);
    let module: EmscriptenModule | undefined;
    const instantiate = emscriptenOpts.instantiateWasm!;
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [
          (mod: unknown) => {
            module = mod as EmscriptenModule;
            keepOwnerOnly(module);
          },
          ...(emscriptenOpts.preRun ?? []),
        ],
        instantiateWasm: (imports: WasmImports, done: Parameters<typeof instantiate>[1]) => {
          if (this.durable) realSyncs(imports, () => module);
          return instantiate(imports, done);
        },
      } as EmscriptenOptions,
    };
  }
}

/** pg_trgm backs the contains-search indexes (migration 0006); PostgreSQL ships it as a trusted extension. */
export const pgliteExtensions = { pg_trgm };

/** PGlite's start parameters without `-F`, and with the WAL synced the way Linux's PostgreSQL does by default. */
export const durableStartParams = [
  ...PGlite.defaultStartParams.filter((parameter) => parameter !== '-F'),
  '-c',
  'wal_sync_method=fdatasync',
];

/**
 * Opens PGlite on a folder with durable commits (or, with `durable` false, as PGlite does by itself). A new
 * folder's files were written by PGlite's initdb, whose syncs are still no-ops: they are synced once here.
 */
export async function openPgliteFolder(
  folder: string,
  options: Pick<PGliteOptions, 'extensions' | 'loadDataDir'> & { durable: boolean },
): Promise<PGlite> {
  const { durable, ...rest } = options;
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const isNew = !fs.existsSync(path.join(folder, 'PG_VERSION'));
  const client = await PGlite.create({
    ...rest,
    fs: new GuardedNodeFS(folder, durable),
    ...(durable ? { startParams: durableStartParams } : {}),
  });
  if (durable && isNew) await syncFolder(folder);
  return client;
}
