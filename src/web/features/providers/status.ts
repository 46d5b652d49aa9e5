import { useText } from '#web/lib/i18n.ts';
import { statusLook } from './status-look.ts';
import { providersText } from './text.ts';

/** A provider status's label and description in the language in use. */
export function useStatusText() {
  const t = useText(providersText);
  return (status: string) => {
    const look = statusLook(status);
    return { label: t(look.labelKey), description: t(look.descriptionKey) };
  };
}
