import { setupI18n, type I18n } from '@lingui/core';
import {
  cloneElement,
  createElement,
  Fragment,
  isValidElement,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import { intlLocales, type Language } from '#core/i18n/languages.ts';
import { announceLanguage, currentLanguage, subscribeLanguage } from './language.ts';
import { pseudo, pseudoOn } from './pseudo.ts';
import type * as SpanishLabels from '#core/i18n/labels.es.ts';
import type * as SpanishMessages from '#core/i18n/messages.es.ts';

/**
 * The app's texts in English and Spanish (docs/decisions/060-languages.md). Each feature keeps
 * its catalogs in `locales/<name>.<language>.ts` and declares them once with `defineCatalog`;
 * the English one is part of the feature's code, the Spanish one a chunk of its own, loaded when
 * the language is Spanish. Messages are ICU MessageFormat, compiled at build time
 * (scripts/catalogs-plugin.ts) and at run time in development and tests.
 */
export type Messages = Record<string, string>;
type Values = Record<string, unknown>;

export interface Catalog<Key extends string = string> {
  readonly name: string;
  /** Loads the catalog of `language` (English is always loaded); the same promise each time. */
  load(language: Language): Promise<void>;
  loaded(language: Language): boolean;
  /** The keys, for their type only. */
  readonly keys?: Key;
}

const instances: Record<Language, I18n> = {
  en: setupI18n({ locale: 'en', locales: [intlLocales.en], messages: { en: {} } }),
  es: setupI18n({ locale: 'es', locales: [intlLocales.es], messages: { es: {} } }),
};

const catalogs: Catalog[] = [];

const prefixed = (name: string, messages: Messages) =>
  Object.fromEntries(Object.entries(messages).map(([key, value]) => [`${name}.${key}`, value]));

/** Declares a catalog: its English messages now, the Spanish ones when asked for. */
export function defineCatalog<M extends Messages>(
  name: string,
  en: M,
  es: () => Promise<{ default: Record<keyof M, string> }>,
): Catalog<keyof M & string> {
  instances.en.load('en', prefixed(name, en));
  const loading = new Map<Language, Promise<void>>();
  const done = new Set<Language>(['en']);
  const catalog: Catalog<keyof M & string> = {
    name,
    loaded: (language) => done.has(language),
    load(language) {
      let promise = loading.get(language);
      if (!promise) {
        promise =
          language === 'en'
            ? Promise.resolve()
            : es().then((module) => {
                instances.es.load('es', prefixed(name, module.default));
                done.add(language);
              });
        loading.set(language, promise);
      }
      return promise;
    },
  };
  catalogs.push(catalog);
  return catalog;
}

export { currentLanguage };
export const useLanguage = () =>
  useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);

/** Loads every catalog declared so far in `language` (those of the code loaded until now). */
export const loadCatalogs = (language: Language) =>
  Promise.all(catalogs.map((catalog) => catalog.load(language))).then(() => undefined);

/**
 * Switches the app to `language`: loads the catalogs of the code loaded so far, then renders in
 * it; `<html lang>` follows. Code loaded later loads its own catalog as it renders (useText).
 */
export async function setLanguage(language: Language) {
  await Promise.all([loadCatalogs(language), loadMessageTable(language)]);
  announceLanguage(language);
}

function translate(catalog: Catalog, language: Language, key: string, values?: Values): string {
  const id = `${catalog.name}.${key}`;
  const own = instances[language];
  // A key missing in a loaded catalog cannot pass the type check or the catalogs' test; English
  // stands in meanwhile, as it does while a Spanish catalog loads outside a component.
  const instance = catalog.loaded(language) && id in own.messages ? own : instances.en;
  const text = instance._(id, values);
  return pseudoOn() ? pseudo(text) : text;
}

export type Translate<Key extends string> = (key: Key, values?: Values) => string;

const failures = new WeakMap<Promise<unknown>, { error: unknown }>();

/**
 * Suspends while a table loads by throwing its promise, not through `use`; a failed load throws
 * its error (docs/decisions/082-texts-wait-by-a-thrown-promise.md).
 */
