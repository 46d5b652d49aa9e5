import { ArrowLeft, Award, Clock, Globe, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ApiError } from '#web/api/transport.ts';
import { useProvider } from '../api/use-provider.ts';
import { ProviderBadges } from '../components/provider-badges.tsx';
import { Rating, ReviewList } from '#web/features/reviews/index.ts';
import { telHref } from '#web/lib/tel-href.ts';
import { useFormat } from '#web/lib/format.ts';
import { T, useText } from '#web/lib/i18n.ts';
import { useStatusText } from '../status.ts';
import { detailsText } from '../details-text.ts';
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
  const t = useText(detailsText);
  const f = useFormat();
  const statusText = useStatusText();

  if (isPending) {
    return (
      <div
        className="mx-auto grid max-w-3xl gap-4 px-4 py-6"
        role="status"
        aria-busy="true"
        aria-label={t('loadingProvider')}
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
          {error instanceof ApiError && error.status === 404 ? t('noProvider') : t('couldNotLoad')}
        </h1>
        <p className="text-muted-foreground">{error?.message}</p>
        <div className="flex justify-center gap-2">
          <Link href="/home" className={buttonVariants({ variant: 'outline' })}>
            {t('backToSearch')}
          </Link>
          <Button onClick={() => void refetch()}>{t('tryAgain')}</Button>
        </div>
      </div>
    );
  }

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
        <ArrowLeft className="size-4" aria-hidden /> {t('backToSearch')}
      </Link>
      <header className="grid gap-2">
        <h1 className="text-2xl font-extrabold tracking-tight md:text-3xl" translate="no">
          {provider.businessName}
        </h1>
        <Rating rating={provider.rating} reviewCount={provider.reviewCount} />
        <ProviderBadges
          status={provider.status}
          serviceType={provider.serviceType}
          acceptsAAA={provider.acceptsAAA}
          is24Hour={provider.is24Hour}
        />
        <p className="text-sm text-muted-foreground">{statusText(provider.status).description}</p>
      </header>

      <div className="grid grid-cols-2 gap-2">
        {provider.phone ? (
          <a
            href={telHref(provider.phone)}
            className={buttonVariants({ variant: 'outline', size: 'lg' })}
          >
            <Phone aria-hidden /> {t('call')}
          </a>
        ) : null}
        <Button size="lg" disabled={offline} onClick={() => book(provider)}>
          {provider.status === 'available' ? t('bookNow') : t('requestService')}
        </Button>
      </div>

      <Card className="grid gap-3 p-4">
        {provider.description ? <p translate="no">{provider.description}</p> : null}
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div className="flex gap-2">
            <dt className="sr-only">{t('price')}</dt>
            <dd>
              <T
                text={detailsText}
                id="visitFee"
                values={{ fee: f.money(provider.visitFee) }}
                components={{ 0: <span className="text-lg font-bold" /> }}
              />
              {provider.hourlyRate !== null ? (
                <>
                  {' · '}
                  <T
                    text={detailsText}
                    id="perHour"
                    values={{ rate: f.money(provider.hourlyRate) }}
                    components={{ 0: <span className="font-bold" /> }}
                  />
                </>
              ) : null}
            </dd>
          </div>
          <InfoRow icon={Clock} label={t('hours')}>
            {provider.is24Hour ? t('open24') : t('regularHours')}
          </InfoRow>
          {address ? (
            <InfoRow icon={MapPin} label={t('address')}>
              <span translate="no">{address}</span>
            </InfoRow>
          ) : null}
          {provider.phone ? (
            <InfoRow icon={Phone} label={t('phone')}>
              <a href={telHref(provider.phone)} className={linkClass} translate="no">
                {provider.phone}
              </a>
            </InfoRow>
          ) : null}
          {provider.email ? (
            <InfoRow icon={Mail} label={t('email')}>
              <a href={`mailto:${provider.email}`} className={linkClass} translate="no">
                {provider.email}
              </a>
            </InfoRow>
          ) : null}
          {/* Only web addresses become links, whatever an older record holds. */}
          {provider.website && /^https?:\/\//i.test(provider.website) ? (
            <InfoRow icon={Globe} label={t('website')}>
              <a
                href={provider.website}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className={linkClass}
                translate="no"
              >
                {provider.website.replace(/^https?:\/\//, '')}
              </a>
            </InfoRow>
          ) : null}
        </dl>
      </Card>

      <div className="grid gap-4 md:grid-cols-2">
        <Card className="grid content-start gap-2 p-4">
          <h2 className="font-bold">{t('specialties')}</h2>
          {provider.specialties.length ? (
            <ul className="flex flex-wrap gap-2" translate="no">
              {provider.specialties.map((s) => (
                <li key={s} className="rounded-full bg-muted px-3 py-1 text-sm font-semibold">
                  {s}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{t('noneListed')}</p>
          )}
        </Card>
        <Card className="grid content-start gap-2 p-4">
          <h2 className="font-bold">{t('certifications')}</h2>
          {provider.certifications.length ? (
            <ul className="grid gap-1" translate="no">
              {provider.certifications.map((c) => (
                <li key={c} className="flex items-center gap-2 text-sm">
                  <Award className="size-4 text-primary" aria-hidden /> {c}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{t('noneListed')}</p>
          )}
        </Card>
      </div>

      <section className="grid gap-3" aria-labelledby="reviews-title">
        <h2 id="reviews-title" className="text-xl font-bold">
          {t('recentReviews')}
        </h2>
        <ReviewList reviews={provider.reviews} />
      </section>
    </div>
  );
}
