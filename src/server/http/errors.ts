import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError, type ErrorBody, type ErrorCode } from '../../core/errors.ts';
import { isDatabaseUnavailable, isDataException } from '../db/errors.ts';

export const statusByCode: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  unavailable: 503,
  internal: 500,
};

/** What a client is told to wait while the database is out of reach (restarts take seconds). */
const RETRY_AFTER_SECONDS = 5;

const contextLabel: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

/** One error handler: every failure answers `{"error", "fields"?}` and 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance, options: { spaFallback: boolean }) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { error: error.message };
      if (error.fields) body.fields = error.fields;
      return reply.status(statusByCode[error.code]).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          contextLabel[error.validationContext ?? ''] ||
          'request';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.entries(fields)[0];
      const message = first ? `${first[1]}` : 'Invalid request';
      return reply.status(400).send({ error: message, fields } satisfies ErrorBody);
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response did not match its schema',
      );
      return reply.status(500).send({ error: 'Internal server error' } satisfies ErrorBody);
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'input the database refused');
      return reply.status(400).send({
        error: 'The request contains text or numbers that cannot be stored',
      } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ error: 'Service unavailable' } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({
        error: status === 503 ? 'Service unavailable' : 'Internal server error',
      } satisfies ErrorBody);
    }
    // Fastify's own 4xx errors: malformed JSON, unsupported media type, body too large, rate limit.
    return reply.status(status).send({ error: clientMessage(error, status) } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    // Any other path is a screen of the single-page app, which routes it (and shows its own 404).
    if (options.spaFallback && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      error: `Not found: ${request.method} ${request.url.split('?')[0]}`,
    } satisfies ErrorBody);
  });
}

/**
 * The router's own refusals, answered before any route or hook runs (a path parameter over the
 * length limit, a broken %-escape): the same error shape, without echoing the path back.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode ?? 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'The address is too long'
      : 'The address is not valid';
  return reply.status(status).send({ error: message } satisfies ErrorBody);
}

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as application/json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
  }
  if (status === 429) return 'Too many requests, please try again later';
  return error.message || 'Bad request';
}