function waitFor(loading: Promise<unknown>): never {
  const failed = failures.get(loading);
  if (failed) throw failed.error;
  loading.catch((error: unknown) => failures.set(loading, { error }));
  throw loading;
}

/** The translator of a catalog in the current language; suspends while its catalog loads. */
export function useText<Key extends string>(catalog: Catalog<Key>): Translate<Key> {
  const language = useLanguage();
  if (!catalog.loaded(language)) waitFor(catalog.load(language));
  return (key, values) => translate(catalog, language, key, values);
}

/** The translator of a catalog outside a component (an event handler, a toast): no suspending. */
export function textOf<Key extends string>(catalog: Catalog<Key>): Translate<Key> {
  return (key, values) => translate(catalog, currentLanguage(), key, values);
}

/**
 * A message with elements in it: `<0>terms</0>` in the text becomes `components[0]` with the
 * text inside it. The text is never parsed as HTML.
 */
export function T<Key extends string>({
  text,
  id,
  values,
  components,
}: {
  text: Catalog<Key>;
  id: Key;
  values?: Values;
  components: Record<number, ReactElement<{ children?: ReactNode }>>;
}) {
  const message = useText(text)(id, values);
  const parts: ReactNode[] = [];
  const tag = /<(\d+)>(.*?)<\/\1>/gs;
  let last = 0;
  for (const match of message.matchAll(tag)) {
    if (match.index > last) parts.push(message.slice(last, match.index));
    const element = components[Number(match[1])];
    parts.push(
      isValidElement(element)
        ? cloneElement(element, { key: parts.length }, match[2])
        : (match[2] ?? ''),
    );
    last = match.index + match[0].length;
  }
  if (last < message.length) parts.push(message.slice(last));
  return createElement(Fragment, null, ...parts);
}

type MessageTable = typeof SpanishMessages;
let spanishMessages: MessageTable | null = null;
let loadingMessages: Promise<MessageTable> | null = null;
const loadMessages = () =>
  (loadingMessages ??= import('#core/i18n/messages.es.ts').then(
    (table) => (spanishMessages = table),
  ));

/**
 * The translator of the messages the product's rules give in English (zod's field messages of
 * the shared schemas, the server's errors): English stays as it is, Spanish comes from
 * core/i18n/messages.es.ts. Suspends while that table loads.
 */
export function useMessage(): (english: string) => string {
  const language = useLanguage();
  if (language === 'es' && !spanishMessages) waitFor(loadMessages());
  return (english) => {
    const text =
      language === 'es' && spanishMessages ? spanishMessages.translate(english) : english;
    return pseudoOn() ? pseudo(text) : text;
  };
}

type LabelModule = typeof SpanishLabels;
let spanishLabelSet: LabelModule | null = null;
let loadingLabels: Promise<LabelModule> | null = null;
/** The Spanish labels of the domain's lists (lib/labels.ts), loaded with the language. */
export const loadLabels = () =>
  (loadingLabels ??= import('#core/i18n/labels.es.ts').then((set) => (spanishLabelSet = set)));
export const loadedSpanishLabels = () => spanishLabelSet;

/**
 * The labels of the domain's lists in Spanish when that is the language in use, else null (the
 * English ones are core/i18n/labels.ts's, or one list's own table); suspends while they load.
 */
export function useSpanishLabels(): LabelModule['spanishLabels'] | null {
  const language = useLanguage();
  if (language !== 'es') return null;
  return (spanishLabelSet ?? waitFor(loadLabels())).spanishLabels;
}

/** A label as shown: in the pseudo-locale of the language check when it is on. */
export const shownLabel = (text: string) => (pseudoOn() ? pseudo(text) : text);

/** Loads the tables of `language` beside the catalogs: the messages and the lists' labels. */
export const loadMessageTable = (language: Language) =>
  language === 'es'
    ? Promise.all([loadMessages(), loadLabels()]).then(() => undefined)
    : Promise.resolve();
