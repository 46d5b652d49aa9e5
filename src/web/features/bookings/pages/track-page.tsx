import { AlertCircle, Navigation, Phone } from 'lucide-react';
import { Link, useParams } from 'wouter';
import type { TrackedJob } from '#core/bookings/share-links.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ApiError } from '#web/api/transport.ts';
import { cn } from '#web/lib/cn.ts';
import { telHref } from '#web/lib/tel-href.ts';
import { useTrackedJob } from '../api/use-share-links.ts';
import { ProviderOnMap } from '../components/live-tracking.tsx';
import { NoLiveTracking } from '../components/no-live-tracking.tsx';
import { bookingStatusLook } from '../booking-status.ts';

/** What the status means to someone following the job from afar. */
const meaning: Record<TrackedJob['status'], string> = {
  pending: 'Waiting for the provider to accept.',
  confirmed: 'The provider accepted the job and is getting ready.',
  in_progress: 'The provider is on the way or working on the truck.',
  completed: 'The job is done.',
  cancelled: 'This job was cancelled.',
};

/** A shared job, for anyone holding its link: no account, nothing about the driver. */
export default function TrackPage() {
  const { token = '' } = useParams<{ token: string }>();
  const job = useTrackedJob(token);
  const ended = job.error instanceof ApiError && job.error.status === 404;

  return (
    <div className="mx-auto grid max-w-xl gap-4 px-4 py-6">
      <h1 className="text-2xl font-extrabold tracking-tight">Live tracking</h1>
      {job.data && !ended ? (
        <TrackedJobView job={job.data} />
      ) : job.isPending ? (
        <p className="flex items-center gap-2 rounded-xl bg-muted p-3" role="status">
          <Navigation className="size-4" aria-hidden /> Loading the job...
        </p>
      ) : (
        <Card className="grid gap-3 p-4" role="alert">
          <p className="flex items-center gap-2 font-semibold">
            <AlertCircle className="size-5 shrink-0 text-destructive" aria-hidden />
            {job.error instanceof ApiError && job.error.status !== 0
              ? job.error.message
              : 'Cannot reach Truck Finder. Check your connection and try again.'}
          </p>
          <Link href="/" className={buttonVariants({ variant: 'outline' })}>
            Go to Truck Finder
          </Link>
        </Card>
      )}
      {job.data && job.isError && !ended ? (
        <p className="text-sm text-muted-foreground" role="status">
          Connection lost: showing the last known position.
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        Shared with you from Truck Finder. The link shows the job&apos;s status and the provider on
        the map, and stops working 24 hours after it was shared or an hour after the job ends.
      </p>
    </div>
  );
}

function TrackedJobView({ job }: { job: TrackedJob }) {
  const look = bookingStatusLook(job.status);
  const live = job.status === 'in_progress';
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-lg font-bold leading-tight">{job.businessName}</h2>
        <span
          className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold', look.badge)}
          data-testid="track-status"
        >
          {look.label}
        </span>
      </div>
      <p>{meaning[job.status]}</p>
      {live && !job.liveTracking ? (
        <NoLiveTracking />
      ) : live || job.position ? (
        <ProviderOnMap
          position={job.position}
          destination={null}
          way={job.eta}
          rounded
          businessName={job.businessName}
        />
      ) : null}
      {job.phone ? (
        <a
          href={telHref(job.phone)}
          className={buttonVariants({ variant: 'outline' })}
          aria-label={`Call ${job.businessName}`}
        >
          <Phone aria-hidden /> Call {job.phone}
        </a>
      ) : null}
    </Card>
  );
}
