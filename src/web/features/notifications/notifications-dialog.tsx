import { X } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { bellText } from './text.ts';
import { useDismiss, useMarkAllRead, useMarkRead, useNotifications } from './use-notifications.ts';

/** The Notifications dialog the bell opens (loaded on the first open). */
export function NotificationsDialog({ onClose }: { onClose: () => void }) {
  const t = useText(bellText);
  const f = useFormat();
  const [, navigate] = useLocation();
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const dismiss = useDismiss();
  const list = notifications.data ?? [];
  const unread = list.filter((n) => !n.read).length;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{t('notifications')}</DialogTitle>
        <DialogDescription>
          {unread ? t('unreadCount', { count: unread }) : t('allCaughtUp')}
        </DialogDescription>
        {notifications.isPending ? (
          <p className="text-sm text-muted-foreground">{t('loading')}</p>
        ) : notifications.isError ? (
          <div className="grid gap-2" role="alert">
            <p className="text-sm text-destructive">{t('loadFailed')}</p>
            <Button variant="outline" onClick={() => void notifications.refetch()}>
              {t('tryAgain')}
            </Button>
          </div>
        ) : list.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">{t('empty')}</p>
        ) : (
          <ul className="grid gap-2" aria-label={t('notifications')}>
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
                      onClose();
                      navigate('/bookings');
                    }
                  }}
                >
                  <span className="flex items-center gap-2 font-semibold">
                    {n.read ? null : (
                      <span className="size-2 rounded-full bg-primary" aria-label={t('unread')} />
                    )}
                    <span translate="no">{n.title}</span>
                  </span>
                  <span className="text-sm" translate="no">
                    {n.message}
                  </span>
                  <span className="text-xs text-muted-foreground">{f.relative(n.createdAt)}</span>
                </button>
                <button
                  type="button"
                  className="absolute right-2 top-2 rounded-lg p-2 text-muted-foreground hover:bg-muted"
                  aria-label={t('dismissNamed', { title: n.title })}
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
            {t('markAllRead')}
          </Button>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
