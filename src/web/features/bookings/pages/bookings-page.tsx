import { CalendarX, History } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearch } from 'wouter';
import { isCurrentBooking } from '#core/bookings/rules.ts';
import type { Booking } from '#core/bookings/schemas.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { useMe } from '#web/features/auth/index.ts';
import { AllowanceBanner } from '#web/features/billing/index.ts';
import { AskedHelpList, HelpRequestsPanel } from '#web/features/help-requests/index.ts';
import { useTeamContext } from '#web/features/team/index.ts';
import { cn } from '#web/lib/cn.ts';
import { useText } from '#web/lib/i18n.ts';
import { arrivalTargetId, useArrivalFocus } from '#web/lib/use-arrival-focus.ts';
import { useBookings } from '../api/use-bookings.ts';
import { BookingCard } from '../components/booking-card.tsx';
import { ProviderBookingCard, type ProviderSide } from '../components/provider-booking-card.tsx';
import { QueuedBookings } from '../offline/queued-bookings.tsx';
import { bookingsText } from '../text.ts';
import { useSharePosition } from '../use-share-position.ts';

function Empty({
  tab,
  title,
  findServices = true,
}: {
  tab: 'current' | 'history';
  title?: string;
  /** The way to book: not for a business's members, who do not book. */
  findServices?: boolean;
}) {
  const t = useText(bookingsText);
  return (
    <div className="grid justify-items-center gap-3 py-12 text-center">
      {tab === 'current' ? (
        <CalendarX className="size-12 text-muted-foreground" aria-hidden />
      ) : (
        <History className="size-12 text-muted-foreground" aria-hidden />
      )}
      <p className="text-lg font-bold">
        {title ?? (tab === 'current' ? t('emptyCurrent') : t('emptyHistory'))}
      </p>
      {tab === 'current' && findServices ? (
        <Link href="/" className={buttonVariants()}>
          {t('findServices')}
        </Link>
      ) : null}
    </div>
  );
}

/** My Bookings: a driver's requests, or a mechanic's incoming jobs, split into Current and History. */
export default function BookingsPage() {
  const t = useText(bookingsText);
  const { data: user } = useMe();
  const bookings = useBookings();
  const query = new URLSearchParams(useSearch());
  // ?booking=<id> (a tapped notification) opens the tab holding that booking and focuses it;
  // ?help=<id> does the same for a help request.
  const target = query.get('booking');
  const helpTarget = query.get('help');
  // Rate Services on the profile: only the completed jobs still waiting for a rating.
  const toRate = query.get('show') === 'to-rate';
  const isOwner = user?.role === 'mechanic';
  const member = user?.role === 'dispatcher' || user?.role === 'technician' ? user.role : null;
  // The business's side: its owner, a dispatcher (every job) or a technician (their jobs).
  const isProvider = isOwner || member !== null;
  const side: ProviderSide = member ?? 'owner';
  const team = useTeamContext(isProvider);
  // Choosing who does a job needs team accounts (Enterprise): the owner and dispatchers.
  const canAssign =
    side !== 'technician' &&
    Boolean(team.data?.features.includes('team')) &&
    !(team.data?.paused ?? false);
  const [current, history] = useMemo(() => {
    const all = bookings.data ?? [];
    return [
      all.filter((b) => isCurrentBooking(b.status)),
      all.filter((b) => !isCurrentBooking(b.status)),
    ];
  }, [bookings.data]);
  const initialTab =
    target && history.some((b) => b.id === target)
      ? 'history'
      : target && current.some((b) => b.id === target)
        ? 'current'
        : query.get('tab') === 'history'
          ? 'history'
          : 'current';
  useArrivalFocus(target ? arrivalTargetId('booking', target) : null, Boolean(bookings.data));
  // A provider's device shares its position while one of their jobs is in progress: the
  // technician's once the job is assigned, else the owner's; a dispatcher never does. On a plan
  // without live tracking nothing is sent and the card says why.
  const activeBooking =
    side === 'dispatcher'
      ? undefined
      : current.find(
          (b) => b.status === 'in_progress' && (side === 'technician' || b.technician === null),
        );
  const activeJob = activeBooking?.id ?? null;
  const sharing = useSharePosition(
    activeBooking?.provider.liveTracking ? activeJob : null,
    user?.settings.locationServices ?? false,
  );

  const list = (items: Booking[], tab: 'current' | 'history', emptyTitle?: string) =>
    items.length === 0 ? (
      <Empty tab={tab} title={emptyTitle} findServices={member === null} />
    ) : (
      <ul className="grid gap-3 md:grid-cols-2">
        {items.map((booking) => (
          <li
            key={booking.id}
            id={arrivalTargetId('booking', booking.id)}
            tabIndex={booking.id === target ? -1 : undefined}
            aria-current={booking.id === target ? 'true' : undefined}
            className={cn(
              'rounded-xl outline-none',
              booking.id === target && 'ring-4 ring-primary ring-offset-2 ring-offset-background',
            )}
          >
            {isProvider ? (
              <ProviderBookingCard
                booking={booking}
                sharing={booking.id === activeJob ? sharing : null}
                side={side}
                canAssign={canAssign}
              />
            ) : (
              <BookingCard booking={booking} />
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <div className="mx-auto grid max-w-6xl gap-4 px-4 py-6">
      <div>
        <h1 className="text-2xl font-extrabold">{t('title')}</h1>
        <p className="text-muted-foreground">
          {member === 'technician'
            ? t('introTechnician')
            : member === 'dispatcher'
              ? t('introDispatcher')
              : isProvider
                ? t('introProvider')
                : t('introDriver')}
        </p>
      </div>
      {isOwner ? <AllowanceBanner /> : null}
      {isOwner || member === 'dispatcher' ? <AskedHelpList focusId={helpTarget} /> : null}
      {user?.role === 'driver' ? (
        <>
          <QueuedBookings userId={user.id} />
          <HelpRequestsPanel focusId={helpTarget} />
        </>
      ) : null}
      {bookings.isPending ? (
        <p role="status" className="py-12 text-center text-muted-foreground">
          {bookings.fetchStatus === 'paused' ? t('offline') : t('loading')}
        </p>
      ) : bookings.isError ? (
        <div role="alert" className="grid justify-items-center gap-3 py-12 text-center">
          <p className="font-semibold text-destructive">
            {t('loadFailed', { message: bookings.error.message })}
          </p>
          <Button variant="outline" onClick={() => void bookings.refetch()}>
            {t('tryAgain')}
          </Button>
        </div>
      ) : (
        <Tabs key={target ?? ''} defaultValue={initialTab} className="grid gap-4">
          <TabsList aria-label={t('tabs')}>
            <TabsTrigger value="current">{t('currentTab', { count: current.length })}</TabsTrigger>
            <TabsTrigger value="history">{t('historyTab', { count: history.length })}</TabsTrigger>
          </TabsList>
          <TabsContent value="current">{list(current, 'current')}</TabsContent>
          <TabsContent value="history" className="grid gap-3">
            {toRate ? (
              <>
                <p className="text-sm text-muted-foreground" role="status">
                  {t('toRateIntro')}{' '}
                  <Link
                    href="/bookings?tab=history"
                    className="font-semibold text-primary underline"
                  >
                    {t('showAllHistory')}
                  </Link>
                </p>
                {list(
                  history.filter((b) => b.status === 'completed' && !b.rated),
                  'history',
                  t('noneToRate'),
                )}
              </>
            ) : (
              list(history, 'history')
            )}
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}
