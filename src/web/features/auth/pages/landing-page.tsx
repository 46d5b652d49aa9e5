import { Award, BadgeCheck, Clock, Lock, MapPin, ShieldCheck, Truck } from 'lucide-react';
import { Suspense } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { PublicUser } from '#core/users/schemas.ts';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { Card } from '#web/components/ui/card.tsx';
import { T, useText } from '#web/lib/i18n.ts';
import { preloadable } from '#web/lib/preloadable.ts';
import { useMe } from '../api/use-me.ts';
import { landingPathFor } from '../post-sign-in.ts';
import { authText } from '../text.ts';

// The sign-in and sign-up forms are a chunk of their own that loads with the page (`preload`),
// so the first render, or the hydration of the pre-rendered page (decision 070), has them.
const accountTabs = preloadable(() => import('../components/account-tabs.tsx'));
const AccountTabs = accountTabs.Component;

/** What the page's first render needs beside its own module (app/router.tsx preloadPage). */
export const preload = () => accountTabs.load();

/** As tall as the tabs with the sign-in form, so nothing below moves when they arrive. */
function AccountSkeleton() {
  const t = useText(authText);
  return (
    <div
      className="grid min-h-[19.25rem] content-start gap-3"
      role="status"
      aria-busy="true"
      aria-label={t('loading')}
    >
      <div className="h-10 animate-pulse rounded-lg bg-muted" />
      <div className="h-11 animate-pulse rounded-lg bg-muted" />
      <div className="h-11 animate-pulse rounded-lg bg-muted" />
    </div>
  );
}

const features = [
  { icon: MapPin, title: 'liveTrackingTitle', text: 'liveTrackingText' },
  { icon: ShieldCheck, title: 'certifiedTitle', text: 'certifiedText' },
  { icon: Clock, title: 'emergencyTitle', text: 'emergencyText' },
  { icon: Award, title: 'qualityTitle', text: 'qualityText' },
] as const;

const stats = [
  { value: 'statProvidersValue', label: 'statProviders' },
  { value: 'statServicesValue', label: 'statServices' },
  { value: 'statRatingValue', label: 'statRating' },
] as const;

export default function LandingPage() {
  const t = useText(authText);
  const { data: user, isPending } = useMe();
  const [, navigate] = useLocation();
  const next = new URLSearchParams(useSearch()).get('next');
  const goIn = (signedIn: PublicUser) => navigate(landingPathFor(signedIn.role, next));

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 md:grid-cols-2 md:gap-8 md:py-12">
      <header className="flex items-center gap-4 md:col-span-2">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-primary text-primary-foreground">
          <Truck className="size-8" aria-hidden />
        </span>
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight md:text-5xl">Truck Finder</h1>
          <p className="text-base text-muted-foreground md:text-lg">{t('tagline')}</p>
        </div>
      </header>
      <section
        aria-label={t('account')}
        className="grid content-start gap-4 md:col-start-2 md:row-start-2"
      >
        <Card className="p-4 md:p-6">
          {isPending ? (
            <AccountSkeleton />
          ) : user ? (
            <div className="grid gap-4 text-center">
              <h2 className="text-xl font-bold">
                <T
                  text={authText}
                  id="welcomeBack"
                  values={{ name: user.name }}
                  components={{ 0: <span translate="no" /> }}
                />
              </h2>
              <p className="text-muted-foreground">
                <T
                  text={authText}
                  id="signedInAs"
                  values={{ email: user.email }}
                  components={{ 0: <span translate="no" /> }}
                />
              </p>
              <Link
                href={landingPathFor(user.role, next)}
                className={buttonVariants({ size: 'lg' })}
              >
                {user.role === 'admin' ? t('openAdminDashboard') : t('findServices')}
              </Link>
            </div>
          ) : (
            <Suspense fallback={<AccountSkeleton />}>
              <AccountTabs onSignedIn={goIn} />
            </Suspense>
          )}
        </Card>
        {user ? null : (
          <p className="text-center text-sm text-muted-foreground">{t('agreeTerms')}</p>
        )}
        <div className="flex justify-center gap-4 text-sm font-semibold">
          <span className="inline-flex items-center gap-1.5">
            <Lock className="size-4 text-success" aria-hidden /> {t('secure')}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <BadgeCheck className="size-4 text-success" aria-hidden /> {t('verified')}
          </span>
        </div>
        <footer className="flex justify-center gap-6 text-sm">
          <Link href="/privacy" className="underline-offset-4 hover:underline">
            {t('privacy')}
          </Link>
          <Link href="/terms" className="underline-offset-4 hover:underline">
            {t('terms')}
          </Link>
          <Link href="/support" className="underline-offset-4 hover:underline">
            {t('support')}
          </Link>
        </footer>
      </section>
      <section
        className="grid content-start gap-6 md:col-start-1 md:row-start-2"
        aria-label={t('whyTruckFinder')}
      >
        <ul className="grid grid-cols-2 gap-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full p-4">
                <Icon className="mb-2 size-7 text-primary" aria-hidden />
                <h2 className="font-bold leading-tight">{t(title)}</h2>
                <p className="mt-1 text-sm text-muted-foreground">{t(text)}</p>
              </Card>
            </li>
          ))}
        </ul>
        <dl className="grid grid-cols-3 divide-x rounded-xl bg-brand py-4 text-center text-brand-foreground">
          {stats.map(({ value, label }) => (
            <div key={label} className="grid gap-0.5">
              <dt className="order-2 text-sm text-brand-foreground/80">{t(label)}</dt>
              <dd className="order-1 text-2xl font-extrabold">{t(value)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
