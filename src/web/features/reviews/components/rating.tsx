import { Star } from 'lucide-react';
import { STARS } from '#core/reviews/stars.ts';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';
import { useText } from '#web/lib/i18n.ts';
import { reviewsText } from '../text.ts';

/** A provider's rating to one decimal (or New) with its review count. */
export function Rating({
  rating,
  reviewCount,
  className,
}: {
  rating: number;
  reviewCount: number;
  className?: string;
}) {
  const t = useText(reviewsText);
  const f = useFormat();
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm', className)}>
      <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden />
      <span className="font-bold" data-testid="rating">
        {reviewCount > 0
          ? f.number(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
          : t('newProvider')}
      </span>
      <span className="text-muted-foreground" data-testid="review-count">
        {t('reviewCount', { count: reviewCount })}
      </span>
    </span>
  );
}

/** A review's stars, read out as "4 out of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  const t = useText(reviewsText);
  return (
    <span
      className="inline-flex items-center gap-0.5"
      role="img"
      aria-label={t('stars', { rating, max: STARS.length })}
    >
      {STARS.map((star) => (
        <Star
          key={star}
          className={cn(
            'size-4',
            star <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground',
          )}
          aria-hidden
        />
      ))}
    </span>
  );
}
