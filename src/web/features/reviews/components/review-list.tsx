import type { ProviderReview } from '#core/reviews/review.ts';
import { Card } from '#web/components/ui/card.tsx';
import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { useLabel } from '#web/lib/labels.ts';
import { reviewsText } from '../text.ts';
import { Stars } from './rating.tsx';

const day: Intl.DateTimeFormatOptions = { month: 'short', day: '2-digit', year: 'numeric' };

/** A provider's newest reviews, as their page shows them. */
export function ReviewList({ reviews }: { reviews: ProviderReview[] }) {
  const t = useText(reviewsText);
  const f = useFormat();
  const label = useLabel();
  if (reviews.length === 0) return <p className="text-muted-foreground">{t('noReviews')}</p>;
  return (
    <ul className="grid gap-3">
      {reviews.map((review) => (
        <li key={review.id}>
          <Card className="grid gap-1 p-4">
            <div className="flex items-center justify-between gap-2">
              <span className="font-semibold" translate="no">
                {review.driverName}
              </span>
              <Stars rating={review.rating} />
            </div>
            <p className="text-xs text-muted-foreground">
              {label('service', review.serviceType)} · {f.date(review.createdAt, day)}
            </p>
            {review.comment ? <p translate="no">{review.comment}</p> : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}
