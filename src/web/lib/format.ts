import { formatters, type Formatters } from '#core/i18n/format.ts';
import type { Language } from '#core/i18n/languages.ts';
import { currentLanguage, useLanguage } from './i18n.ts';
import { pseudo, pseudoOn } from './pseudo.ts';

const made = new Map<Language, Formatters>();
const formattersOf = (language: Language) => {
  let format = made.get(language);
  if (!format) made.set(language, (format = formatters(language, pseudoOn() ? pseudo : undefined)));
  return format;
};

/** Dates, numbers, distances and money for the language in use (core/i18n/format.ts). */
export const useFormat = (): Formatters => formattersOf(useLanguage());

/** The same outside a component (a toast, an export's file name). */
export const formatNow = (): Formatters => formattersOf(currentLanguage());

/**
 * Makes the language's money and date formatters now. The first `Intl` formatter a page makes
 * loads ICU's data: about 35 ms on this machine, a long task several times that on a phone, right
 * when the page's answers arrive (docs/benchmarks.md, "Main-thread profile"). main.tsx calls it
 * while the page's code and data are on their way and the main thread waits for the network.
 */
export function prepareFormats(language: Language) {
  const format = formattersOf(language);
  format.money(0);
  format.date(0);
}
