/**
 * Messages the product's rules give in English — the shared schemas' field messages and the
 * server's error messages — translated by their English text (docs/decisions/060-languages.md).
 * A key with `{name}` parts matches any text in their place, and the same parts go into the
 * translation: 'The {field} must be at most {size}' → 'El {field} debe …'.
 */
export type MessageTable = Record<string, string>;

interface Pattern {
  regex: RegExp;
  names: string[];
  translation: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function messageTranslator(table: MessageTable) {
  const patterns: Pattern[] = [];
  for (const [english, translation] of Object.entries(table)) {
    const names = [...english.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    if (names.length === 0) continue;
    const source = english
      .split(/\{\w+\}/)
      .map(escape)
      .join('(.+?)');
    patterns.push({ regex: new RegExp(`^${source}$`, 's'), names, translation });
  }
  return (english: string): string => {
    const exact = table[english];
    if (exact !== undefined) return exact;
    for (const pattern of patterns) {
      const match = pattern.regex.exec(english);
      if (!match) continue;
      return pattern.translation.replace(/\{(\w+)\}/g, (whole, name: string) => {
        const index = pattern.names.indexOf(name);
        return index >= 0 ? (match[index + 1] ?? '') : whole;
      });
    }
    return english;
  };
}
