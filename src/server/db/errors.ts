/** The SQLSTATE of a database error from pg, PGlite, or Drizzle's wrapper around either. */
function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

/** Class 22, "data exception": input PostgreSQL cannot store, such as a NUL byte in text. */
export const isDataException = (error: unknown) => sqlState(error)?.startsWith('22') ?? false;

/** Node's network failures while reaching the database server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
/** pg's own messages for a connection it lost or could not get (they carry no code). */
const LOST_CONNECTION =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * The database cannot be reached or is shutting down (SQLSTATE classes 08 and 57P, too many
 * connections, or the socket failing): a retry soon may succeed, so the answer is 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const state = sqlState(error);
  if (state && (state.startsWith('08') || state.startsWith('57P') || state === '53300'))
    return true;
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
  }
  return false;
}

/**
 * Fields of pg, PGlite and Drizzle errors that echo the data of the failed statement: the bound
 * parameters, and `detail` such as `Key (email)=(…) already exists` or `Failing row contains (…)`.
 */
export const DATA_ECHOING_FIELDS: ReadonlySet<string> = new Set([
  'params',
  'parameters',
  'queryOptions',
  'detail',
  'where',
  'internalQuery',
]);

/**
 * A database error's message without the data it carries: Drizzle appends the bound parameters
 * (`\nparams: …`), and PostgreSQL quotes refused input (`invalid input syntax for type uuid: "…"`).
 */
export function withoutStatementData(message: string, code?: unknown): string {
  const withoutParams = message.replace(/\nparams: [\s\S]*$/, '');
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return withoutParams;
  return withoutParams.replace(/: ".*"$/s, ': "[redacted]"');
}
