/** The languages of the product: English as the product's rules give it, Spanish plain roadside Spanish (docs/glossary-es.md). */
export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];

/** The locale `Intl` formats dates, numbers, distances and money with, per language. */
export const intlLocales: Record<Language, string> = { en: 'en-US', es: 'es-US' };

/** Each language's name in itself, as the switch shows it. */
export const languageNames: Record<Language, string> = { en: 'English', es: 'Español' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/**
 * The first supported language of a list of language tags in order of preference
 * (`navigator.languages`, or an Accept-Language header's tags by their q-values); English when
 * none is supported.
 */
export function pickLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const base = tag.trim().toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** The tags of an Accept-Language header, most preferred first (q=0 tags dropped). */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}
