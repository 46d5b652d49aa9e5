import type { Formatters } from '#core/i18n/format.ts';

/** A theme colour now (light or dark), read from the page's CSS variables, else `fallback`. */
export function themeColour(name: string, fallback: string) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/**
 * What a uPlot chart of days needs to speak the page's language: a UTC date formatter and the
 * month and weekday names uPlot's axis templates (MMMM, MMM, WWWW, WWW) read.
 */
export function utcCalendar(f: Formatters) {
  const utc = (options: Intl.DateTimeFormatOptions) => (ms: number) =>
    f.date(ms, { ...options, timeZone: 'UTC' });
  const month = (style: 'long' | 'short') =>
    Array.from({ length: 12 }, (_, m) => utc({ month: style })(Date.UTC(2026, m, 15)));
  // 4 January 2026 was a Sunday.
  const weekday = (style: 'long' | 'short') =>
    Array.from({ length: 7 }, (_, d) => utc({ weekday: style })(Date.UTC(2026, 0, 4 + d)));
  return {
    utc,
    names: {
      MMMM: month('long'),
      MMM: month('short'),
      WWWW: weekday('long'),
      WWW: weekday('short'),
    },
  };
}
