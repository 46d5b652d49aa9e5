import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useText } from '#web/lib/i18n.ts';
import { bellText } from './text.ts';
import { unreadBadge, useNotifications } from './use-notifications.ts';

const NotificationsDialog = lazy(() =>
  import('./notifications-dialog.tsx').then((m) => ({ default: m.NotificationsDialog })),
);

/** The header's bell with its unread badge, opening the Notifications dialog. */
export default function NotificationsBell() {
  const t = useText(bellText);
  const [open, setOpen] = useState(false);
  const notifications = useNotifications();
  const list = notifications.data ?? [];
  const unread = list.filter((n) => !n.read).length;

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="relative rounded-full text-brand-foreground hover:bg-white/10"
        aria-label={unread ? t('notificationsUnread', { count: unread }) : t('notifications')}
        onClick={() => setOpen(true)}
      >
        <Bell aria-hidden />
        {unread ? (
          <span
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-xs font-bold text-destructive-foreground"
            data-testid="unread-badge"
            aria-hidden
          >
            {unreadBadge(unread)}
          </span>
        ) : null}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <NotificationsDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
