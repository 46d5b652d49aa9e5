import { Navigation } from 'lucide-react';
import { useText } from '#web/lib/i18n.ts';
import { liveText } from '../live-text.ts';

/** In place of the map when the provider's plan has no real-time tracking. */
export function NoLiveTracking() {
  const t = useText(liveText);
  return (
    <p
      className="flex items-center gap-2 rounded-xl bg-muted p-3 text-sm"
      role="status"
      data-testid="no-live-tracking"
    >
      <Navigation className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      {t('notOffered')}
    </p>
  );
}
