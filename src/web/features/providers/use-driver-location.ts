import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '#web/components/ui/use-toast.ts';
import { textOf } from '#web/lib/i18n.ts';
import { providersText } from './text.ts';

export interface Position {
  latitude: number;
  longitude: number;
}

type Status = 'locating' | 'located' | 'denied' | 'unsupported' | 'error' | 'off';

/**
 * The driver's position, asked for once when the search opens and again from the location
 * button, with the specified five toasts. With Location Services off in Settings (`autoLocate`
 * false) only the button asks; `undefined` waits until the setting is known.
 */
export function useDriverLocation(autoLocate: boolean | undefined) {
  const [position, setPosition] = useState<Position | null>(null);
  const [status, setStatus] = useState<Status>('locating');
  const asked = useRef(false);

  const locate = useCallback((update: boolean) => {
    const t = textOf(providersText);
    if (!('geolocation' in navigator)) {
      setStatus('unsupported');
      toast({
        title: t('locationNotSupported'),
        description: t('locationNotSupportedText'),
        variant: 'destructive',
      });
      return;
    }
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      // The answer re-renders the whole search (a new query, new results): in a transition, so
      // React renders it in slices instead of one long task.
      ({ coords }) => {
        startTransition(() => {
          setPosition({ latitude: coords.latitude, longitude: coords.longitude });
          setStatus('located');
        });
        // Found as the page opens, it does not replace a toast still on screen (a sign-up's).
        toast(
          update
            ? { title: t('locationUpdated'), description: t('refreshingNearby') }
            : { title: t('locationDetected'), description: t('showingNearby') },
          { ifIdle: !update },
        );
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) {
          startTransition(() => {
            setStatus('denied');
            setPosition(null);
          });
          toast({ title: t('locationDenied'), description: t('showingAll') }, { ifIdle: !update });
        } else {
          startTransition(() => setStatus('error'));
          toast({
            title: t('locationError'),
            description: t('locationErrorText'),
            variant: 'destructive',
          });
        }
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  }, []);

  useEffect(() => {
    if (asked.current || !autoLocate) return;
    asked.current = true;
    locate(false);
  }, [locate, autoLocate]);

  const [askedByButton, setAskedByButton] = useState(false);
  const refresh = useCallback(() => {
    setAskedByButton(true);
    locate(true);
  }, [locate]);
  // Not asked automatically and not yet by the button: nothing is pending.
  const off = autoLocate === false && !askedByButton;
  return { position, status: off ? ('off' as const) : status, refresh };
}
