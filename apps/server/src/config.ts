import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_OPERATOR_LOCALE,
  NO_ADULT_RULES,
  type HandOverRule,
  type NoAdultRule,
  type Role,
} from '@school-transport/shared';

/**
 * The only reader of process.env. Every setting is validated once at start-up so that a bad value stops the
 * server with a message naming the variable, instead of failing later in some request.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** `INFO` and `Info` are what people type; pino wants lower case. */
const lowerCase = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);
/** `true`/`false` are the usual spellings for "one proxy in front"/"none". */
/** Whether Intl (and so every date this server writes) knows `name` as an IANA time zone. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `tag` is a well-formed BCP 47 language tag that this runtime has date formats for. A tag Intl does not
 * support would silently fall back to another locale in the browser; refusing it here says so at start-up.
 */
export function isSupportedLocale(tag: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag]).length === 1;
  } catch {
    return false;
  }
}

const proxyHops = (value: unknown) => {
  const text = typeof value === 'string' ? value.toLowerCase() : value;
  return text === 'true' ? 1 : text === 'false' ? 0 : value;
};

/**
 * Each setting's `describe()` says what it expects; a bad value is reported as "NAME must be <that>", one line per
 * variable, without echoing the value (it may be a password or a URL with one in it).
 */
const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe('development, production or test'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('a number between 1 and 65535'),
  HOST: z.string().min(1).default('127.0.0.1').describe('a host name or an IP address of this machine'),
  DATABASE_URL: z
    .url()
    .refine((url) => /^postgres(ql)?:\/\//.test(url))
    .optional()
    .describe('a postgres:// or postgresql:// URL'),
  DATA_DIR: z.string().min(1).default('./data').describe('a folder path'),
  /** off: the embedded database skips its disk syncs (faster writes, acknowledged ones lost on a crash). */
  DURABLE_COMMITS: z.enum(['on', 'off']).default('on').describe('on or off'),
  /** Below this much free space in DATA_DIR, /api/health answers 503. */
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(100).describe('a whole number of megabytes'),
  ADMIN_EMAIL: z.email().max(254).default('admin@example.com').describe('an e-mail address'),
  ADMIN_PASSWORD: z.string().min(12).max(128).optional().describe('12 to 128 characters long'),
  ADMIN_NAME: z.string().trim().min(1).max(100).default('Administrator').describe('1 to 100 characters'),
  PUBLIC_URL: z.url().optional().describe('a URL such as https://transport.example.org'),
  /** Outgoing mail server, e.g. smtp://user:pass@mail.example.com:587; unset: mails are written to the log. */
  SMTP_URL: z
    .url()
    .refine((url) => /^smtps?:\/\//.test(url))
    .optional()
    .describe('an smtp:// or smtps:// URL'),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3)
    .max(200)
    .default('SchoolRide <no-reply@localhost>')
    .describe('a sender such as SchoolRide <no-reply@example.org>'),
  LOG_LEVEL: z
    .preprocess(lowerCase, z.enum(LOG_LEVELS))
    .default('info')
    .describe(`one of ${LOG_LEVELS.join(', ')}`),
  /** auto: readable lines when standard output is a terminal, JSON lines otherwise (a service manager, a pipe). */
  LOG_FORMAT: z
    .preprocess(lowerCase, z.enum(['auto', 'json', 'text']))
    .default('auto')
    .describe('auto, json or text'),
  /** Hops of reverse proxies whose X-Forwarded-For is believed; 0 means the client address is the socket's. */
  TRUST_PROXY: z
    .preprocess(proxyHops, z.coerce.number().int().min(0).max(10))
    .default(0)
    .describe('the number of reverse proxies in front (0 to 10), or true (one) or false (none)'),
  /** Session lifetimes (docs/decisions/003-sessions.md). */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_080)
    .default(480)
    .describe('a whole number of minutes from 1 to 10080'),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(8_760)
    .default(168)
    .describe('a whole number of hours from 1 to 8760'),
  /**
   * required: every administrator must have a second factor; one without is led to set one up at sign-in before
   * reaching anything else. optional: each administrator chooses (docs/decisions/051).
   */
  ADMIN_SECOND_FACTOR: z.enum(['optional', 'required']).default('optional').describe('optional or required'),
  /**
   * Administrators' sessions (they reach every family's data): shorter than SESSION_IDLE_MINUTES and
   * SESSION_ABSOLUTE_HOURS, which are then the lifetimes of drivers' and parents' sessions.
   */
  ADMIN_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_080)
    .default(60)
    .describe('a whole number of minutes from 1 to 10080'),
  ADMIN_SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(8_760)
    .default(12)
    .describe('a whole number of hours from 1 to 8760'),
  /** Audit entries older than this many days are removed (docs/decisions/020-personal-data-in-the-audit-log.md). */
  AUDIT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(30)
    .max(3_650)
    .default(365)
    .describe('a whole number of days from 30 to 3650'),
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
    .regex(/^https?:\/\/[^/\s]+\/\S*\{z\}\S*$/)
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    .describe('an http(s) tile URL template with {z}, {x} and {y}'),
  MAP_ATTRIBUTION: z
    .string()
    .max(300)
    .default('&copy; OpenStreetMap contributors')
    .describe('at most 300 characters'),
  /** The operator's wall clock: run start times, "today" and the school calendar are read in it. */
  TIME_ZONE: z
    .string()
    .refine(isTimeZone)
    .default(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
    .describe('an IANA time zone name such as Europe/London'),
  /** How the back-office writes dates and times (packages/shared DEFAULT_OPERATOR_LOCALE when unset). */
  OPERATOR_LOCALE: z
    .string()
    .trim()
    .refine(isSupportedLocale)
    .default(DEFAULT_OPERATOR_LOCALE)
    .describe('a BCP 47 language tag this server knows, such as en-GB, en-US or fr-FR'),
  /**
   * Origins (scheme, host and port, comma-separated) taken as Web Push services besides the browsers' own
   * (modules/operations/notifications/push-endpoints.ts): a push service this list does not know, or, under NODE_ENV=test
   * only, a local one over http (the tests' push service). Sending to them skips the inside-address check.
   */
  PUSH_EXTRA_ORIGINS: z
    .string()
    .transform((value, context) => {
      const origins: string[] = [];
      for (const part of value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)) {
        let url: URL | null = null;
        try {
          url = new URL(part);
        } catch {
          // reported below
        }
        if (!url || url.origin !== part.replace(/\/$/, '') || !/^https?:$/.test(url.protocol)) {
          context.addIssue({ code: 'custom', message: 'not an origin' });
          return z.NEVER;
        }
        origins.push(url.origin);
      }
      return origins;
    })
    .optional()
    .describe('comma-separated origins such as https://push.example.net'),
  /**
   * on: the daily jobs run (modules/platform/jobs/job-registry.ts): the coming school days' trips, the live log's
   * pruning, retention, credential expiry.
   */
  DAILY_JOBS: z.enum(['on', 'off']).optional().describe('on or off'),
  /** How many days past today the daily job generates trips for. */
  TRIPS_AHEAD_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60)
    .default(7)
    .describe('a whole number of days from 0 to 60'),
  /** A started trip this many minutes behind its plan raises a "running late" alert. */
  ALERT_LATE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(240)
    .default(10)
    .describe('a whole number of minutes from 1 to 240'),
  /**
   * A running bus farther than this from its run's path (straight lines between its stops) raises an "off route"
   * alert. Generous by default: roads bend away from the straight line between two stops.
   */
  ALERT_OFF_ROUTE_METRES: z.coerce
    .number()
    .int()
    .min(100)
    .max(50_000)
    .default(1000)
    .describe('a whole number of metres from 100 to 50000'),
  /** A trip still not started this many minutes after its planned start raises a "not started" alert. */
  ALERT_NOT_STARTED_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(240)
    .default(10)
    .describe('a whole number of minutes from 1 to 240'),
  /** An OSRM server (its `route` service) giving driving times between the stops of trips without planned times. */
  ROUTING_URL: z
    .url()
    .refine((url) => /^https?:\/\//.test(url))
    .optional()
    .describe('an http:// or https:// URL of an OSRM server'),
  /**
   * A geocoder that places home addresses (decision 072): a Nominatim server (its /search) or a Photon server (its
   * /api). Unset: nothing is ever asked of any geocoder, and homes are clicked on the map.
   */
  GEOCODER_URL: z
    .url()
    .refine((url) => /^https?:\/\//.test(url))
    .optional()
    .describe('an http:// or https:// URL of a Nominatim or Photon server'),
  GEOCODER_KIND: z
    .preprocess(lowerCase, z.enum(['nominatim', 'photon']))
    .default('nominatim')
    .describe('nominatim or photon'),
  /** Requests per second to the geocoder: Nominatim's usage policy asks at most one. */
  GEOCODER_REQUESTS_PER_SECOND: z.coerce
    .number()
    .min(0.1)
    .max(100)
    .default(1)
    .describe('a number from 0.1 to 100'),
  /**
   * The least precise place taken without review, as an OSM address rank: 30 a house, 26 a street, 16 a town. A
   * vaguer best answer goes to the office's review queue.
   */
  GEOCODER_MIN_RANK: z.coerce
    .number()
    .int()
    .min(4)
    .max(30)
    .default(26)
    .describe('a whole number from 4 to 30'),
  /** Two good answers this far apart (or more) are ambiguous: the office chooses. */
  GEOCODER_AMBIGUOUS_METRES: z.coerce
    .number()
    .int()
    .min(50)
    .max(100_000)
    .default(1000)
    .describe('a whole number of metres from 50 to 100000'),
  /** ETAs for a trip without planned times and no ROUTING_URL: the road is this many times the straight line… */
  DETOUR_FACTOR: z.coerce.number().min(1).max(3).default(1.3).describe('a number from 1 to 3'),
  /** …driven at this average speed, stops aside. */
  AVERAGE_SPEED_KMH: z.coerce.number().min(5).max(120).default(30).describe('a number of km/h from 5 to 120'),
  /** Parents may mark a child not riding, or undo it, until this many minutes before the planned time at their stop. */
  ABSENCE_CUTOFF_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(1440)
    .default(30)
    .describe('a whole number of minutes from 0 to 1440'),
  /** The operator's phone, which parents are told to call for what can no longer be done online. */
  OFFICE_PHONE: z.string().trim().min(3).max(40).optional().describe('a phone number of 3 to 40 characters'),
  /**
   * Hand-over at drop-off (decision 065): the classes whose children must be handed to an authorized adult, named
   * (comma-separated)…
   */
  HAND_OVER_CLASSES: z
    .string()
    .trim()
    .max(2000)
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .describe('class names separated by commas'),
  /** …and every class whose grade (the first number in its name) is at most this. */
  HAND_OVER_UP_TO_GRADE: z.coerce
    .number()
    .int()
    .min(0)
    .max(20)
    .optional()
    .describe('a whole number from 0 to 20'),
  /** What the driver does with such a child when no authorized adult is at the stop. */
  HAND_OVER_NO_ADULT: z.enum(NO_ADULT_RULES).default('KEEP_ON_BOARD').describe(NO_ADULT_RULES.join(', ')),
  /** The route planner: the longest walk from a child's home to their stop… */
  PLANNER_WALKING_DISTANCE_M: z.coerce
    .number()
    .int()
    .min(50)
    .max(2000)
    .default(400)
    .describe('a whole number of metres from 50 to 2000'),
  /** …the most children at one stop (and never more than the smallest chosen vehicle seats)… */
  PLANNER_MAX_CHILDREN_PER_STOP: z.coerce
    .number()
    .int()
    .min(1)
    .max(60)
    .default(10)
    .describe('a whole number from 1 to 60'),
  /** …the longest ride a child may have, stop to school or school to stop… */
  PLANNER_MAX_RIDE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(180)
    .default(45)
    .describe('a whole number of minutes from 5 to 180'),
  /** …and the longest a planning job may search on this server (a request asks for its own time up to it). */
  PLANNER_MAX_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(300)
    .default(300)
    .describe('a whole number of seconds from 1 to 300'),
  /** The heap of a planning thread: a job that needs more fails in words, and the server goes on. */
  PLANNER_MEMORY_MB: z.coerce
    .number()
    .int()
    .min(4)
    .max(16_384)
    .default(1024)
    .describe('a whole number of megabytes from 4 to 16384'),
  /** Reports: a stop arrival within this many minutes of its planned time, early or late, is on time. */
  REPORT_ON_TIME_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(60)
    .default(5)
    .describe('a whole number of minutes from 0 to 60'),
  /** Ridership events older than this are removed by the daily job (a school year plus 90 days). */
  RIDERSHIP_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(30)
    .max(3650)
    .default(455)
    .describe('a whole number of days from 30 to 3650'),
  /** Bus positions older than this are removed by the daily job. */
  POSITION_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(90)
    .describe('a whole number of days from 1 to 3650'),
});

