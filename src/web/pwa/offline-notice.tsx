import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useText } from '#web/lib/i18n.ts';
import { pwaText } from './text.ts';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** A plain notice while the device has no connection; the app shell itself keeps working. */
export function OfflineNotice() {
  const t = useText(pwaText);
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-black"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden />
      {t('offline')}
    </div>
  );
}
