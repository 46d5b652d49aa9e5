import type { QueryClient } from '@tanstack/react-query';
import type { Language } from '#core/i18n/languages.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { api } from '#web/api/client.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { setLanguage, textOf } from '#web/lib/i18n.ts';
import { keepOnDevice } from '#web/lib/language.ts';
import { languageText } from '../language-text.ts';
import { meQueryKey } from './use-me.ts';

/**
 * Switches the app's language at once, keeps it on the device, and on the account when someone
 * is signed in (the account's choice wins at their next sign-in, on any device).
 */
export async function chooseLanguage(queryClient: QueryClient, language: Language) {
  keepOnDevice(language);
  await setLanguage(language);
  const user = queryClient.getQueryData<PublicUser | null>(meQueryKey);
  if (!user || user.language === language) return;
  try {
    const saved = await api.patch('/users/{id}', {
      params: { path: { id: user.id } },
      body: { language },
    });
    queryClient.setQueryData(meQueryKey, saved);
  } catch {
    toast({ title: textOf(languageText)('saveFailed'), variant: 'destructive' });
  }
}