/** On PGlite, `durable` false skips the disk syncs (DURABLE_COMMITS=off); a folder is durable unless it says so. */
export type DatabaseConfig =
  | {
      kind: 'pglite';
      dataDir: string;
      durable?: boolean;
      /**
       * An in-memory database starts from this tarball of a data folder (as PGlite's dumpDataDir writes it) instead
       * of running initdb: the tests start each file from one migrated copy made once per run.
       */
      loadDataDir?: string;
    }
  | { kind: 'postgres'; url: string };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: DatabaseConfig;
  dataDir: string;
  /** /api/health answers 503 below this many free bytes in dataDir. */
  minFreeDiskBytes: number;
  firstAdmin: {
    email: string;
    name: string;
    password?: string;
    /** Which of ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_NAME were set: reported as ignored once an admin exists. */
    given: string[];
  };
  publicUrl: string;
  /** False when publicUrl is only derived from HOST and PORT (links in mails then say localhost on 0.0.0.0). */
  publicUrlGiven: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  /** LOG_FORMAT: how log records are written (log-output.ts). */
  logFormat: 'auto' | 'json' | 'text';
  trustProxy: number;
  /** Lifetimes of drivers' and parents' sessions, and (perRole) the administrators' shorter ones. */
  session: {
    idleMs: number;
    absoluteMs: number;
    perRole: Partial<Record<Role, { idleMs: number; absoluteMs: number }>>;
  };
  /** Whether every administrator must have a second factor (ADMIN_SECOND_FACTOR). */
  adminSecondFactorRequired: boolean;
  audit: { retentionDays: number };
  /** IANA name of the operator's time zone (TIME_ZONE). */
  timeZone: string;
  /** BCP 47 tag of the operator's locale (OPERATOR_LOCALE): how the web app writes dates and times. */
  locale: string;
  /** The once-a-day jobs: off in tests unless a test turns them on, since they write trips at start-up. */
  dailyJobs: { enabled: boolean; tripsAheadDays: number };
  /** Live operations: when the server raises alerts about a trip's timing. */
  alerts: { lateMinutes: number; notStartedMinutes: number; offRouteMetres: number };
  /** The parent portal: how late absences may change online, and whom to call after that. */
  parentPortal: { absenceCutoffMinutes: number; officePhone: string | null };
  /** Hand-over at drop-off: which children need it (HAND_OVER_CLASSES, HAND_OVER_UP_TO_GRADE) and the no-adult rule. */
  handOver: { rule: HandOverRule; noAdult: NoAdultRule };
  /**
   * How long the daily job keeps what happened on the buses, and free-text reasons before they are blanked
   * (modules/operations/retention/retention-job.ts).
   */
  retention: { ridershipDays: number; positionDays: number; reasonDays: number };
  /** Reports (modules/reports): the tolerance of an on-time arrival, either way. */
  reports: { onTimeMinutes: number };
  /** The route planner's rules (modules/planner) and the longest search a request may ask for. */
  planner: {
    walkingDistanceM: number;
    maxChildrenPerStop: number;
    maxRideSeconds: number;
    maxSeconds: number;
    /** PLANNER_MEMORY_MB: a planning thread's heap limit. */
    memoryMb: number;
  };
  /** How ETAs model the legs of a trip without planned times (modules/operations/board/eta.ts). */
  routing: { url: string | null; detourFactor: number; averageSpeedKmh: number };
  /** The geocoder of home addresses (decision 072); null url: none, nothing is asked. */
  geocoder: {
    url: string | null;
    kind: 'nominatim' | 'photon';
    requestsPerSecond: number;
    minRank: number;
    ambiguousMetres: number;
  };
  /** Folder of the built web app, served in production; null when the API runs alone. */
  webDistDir: string | null;
  map: { tileUrl: string; attribution: string };
  mail: { smtpUrl: string | null; from: string };
  /** Web Push: origins taken as push services besides the browsers' (PUSH_EXTRA_ORIGINS). */
  push: { extraOrigins: string[] };
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
    // Node reads a folder as an empty buffer and reports a type error; say what is wrong instead.
    if (fs.statSync(file).isDirectory()) throw Object.assign(new Error(file), { code: 'EISDIR' });
    process.loadEnvFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    const problem = code === 'EISDIR' ? 'is a folder' : `cannot be read (${code ?? String(error)})`;
    throw new ConfigError(
      `Invalid configuration: ${path.resolve(file)} ${problem}; it must be a file of NAME=value lines.`,
    );
  }
}

