import { ArrowLeft, Award, Clock, Globe, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { formatUsd } from '#core/money.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useProvider } from '../api/use-provider.ts';
import { ProviderBadges } from '../components/provider-badges.tsx';
import { Rating, ReviewList } from '#web/features/reviews/index.ts';
import { telHref } from '#web/lib/tel-href.ts';
import { statusLook } from '../status.ts';
import { useBookAction } from '../use-book-action.ts';

const linkClass = 'font-semibold text-primary underline';

function InfoRow({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-2">
      <dt>
        <Icon className="size-5 text-muted-foreground" aria-hidden />
        <span className="sr-only">{label}</span>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

export default function ProviderDetailsPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { data: provider, isPending, error, refetch } = useProvider(id);
  const book = useBookAction();

  if (isPending) {
    return (
      <div
        className="mx-auto grid max-w-3xl gap-4 px-4 py-6"
        role="status"
        aria-busy="true"
        aria-label="Loading provider"
      >
        <div className="h-10 w-2/3 animate-pulse rounded-lg bg-muted" />
        <div className="h-40 animate-pulse rounded-xl bg-muted" />
        <div className="h-64 animate-pulse rounded-xl bg-muted" />
      </div>
    );
  }
  if (error || !provider) {
    return (
      <div className="mx-auto grid max-w-3xl gap-4 px-4 py-10 text-center">
        <h1 className="text-2xl font-bold">
          {error?.message === 'No provider found'
            ? 'No provider found'
            : 'Could not load this provider'}
        </h1>
        <p className="text-muted-foreground">{error?.message}</p>
        <div className="flex justify-center gap-2">
          <Link href="/home" className={buttonVariants({ variant: 'outline' })}>
            Back to search
          </Link>
          <Button onClick={() => void refetch()}>Try again</Button>
        </div>
      </div>
    );
  }

  const look = statusLook(provider.status);
  const address = [
    provider.address,
    provider.city,
    [provider.state, provider.zipCode].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  const offline = provider.status === 'offline';

  return (
    <div className="mx-auto grid max-w-3xl gap-4 px-4 py-4 md:py-8">
      <Link
        href="/home"
        className="inline-flex items-center gap-1 text-sm font-semibold text-primary"
      >
        <ArrowLeft className="size-4" aria-hidden /> Back to search
      </Link>
      <header className="grid gap-2">
        <h1 className="text-2xl font-extrabold tracking-tight md:text-3xl">
          {provider.businessName}
        </h1>
        <Rating rating={provider.rating} reviewCount={provider.reviewCount} />
        <ProviderBadges
          status={provider.status}
          serviceType={provider.serviceType}
          acceptsAAA={provider.acceptsAAA}
          is24Hour={provider.is24Hour}
        />
        <p className="text-sm text-muted-foreground">{look.description}</p>
      </header>

      <div className="grid grid-cols-2 gap-2">
        {provider.phone ? (
          <a
            href={telHref(provider.phone)}
            className={buttonVariants({ variant: 'outline', size: 'lg' })}
          >
            <Phone aria-hidden /> Call
          </a>
        ) : null}
        <Button size="lg" disabled={offline} onClick={() => book(provider)}>
          {provider.status === 'available' ? 'Book Now' : 'Request Service'}
        </Button>
      </div>

      <Card className="grid gap-3 p-4">
        {provider.description ? <p>{provider.description}</p> : null}
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div className="flex gap-2">
            <dt className="sr-only">Price</dt>
            <dd>
              <span className="text-lg font-bold">{formatUsd(provider.visitFee)}</span> visit fee
              {provider.hourlyRate !== null ? (
                <>
                  {' · '}
                  <span className="font-bold">{formatUsd(provider.hourlyRate)}</span>/hr
                </>
              ) : null}
            </dd>
          </div>
          <InfoRow icon={Clock} label="Hours">
            {provider.is24Hour
              ? 'Open 24/7, including emergencies'
              : 'Regular business hours — call ahead after hours'}
          </InfoRow>
          {address ? (
            <InfoRow icon={MapPin} label="Address">
              {address}
            </InfoRow>
          ) : null}
          {provider.phone ? (
            <InfoRow icon={Phone} label="Phone">
              <a href={telHref(provider.phone)} className={linkClass}>
                {provider.phone}
              </a>
            </InfoRow>
          ) : null}
          {provider.email ? (
            <InfoRow icon={Mail} label="Email">
              <a href={`mailto:${provider.email}`} className={linkClass}>
                {provider.email}
              </a>
            </InfoRow>
          ) : null}
          {/* Only web addresses become links, whatever an older record holds. */}
          {provider.website && /^https?:\/\//i.test(provider.website) ? (
            <InfoRow icon={Globe} label="Website">
              <a
                href={provider.website}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className={linkClass}
              >
                {provider.website.replace(/^https?:\/\//, '')}
              </a>
            </InfoRow>
          ) : null}
        </dl>
      </Card>

      <div className="grid gap-4 md:grid-cols-2">
        <Card className="grid content-start gap-2 p-4">
          <h2 className="font-bold">Specialties</h2>
          {provider.specialties.length ? (
            <ul className="flex flex-wrap gap-2">
              {provider.specialties.map((s) => (
                <li key={s} className="rounded-full bg-muted px-3 py-1 text-sm font-semibold">
                  {s}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">None listed.</p>
          )}
        </Card>
        <Card className="grid content-start gap-2 p-4">
          <h2 className="font-bold">Certifications</h2>
          {provider.certifications.length ? (
            <ul className="grid gap-1">
              {provider.certifications.map((c) => (
                <li key={c} className="flex items-center gap-2 text-sm">
                  <Award className="size-4 text-primary" aria-hidden /> {c}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">None listed.</p>
          )}
        </Card>
      </div>

      <section className="grid gap-3" aria-labelledby="reviews-title">
        <h2 id="reviews-title" className="text-xl font-bold">
          Recent reviews
        </h2>
        <ReviewList reviews={provider.reviews} />
      </section>
    </div>
  );
}
