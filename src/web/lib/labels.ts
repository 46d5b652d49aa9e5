import { use } from 'react';
import { englishLabels, labelOf, type Labels } from '#core/i18n/labels.ts';
import { loadedSpanishLabels, loadLabels, useLanguage } from './i18n.ts';
import { pseudo, pseudoOn } from './pseudo.ts';

/**
 * The label of a value of one of the domain's lists (core/i18n/labels.ts) in the language in
 * use: `label('serviceType', provider.serviceType)`. The Spanish set loads with the language
 * (setLanguage); a render before that suspends until it is in.
 */
export function useLabel(): <K extends keyof Labels>(list: K, value: string) => string {
  const language = useLanguage();
  const spanish = language === 'es' ? (loadedSpanishLabels() ?? use(loadLabels())) : null;
  const labels = spanish ? spanish.spanishLabels : englishLabels;
  return (list, value) => {
    const text = labelOf(labels, list, value);
    return pseudoOn() ? pseudo(text) : text;
  };
}

/** Loads the Spanish labels (setLanguage does it too). */
export const loadLabelSet = () => loadLabels().then(() => undefined);
