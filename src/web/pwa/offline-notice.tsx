import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';

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
      You are offline. Truck Finder will reconnect by itself; bookings you make now are sent when
      you&apos;re back online.
    </div>
  );
}
