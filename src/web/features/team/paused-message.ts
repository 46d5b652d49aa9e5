import { textOf } from '#web/lib/i18n.ts';
import { pausedText } from './paused-text.ts';

/**
 * What a member of a business whose plan no longer includes team accounts sees instead of its
 * screens, as plain text (English while the Spanish catalog loads: prefer `PausedMessage`).
 */
export const pausedMessage = (businessName: string) =>
  textOf(pausedText)('paused', { business: businessName });