/** One line per bad variable: what it must be, from the setting's description. */
function describeIssues(issues: z.core.$ZodIssue[]): string {
  const names = [...new Set(issues.map((issue) => String(issue.path[0])))];
  return names
    .map((name) => {
      const expected = envSchema.shape[name as keyof typeof envSchema.shape]?.description;
      const message = issues.find((issue) => issue.path[0] === name)!.message;
      return `Invalid configuration: ${name} ${expected ? `must be ${expected}` : `is not valid: ${message}`}.`;
    })
    .join('\n');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (`DATABASE_URL=` in a .env file) means "not set", not "set to nothing".
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) throw new ConfigError(describeIssues(parsed.error.issues));
  const e = parsed.data;
  // Node refuses a headers timeout longer than the request's; say so in the variable's terms.
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS)
    throw new ConfigError(
      'Invalid configuration: HEADERS_TIMEOUT_SECONDS must be at most REQUEST_TIMEOUT_SECONDS.',
    );
  const pushExtraOrigins = e.PUSH_EXTRA_ORIGINS ?? [];
  // Plain http would let anyone on the path read and answer the pushes: only the tests' local push service.
  if (e.NODE_ENV !== 'test' && pushExtraOrigins.some((origin) => origin.startsWith('http:')))
    throw new ConfigError(
      'Invalid configuration: PUSH_EXTRA_ORIGINS must be https origins (http only under NODE_ENV=test).',
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
    firstAdmin: {
      email: e.ADMIN_EMAIL.toLowerCase(),
      name: e.ADMIN_NAME,
      password: e.ADMIN_PASSWORD,
      given: ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'ADMIN_NAME'].filter((name) => name in present),
    },
    publicUrl: e.PUBLIC_URL ?? `http://${isAnyAddress(e.HOST) ? 'localhost' : e.HOST}:${e.PORT}`,
    publicUrlGiven: e.PUBLIC_URL !== undefined,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: e.TRUST_PROXY,
    session: {
      idleMs: e.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
      perRole: {
        admin: {
          idleMs: e.ADMIN_SESSION_IDLE_MINUTES * 60_000,
          absoluteMs: e.ADMIN_SESSION_ABSOLUTE_HOURS * 3_600_000,
        },
      },
    },
    adminSecondFactorRequired: e.ADMIN_SECOND_FACTOR === 'required',
    audit: { retentionDays: e.AUDIT_RETENTION_DAYS },
    timeZone: e.TIME_ZONE,
    locale: Intl.getCanonicalLocales(e.OPERATOR_LOCALE)[0]!,
    dailyJobs: {
      enabled: (e.DAILY_JOBS ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
      tripsAheadDays: e.TRIPS_AHEAD_DAYS,
    },
    alerts: {
      lateMinutes: e.ALERT_LATE_MINUTES,
      notStartedMinutes: e.ALERT_NOT_STARTED_MINUTES,
      offRouteMetres: e.ALERT_OFF_ROUTE_METRES,
    },
    parentPortal: { absenceCutoffMinutes: e.ABSENCE_CUTOFF_MINUTES, officePhone: e.OFFICE_PHONE ?? null },
    handOver: {
      rule: { classes: e.HAND_OVER_CLASSES, upToGrade: e.HAND_OVER_UP_TO_GRADE ?? null },
      noAdult: e.HAND_OVER_NO_ADULT,
    },
    retention: {
      ridershipDays: e.RIDERSHIP_RETENTION_DAYS,
      positionDays: e.POSITION_RETENTION_DAYS,
      // Free-text reasons live as long as the audit entries that may copy them (decision 020's addendum).
      reasonDays: e.AUDIT_RETENTION_DAYS,
    },
    reports: { onTimeMinutes: e.REPORT_ON_TIME_MINUTES },
    planner: {
      walkingDistanceM: e.PLANNER_WALKING_DISTANCE_M,
      maxChildrenPerStop: e.PLANNER_MAX_CHILDREN_PER_STOP,
      maxRideSeconds: e.PLANNER_MAX_RIDE_MINUTES * 60,
      maxSeconds: e.PLANNER_MAX_SECONDS,
      memoryMb: e.PLANNER_MEMORY_MB,
    },
    routing: {
      url: e.ROUTING_URL ?? null,
      detourFactor: e.DETOUR_FACTOR,
      averageSpeedKmh: e.AVERAGE_SPEED_KMH,
    },
    geocoder: {
      url: e.GEOCODER_URL ?? null,
      kind: e.GEOCODER_KIND,
      requestsPerSecond: e.GEOCODER_REQUESTS_PER_SECOND,
      minRank: e.GEOCODER_MIN_RANK,
      ambiguousMetres: e.GEOCODER_AMBIGUOUS_METRES,
    },
    webDistDir: e.NODE_ENV === 'production' ? defaultWebDistDir() : null,
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION },
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    push: { extraOrigins: pushExtraOrigins },
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      maxConnections: e.MAX_CONNECTIONS,
    },
  };
}

/** 0.0.0.0 and :: listen on every interface; they are no address anybody can browse to. */
export const isAnyAddress = (host: string): boolean => host === '0.0.0.0' || host === '::';

/** apps/web/dist, found from this file so the server can be started from any working directory. */
export function defaultWebDistDir(): string {
  return path.resolve(import.meta.dirname, '../../web/dist');
}

/** The origin of a tile URL template, for the Content-Security-Policy: `{s}` subdomains become a wildcard. */
export function tileOrigin(tileUrl: string): string {
  return /^https?:\/\/[^/]+/.exec(tileUrl.replace('{s}', '*'))![0];
}
