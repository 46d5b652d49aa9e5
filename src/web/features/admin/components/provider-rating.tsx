import { Star } from 'lucide-react';

/** The rating to one decimal (or New) with the review count. */
export function ProviderRating({
  provider,
}: {
  provider: { rating: number; reviewCount: number };
}) {
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden />
      <span className="font-bold">
        {provider.reviewCount > 0 ? provider.rating.toFixed(1) : 'New'}
      </span>
      <span className="text-muted-foreground">
        ({provider.reviewCount} {provider.reviewCount === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  );
}
