import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Every setting is validated once at start-up so that a bad value stops the
 * server with a message naming the variable, instead of failing later in some request.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .url()
    .refine((url) => /^postgres(ql)?:\/\//.test(url), 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** off: the embedded database skips its disk syncs (faster writes, acknowledged ones lost on a crash). */
  DURABLE_COMMITS: z.enum(['on', 'off']).default('on').describe('on or off'),
  /** Below this much free space in DATA_DIR, /api/health answers 503. */
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(100).describe('a whole number of megabytes'),
  ADMIN_EMAIL: z.email().max(254).default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  ADMIN_NAME: z.string().trim().min(1).max(100).default('Administrator'),
  PUBLIC_URL: z.url().optional(),
  /** Outgoing mail server, e.g. smtp://user:pass@mail.example.com:587; unset: mails are written to the log. */
  SMTP_URL: z
    .url()
    .refine((url) => /^smtps?:\/\//.test(url), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).default('SchoolRide <no-reply@localhost>'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** Hops of reverse proxies whose X-Forwarded-For is believed; 0 means the client address is the socket's. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Session lifetimes (docs/decisions/003-sessions.md). */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(480),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(8_760).default(168),
  /**
   * Slow or idle clients (decision 022): a request must arrive whole, and its headers first, within these; an idle
   * keep-alive connection closes after KEEP_ALIVE_TIMEOUT_SECONDS; at most MAX_CONNECTIONS are open at once.
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3_600)
    .default(60)
    .describe('a whole number of seconds from 1 to 3600'),
  HEADERS_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3_600)
    .default(10)
    .describe('a whole number of seconds from 1 to 3600, at most REQUEST_TIMEOUT_SECONDS'),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3_600)
    .default(5)
    .describe('a whole number of seconds from 1 to 3600'),
  MAX_CONNECTIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(500)
    .describe('a whole number from 1 to 100000'),
  /** Map tiles for the pickup-location picker (Leaflet URL template). */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s]+\/\S*\{z\}\S*$/, 'must be an http(s) tile URL template with {z}, {x} and {y}')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().max(300).default('&copy; OpenStreetMap contributors'),
});

/** On PGlite, `durable` false skips the disk syncs (DURABLE_COMMITS=off); a folder is durable unless it says so. */
export type DatabaseConfig = { kind: 'pglite'; dataDir: string; durable?: boolean } | { kind: 'postgres'; url: string };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: DatabaseConfig;
  dataDir: string;
  /** /api/health answers 503 below this many free bytes in dataDir. */
  minFreeDiskBytes: number;
  firstAdmin: { email: string; name: string; password?: string };
  publicUrl: string;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: number;
  session: { idleMs: number; absoluteMs: number };
  /** Folder of the built web app, served in production; null when the API runs alone. */
  webDistDir: string | null;
  map: { tileUrl: string; attribution: string };
  mail: { smtpUrl: string | null; from: string };
  http: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    keepAliveTimeoutMs: number;
    maxConnections: number;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** `.env` in the working directory is read if present; real environment variables win over it. */
export function readEnvFile(file = '.env'): void {
  try {
    process.loadEnvFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (`DATABASE_URL=` in a .env file) means "not set", not "set to nothing".
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Node refuses a headers timeout longer than the request's; say so in the variable's terms.
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS)
    throw new ConfigError(
      'Invalid configuration: HEADERS_TIMEOUT_SECONDS must be at most REQUEST_TIMEOUT_SECONDS.',
    );
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite'), durable: e.DURABLE_COMMITS === 'on' },
    dataDir,
    minFreeDiskBytes: e.MIN_FREE_DISK_MB * 1_048_576,
    firstAdmin: { email: e.ADMIN_EMAIL.toLowerCase(), name: e.ADMIN_NAME, password: e.ADMIN_PASSWORD },
    publicUrl: e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    webDistDir: e.NODE_ENV === 'production' ? defaultWebDistDir() : null,
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION },
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      maxConnections: e.MAX_CONNECTIONS,
    },
  };
}

/** apps/web/dist, found from this file so the server can be started from any working directory. */
export function defaultWebDistDir(): string {
  return path.resolve(import.meta.dirname, '../../web/dist');
}

/** The origin of a tile URL template, for the Content-Security-Policy: `{s}` subdomains become a wildcard. */
export function tileOrigin(tileUrl: string): string {
  return /^https?:\/\/[^/]+/.exec(tileUrl.replace('{s}', '*'))![0];
}
