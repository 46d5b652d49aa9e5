import { intlLocales, type Language } from './languages.ts';

/** What a formatter may mark its output with (the pseudo-locale check, src/web/lib/pseudo.ts). */
export type Mark = (text: string) => string;

const same: Mark = (text) => text;

/**
 * Dates, numbers, distances and money through `Intl` for one language (en-US, es-US). Dates are
 * ISO strings or Dates; money is in dollars, as the API answers it.
 */
export function formatters(language: Language, mark: Mark = same, timeZone?: string) {
  const locale = intlLocales[language];
  const zone = timeZone ? { timeZone } : {};
  const cache = new Map<string, Intl.DateTimeFormat>();
  const dateFormat = (options: Intl.DateTimeFormatOptions) => {
    const key = JSON.stringify(options);
    let format = cache.get(key);
    if (!format)
      cache.set(key, (format = new Intl.DateTimeFormat(locale, { ...zone, ...options })));
    return format;
  };
  // An Intl formatter costs far more to make than to use: each is made once, when first used.
  const numbers = new Map<string, Intl.NumberFormat>();
  const numberFormat = (options: Intl.NumberFormatOptions | undefined) => {
    const key = JSON.stringify(options ?? {});
    let format = numbers.get(key);
    if (!format) numbers.set(key, (format = new Intl.NumberFormat(locale, options)));
    return format;
  };
  const toDate = (value: string | number | Date) =>
    value instanceof Date ? value : new Date(value);
  const money = () => numberFormat({ style: 'currency', currency: 'USD' });
  const miles = () => numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 });
  let relative: Intl.RelativeTimeFormat | undefined;
  let listFormat: Intl.ListFormat | undefined;
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365 * 86_400],
    ['month', 30 * 86_400],
    ['week', 7 * 86_400],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
    ['second', 1],
  ];
  return {
    language,
    locale,
    /** $1,234.50 */
    money: (dollars: number) => mark(money().format(dollars)),
    /** Cents as money. */
    cents: (cents: number) => mark(money().format(cents / 100)),
    /** 3.2 mi */
    miles: (value: number) => mark(`${miles().format(value)} mi`),
    number: (value: number, options?: Intl.NumberFormatOptions) =>
      mark(numberFormat(options).format(value)),
    /** Nov 27, 2026 · 27 nov 2026 */
    date: (
      value: string | number | Date,
      options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
    ) => mark(dateFormat(options).format(toDate(value))),
    /** Nov 27, 2026, 2:05 AM */
    dateTime: (value: string | number | Date) =>
      mark(dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(toDate(value))),
    /** 2:05 AM */
    time: (value: string | number | Date) =>
      mark(dateFormat({ hour: 'numeric', minute: '2-digit' }).format(toDate(value))),
    /** November 2026 */
    monthYear: (value: string | number | Date) =>
      mark(dateFormat({ month: 'long', year: 'numeric' }).format(toDate(value))),
    /** 5 minutes ago · hace 5 minutos; `now` for tests. */
    relative: (value: string | number | Date, now: number = Date.now()) => {
      const seconds = Math.round((toDate(value).getTime() - now) / 1000);
      const [unit, size] = units.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
      relative ??= new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
      return mark(relative.format(Math.round(seconds / size), unit));
    },
    /** A list: "a, b and c" · "a, b y c" */
    list: (items: string[]) =>
      mark(
        (listFormat ??= new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' })).format(
          items,
        ),
      ),
  };
}
export type Formatters = ReturnType<typeof formatters>;
