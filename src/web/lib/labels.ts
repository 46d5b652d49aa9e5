import { englishLabels, labelOf, type Labels } from '#core/i18n/labels.ts';
import { loadLabels, shownLabel, useSpanishLabels } from './i18n.ts';

/**
 * The label of a value of one of the domain's lists (core/i18n/labels.ts) in the language in
 * use: `label('serviceType', provider.serviceType)`. The Spanish set loads with the language
 * (setLanguage); a render before that suspends until it is in. A part that shows one list only
 * reads that list's own table (lib/role-label.ts), so it does not bring every list's.
 */
export function useLabel(): <K extends keyof Labels>(list: K, value: string) => string {
  const labels = useSpanishLabels() ?? englishLabels;
  return (list, value) => shownLabel(labelOf(labels, list, value));
}

/** Loads the Spanish labels (setLanguage does it too). */
export const loadLabelSet = () => loadLabels().then(() => undefined);
