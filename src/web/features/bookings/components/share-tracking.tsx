import { Copy, Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { Booking } from '#core/bookings/schemas.ts';
import { canShare } from '#core/bookings/share-links.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useCreateShareLink, useShareLinks, useStopSharing } from '../api/use-share-links.ts';

/**
 * A link for the dispatcher, the broker or the family to follow a confirmed or running job
 * without an account: made here, handed to the phone's share sheet (or copied), and stopped here.
 */
export function ShareTracking({ booking }: { booking: Booking }) {
  if (!canShare(booking.status)) return null;
  return <ShareTrackingPanel booking={booking} />;
}

function ShareTrackingPanel({ booking }: { booking: Booking }) {
  const links = useShareLinks(booking.id);
  const create = useCreateShareLink(booking.id);
  const stop = useStopSharing(booking.id);
  const [url, setUrl] = useState<string | null>(null);
  const fieldId = useId();
  const working = links.data ?? [];

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

  const stopSharing = () =>
    stop.mutate(working, {
      onSuccess: () => {
        setUrl(null);
        toast({ title: 'Sharing stopped', description: 'The links you shared no longer open.' });
      },
      onError: (error) =>
        toast({
          title: 'Could not stop sharing',
          description: error.message,
          variant: 'destructive',
        }),
    });

  return (
    <section className="grid gap-2 rounded-xl border-2 p-3" aria-label="Share live tracking">
      <p className="text-sm">
        {working.length
          ? `Shared: ${working.length === 1 ? '1 link works' : `${working.length} links work`} until you stop it or an hour after the job ends.`
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
      <div className="grid gap-2 sm:auto-cols-fr sm:grid-flow-col">
        <Button variant="outline" disabled={create.isPending} onClick={share}>
          <Share2 aria-hidden /> {create.isPending ? 'Sharing...' : 'Share tracking'}
        </Button>
        {working.length ? (
          <Button variant="outline" disabled={stop.isPending} onClick={stopSharing}>
            {stop.isPending ? 'Stopping...' : 'Stop sharing'}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
