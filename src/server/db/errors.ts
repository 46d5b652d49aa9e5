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
