import { MapPin, Phone } from 'lucide-react';
import { Link } from 'wouter';
import type { ProviderListItem } from '#core/providers/search.ts';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { telHref } from '#web/lib/tel-href.ts';
import { providersText } from '../text.ts';
import { useBookAction } from '../use-book-action.ts';
import { ProviderBadges } from './provider-badges.tsx';
import { Rating } from '#web/features/reviews/index.ts';
import { RoutePlace, type RouteListItem } from '../route/route-place.tsx';

export function ProviderCard({ provider }: { provider: ProviderListItem | RouteListItem }) {
  const book = useBookAction();
  const t = useText(providersText);
  const f = useFormat();
  const action = provider.status === 'available' ? t('bookNow') : t('requestService');
  const offline = provider.status === 'offline';
  return (
    <Card className="grid gap-3 p-4" data-testid="provider-card">
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-lg font-bold leading-tight" translate="no">
            <Link href={`/providers/${provider.id}`} className="hover:underline">
              {provider.businessName}
            </Link>
          </h2>
          <Rating rating={provider.rating} reviewCount={provider.reviewCount} />
        </div>
        {provider.distance !== null ? (
          <span
            className="shrink-0 rounded-lg bg-muted px-2 py-1 text-sm font-bold"
            data-testid="distance"
          >
            {f.miles(provider.distance)}
          </span>
        ) : null}
      </div>
      {'milesAlongRoute' in provider ? <RoutePlace item={provider} /> : null}
      <ProviderBadges
        status={provider.status}
        serviceType={provider.serviceType}
        acceptsAAA={provider.acceptsAAA}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="inline-flex items-center gap-1 text-muted-foreground" translate="no">
          <MapPin className="size-4" aria-hidden />
          {[provider.city, provider.state].filter(Boolean).join(', ')}
        </span>
        <span>
          <span className="font-bold">{f.money(provider.visitFee)}</span>{' '}
          <span className="text-muted-foreground">{t('visit')}</span>
          {provider.hourlyRate !== null ? (
            <>
              {' · '}
              <span className="font-bold">{f.money(provider.hourlyRate)}</span>
              <span className="text-muted-foreground">{t('perHour')}</span>
            </>
          ) : null}
        </span>
      </div>
      <div className="grid grid-cols-2 gap-2">
        {provider.phone ? (
          <a
            href={telHref(provider.phone)}
            className={cn(buttonVariants({ variant: 'outline' }))}
            aria-label={t('callProvider', { name: provider.businessName })}
          >
            <Phone aria-hidden /> {t('call')}
          </a>
        ) : (
          <Button variant="outline" disabled>
            <Phone aria-hidden /> {t('call')}
          </Button>
        )}
        <Button
          disabled={offline}
          onClick={() => book(provider)}
          aria-label={t('bookProvider', { action, name: provider.businessName })}
        >
          {action}
        </Button>
      </div>
    </Card>
  );
}
