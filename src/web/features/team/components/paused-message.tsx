import { useText } from '#web/lib/i18n.ts';
import { pausedText } from '../paused-text.ts';

/** What a member of a business whose plan no longer includes team accounts sees instead of its screens. */
export function PausedMessage({ businessName }: { businessName: string }) {
  return useText(pausedText)('paused', { business: businessName });
}
