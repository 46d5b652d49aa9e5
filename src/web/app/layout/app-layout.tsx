import { useOfferedPushPrompt } from '#web/features/notifications/push-prompt-store.ts';
import { Truck } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { useMe } from '#web/features/auth/api/use-me.ts';
import { prepareSignedIn } from '#web/features/auth/api/signed-in.ts';
import { LanguageToggle } from '#web/features/auth/components/language-toggle.tsx';
import { useFollowAccountLanguage } from '#web/features/auth/api/use-follow-account-language.ts';
import { cn } from '#web/lib/cn.ts';
import { useText } from '#web/lib/i18n.ts';
import { appText } from '../text.ts';
import { InstallCard } from '#web/pwa/install-card.tsx';
import { OfflineNotice } from '#web/pwa/offline-notice.tsx';
import { bookParam } from '#web/lib/book-param.ts';
import { ErrorBoundary } from '../error-boundary.tsx';
import { useLiveUpdates } from '../use-live-updates.ts';
import { useTeamContext } from '#web/features/team/api/use-team-context.ts';
import { contactsBanner, hasContactsToConfirm } from '#web/features/contacts/index.ts';
import { fleetRoles, isActive, mobileColumns, navLinksFor } from './nav-links.ts';

// The account menu (Radix menu + floating-ui) and the bell load only for signed-in visitors.
const UserMenu = lazy(() => import('./user-menu.tsx'));
const NotificationsBell = lazy(() => import('#web/features/notifications/notifications-bell.tsx'));
const BookServiceHost = lazy(
  () => import('#web/features/bookings/components/book-service-host.tsx'),
);
const OutboxSender = lazy(() => import('#web/features/bookings/offline/outbox-sender.tsx'));
const PushHost = lazy(() => import('#web/features/notifications/push-host.tsx'));

// A sign-in or sign-up shows an account with a contact to confirm once the banner's code is in.
prepareSignedIn((user) => (hasContactsToConfirm(user) ? contactsBanner.load() : undefined));

/**
 * The push host loads only when it has work: a prompt offered, or notifications allowed in this
 * browser (a device to post again after sign-in). Everyone else never downloads it.
 */
const pushAllowed = () =>
  typeof Notification !== 'undefined' && Notification.permission === 'granted';

export function AppLayout({ children }: { children: ReactNode }) {
  const t = useText(appText);
  const [path] = useLocation();
  const { data: user } = useMe();
  const pushOffered = useOfferedPushPrompt() !== null;
  const booking = bookParam(useSearch());
  useLiveUpdates();
  useFollowAccountLanguage();
  // Only the roles that may see Fleet ask which features their business's plan has.
  const team = useTeamContext(user ? fleetRoles.includes(user.role) : false);
  const hasFleet = Boolean(team.data?.features.includes('fleet') && !team.data.paused);
  const { desktop: desktopLinks, mobile: mobileLinks } = navLinksFor(user?.role, hasFleet);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-card focus:p-3"
      >
        {t('skipToContent')}
      </a>
      <header className="sticky top-0 z-40 border-b bg-brand text-brand-foreground">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:gap-6">
          <Link
            href="/"
            className="flex items-center gap-2 whitespace-nowrap text-base font-extrabold tracking-tight sm:text-lg"
          >
            <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Truck className="size-5" aria-hidden />
            </span>
            <span translate="no">Truck Finder</span>
          </Link>
          <nav aria-label={t('mainNav')} className="hidden flex-1 items-center gap-1 md:flex">
            {desktopLinks.map(({ href, label }) => (
              <Link
                key={href}
                href={href}
                aria-current={isActive(href, path) ? 'page' : undefined}
                className={cn(
                  'rounded-lg px-3 py-2 font-semibold text-brand-foreground/80 hover:bg-white/10 hover:text-brand-foreground',
                  isActive(href, path) && 'bg-white/15 text-brand-foreground',
                )}
              >
                {t(label)}
              </Link>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <LanguageToggle className={user ? 'hidden sm:flex' : undefined} />
            {user ? (
              <Suspense fallback={<span className="block size-11" />}>
                <ErrorBoundary>
                  <NotificationsBell />
                </ErrorBoundary>
                <ErrorBoundary>
                  <UserMenu user={user} />
                </ErrorBoundary>
              </Suspense>
            ) : path !== '/' ? (
              <Link
                href={`/?next=${encodeURIComponent(path)}`}
                className={buttonVariants({ size: 'sm' })}
              >
                {t('signIn')}
              </Link>
            ) : null}
          </div>
        </div>
      </header>
      <OfflineNotice />
      {hasContactsToConfirm(user) ? (
        <ErrorBoundary>
          <Suspense fallback={null}>
            <contactsBanner.Component key={user.id} user={user} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
      <main id="main" className="flex-1 pb-24 md:pb-8">
        {children}
      </main>
      <nav
        aria-label={t('mainMobileNav')}
        className="fixed inset-x-0 bottom-0 z-40 border-t bg-card pb-[env(safe-area-inset-bottom)] md:hidden"
      >
        <ul className={cn('grid', mobileColumns[mobileLinks.length])}>
          {mobileLinks.map(({ href, label, icon: Icon }) => (
            <li key={href}>
              <Link
                href={href}
                aria-current={isActive(href, path) ? 'page' : undefined}
                className={cn(
                  'flex h-16 flex-col items-center justify-center gap-1 text-xs font-semibold text-muted-foreground',
                  isActive(href, path) && 'text-primary',
                )}
              >
                <Icon className="size-6" aria-hidden />
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <InstallCard />
      {booking ? (
        <ErrorBoundary>
          <Suspense fallback={null}>
            <BookServiceHost key={booking} providerId={booking} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
      {user && (pushOffered || pushAllowed()) ? (
        <ErrorBoundary>
          <Suspense fallback={null}>
            <PushHost key={user.id} userId={user.id} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
      {user?.role === 'driver' ? (
        <ErrorBoundary>
          <Suspense fallback={null}>
            <OutboxSender key={user.id} userId={user.id} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </div>
  );
}
