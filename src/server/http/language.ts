import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptLanguageTags, pickLanguage, type Language } from '../../core/i18n/languages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The language to answer in: the signed-in account's, else the Accept-Language header's
     * (the web app sends its own language on every call), else English.
     */
    readonly language: Language;
  }
}

export function requestLanguage(request: FastifyRequest): Language {
  const chosen = (request as { user?: { language?: Language | null } | null }).user?.language;
  if (chosen) return chosen;
  return pickLanguage(acceptLanguageTags(request.headers['accept-language']));
}

/** `request.language`, read when asked (after the session hook has found the user). */
export function registerRequestLanguage(app: FastifyInstance) {
  app.decorateRequest('language', {
    getter(this: FastifyRequest) {
      return requestLanguage(this);
    },
  });
}
