import { useEffect, useState } from 'react';
import { useText } from '#web/lib/i18n.ts';
import { providersText } from '../text.ts';

/** "Updated N seconds ago", counted from the last successful fetch and ticking every second. */
export function UpdatedAgo({ at }: { at: number }) {
  const t = useText(providersText);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!at) return null;
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  const text =
    seconds < 5
      ? t('updatedJustNow')
      : seconds < 60
        ? t('updatedSeconds', { seconds })
        : t('updatedMinutes', { minutes: Math.floor(seconds / 60) });
  return (
    <span className="text-sm text-muted-foreground" data-testid="updated-ago">
      {text}
    </span>
  );
}
