import { AlertCircle, Navigation, Phone } from 'lucide-react';
import { Link, useParams } from 'wouter';
import type { TrackedJob } from '#core/bookings/share-links.ts';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ApiError } from '#web/api/transport.ts';
import { T, useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { cn } from '#web/lib/cn.ts';
import { telHref } from '#web/lib/tel-href.ts';
import { useTrackedJob } from '../api/use-share-links.ts';
import { ProviderOnMap } from '../components/live-tracking.tsx';
import { NoLiveTracking } from '../components/no-live-tracking.tsx';
import { bookingStatusLook } from '../booking-status.ts';
import { trackText } from '../track-text.ts';

/** What the status means to someone following the job from afar. */
const meaning = {
  pending: 'pending',
  confirmed: 'confirmed',
  in_progress: 'inProgress',
  completed: 'completed',
  cancelled: 'cancelled',
} as const satisfies Record<TrackedJob['status'], string>;

/** A shared job, for anyone holding its link: no account, nothing about the driver. */
export default function TrackPage() {
  const t = useText(trackText);
  const { token = '' } = useParams<{ token: string }>();
  const job = useTrackedJob(token);
  const ended = job.error instanceof ApiError && job.error.status === 404;

  return (
    <div className="mx-auto grid max-w-xl gap-4 px-4 py-6">
      <h1 className="text-2xl font-extrabold tracking-tight">{t('title')}</h1>
      {job.data && !ended ? (
        <TrackedJobView job={job.data} />
      ) : job.isPending ? (
        <p className="flex items-center gap-2 rounded-xl bg-muted p-3" role="status">
          <Navigation className="size-4" aria-hidden /> {t('loading')}
        </p>
      ) : (
        <Card className="grid gap-3 p-4" role="alert">
          <p className="flex items-center gap-2 font-semibold">
            <AlertCircle className="size-5 shrink-0 text-destructive" aria-hidden />
            {job.error instanceof ApiError && job.error.status !== 0
              ? job.error.message
              : t('cannotReach')}
          </p>
          <Link href="/" className={buttonVariants({ variant: 'outline' })}>
            {t('goHome')}
          </Link>
        </Card>
      )}
      {job.data && job.isError && !ended ? (
        <p className="text-sm text-muted-foreground" role="status">
          {t('connectionLost')}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">{t('note')}</p>
    </div>
  );
}

function TrackedJobView({ job }: { job: TrackedJob }) {
  const t = useText(trackText);
  const label = useLabel();
  const look = bookingStatusLook(job.status);
  const live = job.status === 'in_progress';
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-lg font-bold leading-tight" translate="no">
          {job.businessName}
        </h2>
        <span
          className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold', look.badge)}
          data-testid="track-status"
        >
          {label('bookingStatus', job.status)}
        </span>
      </div>
      <p>{t(meaning[job.status])}</p>
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
          aria-label={t('callName', { name: job.businessName })}
        >
          <Phone aria-hidden />{' '}
          <T
            text={trackText}
            id="callPhone"
            values={{ phone: job.phone }}
            components={{ 0: <span translate="no" /> }}
          />
        </a>
      ) : null}
    </Card>
  );
}
