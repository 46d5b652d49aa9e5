import { buttonVariants } from '#web/components/ui/button-variants.ts';

import { useText } from '#web/lib/i18n.ts';
import { appText } from './text.ts';
/** A lazy module that could not be fetched: Chrome, Firefox and Safari word it differently. */
export const isLoadError = (error: unknown) =>
  error instanceof TypeError &&
  /dynamically imported module|module script|error loading/i.test(error.message);

/**
 * In place of a page that failed, under the app's header and navigation. Reloading fetches the
 * page again (React keeps a lazy module's failure until then) and, after a new version of the
 * app, its new files.
 */
export function PageError({ error }: { error: unknown }) {
  const t = useText(appText);
  return (
    <div
      role="alert"
      className="mx-auto grid max-w-md justify-items-center gap-3 px-4 py-16 text-center"
    >
      <h1 className="text-2xl font-bold">{t('pageFailed')}</h1>
      <p className="text-muted-foreground">
        {isLoadError(error) ? t('pageNotLoaded') : t('pageBroke')}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
          {t('tryAgain')}
        </button>
        <a href="/" className={buttonVariants({ variant: 'outline' })}>
          {t('goHome')}
        </a>
      </div>
    </div>
  );
}
