import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { categoryOf } from '#core/notification-categories.ts';
import { toast } from '../components/ui/use-toast.ts';
import { loadPreferences } from '../features/notifications/api/use-notification-preferences.ts';
import { meQueryKey, useMe } from '../features/auth/api/use-me.ts';
import { pushPosition } from '../features/bookings/api/push-position.ts';
import { onServerEvent, onServerEventsReopened, openServerEvents } from '../lib/server-events.ts';

/**
 * One events stream per open page, reopened when the user signs in or out (the stream belongs to
 * the session). Each event refreshes the data it concerns.
 */
export function useLiveUpdates() {
  const queryClient = useQueryClient();
  const { data: user, isPending } = useMe();
  const userId = user?.id ?? null;
  const showToasts = user?.settings.pushNotifications ?? true;

  useEffect(() => {
    if (isPending) return;
    return openServerEvents();
  }, [userId, isPending]);

  useEffect(() => {
    const stops = [
      onServerEvent('notification', (notification) => {
        void queryClient.invalidateQueries({ queryKey: ['notifications'] });
        // Payments, renewals and plan changes arrive as notifications: plan and history follow.
        void queryClient.invalidateQueries({ queryKey: ['billing'] });
        // Push Notifications off (Settings), or "In app" off for its kind (Settings →
        // Notifications): the bell still counts it, nothing pops up.
        if (!showToasts) return;
        void loadPreferences(queryClient)
          .then((preferences) => preferences.channels[categoryOf(notification)].in_app)
          .catch(() => true)
          .then((popUp) => {
            if (popUp)
              toast(
                { title: notification.title, description: notification.message },
                { afterOpen: true },
              );
          });
      }),
      onServerEvent('booking', () => {
        void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      }),
      onServerEvent('help-request', () => {
        void queryClient.invalidateQueries({ queryKey: ['help-requests'] });
      }),
      onServerEvent('provider-status', () => {
        void queryClient.invalidateQueries({ queryKey: ['providers'] });
      }),
      onServerEvent('tracking', (position) => void pushPosition(queryClient, position)),
      onServerEvent('signed-out', () => {
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }),
      // Whatever changed while the stream was down was not heard: reload what the page shows.
      onServerEventsReopened(() => void queryClient.invalidateQueries()),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient, showToasts]);
}
