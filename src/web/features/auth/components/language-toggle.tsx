import { useQueryClient } from '@tanstack/react-query';
import { Languages } from 'lucide-react';
import { languageNames, type Language } from '#core/i18n/languages.ts';
import { cn } from '#web/lib/cn.ts';
import { useLanguage, useText } from '#web/lib/i18n.ts';
import { languageText } from '../language-text.ts';

/** The header's switch: one tap to the other language, named in that language. */
/** `className` lets the header hide it where the row is full (a signed-in phone: Settings has it). */
export function LanguageToggle({ className }: { className?: string }) {
  const t = useText(languageText);
  const language = useLanguage();
  const queryClient = useQueryClient();
  const other: Language = language === 'en' ? 'es' : 'en';
  const choose = () =>
    void import('../api/choose-language.ts').then((module) =>
      module.chooseLanguage(queryClient, other),
    );
  return (
    <button
      type="button"
      onClick={choose}
      lang={other}
      aria-label={t('switchTo', { language: languageNames[other] })}
      className={cn(
        'flex h-10 shrink-0 items-center gap-1 rounded-lg px-1.5 text-sm font-semibold text-brand-foreground/90 hover:bg-white/10 hover:text-brand-foreground focus-visible:outline-2 focus-visible:outline-offset-2',
        className,
      )}
    >
      <Languages className="hidden size-4 sm:block" aria-hidden />
      <span translate="no">{other.toUpperCase()}</span>
    </button>
  );
}
