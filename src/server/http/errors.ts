import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError, type ErrorBody, type ErrorCode } from '../../core/errors.ts';
import type { Language } from '../../core/i18n/languages.ts';
import { translate } from '../../core/i18n/messages.es.ts';
import { isDatabaseUnavailable, isDataException } from '../db/errors.ts';
import { registerRequestLanguage, requestLanguage } from './language.ts';

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

/**
 * An error answer in the request's language: the message and each field message, translated by
 * their English text (docs/decisions/060-languages.md). English stays as the code wrote it.
 */
export function inLanguage(body: ErrorBody, language: Language): ErrorBody {
  if (language === 'en') return body;
  const translated: ErrorBody = { error: translate(body.error) };
  if (body.fields)
    translated.fields = Object.fromEntries(
      Object.entries(body.fields).map(([key, message]) => [key, translate(message)]),
    );
  return translated;
}

/** One error handler: every failure answers `{"error", "fields"?}` and 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance, options: { spaFallback: boolean }) {
  registerRequestLanguage(app);
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { error: error.message };
      if (error.fields) body.fields = error.fields;
      return reply.status(statusByCode[error.code]).send(inLanguage(body, request.language));
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
      return reply.status(400).send(inLanguage({ error: message, fields }, request.language));
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response did not match its schema',
      );
      return reply
        .status(500)
        .send(inLanguage({ error: 'Internal server error' }, request.language));
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'input the database refused');
      return reply.status(400).send(
        inLanguage(
          {
            error: 'The request contains text or numbers that cannot be stored',
          },
          request.language,
        ),
      );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(inLanguage({ error: 'Service unavailable' }, request.language));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send(
        inLanguage(
          {
            error: status === 503 ? 'Service unavailable' : 'Internal server error',
          },
          request.language,
        ),
      );
    }
    // Fastify's own 4xx errors: malformed JSON, unsupported media type, body too large, rate limit.
    return reply
      .status(status)
      .send(inLanguage({ error: clientMessage(error, status) }, request.language));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    // Any other path is a screen of the single-page app, which routes it (and shows its own 404).
    if (options.spaFallback && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(
      inLanguage(
        {
          error: `Not found: ${request.method} ${request.url.split('?')[0]}`,
        },
        request.language,
      ),
    );
  });
}

/**
 * The router's own refusals, answered before any route or hook runs (a path parameter over the
 * length limit, a broken %-escape): the same error shape, without echoing the path back.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'The address is too long'
      : 'The address is not valid';
  return reply
    .status(status)
    .send(inLanguage({ error: message }, requestLanguage(request)) satisfies ErrorBody);
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
