import { Button } from '#web/components/ui/button.tsx';
import { appText } from '#web/app/text.ts';
import { componentsText } from '#web/components/text.ts';
import { textOf, useMessage, useText } from '#web/lib/i18n.ts';

/** What to tell the user when a call failed: the server's words, else a plain line. */
export const errorText = (error: unknown) =>
  error instanceof Error ? error.message : textOf(componentsText)('somethingWrong');

/** A grey block where a section's content is on its way. */
export function SectionLoading({ label, height = 20 }: { label: string; height?: number }) {
  return (
    <div
      className="animate-pulse rounded-xl bg-muted"
      style={{ height: `${height * 4}px` }}
      role="status"
      aria-label={label}
    />
  );
}

/** What failed to load in a section, and a way to try again. */
export function SectionLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useText(appText);
  const message = useMessage();
  return (
    <div role="alert" className="grid justify-items-start gap-2">
      <p className="font-semibold text-destructive">{message(errorText(error))}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('tryAgain')}
      </Button>
    </div>
  );
}
