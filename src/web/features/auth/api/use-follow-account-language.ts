import { useEffect } from 'react';
import { currentLanguage, setLanguage } from '#web/lib/i18n.ts';
import { keepOnDevice } from '#web/lib/language.ts';
import { applyAccountTheme } from '#web/lib/theme.ts';
import { useMe } from './use-me.ts';

/**
 * A sign-in brings the account's language (when it has one) and theme to the app and the device.
 */
export function useFollowAccountLanguage() {
  const me = useMe().data;
  const language = me?.language;
  useEffect(() => {
    if (!language || language === currentLanguage()) return;
    keepOnDevice(language);
    void setLanguage(language);
  }, [language]);
  useEffect(() => applyAccountTheme(me?.theme, me?.id), [me?.id, me?.theme]);
}
