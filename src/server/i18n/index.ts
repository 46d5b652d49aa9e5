import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { formatters } from '../../core/i18n/format.ts';
import { intlLocales, type Language } from '../../core/i18n/languages.ts';
import { englishLabels, labelOf, type Labels } from '../../core/i18n/labels.ts';
import { spanishLabels } from '../../core/i18n/labels.es.ts';
import mailEn from './locales/mail.en.ts';
import mailEs from './locales/mail.es.ts';
import notificationsEn from './locales/notifications.en.ts';
import notificationsEs from './locales/notifications.es.ts';
import pushEn from './locales/push.en.ts';
import pushEs from './locales/push.es.ts';
import smsEn from './locales/sms.en.ts';
import smsEs from './locales/sms.es.ts';

/**
 * The server's texts — emails, text messages, push texts, in-app notifications — in the
 * recipient's language (docs/decisions/060-languages.md). The catalogs are split by area and
 * share one set of keys; messages are ICU MessageFormat, compiled when first used.
 */
const english = { ...mailEn, ...notificationsEn, ...pushEn, ...smsEn };
export type TextKey = keyof typeof english;
const spanish: Record<TextKey, string> = { ...mailEs, ...notificationsEs, ...pushEs, ...smsEs };

const areas = [mailEn, notificationsEn, pushEn, smsEn];
const keyCount = areas.reduce((sum, area) => sum + Object.keys(area).length, 0);
if (keyCount !== Object.keys(english).length)
  throw new Error('Two server catalogs use the same key: give each text its own key');

function instance(language: Language, messages: Record<string, string>): I18n {
  const i18n = setupI18n({
    locale: language,
    locales: [intlLocales[language]],
    messages: { [language]: messages },
  });
  return i18n.setMessagesCompiler(compileMessage);
}

const instances: Record<Language, I18n> = {
  en: instance('en', english),
  es: instance('es', spanish),
};
const labels: Record<Language, Labels> = { en: englishLabels, es: spanishLabels };

export type TextValues = Record<string, string | number>;

/**
 * The texts of one recipient: `t(key, values)`, the `Intl` formatters `f` for their language
 * (and time zone, where the caller knows it) and the domain's labels. A recipient with no
 * language chosen (null) reads English.
 */
export function serverText(language: Language | null | undefined, timeZone?: string) {
  const chosen: Language = language ?? 'en';
  const i18n = instances[chosen];
  return {
    language: chosen,
    t: (key: TextKey, values?: TextValues): string => i18n._(key, values),
    f: formatters(chosen, undefined, timeZone),
    /** A label of a core list by its value (a service, a booking status), the value itself if none. */
    label: <K extends keyof Labels>(list: K, value: string) => labelOf(labels[chosen], list, value),
  };
}
export type ServerText = ReturnType<typeof serverText>;

/** A text composed in the language of whoever reads it. */
export type Localized = string | ((text: ServerText) => string);

export const localize = (value: Localized, text: ServerText): string =>
  typeof value === 'string' ? value : value(text);
