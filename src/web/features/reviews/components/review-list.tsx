import { format } from 'date-fns';
import type { ProviderReview } from '#core/reviews/review.ts';
import { Card } from '#web/components/ui/card.tsx';
import { Stars } from './rating.tsx';

/** A provider's newest reviews, as their page shows them. */
export function ReviewList({ reviews }: { reviews: ProviderReview[] }) {
  if (reviews.length === 0) return <p className="text-muted-foreground">No reviews yet.</p>;
  return (
    <ul className="grid gap-3">
      {reviews.map((review) => (
        <li key={review.id}>
          <Card className="grid gap-1 p-4">
            <div className="flex items-center justify-between gap-2">
              <span className="font-semibold">{review.driverName}</span>
              <Stars rating={review.rating} />
            </div>
            <p className="text-xs text-muted-foreground">
              {review.serviceType} · {format(new Date(review.createdAt), 'MMM dd, yyyy')}
            </p>
            {review.comment ? <p>{review.comment}</p> : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}
