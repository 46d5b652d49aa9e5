import { Copy, Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { Booking } from '#core/bookings/schemas.ts';
import { canShare, isLinkLive, SHARE_LINK_AFTER_JOB_MS } from '#core/bookings/share-link-rules.ts';
import type { ShareLink } from '#core/bookings/share-links.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useFormat } from '#web/lib/format.ts';
import { T, textOf, useText } from '#web/lib/i18n.ts';
import { useCreateShareLink, useShareLinks, useStopSharing } from '../api/use-share-links.ts';
import { bookingsText, type BookingsTranslate } from '../text.ts';

/**
 * A link for the dispatcher, the broker or the family to follow a confirmed or running job
 * without an account: made here, handed to the phone's share sheet (or copied). Both sides of the
 * job see every link made for it, and stop any one or all of them here.
 */
export function ShareTracking({ booking }: { booking: Booking }) {
  const [shownAt] = useState(Date.now);
  const ended = booking.status === 'completed' || booking.status === 'cancelled';
  // A job's links end an hour after it does: older jobs have none left to show or stop.
  const recentlyEnded = ended && shownAt - Date.parse(booking.updatedAt) < SHARE_LINK_AFTER_JOB_MS;
  if (!canShare(booking.status) && !recentlyEnded) return null;
  return <ShareTrackingPanel booking={booking} shareable={!ended} />;
}

const moment: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

function linkState(link: ShareLink, t: BookingsTranslate, when: (iso: string) => string) {
  if (link.revokedAt) return t('linkStopped', { when: when(link.revokedAt) });
  if (!isLinkLive(link)) return t('linkEnded', { when: when(link.expiresAt) });
  return t('linkWorksUntil', { when: when(link.expiresAt) });
}

function ShareTrackingPanel({ booking, shareable }: { booking: Booking; shareable: boolean }) {
  const t = useText(bookingsText);
  const f = useFormat();
  const when = (iso: string) => f.date(iso, moment);
  const links = useShareLinks(booking.id);
  const create = useCreateShareLink(booking.id);
  const stop = useStopSharing(booking.id);
  const [url, setUrl] = useState<string | null>(null);
  const fieldId = useId();
  const listId = useId();
  const all = links.data ?? [];
  const working = all.filter((link) => isLinkLive(link));

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: textOf(bookingsText)('linkCopied') });
    } catch {
      toast({ title: textOf(bookingsText)('copyFromBox') });
    }
  };

  const share = () =>
    create.mutate(undefined, {
      onSuccess: async (link) => {
        const made = new URL(link.path, window.location.origin).toString();
        setUrl(made);
        const data = {
          title: t('shareTitle'),
          text: t('shareText', { name: booking.provider.businessName }),
          url: made,
        };
        if (navigator.canShare?.(data)) {
          // Closing the share sheet is not an error: the link stays on screen to copy.
          await navigator.share(data).catch(() => undefined);
        } else await copy(made);
      },
      onError: (error) =>
        toast({
          title: textOf(bookingsText)('couldNotShare'),
          description: error.message,
          variant: 'destructive',
        }),
    });

  const stopSharing = (linkId: string | null) =>
    stop.mutate(linkId, {
      onSuccess: () => {
        setUrl(null);
        toast({
          title: textOf(bookingsText)('sharingStopped'),
          description: textOf(bookingsText)(linkId ? 'oneLinkStopped' : 'allLinksStopped'),
        });
      },
      onError: (error) =>
        toast({
          title: textOf(bookingsText)('couldNotStop'),
          description: error.message,
          variant: 'destructive',
        }),
    });

  if (!shareable && all.length === 0) return null;
  return (
    <section className="grid gap-2 rounded-xl border-2 p-3" aria-label={t('shareSection')}>
      <p className="text-sm">
        {working.length ? t('sharedLinks', { count: working.length }) : t('shareIntro')}
      </p>
      {url ? (
        <div className="grid gap-1">
          <Label htmlFor={fieldId}>{t('trackingLink')}</Label>
          <div className="flex gap-2">
            <Input
              id={fieldId}
              readOnly
              value={url}
              translate="no"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button variant="outline" onClick={() => void copy(url)} aria-label={t('copyLink')}>
              <Copy aria-hidden />
            </Button>
          </div>
        </div>
      ) : null}
      {links.isPending ? (
        <p role="status" className="text-muted-foreground text-sm">
          {t('loadingLinks')}
        </p>
      ) : links.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {t('linksFailed', { message: links.error.message })}
        </p>
      ) : all.length ? (
        <>
          <h3 id={listId} className="text-sm font-semibold">
            {t('linksTitle')}
          </h3>
          <ul aria-labelledby={listId} className="grid gap-2">
            {all.map((link) => (
              <li
                key={link.id}
                className="flex items-center justify-between gap-2 rounded-lg border p-2 text-sm"
              >
                <div className="min-w-0">
                  <p className="font-medium">
                    {link.mine ? (
                      t('madeByYou', { side: link.madeBy.side, when: when(link.createdAt) })
                    ) : (
                      <T
                        text={bookingsText}
                        id="madeBy"
                        values={{
                          name: link.madeBy.name,
                          side: link.madeBy.side,
                          when: when(link.createdAt),
                        }}
                        components={{ 0: <span translate="no" /> }}
                      />
                    )}
                  </p>
                  <p className="text-muted-foreground">{linkState(link, t, when)}</p>
                </div>
                {isLinkLive(link) ? (
                  <Button
                    variant="outline"
                    disabled={stop.isPending}
                    onClick={() => stopSharing(link.id)}
                    aria-label={
                      link.mine
                        ? t('stopMyLink', { when: when(link.createdAt) })
                        : t('stopTheirLink', {
                            name: link.madeBy.name,
                            when: when(link.createdAt),
                          })
                    }
                  >
                    {t('stop')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="grid gap-2 sm:auto-cols-fr sm:grid-flow-col">
        {shareable ? (
          <Button variant="outline" disabled={create.isPending} onClick={share}>
            <Share2 aria-hidden /> {create.isPending ? t('sharing') : t('shareTracking')}
          </Button>
        ) : null}
        {working.length ? (
          <Button variant="outline" disabled={stop.isPending} onClick={() => stopSharing(null)}>
            {stop.isPending
              ? t('stopping')
              : working.length > 1
                ? t('stopAllLinks')
                : t('stopSharing')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
