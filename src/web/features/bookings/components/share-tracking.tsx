import { Copy, Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { Booking } from '#core/bookings/schemas.ts';
import {
  canShare,
  isLinkLive,
  SHARE_LINK_AFTER_JOB_MS,
  type ShareLink,
} from '#core/bookings/share-links.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useCreateShareLink, useShareLinks, useStopSharing } from '../api/use-share-links.ts';

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

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

function linkState(link: ShareLink) {
  if (link.revokedAt) return `Stopped ${when(link.revokedAt)}`;
  if (!isLinkLive(link)) return `Ended ${when(link.expiresAt)}`;
  return `Works until ${when(link.expiresAt)}`;
}

function ShareTrackingPanel({ booking, shareable }: { booking: Booking; shareable: boolean }) {
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
      toast({ title: 'Link copied' });
    } catch {
      toast({ title: 'Copy the link from the box below' });
    }
  };

  const share = () =>
    create.mutate(undefined, {
      onSuccess: async (link) => {
        const made = new URL(link.path, window.location.origin).toString();
        setUrl(made);
        const data = {
          title: 'Truck Finder live tracking',
          text: `Follow ${booking.provider.businessName} on the way to the truck.`,
          url: made,
        };
        if (navigator.canShare?.(data)) {
          // Closing the share sheet is not an error: the link stays on screen to copy.
          await navigator.share(data).catch(() => undefined);
        } else await copy(made);
      },
      onError: (error) =>
        toast({ title: 'Could not share', description: error.message, variant: 'destructive' }),
    });

  const stopSharing = (linkId: string | null) =>
    stop.mutate(linkId, {
      onSuccess: () => {
        setUrl(null);
        toast({
          title: 'Sharing stopped',
          description: linkId
            ? 'That link no longer opens.'
            : 'The links of this job no longer open.',
        });
      },
      onError: (error) =>
        toast({
          title: 'Could not stop sharing',
          description: error.message,
          variant: 'destructive',
        }),
    });

  if (!shareable && all.length === 0) return null;
  return (
    <section className="grid gap-2 rounded-xl border-2 p-3" aria-label="Share live tracking">
      <p className="text-sm">
        {working.length
          ? `Shared: ${working.length === 1 ? '1 link works' : `${working.length} links work`}. A link ends after 24 hours, or an hour after the job ends.`
          : 'Let a dispatcher or family follow this job without an account: they see its status and the provider on the map, nothing else.'}
      </p>
      {url ? (
        <div className="grid gap-1">
          <Label htmlFor={fieldId}>Tracking link</Label>
          <div className="flex gap-2">
            <Input id={fieldId} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
            <Button variant="outline" onClick={() => void copy(url)} aria-label="Copy the link">
              <Copy aria-hidden />
            </Button>
          </div>
        </div>
      ) : null}
      {links.isPending ? (
        <p role="status" className="text-muted-foreground text-sm">
          Loading the links of this job...
        </p>
      ) : links.isError ? (
        <p role="alert" className="text-destructive text-sm">
          Could not load the links of this job. {links.error.message}
        </p>
      ) : all.length ? (
        <>
          <h3 id={listId} className="text-sm font-semibold">
            Links of this job
          </h3>
          <ul aria-labelledby={listId} className="grid gap-2">
            {all.map((link) => (
              <li
                key={link.id}
                className="flex items-center justify-between gap-2 rounded-lg border p-2 text-sm"
              >
                <div className="min-w-0">
                  <p className="font-medium">
                    {link.mine ? 'You' : link.madeBy.name} ({link.madeBy.side}),{' '}
                    {when(link.createdAt)}
                  </p>
                  <p className="text-muted-foreground">{linkState(link)}</p>
                </div>
                {isLinkLive(link) ? (
                  <Button
                    variant="outline"
                    disabled={stop.isPending}
                    onClick={() => stopSharing(link.id)}
                    aria-label={`Stop the link ${link.mine ? 'you' : link.madeBy.name} made ${when(link.createdAt)}`}
                  >
                    Stop
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
            <Share2 aria-hidden /> {create.isPending ? 'Sharing...' : 'Share tracking'}
          </Button>
        ) : null}
        {working.length ? (
          <Button variant="outline" disabled={stop.isPending} onClick={() => stopSharing(null)}>
            {stop.isPending
              ? 'Stopping...'
              : working.length > 1
                ? 'Stop all links'
                : 'Stop sharing'}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
