import { formatDistanceToNow } from 'date-fns';
import { Bell, X } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { cn } from '#web/lib/cn.ts';
import {
  unreadBadge,
  useDismiss,
  useMarkAllRead,
  useMarkRead,
  useNotifications,
} from './use-notifications.ts';

/** The header's bell with its unread badge, opening the Notifications dialog. */
export default function NotificationsBell() {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const dismiss = useDismiss();
  const list = notifications.data ?? [];
  const unread = list.filter((n) => !n.read).length;

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="relative rounded-full text-brand-foreground hover:bg-white/10"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
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
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Notifications</DialogTitle>
          <DialogDescription>
            {unread ? `${unread} unread` : 'You are all caught up.'}
          </DialogDescription>
          {notifications.isPending ? (
            <p className="text-sm text-muted-foreground">Loading notifications...</p>
          ) : notifications.isError ? (
            <div className="grid gap-2" role="alert">
              <p className="text-sm text-destructive">Could not load notifications.</p>
              <Button variant="outline" onClick={() => void notifications.refetch()}>
                Try again
              </Button>
            </div>
          ) : list.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">No notifications yet</p>
          ) : (
            <ul className="grid gap-2" aria-label="Notifications">
              {list.map((n) => (
                <li
                  key={n.id}
                  className={cn(
                    'relative rounded-xl border-2 p-3 pr-12',
                    n.read ? 'border-border' : 'border-primary bg-primary/5',
                  )}
                >
                  <button
                    type="button"
                    className="grid w-full gap-1 text-left"
                    onClick={() => {
                      if (!n.read) markRead.mutate(n.id);
                      if (n.metadata?.bookingId) {
                        setOpen(false);
                        navigate('/bookings');
                      }
                    }}
                  >
                    <span className="flex items-center gap-2 font-semibold">
                      {n.read ? null : (
                        <span className="size-2 rounded-full bg-primary" aria-label="Unread" />
                      )}
                      {n.title}
                    </span>
                    <span className="text-sm">{n.message}</span>
                    <span className="text-xs text-muted-foreground">
                      {formatDistanceToNow(new Date(n.createdAt), { addSuffix: true })}
                    </span>
                  </button>
                  <button
                    type="button"
                    className="absolute right-2 top-2 rounded-lg p-2 text-muted-foreground hover:bg-muted"
                    aria-label={`Dismiss ${n.title}`}
                    onClick={() => dismiss.mutate(n.id)}
                  >
                    <X className="size-4" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {unread ? (
            <Button variant="outline" onClick={() => markAllRead.mutate(undefined)}>
              Mark All Read
            </Button>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
