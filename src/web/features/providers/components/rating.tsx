import { Star } from 'lucide-react';

export function Rating({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  return (
    <span className="inline-flex items-center gap-1 text-sm">
      <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden />
      <span className="font-bold" data-testid="rating">
        {reviewCount > 0 ? rating.toFixed(1) : 'New'}
      </span>
      <span className="text-muted-foreground" data-testid="review-count">
        ({reviewCount} {reviewCount === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  );
}
