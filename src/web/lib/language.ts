import { intlLocales, isLanguage, pickLanguage, type Language } from '#core/i18n/languages.ts';

/** The device's own choice of language, kept for the next visit (before any sign-in). */
export const LANGUAGE_KEY = 'tf-language';

let current: Language = 'en';
const listeners = new Set<() => void>();

/** The language the app renders in (lib/i18n.ts switches it); API calls ask for it too. */
export const currentLanguage = () => current;

export const subscribeLanguage = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Only lib/i18n.ts calls this, once the language's catalogs are in. */
export function announceLanguage(language: Language) {
  current = language;
  if (typeof document !== 'undefined') document.documentElement.lang = intlLocales[language];
  for (const listener of listeners) listener();
}

/** The language chosen on this device, if one was. */
export function chosenOnDevice(): Language | null {
  const kept = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null;
  return isLanguage(kept) ? kept : null;
}

/** The device's choice, else the browser's languages, else English. */
export function deviceLanguage(): Language {
  return (
    chosenOnDevice() ?? pickLanguage(typeof navigator !== 'undefined' ? navigator.languages : [])
  );
}

/**
 * Keeps the device's choice for the next visit: in localStorage for the app, and in a cookie of
 * the same name for the server, which sends the landing page pre-rendered in it (decision 070).
 */
export function keepOnDevice(language: Language) {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LANGUAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax${secure}`;
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
}
