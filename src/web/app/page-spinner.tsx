import { textOf, useLanguage } from '#web/lib/i18n.ts';
import { appText } from './text.ts';
import { Loader2 } from 'lucide-react';

/** Also a Suspense fallback: it never suspends itself (textOf, not useText). */
export function PageSpinner() {
  useLanguage();
  return (
    <div className="flex justify-center py-16" role="status">
      <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
      <span className="sr-only">{textOf(appText)('loading')}</span>
    </div>
  );
}
