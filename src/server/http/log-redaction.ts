import type { FastifyRequest } from 'fastify';
import { DATA_ECHOING_FIELDS, withoutStatementData } from '../db/errors.ts';

export const REDACTED = '[redacted]';

/** Words in a query parameter's name that mark its value as a credential (`token`, `session_id`, `apiKey`). */
const SENSITIVE_WORDS = new Set([
  'token',
  'code',
  'secret',
  'session',
  'password',
  'passwd',
  'key',
  'signature',
  'sig',
  'auth',
  'otp',
  'nonce',
  'ticket',
  'jwt',
  'credential',
  'apikey',
  'sessionid',
  'accesstoken',
]);

const isSensitiveParam = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((word) => SENSITIVE_WORDS.has(word) || SENSITIVE_WORDS.has(word.replace(/s$/, '')));

/** Paths whose last segment is itself a credential: a shared job's tracking link. */
const TOKEN_IN_PATH = /^(\/(?:api\/)?track\/)[^/?#]+/;

/**
 * `url` with the values of its sensitive query parameters and any token in its path replaced,
 * for logs: a reset link's `?token=` or a tracking link never reaches a log line. See
 * docs/security.md.
 */
export function redactUrl(original: string): string {
  const url = original.replace(TOKEN_IN_PATH, `$1${REDACTED}`);
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = new URLSearchParams(url.slice(start + 1));
  let changed = false;
  for (const name of new Set(query.keys())) {
    if (!isSensitiveParam(name)) continue;
    query.set(name, REDACTED);
    changed = true;
  }
  return changed ? `${url.slice(0, start)}?${query.toString()}` : url;
}

/** The request as a log line shows it: Fastify's default fields, with the query redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

const MAX_CAUSES = 5;

function isErrorLike(value: unknown): value is Error {
  return (
    value instanceof Error || (typeof value === 'object' && value !== null && 'stack' in value)
  );
}

/**
 * An error as a log line shows it: type, message, stack, code and the fields that name the
 * failing constraint or table, and its causes the same way; never the bound parameters or the
 * row values a database error echoes (`params`, `detail`, `where`, quoted input).
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!isErrorLike(error)) return error;
  const source = error as unknown as Record<string, unknown>;
  const message = withoutStatementData(error.message ?? '', source.code);
  const out: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: safeStack(error, message),
  };
  for (const [key, value] of Object.entries(source)) {
    if (key in out || key === 'cause' || DATA_ECHOING_FIELDS.has(key)) continue;
    if (isErrorLike(value)) {
      if (depth < MAX_CAUSES) out[key] = serializeError(value, depth + 1);
    } else if (typeof value !== 'object' || value === null) {
      out[key] = value;
    }
  }
  if (error.cause !== undefined && depth < MAX_CAUSES)
    out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** The stack with its first line rewritten to the redacted message. */
function safeStack(error: Error, message: string): string | undefined {
  const stack = error.stack;
  if (!stack) return undefined;
  const header = `${error.name}: ${error.message}`;
  if (stack.startsWith(header)) return `${error.name}: ${message}${stack.slice(header.length)}`;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${error.name}: ${message}`, ...frames].join('\n');
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** Pino serializers for the server's logger. */
export const logSerializers = {
  req: serializeRequest,
  err: (error: Error) => serializeError(error) as LoggedError,
};
