import type { FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  acceptLanguageTags,
  isLanguage,
  languages,
  pickLanguage,
  type Language,
} from '../../core/i18n/languages.ts';

/** Written by the build (scripts/prerender-landing.ts): `/` pre-rendered, signed out, in `language`. */
export const landingFile = (language: Language) => `landing.${language}.html`;

/** The device's choice of language (src/web/lib/language.ts keeps it in a cookie of this name). */
export const LANGUAGE_COOKIE = 'tf-language';

/** The query parameters the pre-rendered page renders the same with (`next`: where to go after signing in). */
const SAME_WITH = new Set(['next']);

/**
 * The landing page in each language as the build pre-rendered it (decision 070); empty when the
 * build has none.
 */
export function landingPages(webDir: string): Map<Language, string> {
  const pages = new Map<Language, string>();
  for (const language of languages) {
    const file = join(webDir, landingFile(language));
    if (existsSync(file)) pages.set(language, readFileSync(file, 'utf8'));
  }
  return pages;
}

/**
 * The pre-rendered landing page for this request to `/`: for a visitor without a session, in
 * the device's chosen language, else the browser's. None when the visitor may be signed in or
 * the address asks for more than the page shows signed out (the app renders those).
 */
export function landingPageFor(
  request: FastifyRequest,
  pages: Map<Language, string>,
  sessionCookie: string,
): string | undefined {
  if (request.cookies[sessionCookie] !== undefined) return undefined;
  const query = new URL(request.url, 'http://localhost').searchParams;
  if ([...query.keys()].some((key) => !SAME_WITH.has(key))) return undefined;
  const chosen = request.cookies[LANGUAGE_COOKIE];
  const language = isLanguage(chosen)
    ? chosen
    : pickLanguage(acceptLanguageTags(request.headers['accept-language']));
  return pages.get(language);
}
