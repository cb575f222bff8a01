interface PgError {
  code: string;
  constraint?: string;
}

/** Drizzle wraps driver errors; pg and PGlite both carry the SQLSTATE `code` and the `constraint` name. */
export function pgErrorOf(error: unknown): PgError | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as PgError;
  }
  return undefined;
}
