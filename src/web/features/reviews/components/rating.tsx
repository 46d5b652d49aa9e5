import { Star } from 'lucide-react';
import { ratingLabel, reviewCountLabel, STARS } from '#core/reviews/stars.ts';
import { cn } from '#web/lib/cn.ts';

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
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm', className)}>
      <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden />
      <span className="font-bold" data-testid="rating">
        {ratingLabel({ rating, reviewCount })}
      </span>
      <span className="text-muted-foreground" data-testid="review-count">
        {reviewCountLabel(reviewCount)}
      </span>
    </span>
  );
}

/** A review's stars, read out as "4 out of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span
      className="inline-flex items-center gap-0.5"
      role="img"
      aria-label={`${rating} out of ${STARS.length} stars`}
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
