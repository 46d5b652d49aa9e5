import { useQueryClient } from '@tanstack/react-query';
import { languageNames, languages, type Language } from '#core/i18n/languages.ts';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { useLanguage, useText } from '#web/lib/i18n.ts';
import { chooseLanguage } from '../api/choose-language.ts';
import { languageText } from '../language-text.ts';

/** Settings' switch: every language by its own name. */
export function LanguageSetting() {
  const t = useText(languageText);
  const language = useLanguage();
  const queryClient = useQueryClient();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="language-setting">{t('label')}</Label>
      <NativeSelect
        id="language-setting"
        value={language}
        aria-describedby="language-setting-hint"
        onChange={(event) => void chooseLanguage(queryClient, event.target.value as Language)}
      >
        {languages.map((option) => (
          <option key={option} value={option} lang={option} translate="no">
            {languageNames[option]}
          </option>
        ))}
      </NativeSelect>
      <p id="language-setting-hint" className="text-sm text-muted-foreground">
        {t('hint')}
      </p>
    </div>
  );
}
